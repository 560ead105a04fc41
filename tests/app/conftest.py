"""Fixtures shared by the application-layer tests: a database file and an open store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.store import Store


class Clock:
    """A clock the test moves by hand (``clock.now += 60``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def path(tmp_path: Path) -> str:
    return str(tmp_path / "holdem.sqlite3")


@pytest.fixture
async def store(path: str) -> AsyncIterator[Store]:
    s = await Store.open(path)
    yield s
    await s.close()
