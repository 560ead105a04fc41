"""Fixtures shared by the application-layer tests: a database file and an open store, and
``database``: a new database on each backend in turn (an SQLite file, then a PostgreSQL
one on the tests' private server, :mod:`tests.postgres`), for the tests that run on both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import leases
from bot.store.store import Store
from bot.tables.lease_keeper import LeaseKeeper
from bot.tables.leases import LeaseTerms, Shards
from bot.tables.service import TableService
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


async def leased_process(url: str, clock: Clock, owner: str) -> LeaseKeeper:
    """One bot process's tables on a shared PostgreSQL database, as ``owner``: its fenced
    store, its table service and its lease keeper, started (every shard its own)."""
    store = await Store.open(leases.fenced_target(url, owner), exclusive=False)
    keeper = LeaseKeeper(
        store, TableService(store, clock=clock, resume_wait=0.0), shards=Shards(), clock=clock,
        terms=LeaseTerms(ttl=30.0, renew_every=10.0), owner=owner,
    )  # fmt: skip
    await keeper.start()
    return keeper
