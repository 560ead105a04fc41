"""Fixtures shared by the application-layer tests: a database file and an open store, and
``database``: a new database on each backend in turn (an SQLite file, then a PostgreSQL
one on the tests' private server, :mod:`tests.postgres`), for the tests that run on both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.store import Store
from tests.postgres import BACKENDS, new_database


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


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database: an SQLite file's path, or a ``postgresql://`` URL."""
    if request.param == "sqlite":
        return str(tmp_path / "holdem.sqlite3")
    return await new_database()


@pytest.fixture
async def pg_database() -> str:
    """A new, empty PostgreSQL database, for what only PostgreSQL does (several processes)."""
    return await new_database()
