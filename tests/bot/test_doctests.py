"""The examples in the shipping modules' docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import bot.discord.controls.custom_ids
import bot.discord.invite
import bot.guilds.house
import bot.ops.logs
import bot.settings


@pytest.mark.parametrize(
    "module",
    [
        bot.settings,
        bot.discord.invite,
        bot.discord.controls.custom_ids,
        bot.ops.logs,
        bot.guilds.house,
    ],
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
