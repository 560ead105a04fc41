"""The wire-level whole-hand test runs twice: on an SQLite file, as every wire test does, and
on a PostgreSQL database (``HOLDEM_DATABASE_URL``) of the tests' private server
(:mod:`tests.postgres`).

For PostgreSQL the bot process gets the URL beside its usual settings, and :mod:`tests.wire.books`
reads the bot's books from the server: it opens an in-memory SQLite copy of the server's
tables, so the same queries check the same facts. Nothing of the wire harness changes.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from tests.postgres import BACKENDS, new_database

from . import books, process
from .standin import StandIn

BOTH = (
    "tests/wire/test_wire_hand.py::test_three_players_play_a_whole_hand_by_commands_and_buttons",
)
"""The tests that run on both backends (node ids)."""
T = TypeVar("T")

BOOKS = ("ledger", "wallets", "tables", "hands", "hand_actions")
"""The tables :mod:`tests.wire.books` reads."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.nodeid in BOTH:
        metafunc.parametrize("wire_database", BACKENDS, indirect=True)


@pytest.fixture(autouse=True)
def wire_database(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[str]:
    """``sqlite`` (the harness as it is) or ``postgresql`` (the bot and the books on a new
    PostgreSQL database); only the tests named in :data:`BOTH` take the second."""
    backend: str = getattr(request, "param", "sqlite")
    if backend == "postgresql":
        url = _run(new_database())
        original = process.environment

        def environment(standin: StandIn, db: Path) -> dict[str, str]:
            return {**original(standin, db), "HOLDEM_DATABASE_URL": url}

        monkeypatch.setattr(process, "environment", environment)
        monkeypatch.setattr(books, "_connect", lambda db: _copy(url))
    yield backend
    if backend == "postgresql":  # the server, not a file beside it, held the books
        assert not list(tmp_path.glob("*.sqlite3*")), sorted(tmp_path.iterdir())
    # every hand the bot played, exported as PHH and as PokerStars text, reads back the same
    for db in tmp_path.rglob("*.sqlite3"):
        assert books.histories_disagree(db) == [], db


def _run(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end from synchronous code, inside a test's running loop or not."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def _copy(url: str) -> sqlite3.Connection:
    """The server's book tables as an in-memory SQLite database, read when asked."""

    async def rows() -> dict[str, tuple[list[str], list[tuple[object, ...]]]]:
        connection = await asyncpg.connect(url)
        try:
            out: dict[str, tuple[list[str], list[tuple[object, ...]]]] = {}
            for table in BOOKS:
                statement = await connection.prepare(f"SELECT * FROM {table}")
                columns = [a.name for a in statement.get_attributes()]
                out[table] = (columns, [tuple(r) for r in await statement.fetch()])
            return out
        finally:
            await connection.close()

    copy = sqlite3.connect(":memory:")
    for table, (columns, values) in _run(rows()).items():
        copy.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
        marks = ", ".join("?" * len(columns))
        copy.executemany(f"INSERT INTO {table} VALUES ({marks})", values)
    return copy
