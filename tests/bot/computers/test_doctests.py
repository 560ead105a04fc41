"""The examples in the ai package's docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import bot.computers.adapt
import bot.computers.classes
import bot.computers.notebook
import bot.computers.preflop
import bot.computers.sampling


@pytest.mark.parametrize(
    "module",
    [
        bot.computers.adapt,
        bot.computers.classes,
        bot.computers.notebook,
        bot.computers.preflop,
        bot.computers.sampling,
    ],
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
