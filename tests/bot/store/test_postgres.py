"""What only PostgreSQL does: several bot processes on one database. Two stores stand for two
processes (each its own pool of connections); their writes interleave for real on the server,
and no update is lost: every balance is its ledger, every refill happens once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.guilds.wallets import Reason
from bot.store.errors import BackupFailed, DatabaseUnavailable
from bot.store.store import Store
from engine import HouseRules, Refill

G = 1


@pytest.fixture
async def two(pg_database: str) -> AsyncIterator[tuple[Store, Store]]:
    first = await Store.open(pg_database)
    second = await Store.open(pg_database)
    yield first, second
    await first.close()
    await second.close()


async def test_concurrent_moves_from_two_processes_lose_no_update(
    two: tuple[Store, Store],
) -> None:
    first, second = two
    members = (7, 8)
    for member in members:
        await first.ensure_wallet(G, member, starting_grant=1_000, now=0.0)
    rng = random.Random(18)
    deltas = [(rng.choice((first, second)), rng.choice(members), rng.randint(-9, 9) or 1)
              for _ in range(300)]  # fmt: skip
    await asyncio.gather(
        *(store.move(G, member, delta, Reason.CORRECTION, now=1.0)
          for store, member, delta in deltas)
    )  # fmt: skip
    for member in members:
        expected = 1_000 + sum(d for _, m, d in deltas if m == member)
        assert await first.balance(G, member) == expected
        assert await second.balance(G, member) == expected
    assert await second.audit() == []


async def test_a_refill_asked_by_two_processes_at_once_is_granted_once(
    two: tuple[Store, Store],
) -> None:
    first, second = two
    await first.ensure_wallet(G, 7, starting_grant=100, now=0.0)
    await first.move(G, 7, -100, Reason.BUY_IN, now=1.0)

    daily = HouseRules(refill=Refill.DAILY, refill_to=500)
    results = await asyncio.gather(
        *(s.refill(G, 7, rules=daily, now=2.0) for s in (first, second) * 4)
    )
    assert (results.count(500), results.count(0)) == (1, 7)
    assert await first.balance(G, 7) == 500
    assert await first.audit() == []


async def test_backups_are_pg_dumps_business(pg_database: str) -> None:
    store = await Store.open(pg_database)
    try:
        assert not store.backs_up_itself
        with pytest.raises(BackupFailed, match="pg_dump"):
            await store.backup("/tmp/never-written.sqlite3")
    finally:
        await store.close()


async def test_a_server_that_does_not_answer_is_one_line_without_the_password(
    tmp_path: Path,
) -> None:
    url = f"postgresql://holdem:s3cret@/holdem?host={tmp_path}"  # no server listens there
    with pytest.raises(DatabaseUnavailable) as raised:
        await Store.open(url)
    message = str(raised.value)
    assert "s3cret" not in message and "holdem:***@" in message
    assert "\n" not in message
