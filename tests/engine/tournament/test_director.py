"""The director on small events built by hand: registration, sit-and-go, the clock, refused
inputs, and places when players bust together."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import InvalidSetup, SessionError
from engine.tournament import (
    Break,
    BreakEnded,
    BreakStarted,
    Clock,
    ClockTicked,
    Decision,
    EventConfig,
    EventFinished,
    EventStarted,
    EventState,
    HandDealt,
    HandFinished,
    HandForHand,
    HandHeld,
    HandStarting,
    HoldReason,
    Input,
    Level,
    LevelStarted,
    MoveReason,
    PlaceFinished,
    PlayerMoved,
    PlayerSeated,
    Registered,
    RegistrationClosed,
    Start,
    Unregistered,
    apply,
    new_event,
    plan,
    worst_seat,
)


def feed(state: EventState, *inputs: Input) -> tuple[EventState, list[Decision]]:
    out: list[Decision] = []
    for item in inputs:
        state, taken = apply(state, item)
        out.extend(taken)
    return state, out


def register(config: EventConfig, count: int) -> EventState:
    state, _ = feed(new_event(config), *(Registered(player=f"p{k}") for k in range(count)))
    return state


def finish(state: EventState, table: int, **changes: int) -> tuple[EventState, list[Decision]]:
    """Finish the hand at ``table``, the named players' stacks changed, the rest as before."""
    players = state.tables[table].hand_players
    stacks = tuple((p, changes.get(p, state.chips[p])) for p in players)
    return feed(state, HandFinished(table=table, stacks=stacks))


def test_a_sit_and_go_starts_by_itself_when_the_last_seat_is_taken() -> None:
    config = EventConfig(seats_per_table=6, start_when=6, payouts=(65, 35), buy_in=50)
    state = register(config, 5)
    assert state.phase.value == "registering"
    state, out = feed(state, Registered(player="p5"))
    assert state.phase.value == "running"
    (started,) = [d for d in out if isinstance(d, EventStarted)]
    assert started.tables == (1,) and started.entries == 6
    seated = [d for d in out if isinstance(d, PlayerSeated)]
    assert sorted(d.player for d in seated) == [f"p{k}" for k in range(6)]
    assert len({d.seat for d in seated}) == 6
    (closed,) = [d for d in out if isinstance(d, RegistrationClosed)]
    assert closed.pool == 300 and closed.prizes == (195, 105)


def test_registration_refusals_change_nothing() -> None:
    state = register(EventConfig(), 3)
    with pytest.raises(SessionError) as caught:
        apply(state, Registered(player="p1"))
    assert caught.value.code == "tournament_registered"
    state, _ = feed(state, Unregistered(player="p1"))
    assert state.registered == ("p0", "p2")
    with pytest.raises(SessionError):
        apply(register(EventConfig(), 1), Start())


def test_a_hand_whose_chips_do_not_add_up_is_refused() -> None:
    state, _ = feed(register(EventConfig(seats_per_table=4), 4), Start(), HandStarting(table=1))
    players = state.tables[1].hand_players
    wrong = tuple((p, state.chips[p] + (1 if k == 0 else 0)) for k, p in enumerate(players))
    with pytest.raises(SessionError) as caught:
        apply(state, HandFinished(table=1, stacks=wrong))
    assert caught.value.code == "tournament_chips"
    with pytest.raises(SessionError):
        apply(state, HandFinished(table=1, stacks=wrong[1:]))
    with pytest.raises(SessionError):
        apply(state, HandStarting(table=1))  # a hand is being played there


def test_players_busting_in_one_hand_at_one_table_place_by_their_starting_stacks() -> None:
    config = EventConfig(seats_per_table=4, starting_chips=100, payouts=(50, 30, 20), buy_in=10)
    state, _ = feed(register(config, 4), Start(), HandStarting(table=1))
    a, b, c, d = sorted(state.tables[1].hand_players)
    state, _ = finish(state, 1, **{a: 60, b: 140})
    state, _ = feed(state, HandStarting(table=1))
    # a started with 60, c with 100: both bust to d; c places above a.
    state, out = finish(state, 1, **{a: 0, c: 0, d: 260})
    places = {p.players: (p.best, p.worst, p.prizes) for p in out if isinstance(p, PlaceFinished)}
    assert places == {(a,): (4, 4, (0,)), (c,): (3, 3, (8,))}
    state, _ = feed(state, HandStarting(table=1))
    state, out = finish(state, 1, **{b: 0, d: 400})
    places = {p.players: (p.best, p.prizes) for p in out if isinstance(p, PlaceFinished)}
    assert places == {(b,): (2, (12,)), (d,): (1, (20,))}
    assert any(isinstance(x, EventFinished) and x.winner == d for x in out)
    assert state.phase.value == "finished"


def test_hand_for_hand_busts_at_different_tables_tie_and_split_their_prizes() -> None:
    # Eight players on two tables, seven paid: hand-for-hand from the start (the bubble).
    config = EventConfig(
        seats_per_table=4, starting_chips=1000, buy_in=100,
        payouts=(30, 20, 15, 10, 10, 8, 7), hand_for_hand_margin=1,
    )  # fmt: skip
    state, out = feed(register(config, 8), Start())
    assert HandForHand(on=True) in out
    state, out = feed(state, HandStarting(table=1))
    assert any(isinstance(d, HandDealt) for d in out)
    state, _ = finish(state, 1)
    # Table 1 has played its hand of the round: it waits for table 2.
    state, out = feed(state, HandStarting(table=1))
    assert out == [HandHeld(table=1, reason=HoldReason.HAND_FOR_HAND)]
    state, out = feed(state, HandStarting(table=2))
    state, out = finish(state, 2)
    assert [d.table for d in out if isinstance(d, HandDealt)] == [1]  # the held table deals
    x, y, z, _ = state.tables[1].hand_players
    state, _ = finish(state, 1, **{x: 500, y: 1500})
    state, _ = feed(state, HandStarting(table=1), HandStarting(table=2))
    state, out = finish(state, 2)
    assert [d.table for d in out if isinstance(d, HandDealt)] == [1]
    state, _ = feed(state, HandStarting(table=2))
    # Round three: x (500) and y (1500) bust at table 1, w at table 2, in the same round.
    state, out = finish(state, 1, **{x: 0, y: 0, z: 3000})
    assert not [d for d in out if isinstance(d, PlaceFinished)]  # the round is not over
    w, v, *_ = state.tables[2].hand_players
    state, out = finish(state, 2, **{w: 0, v: 2000})
    places = [(p.best, p.worst, p.players, p.prizes) for p in out if isinstance(p, PlaceFinished)]
    # Pool 800: places 6 and 7 pay 64 and 56; y and w share them, x is out on the bubble.
    assert places == [(8, 8, (x,), (0,)), (6, 7, tuple(sorted((w, y))), (60, 60))]
    assert HandForHand(on=False) in out


def test_the_clock_raises_the_blinds_pauses_and_closes_late_registration() -> None:
    config = EventConfig(
        seats_per_table=6,
        levels=(Level(small_blind=10, big_blind=20, length=10),),
        breaks=(Break(after_level=2, minutes=5),),
        late_registration_until=2,
        re_entries=1,
        buy_in=10,
    )
    state, _ = feed(register(config, 6), Start())
    assert state.registration_open
    state, out = feed(state, ClockTicked(seconds=600))
    assert out == [LevelStarted(level=2, small_blind=20, big_blind=40, ante=0)]
    state, out = feed(state, Registered(player="late"))
    assert [d.table for d in out if isinstance(d, PlayerSeated)] == [2]
    state, out = feed(state, ClockTicked(seconds=1200), HandStarting(table=1))
    assert BreakStarted(after_level=2) in out
    assert HandHeld(table=1, reason=HoldReason.ON_BREAK) in out
    state, out = feed(state, ClockTicked(seconds=1500))
    assert BreakEnded() in out
    assert any(isinstance(d, RegistrationClosed) and d.entries == 7 for d in out)
    assert any(isinstance(d, HandDealt) and d.big_blind == 80 for d in out)  # level 3
    with pytest.raises(SessionError):
        apply(state, Registered(player="later"))


def test_a_busted_player_re_enters_while_registration_is_open() -> None:
    config = EventConfig(
        seats_per_table=3, starting_chips=100, late_registration_until=1, re_entries=1,
        buy_in=10, payouts=(100,),
    )  # fmt: skip
    state, _ = feed(register(config, 3), Start(), HandStarting(table=1))
    a, b, _ = state.tables[1].hand_players
    state, out = finish(state, 1, **{a: 0, b: 200})
    assert not [d for d in out if isinstance(d, PlaceFinished)]  # placed when it closes
    state, out = feed(state, Registered(player=a))
    assert state.entries[a] == 2 and state.chips[a] == 100
    state, _ = feed(state, HandStarting(table=1))
    while a not in state.tables[1].hand_players:  # a waits for the big blind
        state, _ = finish(state, 1)
        state, _ = feed(state, HandStarting(table=1))
    state, _ = finish(state, 1, **{a: 0, b: 300})
    with pytest.raises(SessionError) as caught:
        apply(state, Registered(player=a))
    assert caught.value.code == "tournament_no_reentry"
    state, out = feed(state, ClockTicked(seconds=15 * 60))
    (closed,) = [d for d in out if isinstance(d, RegistrationClosed)]
    assert closed.entries == 4 and closed.pool == 40
    # a's two entries are places 4 and 3, in the order they busted.
    places = [(p.best, p.players) for p in out if isinstance(p, PlaceFinished)]
    assert places == [(4, (a,)), (3, (a,))]


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"seats_per_table": 1}, "tournament_seats"),
        ({"levels": ()}, "tournament_levels"),
        ({"levels": (Level(small_blind=5, big_blind=2),)}, "tournament_levels"),
        ({"payouts": (50, 30)}, "tournament_payouts"),
        ({"payouts": (30, 70)}, "tournament_payouts"),
        ({"breaks": (Break(after_level=0, minutes=5),)}, "tournament_breaks"),
        ({"start_when": 1}, "tournament_start"),
        ({"redraw_at": (1,)}, "tournament_redraw"),
    ],
)
def test_an_event_that_cannot_be_played_is_refused(changes: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidSetup) as caught:
        EventConfig(**changes)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_levels_past_the_structure_double_as_seed_002_says() -> None:
    config = EventConfig(levels=(Level(small_blind=1, big_blind=2, length=15),))
    assert [config.level(n).big_blind for n in (1, 2, 3, 4)] == [2, 4, 8, 16]
    assert config.schedule_at(15 * 60 - 1) == (1, False)
    assert config.schedule_at(15 * 60) == (2, False)


def test_the_hands_being_played_when_hand_for_hand_starts_are_its_first_round() -> None:
    # Five paid of ten on two tables of five: hand-for-hand starts while one hand at a table
    # could still bust four players, so at nine left: the first bust brings it while table 2
    # is still playing.
    config = EventConfig(
        seats_per_table=5, starting_chips=1000, buy_in=100,
        payouts=(30, 25, 20, 15, 10), hand_for_hand_margin=1,
    )  # fmt: skip
    state, out = feed(register(config, 10), Start(), HandStarting(table=1), HandStarting(table=2))
    assert HandForHand(on=True) not in out
    a, b, *_ = state.tables[1].hand_players
    state, out = finish(state, 1, **{a: 0, b: 2000})
    assert HandForHand(on=True) in out
    assert [(p.best, p.players) for p in out if isinstance(p, PlaceFinished)] == [(10, (a,))]
    state, out = feed(state, HandStarting(table=1))
    assert out == [HandHeld(table=1, reason=HoldReason.HAND_FOR_HAND)]
    # Table 2's hand, begun before the announcement, busts two players with equal stacks:
    # they tie for places 8 and 9 (WSOP 2024 rule 126c); the next round starts.
    w, x, y, *_ = state.tables[2].hand_players
    state, out = finish(state, 2, **{w: 0, x: 0, y: 3000})
    places = [(p.best, p.worst, p.players) for p in out if isinstance(p, PlaceFinished)]
    assert places == [(8, 9, tuple(sorted((w, x))))]
    assert HandForHand(on=False) not in out
    assert [d.table for d in out if isinstance(d, HandDealt)] == [1]


def test_a_structure_by_hands_moves_up_with_the_busiest_table() -> None:
    config = EventConfig(
        seats_per_table=3, clock=Clock.HANDS,
        levels=(Level(small_blind=5, big_blind=10, ante=1, length=2),),
    )  # fmt: skip
    state, out = feed(register(config, 6), Start(), HandStarting(table=1))
    assert [d.big_blind for d in out if isinstance(d, HandDealt)] == [10]
    state, _ = finish(state, 1)
    state, out = feed(state, HandStarting(table=1))
    state, out = finish(state, 1)
    assert LevelStarted(level=2, small_blind=10, big_blind=20, ante=2) in out
    state, out = feed(state, HandStarting(table=2))
    assert [(d.level, d.big_blind, d.ante) for d in out if isinstance(d, HandDealt)] == [(2, 20, 2)]


def test_a_structure_by_hands_ends_late_registration_when_one_player_has_every_chip() -> None:
    # With the clock counting hands, nothing can be dealt to one player, so the level that
    # ends late registration would never come: the event would stall with its winner known.
    config = EventConfig(
        seats_per_table=3, starting_chips=100, clock=Clock.HANDS, buy_in=10,
        levels=(Level(small_blind=1, big_blind=2, length=50),), late_registration_until=2,
    )  # fmt: skip
    state, _ = feed(register(config, 2), Start(), HandStarting(table=1))
    a, b = sorted(state.tables[1].hand_players)
    state, out = finish(state, 1, **{a: 0, b: 200})
    (closed,) = [d for d in out if isinstance(d, RegistrationClosed)]
    assert closed.entries == 2 and closed.pool == 20
    places = [(p.best, p.players, p.prizes) for p in out if isinstance(p, PlaceFinished)]
    assert places == [(2, (a,), (0,)), (1, (b,), (20,))]
    assert EventFinished(winner=b) in out and state.phase.value == "finished"


def test_refusals_after_the_start_unregistering_and_re_entering_once_closed() -> None:
    config = EventConfig(
        seats_per_table=3, starting_chips=100, late_registration_until=1, re_entries=2,
    )  # fmt: skip
    state, _ = feed(register(config, 3), Start())
    with pytest.raises(SessionError) as caught:
        apply(state, Unregistered(player="p0"))  # play has started: the entry stands
    assert caught.value.code == "tournament_unregister"
    state, _ = feed(state, HandStarting(table=1))
    a, b, _ = state.tables[1].hand_players
    state, _ = finish(state, 1, **{a: 0, b: 200})
    state, _ = feed(state, ClockTicked(seconds=15 * 60))  # level 2: late registration closed
    assert not state.registration_open
    with pytest.raises(SessionError) as caught:
        apply(state, Registered(player=a))  # re-entries left, but no longer open
    assert caught.value.code == "tournament_closed"


def test_a_table_reduced_to_one_player_is_refilled_by_the_next_big_blind() -> None:
    config = EventConfig(seats_per_table=4, starting_chips=100, hand_for_hand_margin=0)
    state, _ = feed(register(config, 8), Start(), HandStarting(table=2))
    x, y, z, w = state.tables[2].hand_players
    next_hand = plan(state.tables[1])
    assert next_hand is not None
    big_blind = state.tables[1].seats[next_hand.big_blind]
    # Three players at table 2 bust in one hand: w is alone there and cannot be dealt to.
    # Table 1 (four players, between hands) sends its next big blind to table 2.
    state, out = finish(state, 2, **{x: 0, y: 0, z: 0, w: 400})
    moves = [d for d in out if isinstance(d, PlayerMoved)]
    assert [(m.player, m.from_table, m.to_table, m.reason) for m in moves] == [
        (big_blind, 1, 2, MoveReason.BALANCE)
    ]
    assert moves[0].to_seat == worst_seat(replace(state.tables[2], seats=tuple(
        None if p == big_blind else p for p in state.tables[2].seats
    )))  # fmt: skip
    assert sorted(t.count for t in state.tables.values()) == [2, 3]
    # Heads-up at table 2: the button posts the small blind, the newcomer takes the big one.
    state, out = feed(state, HandStarting(table=2))
    (hand,) = [d for d in out if isinstance(d, HandDealt)]
    assert len(hand.seats) == 2 and hand.small_blind_seat == hand.button
    assert state.tables[2].seats[hand.big_blind_seat] == big_blind


def test_players_busting_together_with_equal_stacks_tie_for_the_last_paid_place() -> None:
    config = EventConfig(
        seats_per_table=4, starting_chips=100, buy_in=25, payouts=(50, 30, 20),
        hand_for_hand_margin=0,
    )  # fmt: skip
    state, _ = feed(register(config, 4), Start(), HandStarting(table=1))
    a, b, c, d = sorted(state.tables[1].hand_players)
    state, out = finish(state, 1, **{a: 0, b: 0, c: 150, d: 250})
    places = [(p.best, p.worst, p.players, p.prizes) for p in out if isinstance(p, PlaceFinished)]
    assert places == [(3, 4, (a, b), (10, 10))]  # place 3 pays 20 of the pool of 100
    state, _ = feed(state, HandStarting(table=1))
    state, out = finish(state, 1, **{c: 0, d: 400})
    places = [(p.best, p.players, p.prizes) for p in out if isinstance(p, PlaceFinished)]
    assert places == [(2, (c,), (30,)), (1, (d,), (50,))]


@pytest.mark.parametrize("seed", ["0", "3", "7"])
def test_players_moved_to_a_table_opened_for_a_late_entry_never_get_its_first_small_blind(
    seed: str,
) -> None:
    # Every seat is taken, so the late entry opens table 3; it has dealt no hand, and the
    # next big blinds of tables 1 and 2 are moved there until the tables are within one.
    config = EventConfig(
        seats_per_table=10, starting_chips=100, late_registration_until=2, seed=seed
    )
    state, _ = feed(register(config, 20), Start())
    state, out = feed(state, Registered(player="late"))
    moved = {d.player for d in out if isinstance(d, PlayerMoved)}
    assert len(moved) == 6 and sorted(t.count for t in state.tables.values()) == [7, 7, 7]
    state, out = feed(state, HandStarting(table=3))
    (hand,) = [d for d in out if isinstance(d, HandDealt)]
    seats = state.tables[3].seats
    assert seats[hand.small_blind_seat] == "late"  # WSOP 2024 rule 67a: never the small blind
    assert seats[hand.big_blind_seat] in moved  # a player moved in takes the big blind


@pytest.mark.parametrize("halt_short", [3, 0])
def test_a_table_three_players_short_halts_until_it_is_balanced(halt_short: int) -> None:
    config = EventConfig(
        seats_per_table=6, starting_chips=100, hand_for_hand_margin=0, halt_short=halt_short
    )
    state, _ = feed(register(config, 12), Start(), HandStarting(table=1), HandStarting(table=2))
    a, b, c, d, *_ = state.tables[1].hand_players
    # Three bust at table 1 while table 2 is in a hand: nobody can be moved yet (WSOP 67).
    state, out = finish(state, 1, **{a: 0, b: 0, c: 0, d: 400})
    assert not [m for m in out if isinstance(m, PlayerMoved)]
    state, out = feed(state, HandStarting(table=1))
    if halt_short == 0:
        assert [d.table for d in out if isinstance(d, HandDealt)] == [1]
        return
    assert out == [HandHeld(table=1, reason=HoldReason.SHORT)]  # 3 against 6 (TDA 10D)
    state, out = finish(state, 2)
    (move,) = [m for m in out if isinstance(m, PlayerMoved)]
    assert (move.from_table, move.to_table, move.reason) == (2, 1, MoveReason.BALANCE)
    assert [d.table for d in out if isinstance(d, HandDealt)] == [1]  # 4 against 5: it deals


def test_a_stale_clock_reading_changes_nothing() -> None:
    # A reading older than one already applied (a late message, a restart reading the clock
    # from an earlier write) neither ends a break nor starts one again.
    config = EventConfig(
        seats_per_table=6,
        levels=(Level(small_blind=10, big_blind=20, length=10),),
        breaks=(Break(after_level=1, minutes=5),),
    )
    state, _ = feed(register(config, 6), Start())
    state, out = feed(state, ClockTicked(seconds=700))
    assert out == [BreakStarted(after_level=1)]
    state, out = feed(state, ClockTicked(seconds=500))
    assert out == [] and state.on_break
    state, out = feed(state, ClockTicked(seconds=900))
    assert BreakEnded() in out and not state.on_break
    state, out = feed(state, ClockTicked(seconds=650))
    assert out == [] and not state.on_break


def test_hand_for_hand_starts_before_one_hand_can_reach_the_money_and_stays_on() -> None:
    # Three paid of ten on two tables of five: one hand can bust four players, so it starts at
    # seven left (with the margin alone, at four: this hand would have skipped it).
    config = EventConfig(
        seats_per_table=5, starting_chips=1000, buy_in=100, payouts=(50, 30, 20),
        hand_for_hand_margin=1,
    )  # fmt: skip
    state, out = feed(register(config, 10), Start(), HandStarting(table=1), HandStarting(table=2))
    assert HandForHand(on=True) not in out
    a, b, c, d, _ = state.tables[1].hand_players
    state, out = finish(state, 1, **{a: 0, b: 0, c: 0, d: 4000})
    assert HandForHand(on=True) in out and state.hand_for_hand
    # Table 2's hand is the round's first; one bust there, six left, the tables balanced to
    # three each: one hand could no longer reach the money, and hand-for-hand stays on.
    w, x, *_ = state.tables[2].hand_players
    state, out = finish(state, 2, **{w: 0, x: 2000})
    assert [t.count for t in state.tables.values()] == [3, 3]
    assert HandForHand(on=False) not in out and state.hand_for_hand
