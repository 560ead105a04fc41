"""The acceptance simulation of tournaments: a seeded 300-entrant event played to its end by the
director, with random chip-transfer hands, watched from its decisions alone
(:mod:`tests.engine.tournament.watcher`), then replayed from its log: once with one hand
played at a time, once with the tables' hands interleaved at random."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.tournament import (
    EventConfig,
    EventFinished,
    Level,
    MoveReason,
    PlayerMoved,
    RegistrationClosed,
    SeatsRedrawn,
    TableBroken,
    replay,
)
from tests.engine.tournament.simulate import simulate
from tests.engine.tournament.watcher import Watcher

ROOT = Path(__file__).resolve().parents[3]
CONFIG = EventConfig(
    seats_per_table=10,
    starting_chips=1_000,
    levels=(Level(small_blind=5, big_blind=10, length=20),),
    buy_in=100,
    hand_for_hand_margin=30,
    redraw_at=(3, 2),
    seed="acceptance",
)


@pytest.mark.parametrize("concurrent", [False, True], ids=["one-hand-at-a-time", "concurrent"])
def test_a_300_entrant_event_follows_the_rules_and_replays_from_its_log(concurrent: bool) -> None:
    watcher = Watcher(starting_chips=CONFIG.starting_chips, seats=CONFIG.seats_per_table)
    run = simulate(CONFIG, 300, seed=27, concurrent=concurrent, check=watcher)
    state = run.state
    assert state is not None and state.phase.value == "finished"
    decisions = run.all_decisions

    # Every entry has exactly one place, 1 to 300; the prizes add up to the pool.
    assert sorted(watcher.places) == sorted(f"p{k:03d}" for k in range(300))
    covered = sorted(p for f in state.places for p in range(f.best, f.worst + 1))
    assert covered == list(range(1, 301))
    (closed,) = [d for d in decisions if isinstance(d, RegistrationClosed)]
    assert closed.pool == 300 * 100 == sum(closed.prizes)
    assert sum(sum(f.prizes) for f in state.places) == closed.pool
    (finished,) = [d for d in decisions if isinstance(d, EventFinished)]
    assert watcher.places[finished.winner].best == 1

    # The rules were exercised, not only never broken.
    moves = [d for d in decisions if isinstance(d, PlayerMoved)]
    assert sum(m.reason is MoveReason.BALANCE for m in moves) >= 20
    assert sum(isinstance(d, TableBroken) for d in decisions) == 29
    assert [d.tables for d in decisions if isinstance(d, SeatsRedrawn)] == [
        (1, 2, 3), (1, 2), (1,),
    ]  # fmt: skip
    assert watcher.balance_moves_checked >= 20
    assert watcher.first_hands_checked >= 15
    assert watcher.first_hands_as_big_blind >= 1
    assert watcher.balanced_checks >= 50
    assert watcher.rounds_checked >= 3
    assert watcher.tied_across_tables >= 1
    assert watcher.ordered_at_one_table >= 1

    # The whole event replays identically from its log.
    again, replayed = replay(CONFIG, run.inputs)
    assert replayed == decisions
    assert again == state


def test_the_decisions_do_not_depend_on_the_process() -> None:
    """The same event in another interpreter, with another string-hash seed, decides the same."""
    script = (
        "import hashlib, sys\n"
        "from tests.engine.tournament.simulate import simulate\n"
        "from tests.engine.tournament.test_simulation import CONFIG\n"
        "run = simulate(CONFIG, 60, seed=5)\n"
        "print(hashlib.sha256(repr(run.all_decisions).encode()).hexdigest())\n"
    )
    here = simulate(CONFIG, 60, seed=5)
    expected = hashlib.sha256(repr(here.all_decisions).encode()).hexdigest()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
            check=True,
        )  # fmt: skip
        assert done.stdout.strip() == expected
