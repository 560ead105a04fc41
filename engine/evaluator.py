"""Hand evaluation: the value of the best five cards out of five, six or seven.

Speed matters here (equity enumerates millions of boards), so the hot path is a handful of
list lookups and additions in pure Python:

* Every card has an integer *code*: its rank's key (:data:`RANK_CODES`) shifted left by
  :data:`SUIT_BITS`, plus its suit's key (:data:`SUIT_CODES`). Adding the codes of seven cards
  gives their *key*, below 2**33.
* The rank keys are chosen (greedily, smallest first) so that every multiset of seven ranks,
  none more than four times, has its own sum: ``key >> SUIT_BITS`` names the rank multiset.
  The same holds for five and for six ranks (pad both with a rank neither holds).
* The suit keys ``0, 1, 29, 37`` are chosen so that the sum of seven of them (below 512) tells
  whether five or more share a suit, and which: :data:`FLUSH_SUITS` maps ``key & SUIT_MASK``
  to that suit or ``-1``.
* Without a flush, the value depends on the rank multiset only. The 49,205 seven-rank keys
  are spread up to 7.8 million, too sparse for a flat list, so they are packed by row
  displacement (the rows of 1,024 keys are slid over each other until no two keys meet):
  ``SEVEN_VALUES[k + SEVEN_OFFSETS[k >> ROW_SHIFT]]`` with ``k = key >> SUIT_BITS``. Two list
  lookups and two shifts cost less than one dictionary lookup, and less than the big-integer
  arithmetic of a key with room for four suit counters.
* With a flush (about 3 % of seven-card hands) no full house or four of a kind is possible, so
  the value is that of the flush suit's ranks, looked up by their 13-bit mask in
  :data:`FLUSH_VALUES`.

Values are dense: ``0`` (7-5-4-3-2 high card) to ``7461`` (royal flush); higher is better and
two hands have equal values exactly when their best five cards tie. The tables are built at
import from a direct scorer of five-card rank patterns.

The tables and codes are public for :mod:`engine.equity` and the computer players, which sum
keys incrementally over many boards; they are not in ``__all__`` because nothing outside the
engine's hot loops should need them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, combinations_with_replacement

from engine.cards import CARDS, Card, Rank

__all__ = [
    "HandCategory",
    "HandValue",
    "best_hand",
    "category_of",
    "evaluate",
    "evaluate7",
    "ranks_of",
]


class HandCategory(IntEnum):
    """The nine hand categories, worst first, so that they compare like the hands."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# --- Building the tables ---------------------------------------------------------------------
# Ranks are indexed 0 (two) .. 12 (ace) inside this module, like the cards themselves.

RANK_CODES: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
"""Each rank's key: the smallest, taken in order, whose sums of up to seven (no rank more than
four times) are unique for each number of cards. A test checks it."""

SUIT_CODES: tuple[int, ...] = (0, 1, 29, 37)
"""Each suit's key: the sum over seven cards tells whether five share a suit, and which."""

SUIT_BITS = 9
"""The rank part of a key starts at this bit; seven suit keys sum to less than ``2**9``."""

SUIT_MASK = (1 << SUIT_BITS) - 1

ROW_SHIFT = 10
"""Rows of ``2**10`` seven-rank keys share an offset in :data:`SEVEN_OFFSETS`."""

# The base-5 rank keys of the build: a digit per rank counts its cards (never above 4).
_BASE5: tuple[int, ...] = tuple(5**r for r in range(13))

# A straight by its top rank index, as a 13-bit mask; the wheel (top index 3) uses the ace.
_STRAIGHTS: tuple[tuple[int, int], ...] = tuple(
    (top, (0b11111 << (top - 4)) if top >= 4 else 0b1000000001111) for top in range(12, 2, -1)
)

Score = tuple[int, ...]
"""(category, rank indexes that settle ties) - comparable within and across categories."""


def _straight_top(mask: int) -> int:
    """Top rank index of the best straight within a 13-bit rank mask, or -1."""
    for top, pattern in _STRAIGHTS:
        if mask & pattern == pattern:
            return top
    return -1


def _score_ranks(ranks: Sequence[int]) -> Score:
    """Score five ranks as a hand without a flush; obviously correct, run 6,175 times."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    # Ranks ordered by (count, rank), the order in which they settle ties.
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return (HandCategory.FOUR_OF_A_KIND, *order)
    if shape == [3, 2]:
        return (HandCategory.FULL_HOUSE, *order)
    if shape[0] == 1:
        top = _straight_top(sum(1 << r for r in ranks))
        if top >= 0:
            return (HandCategory.STRAIGHT, top)
        return (HandCategory.HIGH_CARD, *order)
    if shape[0] == 3:
        return (HandCategory.THREE_OF_A_KIND, *order)
    if shape[1] == 2:
        return (HandCategory.TWO_PAIR, *order)
    return (HandCategory.ONE_PAIR, *order)


def _score_flush(mask: int) -> Score:
    """Score five ranks of one suit (given as a 13-bit mask)."""
    top = _straight_top(mask)
    if top >= 0:
        return (HandCategory.STRAIGHT_FLUSH, top)
    return (HandCategory.FLUSH, *sorted((r for r in range(13) if mask >> r & 1), reverse=True))


_Level = dict[int, tuple[int, int]]
"""Base-5 rank key -> (value, rank key) of every rank multiset of one size."""


def _build() -> tuple[tuple[dict[int, int], ...], tuple[int, ...], tuple[Score, ...]]:
    """Rank key -> value of 5, 6 and 7 cards, the flush table and the value-to-score table."""
    five_rank = {
        combo: _score_ranks(combo)
        for combo in combinations_with_replacement(range(13), 5)
        if combo[0] != combo[4]  # sorted: five of a kind
    }
    five_flush = {
        _mask_of(combo): _score_flush(_mask_of(combo)) for combo in combinations(range(13), 5)
    }
    scores = tuple(sorted({*five_rank.values(), *five_flush.values()}))
    dense = {score: value for value, score in enumerate(scores)}

    level: _Level = {
        sum(map(_BASE5.__getitem__, combo)): (
            dense[score],
            sum(map(RANK_CODES.__getitem__, combo)),
        )
        for combo, score in five_rank.items()
    }
    steps = tuple(zip(_BASE5, RANK_CODES, strict=True))
    # Best of six = best over dropping one card; best of seven likewise from six. Built
    # upwards: each hand passes its value to every hand one card larger (a rank it holds
    # fewer than four of), the smaller hands in ascending order so that the best one is
    # written last: a third less time at import than a max over each hand's subsets. The
    # base-5 key tells how many of a rank a hand holds; the rank key rides along, and is all
    # that the seven-card level keeps.
    six: _Level = {
        key + step: (value, rank_key + code)
        for key, (value, rank_key) in sorted(level.items(), key=_by_value)
        for step, code in steps
        if key // step % 5 != 4
    }
    seven = {
        rank_key + code: value
        for key, (value, rank_key) in sorted(six.items(), key=_by_value)
        for step, code in steps
        if key // step % 5 != 4
    }
    by_rank_key = [{rank_key: value for value, rank_key in lv.values()} for lv in (level, six)]

    flush_values = [-1] * 8192
    for mask, score in five_flush.items():
        flush_values[mask] = dense[score]
    for size in (6, 7):
        for combo in combinations(range(13), size):
            mask = _mask_of(combo)
            flush_values[mask] = max(flush_values[mask & ~(1 << r)] for r in combo)
    return (*by_rank_key, seven), tuple(flush_values), scores


def _by_value(item: tuple[int, tuple[int, int]]) -> int:
    return item[1][0]


def _mask_of(ranks: Sequence[int]) -> int:
    """The 13-bit mask of distinct rank indexes."""
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def _pack(values: dict[int, int]) -> tuple[list[int], list[int]]:
    """Pack sparse keys into a short list: (values, offsets) with
    ``values[k + offsets[k >> ROW_SHIFT]]`` the value of key ``k`` and no two keys sharing a
    slot. First fit, fullest rows first, searched from a little before where the row before
    went (a row no fuller rarely fits much earlier: a third of the time at import for a
    table a third longer); the slots taken are the bits of one integer, so a row's free
    places in a window are found with a few shifts rather than a loop."""
    width = 1 << ROW_SHIFT
    rows: dict[int, list[int]] = {}
    for k in values:
        rows.setdefault(k >> ROW_SHIFT, []).append(k & (width - 1))
    offsets = [0] * (max(rows) + 1)
    window = 1 << 12
    taken = 0  # bit i: slot i is taken
    first_free = 0
    hint = 0  # a little before where the last row went
    for row, lows in sorted(rows.items(), key=lambda item: (-len(item[1]), item[0])):
        low = max(first_free, hint)
        while True:
            view = (taken >> low) & ((1 << (window + width)) - 1)
            blocked = 0
            for offset in lows:
                blocked |= view >> offset
            free = ~blocked & ((1 << window) - 1)
            if free:
                base = low + (free & -free).bit_length() - 1
                break
            low += window
        hint = base - 2 * width
        pattern = 0
        for offset in lows:
            pattern |= 1 << offset
        taken |= pattern << base
        offsets[row] = base - (row << ROW_SHIFT)
        rest = ~(taken >> first_free)
        first_free += (rest & -rest).bit_length() - 1
    packed = [0] * taken.bit_length()
    for k, value in values.items():
        packed[k + offsets[k >> ROW_SHIFT]] = value
    return packed, offsets


def _flush_suits() -> tuple[int, ...]:
    """Suit key sum of seven cards -> the suit five or more of them share, or -1."""
    suits = [-1] * (1 << SUIT_BITS)
    for counts in combinations_with_replacement(range(4), 7):
        total = sum(SUIT_CODES[s] for s in counts)
        flush = next((s for s in range(4) if counts.count(s) >= 5), -1)
        if suits[total] not in (-1, flush):
            raise AssertionError("suit keys do not tell flushes apart")
        suits[total] = flush
    return tuple(suits)


_BY_SIZE, FLUSH_VALUES, _SCORES = _build()
"""FLUSH_VALUES: 13-bit rank mask of 5 to 7 suited cards -> value (``-1`` for fewer than five
bits)."""

RANK_VALUES: tuple[dict[int, int], dict[int, int]] = (_BY_SIZE[0], _BY_SIZE[1])
"""Rank key -> value of five and of six cards without a flush (index 0 and 1)."""

SEVEN_VALUES: list[int]
"""Packed values of seven cards without a flush; see :data:`SEVEN_OFFSETS`."""
SEVEN_OFFSETS: list[int]
"""``SEVEN_VALUES[k + SEVEN_OFFSETS[k >> ROW_SHIFT]]`` is the value of seven-rank key ``k``."""
SEVEN_VALUES, SEVEN_OFFSETS = _pack(_BY_SIZE[2])
del _BY_SIZE

FLUSH_SUITS: tuple[int, ...] = _flush_suits()
"""``key & SUIT_MASK`` of seven cards -> the suit index of their flush, or -1."""

CARD_CODES: tuple[int, ...] = tuple(
    (RANK_CODES[c >> 2] << SUIT_BITS) + SUIT_CODES[c & 3] for c in range(52)
)
"""The code of each card; a hand's key is the sum of its cards' codes."""

CARD_BITS: tuple[int, ...] = tuple(1 << ((c >> 2) + 13 * (c & 3)) for c in range(52))
"""One bit per card, grouped by suit: ``(mask >> 13 * suit) & 8191`` is a suit's rank mask."""

_CATEGORIES: tuple[HandCategory, ...] = tuple(HandCategory(s[0]) for s in _SCORES)


# --- Evaluation ------------------------------------------------------------------------------


def seven_rank_value(rank_key: int) -> int:
    """Value of seven cards without a flush, from the sum of their :data:`RANK_CODES`."""
    return SEVEN_VALUES[rank_key + SEVEN_OFFSETS[rank_key >> ROW_SHIFT]]


def flush_value(cards: Sequence[int], suit: int) -> int:
    """Value of 5 to 7 distinct cards of which five or more are of suit index ``suit``.

    No full house or four of a kind fits beside five suited cards in seven, so the flush suit's
    ranks alone decide.
    """
    mask = 0
    for c in cards:
        mask |= CARD_BITS[c]
    return FLUSH_VALUES[(mask >> (13 * suit)) & 8191]


def evaluate7(cards: Sequence[int]) -> int:
    """Value of exactly seven distinct cards; higher is better, equal means a tie.

    The hot path: the cards are not checked (seven duplicates-free card indexes are assumed).

    >>> from engine.cards import parse_cards
    >>> evaluate7(parse_cards("AsKs QsJsTs 2c3d")) == 7461
    True
    """
    a, b, c, d, e, f, g = cards
    codes = CARD_CODES
    key = codes[a] + codes[b] + codes[c] + codes[d] + codes[e] + codes[f] + codes[g]
    # The literals are SUIT_MASK, SUIT_BITS and SUIT_BITS + ROW_SHIFT: constants, not globals.
    suit = FLUSH_SUITS[key & 511]
    if suit >= 0:
        return flush_value(cards, suit)
    return SEVEN_VALUES[(key >> 9) + SEVEN_OFFSETS[key >> 19]]


def evaluate(cards: Sequence[int]) -> int:
    """Value of the best five of 5, 6 or 7 distinct cards, on the scale of :func:`evaluate7`."""
    if len(cards) == 7:
        return evaluate7(cards)
    if not 5 <= len(cards) <= 6:
        raise ValueError(f"evaluate takes 5 to 7 cards, not {len(cards)}")
    mask = 0
    rank_key = 0
    for c in cards:
        mask |= CARD_BITS[c]
        rank_key += RANK_CODES[c >> 2]
    for shift in (0, 13, 26, 39):
        value = FLUSH_VALUES[(mask >> shift) & 8191]
        if value >= 0:
            return value
    return RANK_VALUES[len(cards) - 5][rank_key]


def category_of(value: int) -> HandCategory:
    """The category of a hand value."""
    if not 0 <= value < len(_CATEGORIES):
        raise ValueError(f"not a hand value: {value}")
    return _CATEGORIES[value]


def ranks_of(value: int) -> tuple[Rank, ...]:
    """The ranks that define a hand value, in tie-breaking order (see :class:`HandValue`)."""
    if not 0 <= value < len(_SCORES):
        raise ValueError(f"not a hand value: {value}")
    return tuple(Rank(r + 2) for r in _SCORES[value][1:])


# --- Describing a hand -----------------------------------------------------------------------

_RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip


def _one(rank: Rank) -> str:
    return _RANK_NAMES[rank - 2]


def _many(rank: Rank) -> str:
    return "sixes" if rank == Rank.SIX else _RANK_NAMES[rank - 2] + "s"


@dataclass(frozen=True, kw_only=True)
class HandValue:
    """A described hand: enough for a showdown line and for translating its name.

    ``ranks`` hold what settles ties within the category: four of a kind (quads, kicker); full
    house (trips, pair); two pair (high pair, low pair, kicker); three of a kind (trips, two
    kickers); one pair (pair, three kickers); flush and high card the five ranks from the top;
    straight and straight flush the top card only (``FIVE`` for the wheel).
    """

    category: HandCategory
    value: int
    cards: tuple[Card, ...]
    """The best five cards, in the order that matters (the wheel as 5-4-3-2-A)."""
    ranks: tuple[Rank, ...]

    @property
    def name(self) -> str:
        """The English name, e.g. ``"Full house, nines full of kings"``."""
        r = self.ranks
        match self.category:
            case HandCategory.STRAIGHT_FLUSH:
                if r[0] == Rank.ACE:
                    return "Royal flush"
                return f"Straight flush, {_one(r[0])} high"
            case HandCategory.FOUR_OF_A_KIND:
                return f"Four of a kind, {_many(r[0])}"
            case HandCategory.FULL_HOUSE:
                return f"Full house, {_many(r[0])} full of {_many(r[1])}"
            case HandCategory.FLUSH:
                return f"Flush, {_one(r[0])} high"
            case HandCategory.STRAIGHT:
                return f"Straight, {_one(r[0])} high"
            case HandCategory.THREE_OF_A_KIND:
                return f"Three of a kind, {_many(r[0])}"
            case HandCategory.TWO_PAIR:
                return f"Two pair, {_many(r[0])} and {_many(r[1])}"
            case HandCategory.ONE_PAIR:
                return f"Pair of {_many(r[0])}"
            case _:
                return f"High card, {_one(r[0])}"


_WHEEL = [0, 1, 2, 3, 12]


def _display_order(five: Sequence[int], category: HandCategory) -> tuple[Card, ...]:
    """Order five cards as they are read: by rank count, then rank; the wheel's ace last."""
    ranks = [c >> 2 for c in five]
    ordered = sorted(five, key=lambda c: (ranks.count(c >> 2), c >> 2, c & 3), reverse=True)
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and sorted(ranks) == _WHEEL:
        ordered = ordered[1:] + ordered[:1]
    return tuple(CARDS[c] for c in ordered)


def best_hand(cards: Sequence[int]) -> HandValue:
    """The best five of 5 to 7 cards, described (slower than :func:`evaluate`; for showdowns).

    >>> from engine.cards import parse_cards
    >>> best_hand(parse_cards("9c9d9h4s4c Ks2d")).name
    'Full house, nines full of fours'
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError("best_hand takes 5 to 7 distinct cards")
    if any(not 0 <= c < 52 for c in cards):
        raise ValueError(f"not cards: {list(cards)}")
    value = evaluate(cards)
    # The first five-card subset that reaches the value; cards in input order win ties.
    five = next(sub for sub in combinations(cards, 5) if evaluate(sub) == value)
    category = category_of(value)
    return HandValue(
        category=category,
        value=value,
        cards=_display_order(five, category),
        ranks=ranks_of(value),
    )
