"""A moved player's seat, the balance of the tables and hand-for-hand, measured over many
seeded events (:mod:`tests.engine.tournament.floor`): 300 and 45 entrants, 9- and 6-max
tables, hands played one table at a time and interleaved, the defaults of an event otherwise
(hand-for-hand on the bubble, halting at three short).

What is asserted, and why those bounds:

- No newcomer takes the button or posts the small blind before a big blind at their new
  table: the rule itself (RULES.md, "Players from a broken table").
- A newcomer sits out at most three hands running while nobody leaves their table: two
  (the hand that would give them the small blind, then the one that would give them the
  button: the moving button then passes them), three when the table grows from heads-up
  (the heads-up button keeps the button one hand); every player who leaves the table may
  shift the blinds onto them again. So no newcomer sits out more than three hands for each
  player who left their table while they owed a big blind, plus three.
- On average a newcomer sits out at most 1.5 hands (measured 0.5 to 0.8; a player seated at
  random sits out only in the two seats that would give them the button or the small blind;
  the rule that fixed the wait on arrival gave 1.1 to 1.35 on the same events).
- At every hand end, no table between hands holds two or more players more than the smallest
  (a table in a hand gives up a player when it ends), a table whose break waits for its hand
  counting its players as seated at the tables with the fewest, unless a table is held short
  (RULES.md, "Balancing"); hand ends inside a hand-for-hand round or before a redraw, where
  nobody moves, are counted apart. No hand is dealt at a table three or more players short
  of the fullest (halting, TDA 10D); hands dealt two short (while the fuller table plays its
  hand) are counted.
- No event reaches the money at several tables without hand-for-hand having started.

The figures print with ``pytest -s``.
"""

from __future__ import annotations

import pytest

from engine.tournament import EventConfig, Level
from tests.engine.tournament.floor import Floor
from tests.engine.tournament.simulate import simulate


def floor_over(entrants: int, seats: int, events: int) -> Floor:
    """``events`` seeded events, every other one with the tables' hands interleaved."""
    total = Floor()
    for seed in range(events):
        config = EventConfig(
            seats_per_table=seats, starting_chips=1_000, buy_in=100, seed=f"floor-{seed}",
            levels=(Level(small_blind=5, big_blind=10, length=20),),
        )  # fmt: skip
        floor = Floor()
        run = simulate(config, entrants, seed=seed, concurrent=seed % 2 == 1, check=floor)
        assert run.state is not None and run.state.phase.value == "finished"
        assert not floor.skipped, f"event {seed} reached the money without hand-for-hand"
        total.add(floor)
    print(f"\n{events} events, {entrants} entrants, {seats}-max: {total.summary()}")
    return total


def check(floor: Floor) -> None:
    assert not floor.faults, floor.faults[:3]
    assert not floor.over, floor.over[:3]
    assert floor.longest_run <= 3
    assert floor.waits and sum(floor.waits) / len(floor.waits) <= 1.5, floor.summary()
    assert floor.unbalanced == 0, floor.summary()
    assert max(floor.short_deals, default=0) <= 2, floor.summary()
    assert floor.hand_ends >= 20 * floor.events


@pytest.mark.parametrize(("entrants", "seats", "events"), [(300, 9, 2), (45, 6, 10)])
def test_moved_players_blinds_waits_and_the_balance_over_a_few_events(
    entrants: int, seats: int, events: int
) -> None:
    check(floor_over(entrants, seats, events))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("entrants", "seats", "events"), [(300, 9, 16), (300, 6, 16), (45, 9, 100), (45, 6, 100)]
)
def test_moved_players_blinds_waits_and_the_balance_over_many_events(
    entrants: int, seats: int, events: int
) -> None:
    check(floor_over(entrants, seats, events))
