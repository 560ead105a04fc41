"""Equity against ranges by sampling: fast enough to run at every decision.

:func:`engine.equity.equity` answers for known hands; a player never knows them. Here each deal
gives every opponent a hand drawn from their :class:`~bot.computers.ranges.Range`, completes the
board, and scores the showdown with the evaluator's additive card codes (the same arithmetic as
:mod:`engine.equity`, inlined because a decision has a budget of a few milliseconds). An opponent
who has bet or raised since the flop is dealt a hand that fits the board, with a small share of
bluffs left in (:func:`board_fit`).

Chance comes from the caller's random source: the same seed gives the same estimate.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.computers.preflop import COMBOS
from bot.computers.ranges import Range
from engine.evaluator import (
    CARD_BITS,
    CARD_CODES,
    FLUSH_SUITS,
    FLUSH_VALUES,
    ROW_SHIFT,
    SEVEN_OFFSETS,
    SEVEN_VALUES,
    SUIT_BITS,
    SUIT_MASK,
)

__all__ = ["board_fit", "equity_against"]

_COMBOS = len(COMBOS)
_TRIES = 24
"""Draws before an opponent's hand is taken from the whole deck instead (a range all blocked)."""

# The chance that a hand which does not fit the board is still kept, by pressure (1, 2, 3+)
# and fit (0 nothing, 1 a draw, 2 a pair): bets with air get rarer as the betting goes on.
_KEEP = (
    (0.35, 1.0, 1.0),
    (0.15, 0.5, 0.7),
    (0.04, 0.2, 0.25),
)
# Windows of five ranks (ace low first) for straight draws, as 14-bit masks.
_WINDOWS = tuple(0b11111 << low for low in range(10))


def board_fit(a: int, b: int, board: Sequence[int]) -> int:
    """How well two hole cards fit a board: 0 nothing, 1 a draw (before the river), 2 a pair,
    3 top pair or better.

    >>> from engine.cards import parse_cards as p
    >>> [board_fit(*p(h), p("Ks 9d 4c")) for h in ("Kh2c", "9h8h", "QhJh", "7c2d", "AcAd")]
    [3, 2, 1, 0, 3]
    """
    return _Shape(board).fit(a, b)


class _Shape:
    """The features of a board that :func:`board_fit` reads, computed once per estimate."""

    __slots__ = ("mask", "ranks", "river", "suits", "top")

    def __init__(self, board: Sequence[int]) -> None:
        self.river = len(board) >= 5
        self.ranks = frozenset(c >> 2 for c in board)
        self.top = max(self.ranks)
        self.suits = [0, 0, 0, 0]
        self.mask = 0
        for c in board:
            self.suits[c & 3] += 1
            self.mask |= _rank_bits(c >> 2)

    def fit(self, a: int, b: int) -> int:
        ra, rb = a >> 2, b >> 2
        ranks = self.ranks
        if ra == rb:
            return 3 if ra in ranks or ra > self.top else 2
        hit_a, hit_b = ra in ranks, rb in ranks
        if (hit_a and hit_b) or self.top == ra or self.top == rb:
            return 3
        if hit_a or hit_b:
            return 2
        if self.river:
            return 0  # no card to come: a draw that missed is nothing
        sa, sb = a & 3, b & 3
        suits = self.suits
        if (sa == sb and suits[sa] >= 2) or suits[sa] >= 3 or suits[sb] >= 3:
            return 1
        mask = self.mask | _rank_bits(ra) | _rank_bits(rb)
        for window in _WINDOWS:
            if (mask & window).bit_count() >= 4:
                return 1
        return 0


def _rank_bits(rank: int) -> int:
    """A rank's bit in a 14-bit straight mask (the ace also sits below the two)."""
    return (1 << (rank + 1)) | (1 if rank == 12 else 0)


def _keep(pressure: int, fit: int, rng: random.Random) -> bool:
    if pressure == 0 or fit >= 3:
        return True
    return rng.random() < _KEEP[min(pressure, 3) - 1][fit]


def equity_against(
    hole: Sequence[int],
    board: Sequence[int],
    ranges: Sequence[Range],
    rng: random.Random,
    *,
    samples: int,
) -> float:
    """The share of the pot ``hole`` wins against opponents holding ``ranges``, over ``samples``
    deals of their hands and the rest of the board (a split counts ``1 / winners``)."""
    if not ranges:
        return 1.0
    codes, bits = CARD_CODES, CARD_BITS
    rank_values, offsets, flush_values = SEVEN_VALUES, SEVEN_OFFSETS, FLUSH_VALUES
    flush_suits = FLUSH_SUITS
    base_used = [False] * 52
    for c in (*hole, *board):
        base_used[c] = True
    board_key = sum(codes[c] for c in board)
    board_bits = 0
    for c in board:
        board_bits |= bits[c]
    hero_key = codes[hole[0]] + codes[hole[1]]
    hero_bits = bits[hole[0]] | bits[hole[1]]
    missing = 5 - len(board)
    slices = [
        (int(r.floor * _COMBOS), max(int(r.top * _COMBOS), int(r.floor * _COMBOS) + 6), r.pressure)
        for r in ranges
    ]
    random_ = rng.random
    row_shift = SUIT_BITS + ROW_SHIFT
    shape = _Shape(board) if board and any(r.pressure for r in ranges) else None
    share = 0.0
    for _ in range(samples):
        used = base_used[:]
        hands: list[tuple[int, int]] = []
        for low, high, pressure in slices:
            span = min(high, _COMBOS) - low
            for _try in range(_TRIES):
                a, b = COMBOS[low + int(random_() * span)]
                if used[a] or used[b]:
                    continue
                if shape is not None and pressure and not _keep(pressure, shape.fit(a, b), rng):
                    continue
                break
            else:
                a, b = _any_two(used, rng)
            used[a] = used[b] = True
            hands.append((a, b))
        key, mask = board_key, board_bits
        for _card in range(missing):
            c = int(random_() * 52)
            while used[c]:
                c = int(random_() * 52)
            used[c] = True
            key += codes[c]
            mask |= bits[c]
        total = hero_key + key
        suit = flush_suits[total & SUIT_MASK]
        if suit >= 0:
            mine = flush_values[((hero_bits | mask) >> (13 * suit)) & 8191]
        else:
            mine = rank_values[(total >> SUIT_BITS) + offsets[total >> row_shift]]
        best = -1
        ties = 0
        for a, b in hands:
            total = codes[a] + codes[b] + key
            suit = flush_suits[total & SUIT_MASK]
            if suit >= 0:
                theirs = flush_values[((bits[a] | bits[b] | mask) >> (13 * suit)) & 8191]
            else:
                theirs = rank_values[(total >> SUIT_BITS) + offsets[total >> row_shift]]
            if theirs > best:
                best = theirs
                ties = 1 if theirs == mine else 0
                if best > mine:
                    break
            elif theirs == best == mine:
                ties += 1
        if mine > best:
            share += 1.0
        elif mine == best:
            share += 1.0 / (ties + 1)
    return share / samples


def _any_two(used: list[bool], rng: random.Random) -> tuple[int, int]:
    free = [c for c in range(52) if not used[c]]
    a, b = rng.sample(free, 2)
    return a, b
