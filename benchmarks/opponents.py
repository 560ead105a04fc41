"""A gallery of opponent styles for measuring the computer players against people who play
differently from them.

Each style is written from a short description of how such a player plays, not from the code
of any level in :mod:`bot.computers`: its own hand-strength score before the flop (the Chen
formula) and its own equity estimate after it (Monte Carlo against random hands, with the
engine's evaluator). Each sees only a :class:`~bot.computers.PlayerView` and draws its chance
from the random source it is handed, like the levels, so a seeded match replays exactly.

- calling station: checks or calls, never folds, never raises
  (:class:`bot.computers.CallingStation`).
- random: folds, calls, raises or moves all-in at random (:class:`bot.computers.RandomPlayer`).
- tight-passive: plays about one hand in six, hardly ever raises, calls a bet when its equity
  clears the price by a margin and bets only near-certain winners.
- maniac: plays most hands and raises them, bets nearly every flop and barrels, raises bets
  often, calls with any pair or draw.
- nit: plays only strong hands and raises them, bets its made hands, and folds to any bet or
  raise unless it holds a monster.
- pot-odds: never bets or raises; calls whenever its equity against random hands beats the pot
  odds, checks or folds otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.computers import CallingStation, PlayerView, RandomPlayer, Strategy
from bot.computers.moves import bet_to, check_or_call, check_or_fold
from engine.actions import Action, ActionKind, Street
from engine.evaluator import evaluate7

__all__ = ["GALLERY", "chen", "equity_vs_random", "gallery"]


def chen(a: int, b: int) -> float:
    """The Chen score of two hole cards (card index: rank ``c >> 2`` from 0 = two, suit ``c & 3``):
    the high card's points, doubled for a pair, plus two when suited, less for the gap.

    >>> from engine.cards import parse_cards as p
    >>> chen(*p("AsAh")), chen(*p("AsKs")), chen(*p("7c2d"))
    (20, 12, -1.5)
    """
    high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    points = {12: 10, 11: 8, 10: 7, 9: 6}.get(high, (high + 2) / 2)
    if high == low:
        return max(points * 2, 5)
    score = points + (2 if a & 3 == b & 3 else 0)
    gap = high - low - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < 10:
        score += 1
    return score


def equity_vs_random(
    hole: Sequence[int], board: Sequence[int], opponents: int, rng: random.Random, samples: int
) -> float:
    """The share of the pot ``hole`` wins against ``opponents`` random hands, by sampling."""
    used = set(hole) | set(board)
    deck = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    need = missing + 2 * opponents
    share = 0.0
    for _ in range(samples):
        drawn = rng.sample(deck, need)
        full = [*board, *drawn[:missing]]
        mine = evaluate7([*hole, *full])
        best, ties = 0, 0
        for k in range(opponents):
            theirs = evaluate7([drawn[missing + 2 * k], drawn[missing + 2 * k + 1], *full])
            if theirs > mine:
                best = -1
                break
            if theirs == mine:
                ties += 1
        if best == 0:
            share += 1.0 / (ties + 1)
    return share / samples


def _raises(view: PlayerView, street: Street | None = None) -> int:
    """Voluntary bets and raises in the hand (on ``street`` only, when given)."""
    return sum(
        1
        for m in view.history
        if not m.forced
        and m.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)
        and m.bet > 0
        and (street is None or m.street is street)
        and m.player != view.player
    )


def _pot_fraction(view: PlayerView, fraction: float) -> int:
    """A bet of ``fraction`` of the pot, as the amount this round's bet goes to."""
    return view.bets[view.player] + max(int(view.pot_total * fraction), view.big_blind)


def _odds(view: PlayerView) -> float:
    to_call = view.legal.to_call
    return to_call / (view.pot_total + to_call) if to_call else 0.0


class TightPassive:
    """Plays about one hand in six and mostly calls: it raises before the flop only with the
    very best, calls a bet when its equity against random hands clears the pot odds by a
    margin, and bets only when it is nearly sure to win."""

    name = "tight-passive"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        a, b = view.hole
        if view.street is Street.PREFLOP:
            score = chen(a, b)
            if score >= 14 and legal.min_raise_to is not None and _raises(view) == 0:
                return bet_to(legal, 3 * view.big_blind)
            if score >= 9 or (score >= 8 and _raises(view) == 0):
                return check_or_call(legal)
            return check_or_fold(legal)
        eq = equity_vs_random(view.hole, view.board, len(view.opponents), rng, 80)
        if legal.to_call == 0:
            if eq >= 0.85:
                return bet_to(legal, _pot_fraction(view, 0.5))
            return check_or_fold(legal)
        if eq >= _odds(view) + 0.2:
            return check_or_call(legal)
        return check_or_fold(legal)


class Maniac:
    """Loose and aggressive: plays three hands in four and raises most of them, re-raises
    often, bets nearly every time it is checked to and raises bets with anything decent;
    calls with any real equity."""

    name = "maniac"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        a, b = view.hole
        raised = _raises(view, view.street)
        if view.street is Street.PREFLOP:
            score = chen(a, b)
            if score < 3 and rng.random() < 0.7:
                return check_or_fold(legal)
            if raised < 3 and rng.random() < (0.75 if raised == 0 else 0.35 + score / 40):
                size = view.current_bet * 3 if raised else 3 * view.big_blind
                return bet_to(legal, size)
            return check_or_call(legal)
        eq = equity_vs_random(view.hole, view.board, len(view.opponents), rng, 60)
        if legal.to_call == 0:
            if rng.random() < 0.8 or eq >= 0.6:
                return bet_to(legal, _pot_fraction(view, 0.9))
            return check_or_fold(legal)
        if raised < 3 and (eq >= 0.65 or rng.random() < 0.25):
            return bet_to(legal, view.current_bet * 3)
        if eq >= 0.35 or rng.random() < 0.2:
            return check_or_call(legal)
        return check_or_fold(legal)


class Nit:
    """Plays only strong hands and raises them, bets its made hands when checked to, and folds
    to any bet or raise unless it holds a monster (aces or kings before the flop; a hand that
    beats nine random hands in ten after it)."""

    name = "nit"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        a, b = view.hole
        raised = _raises(view) > 0 and legal.to_call > 0
        if view.street is Street.PREFLOP:
            score = chen(a, b)
            if raised:
                if score >= 16:
                    return bet_to(legal, view.current_bet * 3)
                return check_or_fold(legal)
            if score >= 10:
                return bet_to(legal, 3 * view.big_blind)
            return check_or_fold(legal)
        eq = equity_vs_random(view.hole, view.board, len(view.opponents), rng, 80)
        if legal.to_call == 0:
            if eq >= 0.7:
                return bet_to(legal, _pot_fraction(view, 0.6))
            return check_or_fold(legal)
        if eq >= 0.9:
            return check_or_call(legal)
        return check_or_fold(legal)


class PotOdds:
    """Never bets or raises: it calls whenever its equity against random hands beats the pot
    odds, and checks or folds otherwise."""

    name = "pot-odds"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        if legal.to_call == 0:
            return check_or_fold(legal)
        samples = 60 if view.street is Street.PREFLOP else 80
        eq = equity_vs_random(view.hole, view.board, len(view.opponents), rng, samples)
        if eq >= _odds(view):
            return check_or_call(legal)
        return check_or_fold(legal)


GALLERY: tuple[str, ...] = (
    "calling-station",
    "random",
    "tight-passive",
    "maniac",
    "nit",
    "pot-odds",
)
"""The styles, in the order the benchmark reports them."""


def gallery() -> dict[str, Strategy]:
    """A player of each style, by name."""
    players: tuple[Strategy, ...] = (
        CallingStation(),
        RandomPlayer(),
        TightPassive(),
        Maniac(),
        Nit(),
        PotOdds(),
    )
    return {p.name: p for p in players}
