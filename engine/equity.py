"""All-in equity: each known hand's share of the pot over the boards still to come.

Three ways to get it, chosen by the number of boards left:

* **Exact, board known up to the flop or later** (at most 990 boards): every board is dealt and
  every hand evaluated, with keys summed incrementally (see :mod:`engine.evaluator`).
* **Exact, pre-flop** (up to 1,712,304 boards): boards are not dealt one by one. Without a flush
  the winner depends only on the board's *rank multiset*, so the 6,175 multisets are scored
  once each, weighted by how many boards share them. A flush needs three or more board cards of
  one suit (never two suits at once); those boards are grouped by suit, by the suited board
  ranks and by the rank multiset of the other board cards, scored for real, and taken out of
  the rank-multiset weights. A heads-up pre-flop spot thus needs some tens of thousands of
  lookups instead of 3.4 million evaluations.
* **Monte Carlo** when the boards exceed ``exact_limit``: boards drawn with the caller's random
  source, so a seeded ``random.Random`` gives the same answer every time.

Results are tallied by *who wins*: a map from the tuple of winners to a number of boards, from
which equities, wins, ties and the standard error all follow.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from engine.cards import CARDS
from engine.evaluator import (
    CARD_BITS,
    CARD_CODES,
    FLUSH_SUITS,
    FLUSH_VALUES,
    RANK_CODES,
    ROW_SHIFT,
    SEVEN_OFFSETS,
    SEVEN_VALUES,
    SUIT_BITS,
    SUIT_MASK,
)

__all__ = ["DEFAULT_EXACT_LIMIT", "DEFAULT_SAMPLES", "EquityResult", "equity"]

DEFAULT_EXACT_LIMIT = 1_712_304
"""Every spot is exact by default: C(48, 5), the boards of a heads-up pre-flop spot."""

DEFAULT_SAMPLES = 20_000
"""Monte Carlo boards: a standard error of at most 0.35 percentage points per hand."""

Tally = dict[tuple[int, ...], int]
_Outcome = TypeVar("_Outcome", bound=Hashable)
"""Winners (player indexes, ascending) -> number of boards (or samples) they split."""


@dataclass(frozen=True, kw_only=True)
class EquityResult:
    """Equity of each hand, in the order the hands were given.

    ``wins[i]`` counts the boards (or samples) that hand ``i`` wins alone, ``ties[i]`` those it
    splits with others; ``equities[i]`` is the share of pots won, a split pot counting
    ``1 / winners``, so the equities sum to 1. ``boards`` is the number of boards covered: all
    of them when ``exact``, otherwise the samples drawn. ``std_error`` is 0.0 when exact, else
    the largest standard error among the per-hand equity estimates.
    """

    equities: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    boards: int
    exact: bool
    std_error: float


def equity(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    *,
    dead: Sequence[int] = (),
    rng: random.Random | None = None,
    samples: int = DEFAULT_SAMPLES,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
) -> EquityResult:
    """Equity of 2 to 10 two-card hands on a board of 0, 3, 4 or 5 known cards.

    ``dead`` cards (folded or burned, if known) are out of the deck. The result is exact when
    at most ``exact_limit`` boards remain; otherwise ``samples`` boards are drawn from ``rng``,
    which must then be given: chance comes from the caller, so results can be reproduced.

    >>> from engine.cards import parse_cards as p
    >>> r = equity([p("AsAh"), p("KdKc")])
    >>> round(r.equities[0], 4), r.exact
    (0.8126, True)
    """
    _check(hands, board, dead)
    if samples < 1 or exact_limit < 0:
        raise ValueError("samples must be positive and exact_limit not negative")
    used = {c for hand in hands for c in hand} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    if len(deck) < missing:
        raise ValueError(f"only {len(deck)} cards left, {missing} needed for the board")
    total = math.comb(len(deck), missing)
    if total <= exact_limit:
        if missing == 5:
            tally = _preflop_exact(hands, deck)
        else:
            tally = tally_boards(hands, board, combinations(deck, missing), _settle)
        return _result(tally, len(hands), exact=True)
    if rng is None:
        raise ValueError(
            f"{total:,} boards exceed exact_limit={exact_limit:,}: pass rng for Monte Carlo"
        )
    draws = (rng.sample(deck, missing) for _ in range(samples))
    return _result(tally_boards(hands, board, draws, _settle), len(hands), exact=False)


def _check(hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int]) -> None:
    """Raise ``ValueError`` with a readable reason unless the spot can be dealt."""
    if not 2 <= len(hands) <= 10:
        raise ValueError(f"equity needs 2 to 10 hands, got {len(hands)}")
    for i, hand in enumerate(hands):
        if len(hand) != 2:
            raise ValueError(f"hand {i + 1} has {len(hand)} cards, not 2")
    if len(board) not in (0, 3, 4, 5):
        raise ValueError(f"a board holds 0, 3, 4 or 5 cards, not {len(board)}")
    cards = [c for hand in hands for c in hand] + list(board) + list(dead)
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise ValueError(f"not a card: {c!r}")
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"card {CARDS[c]} appears more than once")
        seen.add(c)


def _result(tally: Tally, players: int, *, exact: bool) -> EquityResult:
    """Turn a tally of winners into equities, counts and (for samples) a standard error."""
    n = sum(tally.values())
    wins = [0] * players
    ties = [0] * players
    share = [0.0] * players
    square = [0.0] * players
    for winners, count in tally.items():
        part = 1.0 / len(winners)
        for i in winners:
            if len(winners) == 1:
                wins[i] += count
            else:
                ties[i] += count
            share[i] += count * part
            square[i] += count * part * part
    equities = tuple(s / n for s in share)
    error = 0.0
    if not exact and n > 1:
        error = max(
            math.sqrt(max(sq / n - e * e, 0.0) / (n - 1)) for sq, e in zip(square, equities)
        )
    return EquityResult(
        equities=equities,
        wins=tuple(wins),
        ties=tuple(ties),
        boards=n,
        exact=exact,
        std_error=error,
    )


def _settle(values: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the best values."""
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def tally_boards(
    hands: Sequence[Sequence[int]],
    board: Sequence[int],
    rest: Iterable[Sequence[int]],
    settle: Callable[[list[int]], _Outcome],
) -> dict[_Outcome, int]:
    """Deal each completion of the board in ``rest``, value every hand on it and count the
    outcomes ``settle`` makes of those values (the hand values in ``hands`` order).

    One board loop for the equity here and the odds of each pot (:mod:`engine.odds`).
    """
    codes, bits = CARD_CODES, CARD_BITS
    rank_values, offsets, flush_values, flush_suits = (
        SEVEN_VALUES, SEVEN_OFFSETS, FLUSH_VALUES, FLUSH_SUITS,
    )  # fmt: skip
    row_shift = SUIT_BITS + ROW_SHIFT
    base_key = sum(codes[c] for c in board)
    base_bits = sum(bits[c] for c in board)
    keys = [codes[a] + codes[b] + base_key for a, b in hands]
    masks = [bits[a] | bits[b] | base_bits for a, b in hands]
    pairs = list(zip(keys, masks))
    tally: dict[_Outcome, int] = {}
    for cards in rest:
        board_key = 0
        board_bits = 0
        for c in cards:
            board_key += codes[c]
            board_bits |= bits[c]
        values = []
        for key, mask in pairs:
            key += board_key
            suit = flush_suits[key & SUIT_MASK]
            if suit >= 0:
                values.append(flush_values[((mask | board_bits) >> (13 * suit)) & 8191])
            else:
                values.append(rank_values[(key >> SUIT_BITS) + offsets[key >> row_shift]])
        outcome = settle(values)
        tally[outcome] = tally.get(outcome, 0) + 1
    return tally


def _rank_multisets(available: Sequence[int], size: int) -> list[tuple[int, int]]:
    """(rank key, number of card combinations) of every ``size``-rank multiset.

    ``available[r]`` is how many cards of rank index ``r`` are left to draw.
    """
    out: list[tuple[int, int]] = []

    def extend(rank: int, left: int, key: int, weight: int) -> None:
        if left == 0:
            out.append((key, weight))
            return
        if rank == 13:
            return
        for count in range(min(left, available[rank]) + 1):
            key_then = key + count * RANK_CODES[rank]
            weight_then = weight * math.comb(available[rank], count)
            extend(rank + 1, left - count, key_then, weight_then)

    extend(0, size, 0, 1)
    return out


def _preflop_exact(hands: Sequence[Sequence[int]], deck: Sequence[int]) -> Tally:
    """Tally every five-card board from ``deck`` without dealing them one by one."""
    players = range(len(hands))
    rank_values, offsets, flush_values = SEVEN_VALUES, SEVEN_OFFSETS, FLUSH_VALUES
    hole_keys = [RANK_CODES[a >> 2] + RANK_CODES[b >> 2] for a, b in hands]
    # hole_suits[i][s]: 13-bit rank mask of player i's cards of suit s.
    hole_suits = [[0] * 4 for _ in players]
    for i, hand in enumerate(hands):
        for c in hand:
            hole_suits[i][c & 3] |= 1 << (c >> 2)
    available = [0] * 13
    for c in deck:
        available[c >> 2] += 1

    tally: Tally = {}
    flush_boards: dict[int, int] = {}  # board rank key -> boards already tallied in part 2

    # Part 2 first: boards with 3+ cards of one suit on which some hand makes a flush.
    for suit in range(4):
        suited = [c >> 2 for c in deck if c & 3 == suit]
        others = list(available)
        for r in suited:
            others[r] -= 1
        holding = [hole_suits[i][suit].bit_count() for i in players]
        for k in (3, 4, 5):
            flushers = [i for i in players if holding[i] + k >= 5]
            if not flushers:
                continue  # the rank multiset alone decides these boards
            rest = [i for i in players if holding[i] + k < 5]
            rest_keys = [hole_keys[i] for i in rest]
            fill = _rank_multisets(others, 5 - k)
            fill_total = sum(w for _, w in fill)
            for chosen in combinations(suited, k):
                x_key = 0
                x_mask = 0
                for r in chosen:
                    x_key += RANK_CODES[r]
                    x_mask |= 1 << r
                flush = [flush_values[hole_suits[i][suit] | x_mask] for i in flushers]
                top = max(flush)
                flush_win = tuple(i for i, v in zip(flushers, flush) if v == top)
                flush_total = 0
                for y_key, weight in fill:
                    board_key = x_key + y_key
                    flush_boards[board_key] = flush_boards.get(board_key, 0) + weight
                    if not rest:
                        continue
                    values = [
                        rank_values[h + board_key + offsets[(h + board_key) >> ROW_SHIFT]]
                        for h in rest_keys
                    ]
                    best = max(values)
                    if best < top:
                        continue
                    if best > top:
                        winners = tuple(i for i, v in zip(rest, values) if v == best)
                    else:
                        also = tuple(i for i, v in zip(rest, values) if v == best)
                        winners = tuple(sorted(flush_win + also))
                    tally[winners] = tally.get(winners, 0) + weight
                    flush_total += weight
                tally[flush_win] = tally.get(flush_win, 0) + fill_total - flush_total

    # Part 1: every other board is decided by its rank multiset.
    for board_key, weight in _rank_multisets(available, 5):
        weight -= flush_boards.get(board_key, 0)
        if weight:
            winners = _settle(
                [
                    rank_values[h + board_key + offsets[(h + board_key) >> ROW_SHIFT]]
                    for h in hole_keys
                ]
            )
            tally[winners] = tally.get(winners, 0) + weight
    return tally
