"""The player interface, and the two simple players the benchmark measures the others against.

A :class:`Strategy` is anything with a ``name`` and ``decide(view, rng) -> Action``: it sees a
:class:`~bot.computers.view.PlayerView` (what a seated player sees) and draws all its chance from
the random source it is handed, so the same view and the same seed give the same action.

Each decision gets its own random source (:func:`decision_rng`), seeded from the hand's seed and the
decision's number, so a hand replays exactly whatever order the players are asked in.
"""

from __future__ import annotations

import random
from typing import Protocol

from bot.computers.moves import check_or_call
from bot.computers.view import PlayerView
from engine.actions import Action, ActionKind

__all__ = ["CallingStation", "RandomPlayer", "Strategy", "decision_rng"]


def decision_rng(seed: int | str, decision: int) -> random.Random:
    """The random source of one decision: ``seed`` names the hand, ``decision`` counts from 0."""
    return random.Random(f"{seed}:{decision}")


class Strategy(Protocol):
    """A computer player: a legal action for the view, from the view and ``rng`` alone."""

    @property
    def name(self) -> str: ...

    def decide(self, view: PlayerView, rng: random.Random) -> Action: ...


class CallingStation:
    """Never folds, never raises: checks when it can and calls every bet."""

    name = "calling-station"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        return check_or_call(view.legal)


class RandomPlayer:
    """Folds, calls, raises or moves all-in at random, with the weights of the tests' random
    play (``random_action`` in ``tests/engine/simulate.py``), and never folds when it may
    check."""

    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        p = legal.player
        roll = rng.random()
        if roll < 0.15 and not legal.can_check:
            return Action(player=p, kind=ActionKind.FOLD)
        if roll < 0.70 or legal.min_raise_to is None or legal.max_raise_to is None:
            return check_or_call(legal)
        if roll < 0.80 and legal.can_all_in:
            return Action(player=p, kind=ActionKind.ALL_IN)
        amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
        kind = ActionKind.BET if legal.is_bet else ActionKind.RAISE
        return Action(player=p, kind=kind, amount=amount)
