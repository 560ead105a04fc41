"""Table leases on the wire: real ``python -m bot`` processes on one PostgreSQL
behind the stand-in Discord.

1. The lease window: the process driving a table is killed mid-hand and its successor starts
   at once. Until the dead lease expires, the member to act is told the table is resuming
   (never "There is no table"), and ``/holdem start`` there opens nothing over it; once the
   lease is taken the same old button plays.
2. Two copies of the bot on the same shard ids, each receiving every interaction: one table
   is opened, by one of them, and nobody's chips are lost; every move is stored once.

Both end with the books read from the database: the audit clean and the chips conserved.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from bot.store import leases
from bot.store.store import Store
from bot.tables.leases import shard_of
from tests.postgres import new_database

from .game import NAMES, Turn
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, READY_DELAY, STEP, BotProcess
from .shards import EveryCopy, ShardedStandIn, Tables

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals"),
    pytest.mark.slow,
]

SHARD = shard_of(GUILD_ID, 2)
LEASE_SECONDS = 15
NO_TABLE = "There is no table"
RESUMING = "resuming"


async def logged(bot: BotProcess, fragment: str, timeout: float = STEP) -> None:
    for _ in range(int(timeout * 10)):
        if any(fragment in line for line in bot.err):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{fragment!r} not logged in {timeout:.0f} s\n{bot.report()}")


async def books(url: str, people: list[Person]) -> tuple[int, int, int]:
    """Chips created (grants), in wallets and on open tables, from the database; checks the
    audit."""
    store = await Store.open(url)
    try:
        assert await store.audit() == []
        created = 0
        for person in people:
            ledger = await store.ledger(GUILD_ID, person.id)
            created += sum(d for d, reason, _ in ledger if reason in ("grant", "refill"))
        stacks = sum(
            s["stack"] for t in await store.load_open_tables() for s in t.state["seats"] if s
        )
        return created, await store.total_balance(GUILD_ID), stacks
    finally:
        await store.close()


def press(turn: Turn) -> str:
    label = turn.label("Check") or turn.label("Call")
    assert label is not None, turn.labels
    return label


async def test_in_a_lease_window_players_are_told_the_table_resumes_and_nothing_opens_over_it(
    tmp_path: Path,
) -> None:
    url = await new_database()
    people = [Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k]) for k in range(3)]
    standin = ShardedStandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    env = {
        "HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2", "SHARD_IDS": str(SHARD),
        "HOLDEM_LEASE_SECONDS": str(LEASE_SECONDS),
    }  # fmt: skip

    def process(name: str) -> BotProcess:
        (tmp_path / name).mkdir()
        return BotProcess(standin=standin, db=tmp_path / name / "holdem.sqlite3", env=env)

    members = [Member(standin, p) for p in people]
    table = Tables(standin, standin.channel_id, members[:2])
    dead, successor = process("dead"), process("successor")
    try:
        await dead.start()
        turn = await table.open()
        await dead.kill()
        await successor.start()
        who, carol = table.member(turn.member), members[2]
        # Every control of the table, at once (each waits a moment before it is refused).
        answers = await asyncio.gather(
            who.click(turn.message, press(turn)),
            who.click(turn.message, "Raise"),
            who.click(turn.message, "My cards"),
            carol.slash("holdem start"),  # never a second table over the open one
        )
        for answer in answers:
            assert answer.ephemeral and RESUMING in answer.content, answer.content
            assert NO_TABLE not in answer.content
        await logged(successor, "lease won", timeout=LEASE_SECONDS + STEP)
        nxt = await table.move(turn)  # the same old button plays now
        assert (nxt.hand, nxt.seq) == (turn.hand, turn.seq + 1)
        assert await successor.stop() == 0, successor.report()
    finally:
        for bot in (dead, successor):
            await bot.close()
        await standin.stop()

    store = await Store.open(url)
    try:
        assert len((await store.load_hand(turn.hand)).actions) == turn.seq + 1
        (lease,) = await leases.leases(store)
        assert lease.epoch == 2
        (record,) = await store.load_open_tables()
        assert record.settings["host"] == people[0].id  # carol's start opened nothing
        carols = await store.ledger(GUILD_ID, people[2].id)
        assert all(reason != "buy_in" for _, reason, _ in carols), carols
    finally:
        await store.close()
    created, wallets, stacks = await books(url, people)
    assert created > 0 and wallets + stacks == created


async def test_two_copies_on_the_same_shards_open_one_table_and_lose_no_chip(
    tmp_path: Path,
) -> None:
    url = await new_database()
    people = [Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k]) for k in range(2)]
    standin = EveryCopy(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    env = {"HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2", "SHARD_IDS": str(SHARD)}

    def process(name: str) -> BotProcess:
        (tmp_path / name).mkdir()
        return BotProcess(standin=standin, db=tmp_path / name / "holdem.sqlite3", env=env)

    members = [Member(standin, p) for p in people]
    table = Tables(standin, standin.channel_id, members)
    one, two = process("one"), process("two")
    moves = 0
    try:
        await one.start(settle=False)
        await two.start(settle=False)
        await asyncio.sleep(READY_DELAY)
        host, guest = members
        for who, command in ((host, "holdem start"), (guest, "holdem join"), (host, "holdem deal")):
            answer = await who.slash(command)
            said = answer.ephemeral == (command == "holdem join")  # a join is answered privately
            assert said, (command, answer.content, one.report(), two.report())
        turn = await table.next_turn()  # each interaction reaches both copies
        hand = turn.hand
        while turn.hand == hand:
            turn = await table.move(turn)
            moves += 1
        for bot in (one, two):
            assert await bot.stop() == 0, bot.report()
    finally:
        for bot in (one, two):
            await bot.close()
        await standin.stop()

    for bot in (one, two):
        assert not any(NO_TABLE in line for line in bot.err), bot.report()
    store = await Store.open(url)
    try:
        (record,) = await store.load_open_tables()
        assert record.settings["host"] == people[0].id
        (lease,) = await leases.leases(store)
        assert lease.epoch == 1  # one process opened it and drove it throughout
        played = await store.load_hand(hand)
        assert played.finished and len(played.actions) == moves
    finally:
        await store.close()
    created, wallets, stacks = await books(url, people)
    assert created > 0 and wallets + stacks == created
