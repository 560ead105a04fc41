"""The chaos test: two real ``python -m bot`` processes (shards 0 and 1 of 2) on one
PostgreSQL, computer players at four practice tables (two per process), while a driver, at
random but seeded, SIGKILLs and restarts a process, ends every database session
(``pg_terminate_backend``) and stops the database for a few seconds.

At the end, from the processes' logs and the database:

- every action a process acknowledged (logged as committed) is stored, once, as logged;
- every table whose session goes on was dealt on within its timer after the last fault: a
  new action or a new hand, by itself, with no one pressing anything;
- the chips are conserved to the chip: the wallets hold what was granted, each practice
  table what its players sat down with; the ledger audit is clean.

It prints the faults survived and the actions played. Bounded in time (about a minute).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.store.store import Store
from bot.tables.live import table_chips
from bot.tables.service import TableService
from tests.postgres import new_database

from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, READY_DELAY, BotProcess
from .shards import ShardedStandIn, start_database, stop_database, terminate_connections

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals"),
    pytest.mark.slow,
]

SEED = int(os.environ.get("HOLDEM_CHAOS_SEED", "20261202"))
"""The driver's seed (set ``HOLDEM_CHAOS_SEED`` to try others)."""
TABLES = 4
COMPUTERS = 3
LEASE_SECONDS = 3
TURN_SECONDS = 10
NEXT_HAND_PAUSE = 5.0
FAULT_WINDOW = 22.0
"""Seconds the driver injects faults for (after the tables are dealing)."""
ON_ITS_OWN = TURN_SECONDS + NEXT_HAND_PAUSE + LEASE_SECONDS + 4.0
"""How long a table may sit still after the last fault: a turn's timer, the pause before a
deal, a dead owner's lease, and a margin for a shared machine."""
ACTION = re.compile(r"event=action .*?table=(\S+) .*?hand=(\d+) kind=(\S+) member=(\d+) seq=(\d+)")


@dataclass
class Shard:
    """One shard's process, replaced by a new one when the driver kills it."""

    shard: int
    make: Callable[[int], BotProcess]
    bot: BotProcess
    past: list[BotProcess]


async def progress(store: Store) -> dict[str, tuple[int, int]]:
    """Each table's newest hand and its stored actions."""
    rows = await store._read(
        "SELECT h.table_id, h.hand_id, (SELECT COUNT(*) FROM hand_actions a "
        "WHERE a.hand_id = h.hand_id) FROM hands h WHERE h.hand_id = "
        "(SELECT MAX(hand_id) FROM hands x WHERE x.table_id = h.table_id)"
    )
    return {str(t): (int(h), int(n)) for t, h, n in rows}


async def test_two_processes_survive_kills_cut_connections_and_a_stopped_database(
    tmp_path: Path,
) -> None:
    rng = random.Random(SEED)
    url = await new_database()
    guilds = {GUILD_ID + (k << 22): 1_200_000_000_000_000_010 + k for k in range(TABLES)}
    alice = Person(id=1_200_000_000_000_000_100, name="alice", admin=True)
    standin = ShardedStandIn(
        application_id=APP_ID, guild_id=GUILD_ID, channel_id=guilds[GUILD_ID], people=[alice],
        more_guilds={g: c for g, c in guilds.items() if g != GUILD_ID},
    )  # fmt: skip
    await standin.start()
    count = 0

    def make(shard: int) -> BotProcess:
        nonlocal count
        count += 1
        folder = tmp_path / f"bot{count}"
        folder.mkdir()
        env = {
            "HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2", "SHARD_IDS": str(shard),
            "HOLDEM_LEASE_SECONDS": str(LEASE_SECONDS),
        }  # fmt: skip
        return BotProcess(standin=standin, db=folder / "holdem.sqlite3", env=env)

    shards = [Shard(shard=s, make=make, bot=make(s), past=[]) for s in (0, 1)]
    faults: list[str] = []
    store: Store | None = None
    try:
        for each in shards:  # one at a time: the stand-in's READY goes to the newest
            await each.bot.start(settle=False)
        await asyncio.sleep(READY_DELAY)

        async def open_practice(guild: int, channel: int) -> None:
            host = Member(standin, alice, channel_id=channel)
            for setting, value in (("turn_seconds", str(TURN_SECONDS)), ("runout_pause", "0")):
                done = await host.slash("holdem-admin config set", setting=setting, value=value)
                assert done.ephemeral and done.content.endswith(f"is now {value}."), done.content
            assert not (await host.slash("holdem start")).ephemeral
            for level in ("easy", "normal", "hard")[:COMPUTERS]:
                added = await host.slash("holdem computer add", level=level)
                assert added.ephemeral and "sits down" in added.content, added.content
            sat = await host.slash("holdem sitout")
            assert sat.ephemeral, sat.content
            dealt = await host.slash("holdem deal")
            assert not dealt.ephemeral, dealt.content

        await asyncio.gather(*(open_practice(g, c) for g, c in guilds.items()))
        store = await Store.open(url)
        started = await progress(store)
        assert len(started) == TABLES, started

        # ------------------------------------------------------------- the faults
        async def kill() -> None:
            victim = rng.choice(shards)
            await victim.bot.kill()
            victim.past.append(victim.bot)
            victim.bot = victim.make(victim.shard)
            await victim.bot.start(settle=False)
            faults.append(f"SIGKILL shard {victim.shard}")

        async def cut() -> None:
            ended = await terminate_connections(url)
            faults.append(f"terminated {ended} connections")

        async def outage() -> None:
            seconds = rng.uniform(2.0, 4.0)
            stop_database()
            try:
                await asyncio.sleep(seconds)
            finally:
                start_database()
            faults.append(f"database stopped {seconds:.1f} s")

        plan: list[Callable[[], Awaitable[None]]] = [kill, cut, outage]
        plan += [rng.choice((kill, cut, outage)) for _ in range(2)]
        rng.shuffle(plan)
        window = time.monotonic() + FAULT_WINDOW
        for fault in plan:
            if time.monotonic() >= window:
                break
            await asyncio.sleep(rng.uniform(1.0, 4.0))
            await fault()
        last_fault = time.monotonic()

        # ------------------------------------------------------------- on its own
        await store.close()
        store = await Store.open(url)
        still = await progress(store)
        over = {
            r.table_id for r in await store.load_open_tables() if r.state.get("ended") is not None
        }
        waiting = {t for t in still if t not in over}
        slowest = 0.0
        while waiting and time.monotonic() - last_fault < ON_ITS_OWN:
            await asyncio.sleep(0.5)
            now = await progress(store)
            moved = {t for t in waiting if now.get(t) != still[t]}
            if moved:
                slowest = time.monotonic() - last_fault
            waiting -= moved
        assert not waiting, (
            f"tables still after {ON_ITS_OWN:.0f} s: {sorted(waiting)}; faults {faults}\n"
            + "\n".join(each.bot.report() for each in shards)
        )
        for each in shards:
            assert await each.bot.stop() == 0, each.bot.report()
    finally:
        for each in shards:
            for bot in (*each.past, each.bot):
                await bot.close()
        await standin.stop()
        if store is not None:
            await store.close()

    # ----------------------------------------------------------------- the books
    acknowledged: dict[tuple[int, int], tuple[str, int]] = {}
    for each in shards:
        for bot in (*each.past, each.bot):
            for line in bot.err:
                if found := ACTION.search(line):
                    _, hand, kind, member, seq = found.groups()
                    key, value = (int(hand), int(seq)), (kind, int(member))
                    assert acknowledged.setdefault(key, value) == value, (key, value)
    assert acknowledged, "no action was played"
    store = await Store.open(url)
    try:
        stored = 0
        for hand_id in sorted({hand for hand, _ in acknowledged}):
            record = await store.load_hand(hand_id)
            record.replay()  # the stored log is a legal hand
            stored += len(record.actions)
            for seq, action in enumerate(record.actions):
                logged = acknowledged.pop((hand_id, seq), None)
                if logged is not None:
                    assert logged == (action.kind.value, record.players[action.player])
        assert not acknowledged, f"acknowledged but not stored: {sorted(acknowledged)}"
        assert await store.audit() == []
        created = 0
        for guild in guilds:
            ledger = await store.ledger(guild, alice.id)
            created += sum(d for d, reason, _ in ledger if reason in ("grant", "refill"))
        assert created > 0 and await store.total_balance() == created  # all in wallets
        fresh = TableService(store, clock=time.time)
        await fresh.tables.restore()
        assert len(fresh.tables.table_ids()) == TABLES
        for table_id in fresh.tables.table_ids():
            assert fresh.tables.state(table_id).practice
            chips = table_chips(fresh.tables.live(table_id).table)
            assert chips == 100 * (COMPUTERS + 1), (table_id, chips)
    finally:
        await store.close()
    print(
        f"\nchaos seed {SEED}: {len(faults)} faults survived ({'; '.join(faults)}), "
        f"{stored} actions played, tables moved on {slowest:.1f} s after the last fault"
    )
