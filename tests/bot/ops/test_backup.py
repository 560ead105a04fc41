"""Backups: the running bot's schedule and pruning, and ``--backup`` for a stopped bot."""

from __future__ import annotations

import asyncio
import doctest
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.ops.backup
from bot.ops.backup import BackupPolicy, backup_command, backup_loop, backup_name, scheduled_backup
from bot.store.store import Store

HOUR = 3600.0
NOW = 1_800_000_000.0


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(str(tmp_path / "holdem.sqlite3"))
    yield s
    await s.close()


def test_the_examples_in_the_docstrings_hold() -> None:
    result = doctest.testmod(bot.ops.backup)
    assert result.attempted > 0 and result.failed == 0


async def test_a_backup_keeps_the_newest_and_leaves_other_files_alone(
    store: Store, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [folder / backup_name(NOW - k * HOUR) for k in (3, 2, 1)]
    for path in old:
        path.write_bytes(b"an older backup")
    (folder / "notes.txt").write_text("mine")
    policy = BackupPolicy(folder=folder, every=HOUR, keep=2)
    made = await scheduled_backup(store, policy, NOW)
    assert made == folder / backup_name(NOW)
    assert sorted(p.name for p in folder.iterdir()) == sorted([old[2].name, made.name, "notes.txt"])
    with sqlite3.connect(made) as db:
        assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)


async def _loop_sleeps(store: Store, policy: BackupPolicy, now: float, turns: int) -> list[float]:
    """The pauses the loop asks for in its first ``turns`` turns (the clock stands still)."""
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == turns:
            raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await backup_loop(store, policy, lambda: now, sleep)
    return pauses


async def test_the_schedule_follows_the_newest_backup(store: Store, tmp_path: Path) -> None:
    folder = tmp_path / "backups"  # does not exist yet: the first backup creates it
    policy = BackupPolicy(folder=folder, every=6 * HOUR, keep=3)
    assert await _loop_sleeps(store, policy, NOW, 1) == [6 * HOUR]  # backed up at once
    assert [p.name for p in folder.iterdir()] == [backup_name(NOW)]
    # A restart an hour later waits for the rest of the interval, without a backup.
    assert await _loop_sleeps(store, policy, NOW + HOUR, 1) == [5 * HOUR]
    assert len(list(folder.iterdir())) == 1


async def test_a_failed_backup_is_logged_and_tried_again(
    store: Store, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    policy = BackupPolicy(folder=blocker / "backups", every=HOUR, keep=3)
    assert await _loop_sleeps(store, policy, NOW, 2) == [HOUR, HOUR]
    assert [r.getMessage() for r in caplog.records].count("backup failed") == 2


async def test_backup_command_copies_a_stopped_bot_and_refuses_a_running_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "holdem.sqlite3"
    env = {"HOLDEM_DB": str(database)}
    assert await backup_command(str(tmp_path / "none.sqlite3"), env) == 1
    assert capsys.readouterr().err == f"error: there is no database at {database}\n"

    store = await Store.open(str(database))
    await store.set_language(1, "da", now=1.0)
    try:
        assert await backup_command(str(tmp_path / "copy.sqlite3"), env) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: the bot is running on {database} and holds it")
        assert "HOLDEM_BACKUP_DIR" in err
        assert not (tmp_path / "copy.sqlite3").exists()
    finally:
        await store.close()

    target = tmp_path / "copy.sqlite3"
    assert await backup_command(str(target), env) == 0
    assert capsys.readouterr().out.startswith(f"backed up {database} to {target} (")
    with sqlite3.connect(target) as db:
        assert db.execute("SELECT language FROM guilds").fetchall() == [("da",)]
    assert await backup_command(str(target), env) == 1  # never over an existing file
    assert "already exists" in capsys.readouterr().err


async def test_backup_command_does_not_migrate_the_copied_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "old.sqlite3"
    with sqlite3.connect(database) as db:  # an older bot's database, schema version 1
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL)")
        db.execute("INSERT INTO schema_version VALUES (1, 0)")
    target = tmp_path / "copy.sqlite3"
    assert await backup_command(str(target), {"HOLDEM_DB": str(database)}) == 0
    for path in (database, target):
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT MAX(version) FROM schema_version").fetchone() == (1,)


async def test_backup_command_into_a_folder_names_the_file_and_a_missing_folder_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "holdem.sqlite3"
    store = await Store.open(str(database))
    await store.close()
    env = {"HOLDEM_DB": str(database)}
    folder = tmp_path / "backups"
    folder.mkdir()
    assert await backup_command(str(folder), env) == 0
    (made,) = folder.iterdir()
    assert bot.ops.backup.backup_time(made.name) is not None, made
    assert f"backed up {database} to {made} (" in capsys.readouterr().out

    missing = tmp_path / "nowhere" / "copy.sqlite3"
    assert await backup_command(str(missing), env) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot write the backup {missing}: the folder ")
    assert f"{tmp_path / 'nowhere'} does not exist" in err and "unable to open" not in err
    assert not (tmp_path / "nowhere").exists()
