"""The examples in the ai package's docstrings run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import ai.classes
import ai.preflop
import ai.sampling


@pytest.mark.parametrize("module", [ai.classes, ai.preflop, ai.sampling])
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
