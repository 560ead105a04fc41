"""The examples in the rendering docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import bot.pictures.bidi
import bot.pictures.fonts
import bot.pictures.table
import bot.pictures.textlayout
import bot.pictures.views


@pytest.mark.parametrize(
    "module",
    [
        bot.pictures.bidi,
        bot.pictures.fonts,
        bot.pictures.table,
        bot.pictures.textlayout,
        bot.pictures.views,
    ],
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
