"""A database outage on the wire: two real ``python -m bot`` processes (shards 0 and 1 of 2)
on one PostgreSQL, which is stopped for a few seconds in the middle of a hand at each
process's table.

A move made during the outage is refused clearly, and changes nothing: when the database is
back, the member's newest button plays (it is not "out of date"), and the other table, where
nobody presses anything, moves on by itself: its turn timer plays for the member to act. No
process is restarted. The books, read from the database at the end, balance.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from bot.store.store import Store
from bot.tables.leases import shard_of
from tests.postgres import new_database

from .game import NAMES, Turn
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, READY_DELAY, STEP, BotProcess
from .shards import ShardedStandIn, Tables, start_database, stop_database

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals"),
    pytest.mark.slow,
]

OTHER_GUILD = GUILD_ID + (1 << 22)  # the next shard's guild
OTHER_CHANNEL = 1_200_000_000_000_000_004
TURN_SECONDS = 10
OUTAGE_SECONDS = 5.0


def press(turn: Turn) -> str:
    label = turn.label("Check") or turn.label("Call")
    assert label is not None, turn.labels
    return label


async def test_after_a_database_outage_the_newest_button_plays_and_the_timer_runs(
    tmp_path: Path,
) -> None:
    url = await new_database()
    people = [Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], admin=k == 0) for k in (0, 1)]
    standin = ShardedStandIn(
        application_id=APP_ID, guild_id=GUILD_ID, people=people,
        more_guilds={OTHER_GUILD: OTHER_CHANNEL},
    )  # fmt: skip
    await standin.start()

    def process(name: str, guild: int) -> BotProcess:
        (tmp_path / name).mkdir()
        env = {
            "HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2",
            "SHARD_IDS": str(shard_of(guild, 2)), "HOLDEM_LEASE_SECONDS": "30",
        }  # fmt: skip
        return BotProcess(standin=standin, db=tmp_path / name / "holdem.sqlite3", env=env)

    bots = [process("pressed", GUILD_ID), process("timed", OTHER_GUILD)]
    pressed = Tables(standin, standin.channel_id, [Member(standin, p) for p in people])
    timed = Tables(
        standin, OTHER_CHANNEL, [Member(standin, p, channel_id=OTHER_CHANNEL) for p in people]
    )
    try:
        await asyncio.gather(*(bot.start(settle=False) for bot in bots))
        await asyncio.sleep(READY_DELAY)
        for table in (pressed, timed):
            host = table.members[0]
            done = await host.slash("holdem-admin config set", setting="turn_seconds",
                                    value=str(TURN_SECONDS))  # fmt: skip
            assert done.ephemeral and done.content.endswith(f"is now {TURN_SECONDS}."), done.content
        first, other = await asyncio.gather(pressed.open(), timed.open())

        stop_database()
        try:
            who = pressed.member(first.member)
            refused = await who.click(first.message, press(first))
            assert refused.ephemeral and "try again" in refused.content, refused.content
            await asyncio.sleep(OUTAGE_SECONDS)
        finally:
            start_database()

        # The newest button plays: memory did not run ahead of the database.
        latest = pressed.turn()
        assert latest is not None and (latest.hand, latest.seq) == (first.hand, first.seq)
        answer = await who.click(latest.message, press(latest))
        assert not answer.ephemeral, answer.content
        nxt = await pressed.next_turn(latest)
        assert (nxt.hand, nxt.seq) == (first.hand, first.seq + 1)
        # Nobody presses at the other table: its timer plays, with no restart.
        moved = await timed.next_turn(other, timeout=TURN_SECONDS + STEP)
        assert moved.hand > other.hand or moved.seq > other.seq
        for bot in bots:
            assert await bot.stop() == 0, bot.report()
    finally:
        for bot in bots:
            await bot.close()
        await standin.stop()

    store = await Store.open(url)
    try:
        assert await store.audit() == []
        assert len((await store.load_hand(first.hand)).actions) >= first.seq + 1
        for guild in (GUILD_ID, OTHER_GUILD):
            created = 0
            for person in people:
                ledger = await store.ledger(guild, person.id)
                created += sum(d for d, reason, _ in ledger if reason in ("grant", "refill"))
            stacks = sum(
                s["stack"]
                for t in await store.load_open_tables()
                if t.guild_id == guild
                for s in t.state["seats"]
                if s
            )
            assert created > 0 and await store.total_balance(guild) + stacks == created
    finally:
        await store.close()
