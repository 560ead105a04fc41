"""The examples in the rendering docstrings stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import render.bidi
import render.fonts
import render.table
import render.textlayout
import render.views


@pytest.mark.parametrize(
    "module", [render.bidi, render.fonts, render.table, render.textlayout, render.views]
)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
