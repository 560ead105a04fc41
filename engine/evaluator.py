"""Hand evaluation: the value of the best five cards out of five, six or seven.

Speed matters here (equity enumerates millions of boards), so the hot path is a handful of
list lookups and additions in pure Python:

* Every card has an integer *code*: its rank's key (:data:`RANK_CODES`) shifted left by
  :data:`SUIT_BITS`, plus its suit's key (:data:`SUIT_CODES`). Adding the codes of seven cards
  gives their *key*, below 2**33. :data:`PAIR_CODES` holds the sum of every two cards' codes,
  so that seven cards cost three additions, not six (an addition allocates an integer; a
  lookup in a small list does not).
* The rank keys are chosen (greedily, smallest first) so that every multiset of seven ranks,
  none more than four times, has its own sum: ``key >> SUIT_BITS`` names the rank multiset.
  The same holds for five and for six ranks.
* The suit keys ``0, 1, 29, 37`` are chosen so that the sum of seven of them (below 512) tells
  whether five or more share a suit, and which: :data:`FLUSH_SUITS` maps ``key & SUIT_MASK``
  to that suit or ``-1``, :data:`HAS_FLUSH` to whether there is one.
* Without a flush, the value depends on the rank multiset only. The 49,205 seven-rank keys
  are spread up to 7.8 million, too sparse for a flat list, so they are packed by row
  displacement (the rows of 4,096 keys are slid over each other until no two keys meet):
  ``SEVEN_VALUES[k + SEVEN_OFFSETS[k >> ROW_SHIFT]]`` with ``k = key >> SUIT_BITS``. Two
  lookups and two shifts cost less than one dictionary lookup, and less than the big-integer
  arithmetic of a key with room for four suit counters. The values are a two-byte array, a
  quarter of a list's memory: the hot loop misses the cache less. Five and six ranks have
  packed tables of their own.
* With a flush (about 3 % of seven-card hands) no full house or four of a kind is possible, so
  the value is that of the flush suit's ranks, looked up by their 13-bit mask in
  :data:`FLUSH_VALUES`.

Values are dense: ``0`` (7-5-4-3-2 high card) to ``7461`` (royal flush); higher is better and
two hands have equal values exactly when their best five cards tie. The tables are built by
:mod:`engine.evaluator_tables` from a direct scorer of five-card rank patterns and shipped as
data (:mod:`engine.evaluator_data`), which the import decodes in a few milliseconds.

The tables and codes are public for :mod:`engine.equity` and the computer players, which sum
keys incrementally over many boards; they are not in ``__all__`` because nothing outside the
engine's hot loops should need them.
"""

from __future__ import annotations

import binascii
import sys
import zlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from engine import evaluator_data as _data
from engine.cards import CARDS, Card, Rank
from engine.evaluator_data import RANK_CODES as RANK_CODES
from engine.evaluator_data import ROW_SHIFT as ROW_SHIFT
from engine.evaluator_data import SUIT_BITS as SUIT_BITS
from engine.evaluator_data import SUIT_CODES as SUIT_CODES

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


# --- The tables --------------------------------------------------------------------------------
# Ranks are indexed 0 (two) .. 12 (ace) inside this module, like the cards themselves.

SUIT_MASK = (1 << SUIT_BITS) - 1


def decode(text: str, typecode: str) -> array[int]:
    """A table of :mod:`engine.evaluator_data` as an array of ``typecode``."""
    table = array(typecode, zlib.decompress(binascii.a2b_base64(text)))
    if sys.byteorder == "big":
        table.byteswap()
    return table


SEVEN_VALUES: array[int] = decode(_data.SEVEN_VALUES, "H")
"""Packed values of seven cards without a flush; see :data:`SEVEN_OFFSETS`. Two bytes a slot
(500 KB), not a list of int objects: the hot loop misses the cache less, which pays for the
int that each lookup makes."""
SEVEN_OFFSETS: list[int] = decode(_data.SEVEN_OFFSETS, "i").tolist()
"""``SEVEN_VALUES[k + SEVEN_OFFSETS[k >> ROW_SHIFT]]`` is the value of seven-rank key ``k``."""


@cache
def short_tables(size: int) -> tuple[array[int], array[int]]:
    """(values, offsets) of the packed table of five or six ranks, like :data:`SEVEN_VALUES`
    and :data:`SEVEN_OFFSETS`; decoded on first use (a millisecond the import need not pay)."""
    if size == 5:
        return decode(_data.FIVE_VALUES, "H"), decode(_data.FIVE_OFFSETS, "i")
    if size == 6:
        return decode(_data.SIX_VALUES, "H"), decode(_data.SIX_OFFSETS, "i")
    raise ValueError(f"no short table of {size} ranks")


FLUSH_VALUES: array[int] = decode(_data.FLUSH_VALUES, "h")
"""13-bit rank mask of 5 to 7 suited cards -> value (``-1`` for fewer than five bits)."""

FLUSH_SUITS: tuple[int, ...] = tuple(decode(_data.FLUSH_SUITS, "b"))
"""``key & SUIT_MASK`` of seven cards -> the suit index of their flush, or -1."""

HAS_FLUSH: tuple[bool, ...] = tuple(suit >= 0 for suit in FLUSH_SUITS)
"""``key & SUIT_MASK`` of seven cards -> whether five or more share a suit."""

CARD_CODES: tuple[int, ...] = tuple(
    (RANK_CODES[c >> 2] << SUIT_BITS) + SUIT_CODES[c & 3] for c in range(52)
)
"""The code of each card; a hand's key is the sum of its cards' codes."""

PAIR_CODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(a + b for b in CARD_CODES) for a in CARD_CODES
)
"""``PAIR_CODES[a][b]`` is ``CARD_CODES[a] + CARD_CODES[b]``."""

CARD_BITS: tuple[int, ...] = tuple(1 << ((c >> 2) + 13 * (c & 3)) for c in range(52))
"""One bit per card, grouped by suit: ``(mask >> 13 * suit) & 8191`` is a suit's rank mask."""

_SCORES: bytes = decode(_data.SCORES, "B").tobytes()
"""Six bytes per value: category, then the rank indexes that settle ties, 255 after the last."""

_CATEGORIES: tuple[HandCategory, ...] = tuple(map(tuple(HandCategory).__getitem__, _SCORES[::6]))


# --- Evaluation --------------------------------------------------------------------------------


def seven_rank_value(rank_key: int) -> int:
    """Value of seven cards without a flush, from the sum of their :data:`RANK_CODES`."""
    return SEVEN_VALUES[rank_key + SEVEN_OFFSETS[rank_key >> ROW_SHIFT]]


def rank_value(rank_key: int, size: int) -> int:
    """Value of ``size`` (5 to 7) cards without a flush, from the sum of their
    :data:`RANK_CODES`; the key must be one of such a rank multiset."""
    if size == 7:
        return seven_rank_value(rank_key)
    values, offsets = short_tables(size)
    return values[rank_key + offsets[rank_key >> ROW_SHIFT]]


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
    pairs = PAIR_CODES
    key = pairs[a][b] + pairs[c][d] + pairs[e][f] + CARD_CODES[g]
    # The literals are SUIT_MASK, SUIT_BITS and SUIT_BITS + ROW_SHIFT: constants, not globals.
    if HAS_FLUSH[key & 511]:
        bits = CARD_BITS
        mask = bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f] | bits[g]
        return FLUSH_VALUES[(mask >> 13 * FLUSH_SUITS[key & 511]) & 8191]
    return SEVEN_VALUES[(key >> 9) + SEVEN_OFFSETS[key >> 21]]


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
    return rank_value(rank_key, len(cards))


def category_of(value: int) -> HandCategory:
    """The category of a hand value."""
    if not 0 <= value < len(_CATEGORIES):
        raise ValueError(f"not a hand value: {value}")
    return _CATEGORIES[value]


def ranks_of(value: int) -> tuple[Rank, ...]:
    """The ranks that define a hand value, in tie-breaking order (see :class:`HandValue`)."""
    if not 0 <= value < len(_CATEGORIES):
        raise ValueError(f"not a hand value: {value}")
    return tuple(_RANKS[r] for r in _rank_indexes(value))


_RANKS: tuple[Rank, ...] = tuple(Rank(r + 2) for r in range(13))


def _rank_indexes(value: int) -> bytes:
    """:func:`ranks_of` as rank indexes (0 for a two), as the cards hold them."""
    return _SCORES[6 * value + 1 : 6 * value + 6].rstrip(b"\xff")


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
    """The best five of 5 to 7 cards, described (for showdowns and a player's own cards).

    >>> from engine.cards import parse_cards
    >>> best_hand(parse_cards("9c9d9h4s4c Ks2d")).name
    'Full house, nines full of fours'
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError("best_hand takes 5 to 7 distinct cards")
    if any(not 0 <= c < 52 for c in cards):
        raise ValueError(f"not cards: {list(cards)}")
    value = evaluate(cards)
    category = _CATEGORIES[value]
    named = _rank_indexes(value)
    return HandValue(
        category=category,
        value=value,
        cards=_display_order(_five(cards, category, named), category),
        ranks=tuple(map(_RANKS.__getitem__, named)),
    )


_COUNTS: dict[HandCategory, tuple[int, ...]] = {
    HandCategory.FOUR_OF_A_KIND: (4, 1),
    HandCategory.FULL_HOUSE: (3, 2),
    HandCategory.THREE_OF_A_KIND: (3, 1, 1),
    HandCategory.TWO_PAIR: (2, 2, 1),
    HandCategory.ONE_PAIR: (2, 1, 1, 1),
}
"""How many cards of each rank of :func:`ranks_of` the five hold (the others: one each)."""


def _five(cards: Sequence[int], category: HandCategory, named: bytes) -> list[int]:
    """The five of ``cards`` that make the hand of ``category`` whose value names the rank
    indexes ``named`` (:func:`_rank_indexes`): of each rank it needs, as many cards as it
    needs, the first ones in ``cards`` (of the flush's suit for a flush). No search: any five
    with those ranks (and that suit) reach the value, and taking the first cards of each rank
    gives the five that come first in ``combinations(cards, 5)`` among those that do."""
    if category is HandCategory.STRAIGHT or category is HandCategory.STRAIGHT_FLUSH:
        top = named[0]
        need = dict.fromkeys((top, top - 1, top - 2, top - 3, top - 4 if top > 3 else 12), 1)
    else:
        need = dict(zip(named, _COUNTS.get(category, (1, 1, 1, 1, 1))))
    suit = -1
    if category is HandCategory.FLUSH or category is HandCategory.STRAIGHT_FLUSH:
        suits = [c & 3 for c in cards]
        suit = max(range(4), key=suits.count)  # five or more of 5 to 7 cards: one suit only
    five = []
    for c in cards:
        rank = c >> 2
        left = need.get(rank, 0)
        if left and (suit < 0 or c & 3 == suit):
            need[rank] = left - 1
            five.append(c)
    return five
