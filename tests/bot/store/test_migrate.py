"""``python -m bot --migrate-to URL``: an SQLite database with a finished hand, a hand in
progress and wallets moves into PostgreSQL whole (every row, the same ids, sequences past
them), the hand resumes there where it stood, and a target that holds data or a copy whose
audit fails is refused with nothing kept."""

from __future__ import annotations

import contextlib
import io
import sqlite3
from pathlib import Path

from bot.cli import EXIT_CONFIG, EXIT_OK, EXIT_PROBLEM, migrate_command
from bot.guilds.wallets import Reason
from bot.store.store import Store
from bot.tables.service import TableService, table_id_for
from engine import HouseRules
from tests.postgres import new_database

G, C, A, B = 7, 70, 701, 702


class Clock:
    now = 5000.0

    def __call__(self) -> float:
        return self.now


async def played(path: Path) -> dict[str, int]:
    """A database with one hand finished and one in progress; its row counts."""
    store = await Store.open(str(path))
    service = TableService(store, clock=Clock())
    await service.seats.open_table(G, C, A, HouseRules(turn_seconds=30), 100)
    await service.seats.join(G, C, B, 100)
    await service.hands.deal(G, C, button=0)
    await service.hands.act(G, C, A, "fold")
    await service.hands.deal(G, C)
    await service.hands.act(G, C, B, "call")
    await store.set_member_settings(G, A, dm=True, now=5000.0)
    await store.close()
    return counts(path)


def counts(path: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: db.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0] for n in names}


async def migrate(path: Path, url: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = await migrate_command(url, {"HOLDEM_DB": str(path)}, out=out)
    return code, out.getvalue(), err.getvalue()


async def test_everything_moves_over_with_its_ids_and_the_hand_resumes(tmp_path: Path) -> None:
    path = tmp_path / "holdem.sqlite3"
    before = await played(path)
    url = await new_database()
    code, out, err = await migrate(path, url)
    assert code == EXIT_OK, err
    assert out.startswith("migrated ") and "every balance" in out
    assert counts(path) == before  # the source is left as it was

    old = await Store.open(str(path))
    new = await Store.open(url)
    try:
        for table, rows in before.items():
            if table != "schema_version":
                found = await new._read(f'SELECT COUNT(*) FROM "{table}"')
                assert found[0][0] == rows, table
        assert [h.hand_id for h in await new.open_hands()] == [
            h.hand_id for h in await old.open_hands()
        ]
        assert await new.ledger(G, A) == await old.ledger(G, A)
        assert await new.audit() == [] and await new.total_balance(G) == await old.total_balance(G)
        # The sequences moved on: the next ledger row and the next hand get the next ids.
        (last,) = await old._read("SELECT MAX(id) FROM ledger")
        await new.move(G, A, 5, Reason.GRANT, now=6000.0)
        assert (await new._read("SELECT MAX(id) FROM ledger"))[0][0] == last[0] + 1
        resumed = TableService(new, clock=Clock())
        (outcome,) = await resumed.tables.restore()
        original = TableService(old, clock=Clock())
        (expected,) = await original.tables.restore()
        assert outcome.state == expected.state and outcome.hand_id == expected.hand_id
        turn = outcome.state.turn
        assert turn is not None and outcome.table_id == table_id_for(G, C)
        assert outcome.hand_id is not None
        made = len((await new.load_hand(outcome.hand_id)).actions)
        await resumed.hands.act(G, C, turn.member, "check")  # the big blind checks: the flop
        assert len((await new.load_hand(outcome.hand_id)).actions) == made + 1
    finally:
        await new.close()
        await old.close()


async def test_a_target_with_data_or_a_copy_that_fails_the_audit_keeps_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "holdem.sqlite3"
    await played(path)
    url = await new_database()
    assert (await migrate(path, url))[0] == EXIT_OK
    code, _, err = await migrate(path, url)
    assert code == EXIT_PROBLEM and "already holds data" in err

    with contextlib.closing(sqlite3.connect(path)) as db:  # a balance not its ledger's sum
        db.execute("UPDATE wallets SET balance = balance + 5 WHERE user_id = ?", (A,))
        db.commit()
    fresh = await new_database()
    code, _, err = await migrate(path, fresh)
    assert code == EXIT_PROBLEM and "audit failed" in err, err
    target = await Store.open(fresh)
    try:
        for table in ("wallets", "ledger", "hands", "hand_actions", "tables"):
            assert (await target._read(f"SELECT COUNT(*) FROM {table}"))[0][0] == 0, table
    finally:
        await target.close()


async def test_a_url_that_is_not_postgresql_or_no_database_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, _, err = await migrate(missing, "sqlite:///x.sqlite3")
    assert code == EXIT_CONFIG and "needs a postgresql:// URL" in err
    code, _, err = await migrate(missing, "postgresql://x@/y")
    assert code == EXIT_PROBLEM and "no SQLite database" in err
