"""A seeded tournament simulation for the tests and the benchmark: the director runs an event
whose hands are a cheap random chip transfer (some of the dealt-in players put in up to a
few big blinds or everything, one of them takes it all), so the chips are conserved by
construction and players bust quickly.

One table plays at a time (a table asks to deal, its hand is played, the next table asks),
except that the director may deal several held tables at once, as it does to start a
hand-for-hand round; with ``concurrent`` the tables ask and finish in a random interleaving,
several hands being played at once as on a live server. Every input is kept, so the run can
be replayed from its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.tournament import (
    ClockTicked,
    Decision,
    EventConfig,
    EventState,
    HandDealt,
    HandFinished,
    HandStarting,
    Input,
    Phase,
    Registered,
    Start,
    apply,
    new_event,
)

Check = Callable[[EventState, Input, EventState, tuple[Decision, ...]], None]


@dataclass
class Run:
    """A simulated event: its inputs in order, what each brought, and the final state."""

    config: EventConfig
    inputs: list[Input] = field(default_factory=list)
    decisions: list[tuple[Decision, ...]] = field(default_factory=list)
    state: EventState | None = None

    @property
    def all_decisions(self) -> list[Decision]:
        return [d for batch in self.decisions for d in batch]


def chip_transfer(stacks: dict[str, int], big_blind: int, rng: random.Random) -> dict[str, int]:
    """One hand's result: two or three players each put in the same bet (capped by their
    stack), one of them wins it all."""
    players = sorted(stacks)
    takers = rng.sample(players, min(len(players), rng.choice((2, 2, 3))))
    bet = rng.choice((big_blind, 3 * big_blind, 10 * big_blind, max(stacks.values())))
    pot = 0
    after = dict(stacks)
    for player in takers:
        paid = min(bet, after[player])
        after[player] -= paid
        pot += paid
    after[rng.choice(takers)] += pot
    return after


def simulate(
    config: EventConfig,
    entrants: int,
    *,
    seed: int = 0,
    late: int = 0,
    reentry_rate: float = 0.0,
    concurrent: bool = False,
    check: Check | None = None,
    max_inputs: int = 200_000,
) -> Run:
    """Run an event of ``entrants`` (plus ``late`` registering in the first levels, and busted
    players re-entering at ``reentry_rate`` while registration is open) to its end."""
    rng = random.Random(seed)
    run = Run(config=config)
    state = new_event(config)

    def feed(item: Input) -> tuple[Decision, ...]:
        nonlocal state
        before = state
        state, taken = apply(state, item)
        run.inputs.append(item)
        run.decisions.append(taken)
        for decision in taken:
            if isinstance(decision, HandDealt):
                hands[decision.table] = decision
        if check is not None:
            check(before, item, state, taken)
        return taken

    hands: dict[int, HandDealt] = {}
    for k in range(entrants):
        feed(Registered(player=f"p{k:03d}"))
    if state.phase is Phase.REGISTERING:
        feed(Start())
    latecomers = [f"late{k:03d}" for k in range(late)]
    finished = 0
    clock = 0.0
    while state.phase is Phase.RUNNING and len(run.inputs) < max_inputs:
        playing = sorted(n for n, t in state.tables.items() if t.in_hand)
        idle = sorted(n for n, t in state.tables.items() if n not in state.ready and not t.in_hand)
        if playing and (not concurrent or not idle or rng.random() < 0.5):
            number = rng.choice(playing)
            dealt = hands.pop(number)
            table = state.tables[number]
            stacks = {p: state.chips[p] for p in table.hand_players}
            after = chip_transfer(stacks, dealt.big_blind, rng)
            feed(HandFinished(table=number, stacks=tuple(sorted(after.items()))))
            finished += 1
            if finished % 4 == 0:
                clock += 4 * 120.0 / max(1, len(state.tables))
                feed(ClockTicked(seconds=clock))
            if state.registration_open and latecomers and rng.random() < 0.2:
                feed(Registered(player=latecomers.pop()))
            if state.registration_open and reentry_rate and rng.random() < reentry_rate:
                gone = sorted(
                    p
                    for p, n in state.entries.items()
                    if p not in state.chips and n <= config.re_entries
                )
                if gone:
                    feed(Registered(player=rng.choice(gone)))
            continue
        if idle:
            feed(HandStarting(table=rng.choice(idle)))
            continue
        # Every table is held and none is playing: only the clock can move things now.
        clock += 60.0
        feed(ClockTicked(seconds=clock))
    run.state = state
    return run
