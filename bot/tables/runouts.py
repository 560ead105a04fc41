"""An all-in run-out copied out as values, and the odds at each of its steps.

When betting ends with two or more hands in and at most one with chips behind, the hands are
turned face up and the board is dealt to the river (twice when the players run it twice).
Television shows each hand's chances at every step. The table's loop computes them off the
event loop from a :class:`RunoutSpot`, which :func:`spot_of` copies out of the finished hand
under the table's lock: only what every viewer saw (the face-up hands, the boards, the pots),
never a live engine object and never a card nobody showed.

The figures are :func:`engine.odds.runout_odds` of exactly what
:func:`engine.odds.street_odds` passes it (the hand's final pots, seeded by the hand id), so
a hand run once shows the same figures as ``street_odds(hand, seed=hand_id)``. The second
board of a hand run twice starts from the same cards as the first; its odds count the first
board's own cards as dead (they are face up), and each pot shows the half played on it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine import Hand
from engine.events import BoardDealt, CardsShown
from engine.odds import RunoutOdds, runout_odds
from engine.pots import Pot, build_pots, halves

__all__ = ["RUN_TWICE_SECONDS", "RunoutSpot", "RunoutStep", "spot_odds", "spot_of"]

RUN_TWICE_SECONDS = 10
"""How long the players with chips at risk have to agree to run it twice (silence is no)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class RunoutStep:
    """One moment of a run-out with cards still to come: ``board`` on board ``run`` (1 or 2),
    with ``dead`` the face-up cards the other board took."""

    run: int
    board: tuple[int, ...]
    dead: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class RunoutSpot:
    """A finished hand's run-out: the face-up ``hands`` (engine player, two cards), the
    hand's final ``pots`` (engine players), how many boards were dealt (``runs``) and every
    step before a river, in the order they were dealt."""

    hand_id: int
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    pots: tuple[Pot, ...]
    runs: int
    steps: tuple[RunoutStep, ...]


def spot_of(hand: Hand, hand_id: int) -> RunoutSpot | None:
    """The run-out of ``hand``, a finished hand; ``None`` when it was not run out."""
    if not hand.ran_out or not hand.is_over:
        return None  # most hands: their events are not read through
    shown_at = next((k for k, e in enumerate(hand.events) if isinstance(e, CardsShown)), None)
    if shown_at is None:
        return None
    live = hand.live_players()
    pots = build_pots(hand.contributions, [not f for f in hand.folded], [True] * len(hand.folded))
    if hand.dead:
        pots[0] = Pot(amount=pots[0].amount + hand.dead, eligible=pots[0].eligible)
    deals = [e for e in hand.events[shown_at:] if isinstance(e, BoardDealt)]
    first = tuple(e for e in deals if e.run == 1)
    second = tuple(e for e in deals if e.run == 2)
    common = tuple(hand.board[: len(hand.board) - sum(len(e.cards) for e in first)])
    steps = [RunoutStep(run=1, board=common)]
    steps.extend(RunoutStep(run=1, board=tuple(e.board)) for e in first if len(e.board) < 5)
    own = tuple(hand.board[len(common) :])  # the first board's cards, face up for the second
    steps.extend(
        RunoutStep(run=2, board=tuple(e.board), dead=own) for e in second if len(e.board) < 5
    )
    return RunoutSpot(
        hand_id=hand_id,
        hands=tuple((p, tuple(hand.hole[p])) for p in live),
        pots=tuple(pots),
        runs=2 if hand.second_board else 1,
        steps=tuple(steps),
    )


def spot_odds(spot: RunoutSpot) -> tuple[RunoutOdds, ...]:
    """The odds at every step of ``spot``, in order (CPU-bound: run it off the event loop).
    With two boards each pot's amount is the half played on that board."""
    hands = dict(spot.hands)
    out = []
    for step in spot.steps:
        odds = runout_odds(hands, step.board, pots=spot.pots, dead=step.dead, seed=spot.hand_id)
        if spot.runs == 2:
            half = 0 if step.run == 1 else 1
            odds = replace(
                odds,
                pots=tuple(replace(c, amount=halves(c.amount)[half]) for c in odds.pots),
            )
        out.append(odds)
    return tuple(out)
