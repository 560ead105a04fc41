"""The examples in the shipping modules' docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import bot.config
import bot.invite
import bot.logging_setup


@pytest.mark.parametrize("module", [bot.config, bot.invite, bot.logging_setup])
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
