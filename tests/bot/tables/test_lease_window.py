"""A dead process's lease window, at the service and the store (the wire tests run the same against
two real processes): every write of a table, its own row included, is refused by the
database to a process its lease does not name; opening a table asks the database, never
memory alone, so nothing opens over an open table and the loser of a race writes nothing
(its host's chips stay in the wallet); during a dead owner's lease window a member is told
the table is resuming, and their move goes through as soon as the lease can be taken."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import leases
from bot.store.errors import LeaseLost, TableTaken
from bot.store.store import Store
from bot.tables.errors import TableExists, TableResuming
from bot.tables.lease_keeper import LeaseKeeper
from bot.tables.leases import LeaseTerms, Shards
from bot.tables.service import TableService, table_id_for
from engine import HandConfig, HouseRules
from tests.bot.conftest import Clock
from tests.bot.tables.conftest import Opener

TERMS = LeaseTerms(ttl=30.0, renew_every=10.0)
GUILD, CHANNEL = 4 << 22, 10
A, B, C = 101, 102, 103
RULES = HouseRules(turn_seconds=30)
TABLE = table_id_for(GUILD, CHANNEL)


async def process(open_as: Opener, clock: Clock, owner: str) -> LeaseKeeper:
    """A bot process: its fenced store, its service and its lease keeper, started."""
    store = await open_as(owner)
    keeper = LeaseKeeper(
        store, TableService(store, clock=clock, resume_wait=0.0), shards=Shards(), clock=clock,
        terms=TERMS, owner=owner,
    )  # fmt: skip
    await keeper.start()
    return keeper


async def chips(store: Store) -> tuple[int, int]:
    """The chips the database holds (wallets, and the open tables as a fresh process rebuilds
    them) and the chips ever created (the grants in the ledgers): equal when none was lost."""
    fresh = TableService(store, clock=Clock())
    await fresh.tables.restore()
    created = 0
    for member in (A, B, C):
        created += sum(d for d, reason, _ in await store.ledger(GUILD, member) if reason == "grant")
    return await fresh.tables.chips_total(GUILD), created


async def test_every_write_of_a_table_leased_by_another_process_is_refused_by_the_database(
    open_as: Opener,
) -> None:
    clock = Clock()
    first = await process(open_as, clock, "first")
    await first.service.seats.open_table(GUILD, CHANNEL, A, RULES, 100)
    intruder = await open_as("intruder")
    await leases.install_fence(intruder, "intruder", ttl=TERMS.ttl)
    before = await intruder.load_table(TABLE)
    assert before is not None and before.open
    empty: dict[str, list[object]] = {"seats": []}
    with pytest.raises(LeaseLost):
        await intruder.save_table(TABLE, guild_id=GUILD, channel_id=CHANNEL, state=empty, now=1)
    with pytest.raises(LeaseLost):
        await intruder.close_table(TABLE, now=clock.now)
    with pytest.raises(LeaseLost):  # a buy-in's wallet move goes back with the refused seat
        await intruder.ensure_wallet(GUILD, C, starting_grant=500, now=clock.now)
        await intruder.buy_in(GUILD, C, 100, table_id=TABLE, now=clock.now, table_state=empty)
    assert await intruder.balance(GUILD, C) == 500
    config = HandConfig(stacks=(100, 100), button=0, small_blind=1, big_blind=2)
    with pytest.raises(LeaseLost):  # a deal writes the table's row first, fenced
        await intruder.start_hand(
            table_id=TABLE, config=config, deck=list(range(52)), players=[A, B], now=clock.now,
            table_state=empty,
        )  # fmt: skip
    assert await intruder.open_hands() == []
    with pytest.raises(TableTaken):
        await leases.open_table(
            intruder, TABLE, guild_id=GUILD, channel_id=CHANNEL, state=empty, settings={},
            now=clock.now,
        )  # fmt: skip
    assert await intruder.load_table(TABLE) == before
    assert await intruder.audit() == []


async def test_a_table_open_in_the_database_is_never_opened_over(database: str) -> None:
    """Without leases too (one process, or a bug): the database refuses the second open."""
    store = await Store.open(database, exclusive=False)
    try:
        first = TableService(store, clock=Clock())
        await first.seats.open_table(GUILD, CHANNEL, A, RULES, 100)
        second = TableService(store, clock=Clock(), resume_wait=0.0)  # does not hold it
        with pytest.raises(TableResuming):
            await second.seats.open_table(GUILD, CHANNEL, B, RULES, 100)
        with pytest.raises(TableExists):
            await first.seats.open_table(GUILD, CHANNEL, B, RULES, 100)
        record = await store.load_table(TABLE)
        assert record is not None and record.settings["host"] == A
        assert await store.balance(GUILD, B) in (None, RULES.starting_stack)
        assert await store.audit() == []
    finally:
        await store.close()


async def test_two_processes_opening_one_channel_at_once_one_wins_and_no_chip_is_lost(
    open_as: Opener,
) -> None:
    clock = Clock()
    one, two = await process(open_as, clock, "one"), await process(open_as, clock, "two")
    results = await asyncio.gather(
        one.service.seats.open_table(GUILD, CHANNEL, A, RULES, 100),
        two.service.seats.open_table(GUILD, CHANNEL, A, RULES, 100),
        return_exceptions=True,
    )
    won = [r for r in results if not isinstance(r, BaseException)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], TableResuming), results
    winner = one if not isinstance(results[0], BaseException) else two
    loser = two if winner is one else one
    assert winner.service.tables.table_ids() == [TABLE] and loser.service.tables.table_ids() == []
    (lease,) = await leases.leases(winner.store)
    assert lease.owner == winner.owner
    record = await winner.store.load_table(TABLE)
    assert record is not None and record.open  # the loser closed nothing
    seated = [s for s in record.state["seats"] if s]
    assert [(s["player"], s["stack"]) for s in seated] == [(str(A), 100)]
    assert await winner.store.balance(GUILD, A) == RULES.starting_stack - 100
    held, created = await chips(winner.store)
    assert held == created > 0
    assert await winner.store.audit() == []
    # The loser's lease timer leaves the table alone; its members' moves are "resuming".
    await loser.tick()
    assert loser.service.tables.table_ids() == []
    with pytest.raises(TableResuming):
        await loser.service.seats.join(GUILD, CHANNEL, B, 100)


async def test_in_a_lease_window_a_move_is_told_resuming_then_goes_through_at_the_expiry(
    open_as: Opener,
) -> None:
    clock = Clock()
    dead = await process(open_as, clock, "dead")
    await dead.service.seats.open_table(GUILD, CHANNEL, A, RULES, 100)
    await dead.service.seats.join(GUILD, CHANNEL, B, 100)
    await dead.service.hands.deal(GUILD, CHANNEL, button=0)
    await dead.tick()
    turn = dead.service.tables.state(TABLE).turn
    assert turn is not None
    # The process is killed: no release. Its successor starts at once.
    successor = await process(open_as, clock, "successor")
    assert successor.service.tables.table_ids() == []
    with pytest.raises(TableResuming):
        await successor.service.hands.act(GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id,
                                    seq=turn.seq)  # fmt: skip
    with pytest.raises(TableResuming):  # never a second table over the open one
        await successor.service.seats.open_table(GUILD, CHANNEL, C, RULES, 100)
    assert await successor.store.balance(GUILD, C) in (None, RULES.starting_stack)
    clock.now += TERMS.ttl  # the dead lease expires; the next press resumes the table
    acted = await successor.service.hands.act(
        GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id, seq=turn.seq
    )
    assert acted.hand_id == turn.hand_id
    record = await successor.store.load_hand(turn.hand_id)
    assert len(record.actions) == turn.seq + 1
    held, created = await chips(successor.store)
    assert held == created > 0
    assert await successor.store.audit() == []
