"""Sharding on the wire: two real ``python -m bot`` processes, shards 0 and 1 of 2, on one
PostgreSQL, behind a stand-in Discord that sends each guild's events to its shard's
connection. Both play a table at once; the second is killed with SIGKILL in the middle of a
hand while the first plays on; a new process for its shard takes the table over once the dead
one's lease expires, and the hand goes on from its old buttons.

Then, read from the database and the processes' logs: no table was driven by two processes
(each process logged only its own shard's table, and the lease of the killed shard's table
moved to the new process with the next epoch), every move made is stored once, the chips are
conserved and the audit (every balance equals its ledger) is clean.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

from bot.guilds.wallets import Reason
from bot.store import leases
from bot.store.store import Store
from bot.tables.leases import shard_of
from tests.postgres import new_database

from .game import NAMES, Turn
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, READY_DELAY, STEP, BotProcess
from .shards import ShardedStandIn, Tables

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")

OTHER_GUILD = GUILD_ID + (1 << 22)  # the next shard's guild
OTHER_CHANNEL = 1_200_000_000_000_000_004
LEASE_SECONDS = 3
TABLE = re.compile(r" table=(\S+)")


def tables_logged(bot: BotProcess) -> set[str]:
    return {m[1] for line in bot.err if (m := TABLE.search(line))}


async def logged(bot: BotProcess, fragment: str, timeout: float = STEP) -> None:
    for _ in range(int(timeout * 10)):
        if any(fragment in line for line in bot.err):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{fragment!r} not logged in {timeout:.0f} s\n{bot.report()}")


async def connected(standin: ShardedStandIn, *, shards: int) -> None:
    for _ in range(int(STEP * 10)):
        if len(standin.gateway.shards) == shards:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{len(standin.gateway.shards)} of {shards} shards identified")


async def play_out(table: Tables, turn: Turn) -> int:
    """Check or call to the end of the hand; the moves made."""
    hand, moves = turn.hand, 0
    while turn.hand == hand:
        turn = await table.move(turn)
        moves += 1
    return moves


async def test_two_shards_on_postgresql_a_killed_shard_resumes_and_the_books_balance(
    tmp_path: Path,
) -> None:
    url = await new_database()
    people = [Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k]) for k in range(2)]
    standin = ShardedStandIn(
        application_id=APP_ID,
        guild_id=GUILD_ID,
        people=people,
        more_guilds={OTHER_GUILD: OTHER_CHANNEL},
    )
    shard = {g: shard_of(g, 2) for g in standin.guilds}
    assert sorted(shard.values()) == [0, 1]
    await standin.start()
    settings = {"HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2"}
    settings["HOLDEM_LEASE_SECONDS"] = str(LEASE_SECONDS)

    def process(name: str, guild: int) -> BotProcess:
        (tmp_path / name).mkdir()
        env = {**settings, "SHARD_IDS": str(shard[guild])}
        return BotProcess(standin=standin, db=tmp_path / name / "holdem.sqlite3", env=env)

    ours, theirs = process("steady", OTHER_GUILD), process("killed", GUILD_ID)
    bots = [ours, theirs]
    steady = Tables(
        standin, OTHER_CHANNEL, [Member(standin, p, channel_id=OTHER_CHANNEL) for p in people]
    )
    other = Tables(standin, standin.channel_id, [Member(standin, p) for p in people])
    try:
        await asyncio.gather(ours.start(settle=False), theirs.start(settle=False))
        await connected(standin, shards=2)
        await asyncio.sleep(READY_DELAY)  # discord.py's on_ready waits for the guilds
        first, second = await asyncio.gather(steady.open(), other.open())
        hands = first.hand, second.hand
        first, second = await asyncio.gather(steady.move(first), other.move(second))
        await theirs.kill()
        first = await steady.move(first)  # the other shard's process plays on meanwhile

        restarted = process("restarted", GUILD_ID)
        bots.append(restarted)
        await restarted.start(settle=False)
        await logged(restarted, "lease won", timeout=LEASE_SECONDS + STEP)
        second = await other.move(second)  # a button posted by the killed process
        moves = [2, 2 + await play_out(other, second)]
        for bot in (ours, restarted):
            assert await bot.stop() == 0, bot.report()
    finally:
        for bot in bots:
            await bot.close()
        await standin.stop()

    steady_id, other_id = f"{OTHER_GUILD}:{OTHER_CHANNEL}", f"{GUILD_ID}:{standin.channel_id}"
    assert tables_logged(ours) == {steady_id}, ours.report()
    assert tables_logged(theirs) == {other_id}, theirs.report()
    assert tables_logged(restarted) == {other_id}, restarted.report()
    store = await Store.open(url)
    try:
        held = {lease.table_id: lease for lease in await leases.leases(store)}
        assert held[steady_id].epoch == 1 and held[other_id].epoch == 2, held
        assert held[steady_id].owner != held[other_id].owner
        for hand, made, finished in zip(hands, moves, (False, True)):
            record = await store.load_hand(hand)
            assert len(record.actions) == made and record.finished is finished, record
        assert await store.audit() == []
        for guild in standin.guilds:
            tables = [t for t in await store.load_open_tables() if t.guild_id == guild]
            stacks = sum(s["stack"] for t in tables for s in t.state["seats"] if s)
            ledgers = [await store.ledger(guild, person.id) for person in people]
            created = sum(
                delta
                for ledger in ledgers
                for delta, reason, _ in ledger
                if reason in (Reason.GRANT.value, Reason.REFILL.value)
            )
            assert created > 0 and await store.total_balance(guild) + stacks == created
    finally:
        await store.close()
