"""Leases between bot processes on one database, on both backends (two stores on one
PostgreSQL database, or on one SQLite file as two processes would hold it without the
exclusive lock): a table is driven by one process at a time, a dead owner's tables move on
when its lease expires, a clean shutdown hands them over at once, and the fence refuses every
hand write of a process whose lease was taken over."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import leases
from bot.store.errors import HandStateError
from bot.store.store import Store
from bot.tables.lease_keeper import LeaseKeeper
from bot.tables.leases import Lease, LeaseTerms, Shards, Verdict, judge, plan, shard_of
from bot.tables.service import TableService, table_id_for
from engine import HouseRules
from tests.bot.conftest import Clock
from tests.bot.tables.conftest import Opener
from tests.postgres import new_database

TERMS = LeaseTerms(ttl=30.0, renew_every=10.0)
# Two guilds on different shards of two: (guild_id >> 22) % 2 is 0, then 1.
G0, G1 = 4 << 22, 5 << 22
A, B = 101, 102
RULES = HouseRules(turn_seconds=30)


def keeper(store: Store, clock: Clock, owner: str, shards: Shards | None = None) -> LeaseKeeper:
    service = TableService(store, clock=clock)
    return LeaseKeeper(
        store, service, shards=shards or Shards(), clock=clock, terms=TERMS, owner=owner
    )


async def open_and_deal(k: LeaseKeeper, guild: int) -> None:
    await k.service.seats.open_table(guild, 10, A, RULES, 100)
    await k.service.seats.join(guild, 10, B, 100)
    await k.service.hands.deal(guild, 10, button=0)


def test_a_guild_is_on_discords_shard_and_a_process_owns_its_shards_only() -> None:
    assert [shard_of(g, 2) for g in (G0, G1)] == [0, 1]
    assert shard_of(G1, 3) == 5 % 3
    assert Shards(count=2, ids=(1,)).owns(G1) and not Shards(count=2, ids=(1,)).owns(G0)
    assert Shards().owns(G0) and Shards(count=2).owns(G0)  # unsharded / every shard here
    with pytest.raises(ValueError):
        shard_of(G0, 0)
    with pytest.raises(ValueError):
        LeaseTerms(ttl=10.0, renew_every=10.0)


def test_a_lease_is_granted_free_ours_or_expired_and_a_lost_table_is_dropped() -> None:
    lease = Lease(table_id="t", owner="a", epoch=1, expires_at=50.0)
    assert judge(None, owner="b", now=0).granted
    assert judge(lease, owner="b", now=49.9) is Verdict.HELD
    assert judge(lease, owner="b", now=50.0) is Verdict.EXPIRED
    assert judge(lease, owner="a", now=99.0) is Verdict.OURS
    todo = plan(
        open_tables={"x": G0, "y": G0, "new": G0, "theirs": G1},
        live={"x", "y", "new"},
        held={"x", "y"},
        renewed={"x"},
        shards=Shards(count=2, ids=(0,)),
    )
    assert todo.drop == ("y",) and todo.claim == ("new",)


async def test_one_owner_at_a_time_and_the_epoch_moves_with_the_owner(open_as: Opener) -> None:
    one, two = await open_as("a"), await open_as("b")
    await one.save_table("t", guild_id=G0, channel_id=1, state={}, now=0)
    (got,) = await leases.claim(one, ["t"], owner="a", now=100.0, ttl=30.0)
    assert (got.owner, got.epoch, got.expires_at) == ("a", 1, 130.0)
    assert await leases.claim(two, ["t"], owner="b", now=129.0, ttl=30.0) == []
    assert await leases.renew(one, owner="a", now=120.0, ttl=30.0) == {"t"}
    assert await leases.claim(two, ["t"], owner="b", now=149.9, ttl=30.0) == []
    (taken,) = await leases.claim(two, ["t"], owner="b", now=150.0, ttl=30.0)
    assert (taken.owner, taken.epoch) == ("b", 2)
    assert await leases.renew(one, owner="a", now=151.0, ttl=30.0) == set()  # lost
    (again,) = await leases.claim(two, ["t"], owner="b", now=160.0, ttl=30.0)
    assert again.epoch == 2  # renewing one's own lease keeps the epoch
    assert await leases.release(two, owner="b", now=161.0) == 1
    (back,) = await leases.claim(one, ["t"], owner="a", now=161.0, ttl=30.0)
    assert (back.owner, back.epoch) == ("a", 3)


async def test_a_dead_owners_table_moves_on_and_its_late_writes_are_fenced(
    open_as: Opener,
) -> None:
    clock = Clock()
    first = keeper(await open_as("first"), clock, "first")
    second = keeper(await open_as("second"), clock, "second", Shards(count=2, ids=(0,)))
    assert await first.start() == []
    await open_and_deal(first, G0)
    await open_and_deal(first, G1)
    mine, other = table_id_for(G0, 10), table_id_for(G1, 10)
    await first.tick()  # tables just opened are claimed
    assert {(x.table_id, x.owner) for x in await leases.leases(second.store)} == {
        (mine, "first"),
        (other, "first"),
    }
    # A live owner keeps its tables: the second process restores nothing.
    assert await second.start() == [] and second.service.tables.table_ids() == []
    await first.service.hands.act(G0, 10, A, "call")
    clock.now += 20
    assert (await first.tick()).renewed == 2
    clock.now += 20
    assert (await second.tick()).restored == ()  # renewed 20 s ago: still held

    # The first process stops renewing (it died, or hangs): after the expiry the second takes
    # the table of its own shard over, rebuilt from the store, and leaves the other alone.
    clock.now += 31
    taken = await second.tick()
    assert taken.restored == (mine,) and second.service.tables.table_ids() == [mine]
    turn = second.service.tables.state(mine).turn
    assert turn is not None and turn.member == B

    # The first process wakes up: whatever it writes for that table is refused.
    with pytest.raises(HandStateError, match="lease lost"):
        await first.service.hands.act(G0, 10, B, "check")
    hand = turn.hand_id
    assert len((await second.store.load_hand(hand)).actions) == 1
    await second.service.hands.act(G0, 10, B, "check")
    assert len((await second.store.load_hand(hand)).actions) == 2
    dropped = await first.tick()
    assert dropped.dropped == (mine,) and first.service.tables.table_ids() == [other]
    by_table = {x.table_id: x for x in await leases.leases(first.store)}
    assert (by_table[mine].owner, by_table[mine].epoch) == ("second", 2)
    assert by_table[other].owner == "first"  # renewed again by its live owner


async def test_a_clean_shutdown_hands_the_tables_over_at_once(open_as: Opener) -> None:
    clock = Clock()
    first = keeper(await open_as("first"), clock, "first")
    await first.start()
    await open_and_deal(first, G0)
    await first.tick()
    await first.release()
    second = keeper(await open_as("second"), clock, "second")
    restored = await second.start()
    assert [o.table_id for o in restored] == [table_id_for(G0, 10)]
    with pytest.raises(HandStateError, match="lease lost"):
        await first.service.hands.act(G0, 10, A, "call")


async def test_a_process_restores_only_its_shards_tables_and_each_only_once(store: Store) -> None:
    clock = Clock()
    opener = TableService(store, clock=clock)
    for guild in (G0, G1):
        await opener.seats.open_table(guild, 10, A, RULES, 100)
    service = TableService(store, clock=clock)
    shard = Shards(count=2, ids=(1,))
    first = await service.tables.restore(owns=lambda record: shard.owns(record.guild_id))
    assert [o.table_id for o in first] == [table_id_for(G1, 10)]
    later = await service.tables.restore()
    assert [o.table_id for o in later] == [table_id_for(G0, 10)]
    assert service.tables.table_ids() == sorted([table_id_for(G0, 10), table_id_for(G1, 10)])


async def test_a_postgresql_store_opened_without_its_owner_refuses_to_be_fenced() -> None:
    url = await new_database()
    plain = await Store.open(url)
    try:
        with pytest.raises(RuntimeError, match="fenced_target"):
            await leases.install_fence(plain, "first")
    finally:
        await plain.close()
    fenced = await Store.open(leases.fenced_target(url, "first"))
    try:
        await leases.install_fence(fenced, "first")  # the session carries the owner
    finally:
        await fenced.close()


async def test_the_timer_renews_on_time_while_tables_keep_opening(store: Store) -> None:
    clock = Clock()
    quick = LeaseKeeper(
        store, TableService(store, clock=clock), shards=Shards(), clock=clock,
        terms=LeaseTerms(ttl=0.6, renew_every=0.1), owner="first",
    )  # fmt: skip
    await quick.start()
    rounds = 0
    tick = quick.tick

    async def counted() -> object:
        nonlocal rounds
        rounds += 1
        return await tick()

    quick.tick = counted  # type: ignore[method-assign]
    timer = asyncio.get_running_loop().create_task(quick.run())
    try:
        for channel in range(25):  # a table opened every 20 ms: each wakes the timer
            await quick.service.seats.open_table(G0, channel, A + channel, RULES, 100)
            await asyncio.sleep(0.02)
    finally:
        timer.cancel()
    assert rounds >= 3, rounds
    assert len(quick.held) >= 20  # and the tables opened were claimed as they came
