"""Tournaments in the store (migration 10, bot.store.events), on both backends: an event and
its log of director inputs round-trip; an input is written only as the next of its log, with
its wallet moves and the event's new status in the same transaction or not at all; the event's
lease fences its writes; the ledger's new reasons arrive without disturbing the rows before
them; the copy to PostgreSQL carries events over."""

from __future__ import annotations

import asyncio
import doctest
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

import bot.store.events
import bot.store.migrations
from bot.guilds.wallets import Reason
from bot.store import leases
from bot.store.backend import ConstraintViolation
from bot.store.errors import EventConflict, HandStateError, InsufficientChips, LeaseLost
from bot.store.events import lease_key
from bot.store.migrations import MIGRATIONS
from bot.store.records import EventInput, WalletMove
from bot.store.sqlite_to_postgres import migrate_to_postgres
from bot.store.store import Store
from tests.postgres import new_database

GUILD, CHANNEL, ALICE, BOB = 1, 50, 101, 102
CONFIG = {"seats": 6, "chips": 1500, "levels": [[10, 20, 0, 15]]}

Opener = Callable[[str], Awaitable[Store]]


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture), with two members' wallets."""
    s = await Store.open(database)
    for member in (ALICE, BOB):
        await s.ensure_wallet(GUILD, member, starting_grant=500, now=0.0)
    yield s
    await s.close()


@pytest.fixture
async def open_as(database: str) -> AsyncIterator[Opener]:
    """Open ``database`` as the process ``owner``, its writes fenced by its leases."""
    opened: list[Store] = []

    async def opener(owner: str) -> Store:
        s = await Store.open(leases.fenced_target(database, owner), exclusive=False)
        opened.append(s)
        await leases.install_fence(s, owner)
        return s

    yield opener
    for s in reversed(opened):
        await s.close()


async def new_event(store: Store, *, guild_id: int = GUILD, name: str = "Friday") -> int:
    return await store.events.create(
        guild_id=guild_id, channel_id=CHANNEL, name=name, config=CONFIG,
        settings={"practice": False, "threads": {}}, now=10.0,
    )  # fmt: skip


def entry(user_id: int, amount: int = 100) -> WalletMove:
    return WalletMove(user_id=user_id, delta=-amount, reason=Reason.ENTRY)


# ------------------------------------------------------------------ the rows


def test_the_lease_key_example_holds() -> None:
    assert doctest.testmod(bot.store.events).failed == 0


async def test_an_event_and_its_log_round_trip(store: Store) -> None:
    event_id = await new_event(store)
    created = await store.events.load(event_id)
    assert created is not None
    assert (created.guild_id, created.channel_id, created.name) == (GUILD, CHANNEL, "Friday")
    assert created.config == CONFIG and created.settings == {"practice": False, "threads": {}}
    assert (created.status, created.message_id, created.inputs) == ("registering", None, ())

    await store.events.append(event_id, 0, {"kind": "register", "player": "101"}, now=11.0)
    await store.events.append(
        event_id, 1, {"kind": "hand_finished", "stacks": [1, 2]}, now=12.0, ref="hand:9",
        status="running", settings={"practice": False, "threads": {"1": 900}},
    )  # fmt: skip
    await store.events.update(event_id, now=13.0, message_id=777)

    loaded = await store.events.load(event_id)
    assert loaded is not None
    assert loaded.inputs == (
        EventInput(seq=0, data={"kind": "register", "player": "101"}, ref=None, created_at=11.0),
        EventInput(
            seq=1, data={"kind": "hand_finished", "stacks": [1, 2]}, ref="hand:9", created_at=12.0
        ),
    )
    assert (loaded.status, loaded.message_id, loaded.updated_at) == ("running", 777, 13.0)
    assert loaded.settings == {"practice": False, "threads": {"1": 900}}  # kept by the update
    assert await store.events.hand_refs(event_id) == {"hand:9"}
    assert await store.events.load(event_id + 1) is None


async def test_open_events_come_with_their_logs_and_a_guilds_list_without(store: Store) -> None:
    first = await new_event(store, name="first")
    done = await new_event(store, name="done")
    other_guild = await new_event(store, guild_id=GUILD + 1, name="elsewhere")
    last = await new_event(store, name="last")
    await store.events.append(first, 0, {"n": 0}, now=11.0)
    await store.events.append(first, 1, {"n": 1}, now=11.0, status="running")
    await store.events.append(done, 0, {"n": 0}, now=11.0)
    await store.events.update(done, now=12.0, status="finished")

    opened = await store.events.open()
    assert [e.event_id for e in opened] == [first, other_guild, last]
    assert [[i.data for i in e.inputs] for e in opened] == [[{"n": 0}, {"n": 1}], [], []]
    assert opened[0].status == "running"

    listed = await store.events.of_guild(GUILD)
    assert [e.event_id for e in listed] == [last, done, first]  # newest first
    assert all(e.inputs == () for e in listed)
    assert [e.event_id for e in await store.events.of_guild(GUILD, limit=1)] == [last]


async def test_an_unknown_event_or_status_is_refused(store: Store) -> None:
    with pytest.raises(HandStateError, match="no event 5"):
        await store.events.append(5, 0, {}, now=1.0)
    with pytest.raises(HandStateError, match="no event 5"):
        await store.events.update(5, now=1.0, status="finished")
    event_id = await new_event(store)
    with pytest.raises(ValueError, match="status"):
        await store.events.update(event_id, now=1.0, status="paused")


# ------------------------------------------------------------------ the log's one writer


async def test_an_input_numbered_as_one_written_or_past_the_next_writes_nothing(
    store: Store,
) -> None:
    event_id = await new_event(store)
    await store.events.append(event_id, 0, {"n": "first"}, now=11.0)
    with pytest.raises(EventConflict) as taken:
        await store.events.append(
            event_id, 0, {"n": "second"}, now=12.0, moves=[entry(ALICE)], status="running"
        )
    assert (taken.value.seq, taken.value.expected) == (0, 1)
    with pytest.raises(EventConflict) as gap:
        await store.events.append(event_id, 2, {"n": "gap"}, now=12.0)
    assert (gap.value.seq, gap.value.expected) == (2, 1)

    loaded = await store.events.load(event_id)
    assert loaded is not None
    assert [i.data for i in loaded.inputs] == [{"n": "first"}]
    assert (loaded.status, loaded.updated_at) == ("registering", 11.0)
    assert await store.balance(GUILD, ALICE) == 500  # the refused input's entry went back


async def test_of_two_writers_racing_for_one_number_exactly_one_wins(database: str) -> None:
    """Two stores on one database (two processes on PostgreSQL; two connections on SQLite)."""
    one = await Store.open(database, exclusive=False)
    two = await Store.open(database, exclusive=False)
    try:
        await one.ensure_wallet(GUILD, ALICE, starting_grant=500, now=0.0)
        event_id = await new_event(one)
        await one.events.append(event_id, 0, {"n": 0}, now=11.0)
        results = await asyncio.gather(
            *(
                s.events.append(event_id, 1, {"by": by}, now=12.0, moves=[entry(ALICE)])
                for by, s in (("one", one), ("two", two))
            ),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["EventConflict", "NoneType"]
        loaded = await two.events.load(event_id)
        assert loaded is not None and len(loaded.inputs) == 2
        assert await two.balance(GUILD, ALICE) == 400  # one entry paid, not two
        assert await two.audit() == []
    finally:
        await one.close()
        await two.close()


# ------------------------------------------------------------------ wallets with the input


async def test_an_inputs_moves_are_ledger_rows_of_the_events_guild(store: Store) -> None:
    event_id = await new_event(store)
    await store.events.append(event_id, 0, {}, now=11.0, moves=[entry(ALICE)])
    await store.events.append(
        event_id, 1, {}, now=12.0, moves=[entry(BOB), WalletMove(
            user_id=ALICE, delta=100, reason=Reason.REFUND)],
    )  # fmt: skip
    prize = WalletMove(
        user_id=BOB, delta=100, reason=Reason.PRIZE, ref=f"{lease_key(event_id)}:place:1"
    )
    await store.events.append(event_id, 2, {}, now=13.0, moves=[prize], status="finished")

    assert await store.ledger(GUILD, ALICE) == [
        (500, "grant", None),
        (-100, "entry", f"event:{event_id}"),
        (100, "refund", f"event:{event_id}"),
    ]
    assert await store.ledger(GUILD, BOB) == [
        (500, "grant", None),
        (-100, "entry", f"event:{event_id}"),
        (100, "prize", f"event:{event_id}:place:1"),
    ]
    assert await store.audit() == []


async def test_a_move_the_wallet_cannot_pay_leaves_no_input_and_no_other_move(
    store: Store,
) -> None:
    event_id = await new_event(store)
    with pytest.raises(InsufficientChips):
        await store.events.append(
            event_id, 0, {"kind": "register"}, now=11.0, ref="entry",
            moves=[entry(ALICE, 100), entry(BOB, 501)], status="running",
            settings={"threads": {"1": 5}},
        )  # fmt: skip
    loaded = await store.events.load(event_id)
    assert loaded is not None
    assert loaded.inputs == ()
    assert (loaded.status, loaded.settings["threads"]) == ("registering", {})
    assert (await store.balance(GUILD, ALICE), await store.balance(GUILD, BOB)) == (500, 500)
    assert len(await store.ledger(GUILD, ALICE)) == 1
    await store.events.append(event_id, 0, {"kind": "register"}, now=12.0)  # still next


# ------------------------------------------------------------------ the lease fence


async def test_only_the_process_its_lease_names_writes_an_event(open_as: Opener) -> None:
    first = await open_as("first")
    event_id = await new_event(first)
    await first.ensure_wallet(GUILD, ALICE, starting_grant=500, now=0.0)
    assert [lease.table_id for lease in await leases.claim(
        first, [lease_key(event_id)], owner="first", now=20.0, ttl=30.0
    )] == [f"event:{event_id}"]  # fmt: skip
    intruder = await open_as("intruder")

    with pytest.raises(LeaseLost):
        await intruder.events.append(
            event_id, 0, {"by": "intruder"}, now=21.0, moves=[entry(ALICE)]
        )
    with pytest.raises(LeaseLost):
        await intruder.events.update(event_id, now=21.0, status="running")
    with pytest.raises(ConstraintViolation, match="lease lost"):  # the log itself is fenced
        await intruder._execute(
            "INSERT INTO event_inputs (event_id, seq, table_id, data_json, created_at) "
            "VALUES (?, 0, ?, '{}', 21.0)",
            (event_id, lease_key(event_id)),
        )
    loaded = await intruder.events.load(event_id)
    assert loaded is not None and loaded.inputs == () and loaded.status == "registering"
    assert await intruder.balance(GUILD, ALICE) == 500

    await first.events.append(event_id, 0, {"by": "first"}, now=22.0, moves=[entry(ALICE)])
    await first.events.update(event_id, now=22.0, status="running")
    # The lease passes on (it expired): the old owner is fenced, the new one writes.
    await leases.claim(intruder, [lease_key(event_id)], owner="intruder", now=60.0, ttl=30.0)
    with pytest.raises(LeaseLost):
        await first.events.append(event_id, 1, {"by": "first"}, now=61.0)
    await intruder.events.append(event_id, 1, {"by": "intruder"}, now=61.0)
    loaded = await first.events.load(event_id)
    assert loaded is not None
    assert [i.data["by"] for i in loaded.inputs] == ["first", "intruder"]
    assert await first.audit() == []


# ------------------------------------------------------------------ migration 10


async def test_the_ledger_widens_keeping_every_row_and_id(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as before:
        up_to_9 = {v: steps for v, steps in MIGRATIONS.items() if v <= 9}
        before.setattr(bot.store.migrations, "MIGRATIONS", up_to_9)
        before.setattr(bot.store.migrations, "LATEST", 9)
        old = await Store.open(database)
        await old.ensure_wallet(GUILD, ALICE, starting_grant=500, now=0.0)
        await old.move(GUILD, ALICE, -50, Reason.BUY_IN, ref="table:x", now=1.0)
        await old.move(GUILD, ALICE, 20, Reason.CASH_OUT, ref="table:x", now=2.0)
        with pytest.raises(ConstraintViolation):  # a reason version 9 does not know
            await old.move(GUILD, ALICE, -1, Reason.ENTRY, now=3.0)
        rows = await old._read("SELECT * FROM ledger ORDER BY id")
        await old.close()
    new = await Store.open(database)
    try:
        assert await new.schema_version() == max(MIGRATIONS)
        assert [tuple(r) for r in await new._read("SELECT * FROM ledger ORDER BY id")] == [
            tuple(r) for r in rows
        ]
        await new.move(GUILD, ALICE, -100, Reason.ENTRY, ref="event:1", now=4.0)
        await new.move(GUILD, ALICE, 100, Reason.PRIZE, ref="event:1:place:1", now=5.0)
        ids = [int(r[0]) for r in await new._read("SELECT id FROM ledger ORDER BY id")]
        # The numbering goes on past the copied rows (PostgreSQL's sequence skips the id the
        # refused row took, SQLite's does not: either way, past the last and in order).
        assert ids[: len(rows)] == [int(r[0]) for r in rows]
        assert int(rows[-1][0]) < ids[-2] < ids[-1] and len(ids) == len(rows) + 2
        with pytest.raises(ConstraintViolation):  # the CHECK still holds for an unknown one
            await new._execute(
                "INSERT INTO ledger (guild_id, user_id, delta, reason, created_at) "
                "VALUES (?, ?, 0, 'bogus', 0)",
                (GUILD, ALICE),
            )
        assert await new.audit() == []
    finally:
        await new.close()


async def test_events_move_to_postgresql_with_their_ids(tmp_path: Path) -> None:
    source = await Store.open(str(tmp_path / "holdem.sqlite3"))
    target = await Store.open(await new_database())
    try:
        await source.ensure_wallet(GUILD, ALICE, starting_grant=500, now=0.0)
        first = await new_event(source, name="first")
        second = await new_event(source, name="second")
        await source.events.append(second, 0, {"n": 0}, now=11.0, moves=[entry(ALICE)])
        await source.events.append(second, 1, {"n": 1}, now=12.0, ref="hand:3")
        copied = await migrate_to_postgres(source, target)
        assert (copied.rows["events"], copied.rows["event_inputs"]) == (2, 2)
        for event_id in (first, second):
            assert await target.events.load(event_id) == await source.events.load(event_id)
        assert await new_event(target) == second + 1  # the ids go on past the copied ones
        await target.events.append(second, 2, {"n": 2}, now=13.0)
    finally:
        await source.close()
        await target.close()


async def test_a_members_events_are_those_whose_log_holds_their_registration(
    store: Store,
) -> None:
    first, second, elsewhere = (
        await new_event(store), await new_event(store), await new_event(store, guild_id=2),
    )  # fmt: skip
    await store.events.append(first, 0, {"kind": "registered", "player": str(ALICE)}, now=1.0)
    await store.events.append(first, 1, {"kind": "registered", "player": str(BOB)}, now=1.0)
    await store.events.append(second, 0, {"kind": "registered", "player": str(BOB)}, now=1.0)
    await store.events.append(second, 1, {"kind": "unregistered", "player": str(ALICE)}, now=1.0)
    await store.events.append(elsewhere, 0, {"kind": "registered", "player": str(ALICE)}, now=1.0)
    assert await store.events.of_member(GUILD, ALICE) == [first]
    assert await store.events.of_member(GUILD, BOB) == [second, first]
    assert await store.events.of_member(GUILD, BOB, limit=1) == [second]
    assert await store.events.of_member(2, BOB) == []


async def test_a_servers_saved_structures_by_name(store: Store) -> None:
    config = {"seats_per_table": 6, "levels": [[25, 50, 0, 15]]}
    assert await store.events.save_preset(GUILD, "Friday", config, by=ALICE, now=1.0)
    assert await store.events.save_preset(GUILD, "Deep", {"seats_per_table": 9}, by=BOB, now=2.0)
    assert await store.events.preset(GUILD, "Friday") == config
    assert await store.events.presets(GUILD) == ["Deep", "Friday"]
    assert await store.events.save_preset(GUILD, "Friday", {"seats_per_table": 8}, by=BOB, now=3.0)
    assert await store.events.preset(GUILD, "Friday") == {"seats_per_table": 8}  # replaced
    assert await store.events.preset(2, "Friday") is None and await store.events.presets(2) == []
    for k in range(23):
        assert await store.events.save_preset(GUILD, f"p{k:02}", {}, by=ALICE, now=4.0)
    assert not await store.events.save_preset(GUILD, "one too many", {}, by=ALICE, now=5.0)
    assert await store.events.save_preset(GUILD, "p00", {"n": 1}, by=ALICE, now=5.0)  # a rename
    assert len(await store.events.presets(GUILD)) == 25
