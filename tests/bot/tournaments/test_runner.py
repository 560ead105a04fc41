"""An event through the real live-table service and store, without Discord: fourteen computer
players on three tables play to a winner, the tables break and balance by the director's
decisions, every input is written, the chips are conserved, and a runner that stops in the
middle (a crash) is picked up from the store and plays on to the same kind of end.

The table loop's part (asking to deal after each hand) is played by a listener here.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.computers import Level
from bot.guilds.service import GuildService
from bot.present.event import results_text
from bot.store.errors import InsufficientChips, MemberSeated, StoreUnavailable
from bot.store.store import Store
from bot.tables.computers import ComputerPlayers, computer_member
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService
from bot.tournaments import runner as runner_module
from bot.tournaments.codec import input_from_dict
from bot.tournaments.errors import NoEvent
from bot.tournaments.host import EventInfo
from bot.tournaments.service import Tournaments
from bot.tournaments.structure import standard_levels
from bot.tournaments.view import event_view
from engine import CARDS
from engine.tournament import (
    Break,
    BreakEnded,
    Clock,
    Decision,
    EventConfig,
    HandDealt,
    HandForHand,
    HandHeld,
    HoldReason,
    PlaceFinished,
    PlayerMoved,
    TableBroken,
    replay,
)
from engine.tournament.config import PayoutStructure
from tests.bot.conftest import Clock as ManualClock

GUILD, CHANNEL = 7, 70


def _decks(seed: int) -> Callable[[], list[int]]:
    rng = random.Random(seed)

    def source() -> list[int]:
        deck: list[int] = list(CARDS)
        rng.shuffle(deck)
        return deck

    return source


@dataclass
class FakeHost:
    """Threads numbered from 1000; every call recorded."""

    next_thread: int = 1000
    calls: list[tuple[str, object]] = field(default_factory=list)

    async def open_thread(self, event: EventInfo, number: int) -> int:
        self.next_thread += 1
        self.calls.append(("open", number))
        return self.next_thread

    async def close_thread(self, event: EventInfo, number: int, thread_id: int) -> None:
        self.calls.append(("close", number))

    async def seated(
        self, event: EventInfo, number: int, thread_id: int, players: tuple[str, ...]
    ) -> None:
        self.calls.append(("seated", (number, players)))

    async def moved(self, event: EventInfo, moves: tuple[PlayerMoved, ...], thread_id: int) -> None:
        self.calls.append(("moved", moves))

    async def remind(self, event: EventInfo, members: tuple[str, ...], starts_at: float) -> None:
        self.calls.append(("remind", (members, starts_at)))

    async def ruled(self, event: EventInfo, ruling: object, thread_id: int) -> None:
        self.calls.append(("ruled", (ruling, thread_id)))

    async def changed(self, event: EventInfo, *, now: bool = False) -> None:
        pass

    async def finished(self, event: EventInfo) -> None:
        self.calls.append(("finished", event.event_id))


def _config() -> EventConfig:
    return EventConfig(
        seats_per_table=5, starting_chips=400, levels=standard_levels(40, 3), clock=Clock.HANDS,
        buy_in=10, payouts=(50, 30, 20), structure=PayoutStructure.STANDARD, seed="t",
    )  # fmt: skip


def _setup(store: Store, host: FakeHost, clock: ManualClock) -> tuple[TableService, Tournaments]:
    service = TableService(store, clock=clock, deck_source=_decks(5), rng=random.Random(5))
    events = Tournaments(store, service, host, clock=clock, first_deal_pause=0)
    service.tables.subscribe(events.receive)
    computers = ComputerPlayers(service.hands, service.computers.view_of, pause=0)
    service.tables.subscribe(computers.receive)

    def deal_next(outcome: Outcome) -> None:  # the table loop's part
        state = outcome.state
        if outcome.hand_over and not outcome.closed:
            asyncio.get_running_loop().call_soon(events.wants_deal, state)

    service.tables.subscribe(deal_next)
    return service, events


async def _until(
    check: Callable[[], bool], limit: float = 60.0, why: Callable[[], object] = lambda: ""
) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():
        assert loop.time() < end, f"the event did not get there in time: {why()}"
        await asyncio.sleep(0.01)


def _stuck(runner: object, service: TableService) -> object:
    state = runner.state  # type: ignore[attr-defined]
    tables = {n: (t.count, t.in_hand, t.hands) for n, t in state.tables.items()}
    live = {
        t: (service.tables.state(t).in_hand, service.tables.state(t).hands_played)
        for t in service.tables.table_ids()
    }
    return (runner.summary(), tables, sorted(state.ready), live, runner.decisions[-6:])  # type: ignore[attr-defined]


async def test_fourteen_computers_play_an_event_to_its_winner_and_resume_after_a_crash(
    database: str,
) -> None:
    """On SQLite and on PostgreSQL."""
    store = await Store.open(database)
    try:
        await _fourteen_computers(store)
    finally:
        await store.close()


async def _fourteen_computers(store: Store) -> None:
    clock = ManualClock()
    host = FakeHost()
    service, events = _setup(store, host, clock)
    players = [(str(computer_member(Level.NORMAL, k)), f"cpu{k}") for k in range(1, 15)]
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Friday", config=_config(),
        settings={"practice": True}, computers=players,
    )  # fmt: skip
    event_id = runner.info.event_id
    await events.start(event_id)  # acknowledged once written; the tables open after
    await _until(lambda: len([c for c in host.calls if c[0] == "seated"]) == 3)
    assert sorted(n for kind, n in host.calls if kind == "open") == [1, 2, 3]
    assert {len(t.players) for t in runner.state.tables.values()} == {4, 5}

    # A crash right after the input that breaks a table is written, before anything is done
    # about it: the runner stops dead there (its process is gone), memory of the event too.
    dead = asyncio.Event()
    act = runner._act

    async def crash(taken: Sequence[Decision]) -> None:
        if any(isinstance(d, TableBroken) for d in taken):
            dead.set()
            await asyncio.Event().wait()
        await act(taken)

    runner._act = crash  # type: ignore[method-assign]
    await asyncio.wait_for(dead.wait(), 60)
    await runner.stop()
    events.runners.clear()
    resumed = await events.restore()
    assert resumed == [event_id]
    runner = events.runners[event_id]
    await _until(lambda: runner.closed, 120, lambda: _stuck(runner, service))

    record = await store.events.load(event_id)
    assert record is not None and record.status == "finished"
    # The store's inputs alone rebuild the same event.
    state, decisions = replay(_config(), [input_from_dict(r.data) for r in record.inputs])
    assert state.places == runner.state.places
    places = [d for d in decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 15))
    paid = sorted((d.best, sum(d.prizes)) for d in places if sum(d.prizes))
    assert [best for best, _ in paid] == [1, 2, 3] and sum(s for _, s in paid) == 140
    # Every table closed, every thread closed, nothing left open.
    assert service.tables.table_ids() == []
    assert sorted(n for kind, n in host.calls if kind == "close") == sorted(
        n for kind, n in host.calls if kind == "open"
    )
    # The event message's view: the winner, every place, the three prizes of the 140 pool.
    view = event_view(runner)
    assert view.status == "finished" and view.winner is not None and view.pool == 140
    assert sum(p.worst - p.best + 1 for p in view.places) == 14 and view.players_left == 1
    assert view.prizes == (70, 42, 28) and view.winner in results_text("en", view)
    # Every hand's PHH names the event, its table and its level (the spec's optional fields).
    first = await store.export_phh(1)
    assert 'event = "Friday (#1)"' in first and "level = 1" in first, first
    assert re.search(r"^table = [123]$", first, re.M), first
    # and its PokerStars text: the tournament's number, the buy-in in points, level and table
    stars = await store.export_phh(1, pokerstars=True)
    head = r"^PokerStars Hand #1: Tournament #1, 10\+0 Hold'em No Limit - Level I \(\d+/\d+\) - "
    assert re.search(head, stars) and re.search(r"^Table '1 [123]' ", stars, re.M), stars
    # /holdem history tournament:1 exports every hand of it, in both formats, oldest first
    files = await GuildService(store, service.tables, clock=clock).hand_files(
        GUILD, 0, event=event_id, name_of=str
    )
    refs = await store.events.hand_refs(event_id)
    assert files.hands == len([r for r in refs if r.startswith("hand:")]) > 14
    assert files.pokerstars.count("PokerStars Hand #") == files.hands
    assert files.phh.count("# hand ") == files.hands
    other = await GuildService(store, service.tables, clock=clock).hand_files(
        GUILD + 1, 0, event=event_id, name_of=str
    )
    assert other.hands == 0  # another server's member gets nothing of it
    # Players were moved to balance the tables; a computer moved is pinged by nobody.
    assert any(isinstance(d, PlayerMoved) for d in runner.decisions)
    assert [m for kind, m in host.calls if kind == "moved"] == []


async def test_an_event_plays_on_through_database_outages_losing_no_hand(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database refuses every third write of a table's report and every fourth deal:
    each report is written when it comes back, each decision carried out later, and the
    event ends with every place given, as without the outages."""
    clock = ManualClock()
    host = FakeHost()
    service, events = _setup(store, host, clock)
    monkeypatch.setattr(runner_module, "UNREACHABLE_PAUSE", 0.01)
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.05)
    players = [(str(computer_member(Level.NORMAL, k)), f"cpu{k}") for k in range(1, 11)]
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Stormy", config=_config(),
        settings={"practice": True}, computers=players,
    )  # fmt: skip
    append, deal = store.events.append, service.events.deal
    refused = {"append": 0, "deal": 0}
    calls = {"append": 0, "deal": 0}

    async def flaky_append(event_id: int, seq: int, data: Any, **kw: Any) -> None:
        calls["append"] += 1
        if data["kind"] == "hand-finished" and calls["append"] % 3 == 0:
            refused["append"] += 1
            raise StoreUnavailable("the database went away")
        await append(event_id, seq, data, **kw)

    async def flaky_deal(table_id: str, dealt: Any) -> Any:
        calls["deal"] += 1
        if calls["deal"] % 4 == 0:
            refused["deal"] += 1
            raise StoreUnavailable("the database went away")
        return await deal(table_id, dealt)

    monkeypatch.setattr(store.events, "append", flaky_append)
    monkeypatch.setattr(service.events, "deal", flaky_deal)
    await events.start(runner.info.event_id)
    await _until(lambda: runner.closed, 120, lambda: _stuck(runner, service))
    assert refused["append"] > 0 and refused["deal"] > 0
    places = [d for d in runner.decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 11))
    assert service.tables.table_ids() == []


async def test_a_break_holds_every_table_and_a_late_entry_is_seated_and_plays(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels of a minute with a minute's break after the first, late registration to the
    end of level 1: a member who registers after the start pays the buy-in and is seated;
    at the break every table stops dealing, after it they all deal again, and the event ends
    with every entry placed."""
    clock = ManualClock()
    host = FakeHost()
    service, events = _setup(store, host, clock)
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.02)
    member = 412_345_678_901_234_567
    await store.ensure_wallet(GUILD, member, starting_grant=100, now=clock.now)
    players = [(str(computer_member(Level.NORMAL, k)), f"cpu{k}") for k in range(1, 9)]
    config = EventConfig(
        seats_per_table=5, starting_chips=400, levels=standard_levels(40, 1),
        breaks=(Break(after_level=1, minutes=1),), late_registration_until=1, buy_in=10,
        seed="late",
    )  # fmt: skip
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Late", config=config, settings={},
        computers=players,
    )  # fmt: skip
    await events.start(runner.info.event_id)
    await _until(lambda: len(service.tables.table_ids()) == 2)

    def larry_plays(outcome: Outcome) -> None:  # he checks or folds, at once
        turn = outcome.state.turn
        if turn is None or turn.member != member:
            return
        kind = "check" if turn.legal.can_check else "fold"
        guild, channel = (int(x) for x in outcome.table_id.split(":"))
        asyncio.get_running_loop().create_task(
            service.hands.act(guild, channel, member, kind, hand_id=turn.hand_id, seq=turn.seq)
        )

    service.tables.subscribe(larry_plays)
    await events.register(runner.info.event_id, member, "Late Larry")
    assert await store.balance(GUILD, member) == 90  # the buy-in, a ledger row
    await _until(lambda: runner.state.table_of(str(member)) is not None)
    clock.now += 61  # into the break
    await _until(lambda: runner.state.on_break)
    await _until(lambda: not any(t.in_hand for t in runner.state.tables.values()))
    held = {d.table for d in runner.decisions if isinstance(d, HandHeld)}
    assert held, "no table was held for the break"
    hands = sum(t.hands for t in runner.state.tables.values())
    await asyncio.sleep(0.2)
    assert sum(t.hands for t in runner.state.tables.values()) == hands  # nothing dealt
    clock.now += 60  # the break ends: every table deals again
    await _until(lambda: runner.closed, 120, lambda: _stuck(runner, service))
    assert any(isinstance(d, BreakEnded) for d in runner.decisions)
    places = [d for d in runner.decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 10))
    assert not runner.state.registration_open


async def test_a_break_after_levels_by_hands_holds_every_table_through_a_restart(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels of two hands, a minute's break after level 2: the level ends once the busiest
    table has dealt its fourth hand, no table deals during the break, whose minute runs
    from the clock's reading at its start; the bot stops 20 seconds into it and is down for
    1000 seconds, and after the restart the break ends 40 seconds of play later (where it
    stood, the downtime not counted); every table deals level 3 and the event ends."""
    clock = ManualClock()
    service, events = _setup(store, FakeHost(), clock)
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.02)
    players = [(str(computer_member(Level.NORMAL, k)), f"cpu{k}") for k in range(1, 13)]
    config = EventConfig(
        seats_per_table=6, starting_chips=2000, levels=standard_levels(40, 2), clock=Clock.HANDS,
        breaks=(Break(after_level=2, minutes=1),), seed="hands",
    )  # fmt: skip
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Hands", config=config,
        settings={"practice": True}, computers=players,
    )  # fmt: skip
    event_id = runner.info.event_id
    await events.start(event_id)
    await _until(lambda: runner.state.on_break, 60, lambda: _stuck(runner, service))
    await _until(lambda: runner.state.break_until is not None)  # read at once, not in 5 s
    until = runner.state.break_until
    assert runner.state.level == 2 and until == runner.seconds() + 60
    await _until(lambda: not any(t.in_hand for t in runner.state.tables.values()))
    hands = {n: t.hands for n, t in runner.state.tables.items()}
    assert max(hands.values()) == 4 and len(hands) == 2
    clock.now += 20
    await _until(lambda: runner.event_clock.written >= until - 40)
    await asyncio.sleep(0.2)
    assert {n: t.hands for n, t in runner.state.tables.items()} == hands  # nothing dealt
    assert {d.reason for d in runner.decisions if isinstance(d, HandHeld)} == {HoldReason.ON_BREAK}
    await runner.stop()
    events.runners.clear()
    clock.now += 1000  # down
    assert await events.restore() == [event_id]
    runner = events.runners[event_id]
    clock.now += 39
    await _until(lambda: runner.event_clock.written >= until - 1)
    assert runner.state.on_break and runner.state.break_until == until
    clock.now += 1
    await _until(lambda: runner.closed, 120, lambda: _stuck(runner, service))
    assert sum(isinstance(d, BreakEnded) for d in runner.decisions) == 1
    dealt = [d for d in runner.decisions if isinstance(d, HandDealt) and d.level == 3]
    assert {d.table for d in dealt} >= set(hands)  # every table dealt again after it
    places = [d for d in runner.decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 13))


async def test_the_minutes_clock_resumes_where_it_was_written_not_counting_the_downtime(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels of one minute. 70 seconds into play (level 2) the runner dies; the bot stays
    down for 1000 seconds; after the restart the event's clock reads its last written
    reading plus the time since the restart, so the level is still 2, not 17."""
    clock = ManualClock()
    host = FakeHost()
    service, events = _setup(store, host, clock)
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.01)
    members = [(str(412_345_678_901_234_500 + k), f"m{k}") for k in range(4)]
    config = EventConfig(
        seats_per_table=4, starting_chips=1000, levels=standard_levels(20, 1), seed="clock"
    )
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Clock", config=config,
        settings={"practice": True}, computers=members,  # members who never act
    )  # fmt: skip
    event_id = runner.info.event_id
    await events.start(event_id)
    await _until(lambda: len(service.tables.table_ids()) == 1)
    clock.now += 70
    await _until(lambda: runner.state.level == 2)
    await _until(lambda: runner.event_clock.written >= 70)
    written = runner.event_clock.written
    await runner.stop()
    events.runners.clear()
    clock.now += 1000  # down
    assert await events.restore() == [event_id]
    runner = events.runners[event_id]
    clock.now += 20
    assert runner.seconds() == written + 20
    await _until(lambda: runner.event_clock.written >= written + 20)
    assert runner.state.level == 2 and runner.state.seconds < written + 21
    record = await store.events.load(event_id)
    assert record is not None
    readings = [r.data["seconds"] for r in record.inputs if r.data["kind"] == "clock"]
    assert readings == sorted(readings) and max(readings) < 120  # never near 1,070 s
    await runner.stop()


async def test_a_cancelled_event_refunds_every_buy_in(store: Store) -> None:
    """Two members pay 25 each to register; the event is cancelled before it starts: both
    buy-ins come back as refund rows, the event is cancelled, its results posted, and no
    command reaches it any more. A member who cannot pay is refused and nothing is written."""
    clock = ManualClock()
    host = FakeHost()
    _, events = _setup(store, host, clock)
    ann, bo, cy = 412_345_678_901_234_601, 412_345_678_901_234_602, 412_345_678_901_234_603
    for member, grant in ((ann, 100), (bo, 100), (cy, 10)):
        await store.ensure_wallet(GUILD, member, starting_grant=grant, now=clock.now)
    config = EventConfig(seats_per_table=6, starting_chips=500, buy_in=25, seed="off")
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Off", config=config, settings={}
    )
    event_id = runner.info.event_id
    await events.register(event_id, ann, "Ann")
    await events.register(event_id, bo, "Bo")
    with pytest.raises(InsufficientChips):
        await events.register(event_id, cy, "Cy")
    assert runner.state.registered == (str(ann), str(bo))
    assert [await store.balance(GUILD, m) for m in (ann, bo, cy)] == [75, 75, 10]
    with pytest.raises(MemberSeated) as refused:  # in an open event: removed once it is over
        await store.erase_member(GUILD, ann, now=clock.now)
    assert refused.value.event
    await events.cancel(event_id)
    assert [await store.balance(GUILD, m) for m in (ann, bo)] == [100, 100]
    record = await store.events.load(event_id)
    assert record is not None and record.status == "cancelled"
    assert ("finished", event_id) in host.calls
    assert await store.audit(GUILD) == []
    with pytest.raises(NoEvent):
        await events.register(event_id, ann, "Ann")
    # Over: the member's data removal renames them in the event's log and settings too.
    erased = await store.erase_member(GUILD, ann, now=clock.now)
    record = await store.events.load(event_id)
    assert record is not None and erased.anonymous_id is not None
    assert str(ann) not in json.dumps([record.settings, *(i.data for i in record.inputs)])
    assert str(erased.anonymous_id) in json.dumps([i.data for i in record.inputs])


async def test_an_event_plays_through_hand_for_hand_on_the_bubble_to_its_winner(
    store: Store,
) -> None:
    """Tables of three, twelve computers, three paid: with four left on two tables the
    director starts hand-for-hand play, the runner plays it out (which table waits depends
    on which hand ends first) and the event goes on past the bubble to its winner, every
    place given once and the prizes adding up to the pool."""
    clock = ManualClock()
    host = FakeHost()
    service, events = _setup(store, host, clock)
    players = [(str(computer_member(Level.NORMAL, k)), f"cpu{k}") for k in range(1, 13)]
    config = EventConfig(
        seats_per_table=3, starting_chips=400, levels=standard_levels(40, 4),
        clock=Clock.HANDS, buy_in=10, seed="bubble",
    )  # fmt: skip
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Bubble", config=config,
        settings={"practice": True}, computers=players,
    )  # fmt: skip
    await events.start(runner.info.event_id)
    await _until(lambda: runner.closed, 120, lambda: _stuck(runner, service))
    started = [d for d in runner.decisions if isinstance(d, HandForHand) and d.on]
    assert started, "the bubble never came with two tables left"
    stopped = [d for d in runner.decisions if isinstance(d, HandForHand) and not d.on]
    assert stopped and runner.decisions.index(stopped[0]) > runner.decisions.index(started[0])
    places = [d for d in runner.decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 13))
    assert sum(sum(d.prizes) for d in places) == 120
