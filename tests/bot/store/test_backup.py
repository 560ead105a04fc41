"""Online backups: a copy taken mid-hand, restored, resumes that hand exactly where the copy
was taken; a copy is one checked file, and a failed one leaves nothing behind."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.store.errors import BackupFailed
from bot.store.migrations import LATEST
from bot.store.store import Store
from bot.tables.service import TableService
from engine import ActionKind, HouseRules
from tests.bot.conftest import Clock

G, C = 1, 10
A, B = 101, 102
RULES = HouseRules(turn_seconds=30)


def _restore(backup: Path, database: str) -> None:
    """What the README tells a host to do with the bot stopped."""
    for leftover in (database + "-wal", database + "-shm"):
        Path(leftover).unlink(missing_ok=True)
    shutil.copyfile(backup, database)


async def test_a_hand_backed_up_mid_way_resumes_from_the_restored_copy(
    path: str, tmp_path: Path
) -> None:
    clock = Clock()
    copy = tmp_path / "backups" / "holdem-1.sqlite3"
    copy.parent.mkdir()
    store = await Store.open(path)
    try:
        service = TableService(store, clock=clock)
        await service.seats.open_table(G, C, A, RULES, 100)
        await service.seats.join(G, C, B, 100)
        await service.hands.deal(G, C, button=0)
        await service.hands.act(G, C, A, ActionKind.CALL)  # A (small blind) completes; B to act
        size = await store.backup(copy)
        await service.hands.act(G, C, B, ActionKind.CHECK)  # after the copy: lost by the restore
        (hand,) = await store.open_hands()
        assert len(hand.actions) == 2
    finally:
        await store.close()
    assert size == copy.stat().st_size > 0
    assert not list(copy.parent.glob("*.partial")) and not list(copy.parent.glob("*-wal"))

    _restore(copy, path)
    store = await Store.open(path)
    try:
        assert await store.schema_version() == LATEST
        service = TableService(store, clock=clock)
        assert [outcome.table_id for outcome in await service.tables.restore()] == [f"{G}:{C}"]
        (restored,) = await store.open_hands()
        assert restored.hand_id == hand.hand_id and restored.actions == hand.actions[:1]
        await service.hands.act(G, C, B, ActionKind.CHECK)  # B's turn again, as in the copy
        (resumed,) = await store.open_hands()
        assert resumed.actions == hand.actions
        assert await service.tables.chips_total(G) == 200
        assert await store.audit() == []
    finally:
        await store.close()


async def test_a_backup_never_overwrites_and_a_failed_one_leaves_nothing(
    store: Store, tmp_path: Path
) -> None:
    taken = tmp_path / "taken.sqlite3"
    taken.write_bytes(b"something precious")
    with pytest.raises(BackupFailed, match="already exists"):
        await store.backup(taken)
    assert taken.read_bytes() == b"something precious"
    missing = tmp_path / "no-such-folder" / "copy.sqlite3"
    with pytest.raises(BackupFailed, match="cannot write the backup"):
        await store.backup(missing)
    assert not missing.parent.exists()


async def test_a_copy_is_one_file_that_opens_alone(store: Store, tmp_path: Path) -> None:
    await store.set_language(G, "nb", now=1.0)
    copy = tmp_path / "copy.sqlite3"
    await store.backup(copy)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == [
        "copy.sqlite3"
    ]
    with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert db.execute("SELECT language FROM guilds").fetchall() == [("nb",)]
    assert await store.get_language(G) == "nb"  # the store goes on as before
    await store.set_language(G, "da", now=2.0)
