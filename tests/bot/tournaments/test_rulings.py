"""The director's tools through the real live-table service and store, without Discord:
an event of members paused (its clock standing across a restart) and resumed, a stack
corrected and a player removed between hands, then stopped and settled by chip count or by
refunds, every wallet point accounted for and the stored log replaying to the same state.

The members check or fold at once (a listener plays for them), so nobody busts by play and
every chip the event ends with is one the director's rulings left there.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.store.store import Store
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService
from bot.tournaments import runner as runner_module
from bot.tournaments.codec import input_from_dict
from bot.tournaments.runner import EventRunner
from bot.tournaments.service import Tournaments
from bot.tournaments.structure import standard_levels
from bot.tournaments.view import event_view
from engine.errors import SessionError
from engine.tournament import (
    CorrectStack,
    EventConfig,
    EventStopped,
    MovePlayer,
    MoveReason,
    PlaceFinished,
    PlayerMoved,
    PlayerRemoved,
    PlayPaused,
    Remove,
    Resume,
    Settlement,
    StackSet,
    Stop,
    replay,
)
from tests.bot.conftest import Clock as ManualClock

from .test_runner import CHANNEL, GUILD, FakeHost, _setup, _stuck, _until

MEMBERS = [412_345_678_901_235_000 + k for k in range(6)]
GRANT = 100
CONFIG = EventConfig(
    seats_per_table=3, starting_chips=500, levels=standard_levels(20, 1), buy_in=20,
    payouts=(70, 30), seed="rulings",
)  # fmt: skip


def _members_play(service: TableService) -> None:
    """Every member checks when they can and folds when they cannot, at once."""

    def play(outcome: Outcome) -> None:
        turn = outcome.state.turn
        if turn is None or turn.member not in MEMBERS:
            return
        kind = "check" if turn.legal.can_check else "fold"
        guild, channel = (int(x) for x in outcome.table_id.split(":"))
        asyncio.get_running_loop().create_task(
            service.hands.act(guild, channel, turn.member, kind, hand_id=turn.hand_id, seq=turn.seq)
        )

    service.tables.subscribe(play)


async def _event(
    store: Store, clock: ManualClock, host: FakeHost
) -> tuple[TableService, Tournaments, EventRunner]:
    service, events = _setup(store, host, clock)
    _members_play(service)
    for member in MEMBERS:
        await store.ensure_wallet(GUILD, member, starting_grant=GRANT, now=clock.now)
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Floor", config=CONFIG, settings={}
    )
    for member in MEMBERS:
        await events.register(runner.info.event_id, member, f"m{member % 10}")
    await events.start(runner.info.event_id)
    await _until(lambda: len(service.tables.table_ids()) == 2)
    await _until(lambda: sum(t.hands for t in runner.state.tables.values()) >= 2)
    return service, events, runner


def _between_hands(runner: EventRunner) -> bool:
    return not any(t.in_hand for t in runner.state.tables.values())


def _live_stack(service: TableService, runner: EventRunner, player: str) -> int | None:
    table = runner.state.table_of(player)
    table_id = None if table is None else runner.table_id(table.number)
    if table_id is None:
        return None
    seat = service.tables.state(table_id).seat_of(int(player))
    return None if seat is None else seat.stack


async def test_pause_across_a_restart_then_a_correction_a_removal_and_a_chip_count_stop(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.01)
    clock = ManualClock()
    host = FakeHost()
    service, events, runner = await _event(store, clock, host)
    event_id = runner.info.event_id

    # Paused: the hands in play end, no table deals, the clock stands, both threads told.
    await runner.pause()
    await _until(lambda: _between_hands(runner), 30, lambda: _stuck(runner, service))
    hands, seconds = sum(t.hands for t in runner.state.tables.values()), runner.seconds()
    told = [call for kind, call in host.calls if kind == "ruled"]
    assert len(told) == 2 and all(isinstance(c[0], PlayPaused) for c in told)  # type: ignore[index]
    clock.now += 600  # ten levels' worth of minutes
    await asyncio.sleep(0.1)
    assert sum(t.hands for t in runner.state.tables.values()) == hands
    assert runner.seconds() == seconds and runner.state.level == 1
    with pytest.raises(SessionError) as twice:
        await runner.pause()
    assert twice.value.code == "tournament_paused"

    # A restart while paused: still paused, the clock still standing.
    await runner.stop()
    events.runners.clear()
    assert await events.restore() == [event_id]
    runner = events.runners[event_id]
    clock.now += 300
    await asyncio.sleep(0.1)
    assert runner.state.paused and runner.seconds() == seconds
    assert sum(t.hands for t in runner.state.tables.values()) == hands

    # A correction and a removal between hands take effect at once, at the live table too.
    fixed, removed = str(MEMBERS[0]), str(MEMBERS[1])
    before = runner.state.chips[fixed]
    taken = await runner.submit(CorrectStack(player=fixed, chips=before + 250, reason="miscount"))
    assert [d.after for d in taken if isinstance(d, StackSet)] == [before + 250]
    await _until(lambda: _live_stack(service, runner, fixed) == before + 250)
    out = runner.state.chips[removed]
    taken = await runner.submit(Remove(player=removed, reason="collusion"))
    assert [d.chips for d in taken if isinstance(d, PlayerRemoved)] == [out]
    await _until(
        lambda: all(
            service.tables.state(t).seat_of(int(removed)) is None
            for t in service.tables.table_ids()
        )
    )
    assert sum(runner.state.chips.values()) == 6 * 500 + 250 - out

    # A move to the empty seat the removal left: the live tables follow, the player is told.
    short = min(runner.state.tables.values(), key=lambda t: t.count)
    full = max(runner.state.tables.values(), key=lambda t: t.count)
    mover, seat = full.players[0], short.empty_seats()[0]
    taken = await runner.submit(MovePlayer(player=mover, table=short.number, seat=seat))
    assert [(d.to_table, d.to_seat) for d in taken if isinstance(d, PlayerMoved)] == [
        (short.number, seat)
    ]
    short_id = runner.table_id(short.number)
    assert short_id is not None
    await _until(lambda: service.tables.state(short_id).seat_of(int(mover)) is not None)
    told = [
        m for kind, moved in host.calls if kind == "moved"
        for m in moved if m.reason is MoveReason.DIRECTOR  # type: ignore[attr-defined]
    ]  # fmt: skip
    assert [getattr(m, "player", None) for m in told] == [mover]  # pinged in the new thread

    # Resumed: the clock runs on from where it stood, the tables deal again.
    await runner.submit(Resume())
    clock.now += 5
    assert runner.seconds() == seconds + 5
    await _until(lambda: sum(t.hands for t in runner.state.tables.values()) >= hands + 4)
    view = event_view(runner)
    assert [r.kind for r in view.rulings] == ["paused", "corrected", "removed", "moved", "resumed"]
    assert not view.paused

    # Stopped by chip count: paused first (a stop needs every hand over), then settled.
    await runner.pause()
    await _until(lambda: _between_hands(runner), 30, lambda: _stuck(runner, service))
    chips = dict(runner.state.chips)
    await runner.submit(Stop(settlement=Settlement.CHIP_COUNT))
    await _until(lambda: runner.closed)
    record = await store.events.load(event_id)
    assert record is not None and record.status == "finished"
    places = [d for d in runner.decisions if isinstance(d, PlaceFinished)]
    assert sorted(p for d in places for p in range(d.best, d.worst + 1)) == list(range(1, 7))
    assert sum(sum(d.prizes) for d in places) == 6 * 20  # the whole pool, no point lost
    best = max(chips, key=lambda p: (chips[p], p))
    assert [d.players for d in places if d.best == 1] == [(best,)]
    balances = [await store.balance(GUILD, m) or 0 for m in MEMBERS]
    assert sum(balances) == 6 * GRANT and await store.audit(GUILD) == []
    assert service.tables.table_ids() == []
    # The stored log replays to the same state, rulings and all.
    state, _ = replay(CONFIG, [input_from_dict(r.data) for r in record.inputs])
    assert state == runner.state
    kinds = [r.data["kind"] for r in record.inputs]
    for kind in ("pause", "resume", "correct", "remove", "move", "stop"):
        assert kind in kinds


async def test_a_stop_with_refunds_gives_every_buy_in_back(store: Store) -> None:
    clock = ManualClock()
    host = FakeHost()
    service, events, runner = await _event(store, clock, host)
    (playing,) = await events.history(GUILD, MEMBERS[0])
    assert playing.status == "running" and playing.chips is not None and playing.place is None
    with pytest.raises(SessionError) as busy:
        await runner.submit(Stop(settlement=Settlement.REFUND))
    assert busy.value.code == "tournament_hands_running"
    with pytest.raises(SessionError) as idle:
        await runner.submit(Resume())
    assert idle.value.code == "tournament_not_paused"
    await runner.pause()
    await _until(lambda: _between_hands(runner), 30, lambda: _stuck(runner, service))
    taken = await runner.submit(Stop(settlement=Settlement.REFUND))
    (stopped,) = [d for d in taken if isinstance(d, EventStopped)]
    assert sorted(stopped.refunds) == sorted((str(m), 20) for m in MEMBERS)
    await _until(lambda: runner.closed)
    assert [await store.balance(GUILD, m) for m in MEMBERS] == [GRANT] * 6
    assert await store.audit(GUILD) == []
    assert event_view(runner).rulings[-1].kind == "refunded"
    record = await store.events.load(runner.info.event_id)
    assert record is not None
    kinds = [r.data["kind"] for r in record.inputs]
    assert kinds.count("stop") == 1 and "resume" not in kinds  # the refusals wrote nothing
    # The member's own history: the event, their place by chips, no prize (refunded).
    (mine,) = await events.history(GUILD, MEMBERS[0])
    assert (mine.event_id, mine.name, mine.status, mine.entries) == (
        runner.info.event_id, "Floor", "finished", 6,
    )  # fmt: skip
    assert mine.place is not None and mine.prize == 0 and mine.chips is None
    assert await events.history(GUILD, 1) == []


async def test_the_registered_are_reminded_once_before_the_start_even_across_a_restart(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner_module, "CLOCK_STEP", 0.01)
    clock = ManualClock()
    host = FakeHost()
    _, events = _setup(store, host, clock)
    members = [(str(m), f"m{k}") for k, m in enumerate(MEMBERS[:3])]
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Soon", config=EventConfig(seed="soon"),
        settings={"practice": True, "starts_at": clock.now + 600, "remind_minutes": 5},
        computers=members,
    )  # fmt: skip
    event_id = runner.info.event_id
    reminders = lambda: [c for c in host.calls if c[0] == "remind"]  # noqa: E731
    clock.now += 250
    await asyncio.sleep(0.1)
    assert reminders() == []  # not yet: five minutes before the start
    clock.now += 60
    await _until(lambda: len(reminders()) == 1)
    assert reminders() == [("remind", (tuple(m for m, _ in members), 1000.0 + 600))]
    await runner.stop()
    events.runners.clear()
    assert await events.restore() == [event_id]
    clock.now += 30
    await asyncio.sleep(0.1)
    assert len(reminders()) == 1  # written as sent: a restart does not ping them again
    await events.runners[event_id].stop()
