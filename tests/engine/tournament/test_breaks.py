"""Breaks in an event whose levels are counted in hands: a level ends once the busiest table
(the one that has dealt the most hands) has dealt its last hand, every table is then held
for the break's minutes of the event's clock, counted from the first reading after the
level's end, and all of them deal again at the next level when it is over; a replay of the
log decides the same."""

from __future__ import annotations

from engine.tournament import (
    Break,
    BreakEnded,
    BreakStarted,
    ClockTicked,
    Decision,
    EventConfig,
    EventState,
    HandDealt,
    HandFinished,
    HandHeld,
    HandStarting,
    HoldReason,
    Input,
    Level,
    LevelStarted,
    Pause,
    PlayerSeated,
    Registered,
    RegistrationClosed,
    Resume,
    Start,
    apply,
    new_event,
    replay,
)
from engine.tournament.config import Clock


class Log:
    """An event fed one input at a time, every input kept (the log a replay reads)."""

    def __init__(self, config: EventConfig) -> None:
        self.config = config
        self.state: EventState = new_event(config)
        self.inputs: list[Input] = []
        self.decisions: list[Decision] = []

    def feed(self, *inputs: Input) -> list[Decision]:
        out: list[Decision] = []
        for item in inputs:
            self.state, taken = apply(self.state, item)
            self.inputs.append(item)
            out.extend(taken)
        self.decisions.extend(out)
        return out

    def finish(self, table: int) -> list[Decision]:
        """The hand at ``table`` ends with every stack as it was."""
        players = self.state.tables[table].hand_players
        stacks = tuple((p, self.state.chips[p]) for p in players)
        return self.feed(HandFinished(table=table, stacks=stacks))

    def hands(self) -> dict[int, int]:
        return {n: t.hands for n, t in self.state.tables.items()}


def _dealt(out: list[Decision]) -> list[tuple[int, int, int]]:
    return [(d.table, d.level, d.big_blind) for d in out if isinstance(d, HandDealt)]


def _event() -> Log:
    config = EventConfig(
        seats_per_table=3, clock=Clock.HANDS, late_registration_until=1,
        levels=(Level(small_blind=5, big_blind=10, length=2),),
        breaks=(Break(after_level=1, minutes=5), Break(after_level=2, minutes=5)),
    )  # fmt: skip
    log = Log(config)
    log.feed(*(Registered(player=f"p{k}") for k in range(6)), Start())
    return log


def test_a_level_by_hands_ends_at_the_busiest_table_and_the_break_holds_every_table() -> None:
    log = _event()
    out = log.feed(HandStarting(table=1), HandStarting(table=2))
    assert _dealt(out) == [(1, 1, 10), (2, 1, 10)]
    log.finish(1)
    assert _dealt(log.feed(HandStarting(table=1))) == [(1, 1, 10)]  # table 1's second hand
    # Table 2 ends its first hand: table 1 has dealt level 1's two hands, so the level is over
    # and its break starts; table 1's hand is played out, and no table deals.
    out = log.finish(2)
    assert BreakStarted(after_level=1) in out and log.hands() == {1: 2, 2: 1}
    assert log.state.on_break and log.state.level == 1 and log.state.break_until is None
    assert log.feed(HandStarting(table=2)) == [HandHeld(table=2, reason=HoldReason.ON_BREAK)]
    out = log.finish(1) + log.feed(HandStarting(table=1))
    assert _dealt(out) == [] and HandHeld(table=1, reason=HoldReason.ON_BREAK) in out
    # The break's five minutes run from the first reading of the clock after it started.
    assert log.feed(ClockTicked(seconds=100.0)) == []
    assert log.state.break_until == 400.0
    late = log.feed(Registered(player="late"))  # late registration lasts through the break
    assert any(isinstance(d, PlayerSeated) for d in late)
    assert log.feed(ClockTicked(seconds=399.0)) == []
    out = log.feed(ClockTicked(seconds=400.0))
    assert out[:2] == [BreakEnded(), LevelStarted(level=2, small_blind=10, big_blind=20, ante=0)]
    assert any(isinstance(d, RegistrationClosed) and d.entries == 7 for d in out)
    assert sorted(_dealt(out)) == [(1, 2, 20), (2, 2, 20)]  # every held table deals again
    assert not log.state.on_break and log.state.break_until is None


def test_the_next_level_counts_on_from_the_busiest_tables_hands_and_replays_alike() -> None:
    log = _event()
    log.feed(HandStarting(table=1), HandStarting(table=2))
    log.finish(1)
    log.feed(HandStarting(table=1))
    log.finish(2)
    log.finish(1)
    log.feed(HandStarting(table=1), HandStarting(table=2), ClockTicked(seconds=10.0))
    log.feed(ClockTicked(seconds=310.0))  # level 2: table 1's third hand, table 2's second
    assert log.hands() == {1: 3, 2: 2} and log.state.level == 2
    log.finish(2)
    log.feed(HandStarting(table=2))  # table 2's third hand: level 2 goes on
    log.finish(1)
    assert not log.state.on_break
    log.feed(HandStarting(table=1))  # table 1's fourth: level 2's last hand at the busiest
    out = log.finish(2)  # the next hand's end at any table ends level 2
    assert BreakStarted(after_level=2) in out and log.hands() == {1: 4, 2: 3}
    # A pause during the break stands its clock: readings while paused are not taken, and
    # the break ends its five minutes of play after the first reading, whatever the pause.
    log.feed(ClockTicked(seconds=320.0), Pause(seconds=330.0), ClockTicked(seconds=900.0))
    assert log.state.on_break and log.state.break_until == 620.0
    log.feed(Resume(), ClockTicked(seconds=619.0))
    assert log.state.on_break
    log.finish(1)
    out = log.feed(HandStarting(table=1), ClockTicked(seconds=620.0))
    assert BreakEnded() in out and _dealt(out) == [(1, 3, 40)]
    # Level 3 (no break after it) ends at table 1's sixth hand.
    log.feed(HandStarting(table=2))
    log.finish(1)
    log.feed(HandStarting(table=1))
    out = log.finish(2)
    assert LevelStarted(level=4, small_blind=40, big_blind=80, ante=0) in out
    assert log.hands() == {1: 6, 2: 4}
    # The log replays to the same state and the same decisions.
    state, decisions = replay(log.config, log.inputs)
    assert state == log.state and decisions == log.decisions
