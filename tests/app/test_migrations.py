"""The migration runner: numbers are reserved ahead and land in any order, so gaps are normal."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

import app.store_core
from app import SchemaTooNew, Store
from app.migrations import MIGRATIONS


async def test_a_gap_is_skipped_and_filled_when_its_migration_lands(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = max(MIGRATIONS) + 2
    gap = later - 1
    with_gap = {**MIGRATIONS, later: ("CREATE TABLE later_one (x INTEGER)",)}
    monkeypatch.setattr(app.store_core, "MIGRATIONS", with_gap)
    monkeypatch.setattr(app.store_core, "LATEST", later)
    store = await Store.open(path)
    assert await store.schema_version() == later
    await store.close()

    filled = {**with_gap, gap: ("CREATE TABLE gap_one (x INTEGER)",)}
    monkeypatch.setattr(app.store_core, "MIGRATIONS", filled)
    store = await Store.open(path)
    await store.close()
    with closing(sqlite3.connect(path)) as db:
        versions = [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY 1")]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert versions == sorted(filled)
    assert {"later_one", "gap_one"} <= tables


async def test_a_database_from_a_newer_bot_is_still_refused(path: str) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL)")
        db.execute("INSERT INTO schema_version VALUES (?, 0)", (max(MIGRATIONS) + 5,))
    with pytest.raises(SchemaTooNew):
        await Store.open(path)
