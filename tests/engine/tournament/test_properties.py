"""Properties of the director over many small seeded events (hypothesis): every rule the
watcher checks holds whatever the field, the table size, the clock (minutes or hands), late
entries, re-entries, the break order, the redraws, and hands played one at a time or
interleaved; every entry gets one place; the prizes add up to the pool; the event replays
from its log."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tournament import BreakOrder, Clock, EventConfig, Level, PayoutStructure, replay
from tests.engine.tournament.simulate import simulate
from tests.engine.tournament.watcher import Watcher


@st.composite
def events(draw: st.DrawFn) -> tuple[EventConfig, int, int, int, bool]:
    seats = draw(st.integers(2, 10))
    config = EventConfig(
        seats_per_table=seats,
        starting_chips=draw(st.sampled_from((20, 100, 1000))),
        levels=(Level(small_blind=1, big_blind=2, length=draw(st.integers(1, 30))),),
        clock=draw(st.sampled_from(list(Clock))),
        late_registration_until=draw(st.integers(0, 3)),
        re_entries=draw(st.integers(0, 2)),
        buy_in=draw(st.integers(0, 77)),
        structure=draw(st.sampled_from(list(PayoutStructure))),
        redraw_at=tuple(draw(st.sets(st.integers(2, 4), max_size=2))),
        break_order=draw(st.sampled_from(list(BreakOrder))),
        halt_short=draw(st.sampled_from((0, 3))),
        hand_for_hand_margin=draw(st.integers(0, 6)),
        seed=str(draw(st.integers(0, 10**6))),
    )
    entrants = draw(st.integers(2, 40))
    late = draw(st.integers(0, 8)) if config.late_registration_until else 0
    return config, entrants, late, draw(st.integers(0, 10**6)), draw(st.booleans())


@settings(max_examples=40, deadline=None)
@given(events())
def test_small_events_keep_every_rule(event: tuple[EventConfig, int, int, int, bool]) -> None:
    config, entrants, late, seed, concurrent = event
    watcher = Watcher(
        starting_chips=config.starting_chips, seats=config.seats_per_table, within_one_from=99
    )
    run = simulate(
        config, entrants, late=late, seed=seed, reentry_rate=0.3, concurrent=concurrent,
        check=watcher,
    )  # fmt: skip
    state = run.state
    assert state is not None and state.phase.value == "finished"
    covered = sorted(p for f in state.places for p in range(f.best, f.worst + 1))
    assert covered == list(range(1, state.total_entries + 1))
    assert sum(sum(f.prizes) for f in state.places) == config.buy_in * state.total_entries
    again, decisions = replay(config, run.inputs)
    assert again == state and decisions == run.all_decisions
