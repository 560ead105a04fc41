"""The migration runner, on both backends: numbers are reserved ahead and land in any order,
so gaps are normal; a database from a newer bot is refused; PostgreSQL runs the same steps in
its own column types."""

from __future__ import annotations

import asyncio
import doctest

import pytest

import bot.store.backend
import bot.store.migrations
from bot.store.backend import Dialect, PerDialect
from bot.store.errors import SchemaTooNew
from bot.store.migrations import MIGRATIONS, migration_statements
from bot.store.store import Store


async def _tables(store: Store) -> set[str]:
    listing = (
        "SELECT name FROM sqlite_master WHERE type = 'table'"
        if store.dialect is Dialect.SQLITE
        else "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = current_schema()"
    )
    return {name for (name,) in await store._read(listing)}


async def test_a_gap_is_skipped_and_filled_when_its_migration_lands(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = max(MIGRATIONS) + 2
    gap = later - 1
    with_gap = {**MIGRATIONS, later: ("CREATE TABLE later_one (x INTEGER)",)}
    monkeypatch.setattr(bot.store.migrations, "MIGRATIONS", with_gap)
    monkeypatch.setattr(bot.store.migrations, "LATEST", later)
    store = await Store.open(database)
    assert await store.schema_version() == later
    await store.close()

    filled = {**with_gap, gap: ("CREATE TABLE gap_one (x INTEGER)",)}
    monkeypatch.setattr(bot.store.migrations, "MIGRATIONS", filled)
    store = await Store.open(database)
    try:
        versions = await store._read("SELECT version FROM schema_version ORDER BY 1")
        assert [v for (v,) in versions] == sorted(filled)
        assert {"later_one", "gap_one"} <= await _tables(store)
    finally:
        await store.close()


async def test_a_database_from_a_newer_bot_is_still_refused(database: str) -> None:
    store = await Store.open(database)
    await store._execute("INSERT INTO schema_version VALUES (?, 0)", (max(MIGRATIONS) + 5,))
    await store.close()
    with pytest.raises(SchemaTooNew, match="update the bot"):
        await Store.open(database)


async def test_two_processes_starting_at_once_on_postgresql_migrate_once(
    pg_database: str,
) -> None:
    """An advisory lock orders them (an SQLite file has one process: its exclusive lock)."""
    first, second = await asyncio.gather(Store.open(pg_database), Store.open(pg_database))
    try:
        rows = await first._read("SELECT COUNT(*) FROM schema_version")
        assert rows[0][0] == len(MIGRATIONS)
        assert await second.schema_version() == max(MIGRATIONS)
    finally:
        await first.close()
        await second.close()


def test_postgresql_runs_the_same_steps_in_its_own_types() -> None:
    sqlite = [s for v in sorted(MIGRATIONS) for s in migration_statements(v, Dialect.SQLITE)]
    pg = [s for v in sorted(MIGRATIONS) for s in migration_statements(v, Dialect.POSTGRESQL)]
    plain = [s for v in sorted(MIGRATIONS) for s in MIGRATIONS[v] if isinstance(s, str)]
    assert set(plain) <= set(sqlite)  # SQLite runs the released text untouched
    assert not any("WITHOUT ROWID" in s or " REAL" in s for s in pg)
    assert all("RAISE(ABORT" not in s for s in pg)
    triggers = [s for v in MIGRATIONS.values() for s in v if isinstance(s, PerDialect)]
    # Each has PostgreSQL's words; the fences of migrations 8, 9 and 10 have none on SQLite,
    # where each process installs them on its own connection (bot.store.leases.install_fence).
    assert triggers and all(t.postgresql for t in triggers)
    fences = [MIGRATIONS[8][-1], MIGRATIONS[9][-1], MIGRATIONS[10][-1]]
    assert [t for t in triggers if not t.sqlite] == fences


def test_the_dialect_examples_hold() -> None:
    assert doctest.testmod(bot.store.backend).failed == 0
