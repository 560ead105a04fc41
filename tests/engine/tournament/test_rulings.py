"""The director's rulings (pause, resume, remove, correct a stack, stop and settle) on small
events built by hand: what each decides, when a ruling on a player in a hand waits for its
end, what is refused, and that a replay of the log gives the same state."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import InvalidSetup, SessionError
from engine.tournament import (
    ClockTicked,
    CorrectStack,
    Decision,
    EditEvent,
    EventConfig,
    EventState,
    EventStopped,
    HandDealt,
    HandFinished,
    HandHeld,
    HandStarting,
    HoldReason,
    Input,
    MovePlayer,
    MoveReason,
    Pause,
    PlaceFinished,
    PlayerMoved,
    PlayerRemoved,
    PlayPaused,
    Registered,
    Remove,
    Resume,
    Settlement,
    StackSet,
    Start,
    Stop,
    apply,
    new_event,
    replay,
)

CONFIG = EventConfig(seats_per_table=5, starting_chips=1000, buy_in=10, payouts=(70, 30))


def feed(state: EventState, *inputs: Input) -> tuple[EventState, list[Decision]]:
    out: list[Decision] = []
    for item in inputs:
        state, taken = apply(state, item)
        out.extend(taken)
    return state, out


def started(count: int = 8, config: EventConfig = CONFIG) -> tuple[EventState, list[Input]]:
    inputs: list[Input] = [Registered(player=f"p{k}") for k in range(count)]
    inputs.append(Start())
    state, _ = feed(new_event(config), *inputs)
    return state, inputs


def chips_in_play(state: EventState) -> int:
    return sum(state.chips.values())


def test_pause_holds_every_table_and_resume_deals_the_held_ones() -> None:
    state, _ = started()
    state, out = feed(state, Pause(seconds=42.0))
    assert out == [PlayPaused(on=True, seconds=42.0)] and state.paused and state.seconds == 42.0
    state, out = feed(state, HandStarting(table=1), HandStarting(table=2))
    assert [d for d in out if isinstance(d, HandDealt)] == []
    assert {d.reason for d in out if isinstance(d, HandHeld)} == {HoldReason.PAUSED}
    with pytest.raises(SessionError) as twice:
        apply(state, Pause(seconds=50.0))
    assert twice.value.code == "tournament_paused"
    state, out = feed(state, Resume())
    assert out[0] == PlayPaused(on=False, seconds=42.0)
    assert sorted(d.table for d in out if isinstance(d, HandDealt)) == [1, 2]
    with pytest.raises(SessionError) as again:
        apply(state, Resume())
    assert again.value.code == "tournament_not_paused"


def test_the_clock_stands_while_play_is_paused() -> None:
    state, _ = started()
    state, _ = feed(state, Pause(seconds=100.0))
    level = state.level
    state, out = feed(state, ClockTicked(seconds=100_000.0))
    assert out == [] and state.level == level and state.seconds == 100.0


def test_a_player_between_hands_is_removed_at_once_and_placed_as_a_bust() -> None:
    state, _ = started()
    before = chips_in_play(state)
    state, out = feed(state, Remove(player="p3", reason="collusion"))
    (removed,) = [d for d in out if isinstance(d, PlayerRemoved)]
    assert removed.player == "p3" and removed.chips == 1000 and removed.reason == "collusion"
    assert "p3" not in state.chips and state.table_of("p3") is None
    assert chips_in_play(state) == before - 1000  # out of play, to nobody
    (place,) = [d for d in out if isinstance(d, PlaceFinished)]
    assert place.players == ("p3",) and place.best == 8 and place.prizes == (0,)


def test_a_ruling_on_a_player_in_a_hand_waits_for_the_hands_end() -> None:
    state, _ = started()
    state, out = feed(state, HandStarting(table=1))
    (dealt,) = [d for d in out if isinstance(d, HandDealt)]
    players = state.tables[1].hand_players
    victim, fixed = players[0], players[1]
    state, out = feed(
        state,
        Remove(player=victim, reason="abuse"),
        CorrectStack(player=fixed, chips=1234, reason="miscount"),
    )
    assert out == [] and state.chips[victim] == 1000 and len(state.pending) == 2
    stacks = tuple((p, 1000) for p in players)
    state, out = feed(state, HandFinished(table=dealt.table, stacks=stacks))
    assert [d.player for d in out if isinstance(d, PlayerRemoved)] == [victim]
    (fixed_stack,) = [d for d in out if isinstance(d, StackSet)]
    assert (fixed_stack.before, fixed_stack.after, fixed_stack.reason) == (1000, 1234, "miscount")
    assert state.chips[fixed] == 1234 and victim not in state.chips and state.pending == ()


def test_a_ruling_on_a_player_who_busts_in_the_hand_lapses() -> None:
    state, _ = started()
    state, _ = feed(state, HandStarting(table=1))
    a, b = state.tables[1].hand_players[:2]
    state, _ = feed(state, CorrectStack(player=a, chips=5, reason="typo"))
    stacks = tuple(
        (p, 0 if p == a else 2000 if p == b else 1000) for p in state.tables[1].hand_players
    )
    state, out = feed(state, HandFinished(table=1, stacks=stacks))
    assert not [d for d in out if isinstance(d, StackSet)] and state.pending == ()


def test_refused_rulings_change_nothing() -> None:
    registering = new_event(CONFIG)
    with pytest.raises(SessionError) as early:
        apply(registering, Pause(seconds=0.0))
    assert early.value.code == "tournament_not_running"
    state, _ = started()
    cases: list[tuple[Input, str]] = [
        (Remove(player="nobody", reason="x"), "tournament_not_playing"),
        (CorrectStack(player="p1", chips=0, reason="x"), "tournament_bad_stack"),
    ]
    for ruling, code in cases:
        with pytest.raises(SessionError) as refused:
            apply(state, ruling)
        assert refused.value.code == code
    dealing, _ = feed(state, HandStarting(table=1))
    with pytest.raises(SessionError) as busy:
        apply(dealing, Stop(settlement=Settlement.REFUND))
    assert busy.value.code == "tournament_hands_running"


def test_stop_with_refunds_gives_every_buy_in_back_and_places_by_chips() -> None:
    state, _ = started(6)
    state, out = feed(
        state, CorrectStack(player="p2", chips=3000, reason="x"), Stop(settlement=Settlement.REFUND)
    )
    (stopped,) = [d for d in out if isinstance(d, EventStopped)]
    assert stopped.refunds == tuple((f"p{k}", 10) for k in range(6))
    places = [d for d in out if isinstance(d, PlaceFinished)]
    assert places[0].players == ("p2",) and all(sum(p.prizes) == 0 for p in places)
    assert state.phase.value == "finished" and state.placed == 6


def test_stop_by_chip_count_shares_the_pool_left_in_proportion_to_the_chips() -> None:
    state, _ = started(4, EventConfig(seats_per_table=5, starting_chips=1000, buy_in=25))
    state, _ = feed(state, CorrectStack(player="p0", chips=2000, reason="x"))
    state, _ = feed(state, Remove(player="p3", reason="x"))  # 4th: no prize
    state, out = feed(state, Stop(settlement=Settlement.CHIP_COUNT))
    paid = {p.players[0]: p.prizes[0] for p in out if isinstance(p, PlaceFinished)}
    assert paid == {"p0": 50, "p1": 25, "p2": 25}
    assert sum(paid.values()) == 4 * 25


def test_a_refund_is_refused_once_a_prize_has_been_paid() -> None:
    config = EventConfig(seats_per_table=5, starting_chips=1000, buy_in=10, payouts=(50, 30, 20))
    state, _ = started(4, config)
    state, _ = feed(state, Remove(player="p0", reason="x"), Remove(player="p1", reason="x"))
    assert sum(sum(p.prizes) for p in state.places) == 8  # the 3rd place's 20 % of 40
    with pytest.raises(SessionError) as refused:
        apply(state, Stop(settlement=Settlement.REFUND))
    assert refused.value.code == "tournament_prizes_paid"
    state, out = feed(state, Stop(settlement=Settlement.CHIP_COUNT))
    assert sum(p.prizes[0] for p in out if isinstance(p, PlaceFinished)) == 40 - 8


def test_a_log_with_rulings_replays_to_the_same_state() -> None:
    state, inputs = started()
    log = [
        *inputs,
        Pause(seconds=10.0),
        HandStarting(table=1),
        Resume(),
        Remove(player=state.tables[2].players[0], reason="x"),
    ]
    live, _ = feed(new_event(CONFIG), *log)
    players = live.tables[1].hand_players
    log.append(CorrectStack(player=players[0], chips=77, reason="y"))
    log.append(HandFinished(table=1, stacks=tuple((p, 1000) for p in players)))
    live, _ = feed(new_event(CONFIG), *log)
    again, decisions = replay(CONFIG, log)
    assert again == live and live.chips[players[0]] == 77
    assert any(isinstance(d, StackSet) for d in decisions)


def test_a_cap_on_the_field_and_a_minimum_to_start() -> None:
    config = EventConfig(seats_per_table=5, max_entries=4, min_entries=3, late_registration_until=1)
    state, _ = feed(new_event(config), Registered(player="a"), Registered(player="b"))
    with pytest.raises(SessionError) as early:
        apply(state, Start())
    assert early.value.code == "tournament_too_few"
    state, _ = feed(state, Registered(player="c"), Registered(player="d"))
    with pytest.raises(SessionError) as full:
        apply(state, Registered(player="e"))
    assert full.value.code == "tournament_full"
    state, _ = feed(state, Start())
    with pytest.raises(SessionError) as late:  # a late entry counts against the cap too
        apply(state, Registered(player="e"))
    assert late.value.code == "tournament_full"
    for bad in (
        {"min_entries": 1},
        {"max_entries": 3, "min_entries": 4},
        {"max_entries": 5, "start_when": 6},
        {"start_when": 3, "min_entries": 4},
    ):
        with pytest.raises(InvalidSetup) as refused:
            EventConfig(**bad)  # type: ignore[arg-type]
        assert refused.value.code == "tournament_field"


def test_the_director_moves_a_player_between_hands_to_an_empty_seat() -> None:
    state, _ = started(9)  # tables of 5 and 4
    small = min(state.tables.values(), key=lambda t: t.count)
    big = max(state.tables.values(), key=lambda t: t.count)
    player, seat = big.players[0], small.empty_seats()[0]
    state, out = feed(state, MovePlayer(player=player, table=small.number, seat=seat))
    (moved,) = [d for d in out if isinstance(d, PlayerMoved)]
    assert (moved.to_table, moved.to_seat, moved.reason) == (
        small.number,
        seat,
        MoveReason.DIRECTOR,
    )
    assert state.tables[small.number].seats[seat] == player and player not in big.seats[1:]
    assert sorted(t.count for t in state.tables.values()) == [4, 5]  # still within one
    other = state.tables[big.number]  # a seat change at one's own table
    mover, free_seat = other.players[0], other.empty_seats()[0]
    state, _ = feed(state, MovePlayer(player=mover, table=big.number, seat=free_seat))
    assert state.tables[big.number].seats[free_seat] == mover
    own = state.tables[small.number]
    refusals: list[tuple[Input, str]] = [
        (MovePlayer(player="nobody", table=1, seat=0), "tournament_not_playing"),
        (MovePlayer(player=mover, table=99, seat=0), "tournament_no_table"),
        (MovePlayer(player=mover, table=big.number, seat=99), "tournament_seat_taken"),
        (MovePlayer(player=mover, table=own.number, seat=own.seat_of(own.players[-1])),
         "tournament_seat_taken"),
    ]  # fmt: skip
    dealing, _ = feed(state, HandStarting(table=own.number))
    in_hand = dealing.tables[own.number].hand_players[0]
    free = dealing.tables[big.number].empty_seats()[0]
    refusals.append((MovePlayer(player=in_hand, table=big.number, seat=free), "tournament_in_hand"))
    for ruling, code in refusals:
        with pytest.raises(SessionError) as refused:
            apply(dealing, ruling)
        assert refused.value.code == code, ruling


def test_an_edit_before_the_start_changes_the_event_and_replays() -> None:
    config = EventConfig(seats_per_table=5, starting_chips=1000, buy_in=10, seed="e")
    log: list[Input] = [Registered(player=f"p{k}") for k in range(4)]
    state, _ = feed(new_event(config), *log)
    wider = replace(config, seats_per_table=9, starting_chips=3000, max_entries=6)
    state, _ = feed(state, EditEvent(config=wider))
    assert state.config == wider
    log += [EditEvent(config=wider), Start()]
    again, _ = replay(config, log)
    assert again.config == wider and set(again.chips.values()) == {3000}
    assert len(again.tables) == 1  # one table of nine
    refusals: list[tuple[EventConfig, str]] = [
        (replace(config, seed="other"), "tournament_edit_fixed"),
        (replace(config, buy_in=20), "tournament_edit_fixed"),
        (replace(config, max_entries=3), "tournament_edit_field"),
        (replace(config, start_when=4), "tournament_edit_field"),
    ]
    for bad, code in refusals:
        with pytest.raises(SessionError) as refused:
            apply(state, EditEvent(config=bad))
        assert refused.value.code == code, bad
    with pytest.raises(SessionError) as late:
        apply(again, EditEvent(config=wider))
    assert late.value.code == "tournament_started"
