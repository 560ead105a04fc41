"""Building the evaluator's tables, and writing them into :mod:`engine.evaluator_data`.

The tables are data: this module computes them from a direct scorer of five-card patterns (a
few tenths of a second), and ``python engine/evaluator_tables.py`` writes them as compressed
text into ``engine/evaluator_data.py``, which :mod:`engine.evaluator` decodes at import in a
few milliseconds (the import never runs this module). A test checks that the shipped data
equals a fresh build.

Ranks are indexed 0 (two) .. 12 (ace), like the cards; categories 0 (high card) .. 8
(straight flush), like :class:`engine.evaluator.HandCategory`.
"""

from __future__ import annotations

import binascii
import sys
import zlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

RANK_CODES: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
"""Each rank's key: the smallest, taken in order, whose sums of up to seven (no rank more than
four times) are unique for each number of cards. A test checks it."""

SUIT_CODES: tuple[int, ...] = (0, 1, 29, 37)
"""Each suit's key: the sum over seven cards tells whether five share a suit, and which."""

SUIT_BITS = 9
"""The rank part of a key starts at this bit; seven suit keys sum to less than ``2**9``."""

ROW_SHIFT = 12
"""Rows of ``2**12`` rank keys share an offset in a packed table (see :func:`pack`): fewer
rows than ``2**10`` would give (1,911 offsets for seven cards instead of 7,643) for a table
of 249,268 slots instead of 143,969, at two bytes a slot; the hot loop touches less memory."""

Score = tuple[int, ...]
"""(category, rank indexes that settle ties) - comparable within and across categories."""

# Categories, in the order of HandCategory.
_HIGH_CARD, _ONE_PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS, _SF = range(9)

# The base-5 rank keys of the build: a digit per rank counts its cards (never above 4).
_BASE5: tuple[int, ...] = tuple(5**r for r in range(13))

# A straight by its top rank index, as a 13-bit mask; the wheel (top index 3) uses the ace.
_STRAIGHTS: tuple[tuple[int, int], ...] = tuple(
    (top, (0b11111 << (top - 4)) if top >= 4 else 0b1000000001111) for top in range(12, 2, -1)
)


@dataclass(frozen=True, kw_only=True)
class Tables:
    """Everything :mod:`engine.evaluator` reads, as flat arrays of machine integers."""

    rank_values: tuple[array[int], array[int], array[int]]
    """Packed values of 5, 6 and 7 cards without a flush, by rank key (see :func:`pack`)."""
    rank_offsets: tuple[array[int], array[int], array[int]]
    """The row offsets of the same three tables."""
    flush_values: array[int]
    """13-bit rank mask of 5 to 7 suited cards -> value; ``-1`` for fewer than five bits."""
    flush_suits: array[int]
    """Suit key sum of seven cards -> the suit five or more of them share, or -1."""
    scores: bytes
    """Six bytes per value: its category, then the rank indexes that settle ties, 255 after
    the last."""


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
        return (_QUADS, *order)
    if shape == [3, 2]:
        return (_FULL_HOUSE, *order)
    if shape[0] == 1:
        top = _straight_top(_mask_of(ranks))
        if top >= 0:
            return (_STRAIGHT, top)
        return (_HIGH_CARD, *order)
    if shape[0] == 3:
        return (_TRIPS, *order)
    if shape[1] == 2:
        return (_TWO_PAIR, *order)
    return (_ONE_PAIR, *order)


def _score_flush(mask: int) -> Score:
    """Score five ranks of one suit (given as a 13-bit mask)."""
    top = _straight_top(mask)
    if top >= 0:
        return (_SF, top)
    return (_FLUSH, *sorted((r for r in range(13) if mask >> r & 1), reverse=True))


def _mask_of(ranks: Sequence[int]) -> int:
    """The 13-bit mask of distinct rank indexes."""
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


_Level = dict[int, tuple[int, int]]
"""Base-5 rank key -> (value, rank key) of every rank multiset of one size."""


def _by_value(item: tuple[int, tuple[int, int]]) -> int:
    return item[1][0]


def _next_level(level: _Level) -> _Level:
    """The rank multisets one card larger, each with the value of its best part.

    Built upwards: each hand passes its value to every hand one card larger (a rank it holds
    fewer than four of), the smaller hands in ascending order so that the best one is written
    last. The base-5 key tells how many of a rank a hand holds; the rank key rides along.
    """
    steps = tuple(zip(_BASE5, RANK_CODES, strict=True))
    return {
        key + step: (value, rank_key + code)
        for key, (value, rank_key) in sorted(level.items(), key=_by_value)
        for step, code in steps
        if key // step % 5 != 4
    }


def build() -> Tables:
    """Every table, computed from the five-card scorers."""
    five_rank = {
        combo: _score_ranks(combo)
        for combo in combinations_with_replacement(range(13), 5)
        if combo[0] != combo[4]  # sorted: five of a kind
    }
    five_flush = {
        _mask_of(combo): _score_flush(_mask_of(combo)) for combo in combinations(range(13), 5)
    }
    scores = sorted({*five_rank.values(), *five_flush.values()})
    dense = {score: value for value, score in enumerate(scores)}

    five: _Level = {
        sum(map(_BASE5.__getitem__, combo)): (dense[score], sum(map(RANK_CODES.__getitem__, combo)))
        for combo, score in five_rank.items()
    }
    six = _next_level(five)
    seven = _next_level(six)
    packed = [
        pack({rank_key: value for value, rank_key in lv.values()}) for lv in (five, six, seven)
    ]

    flush_values = [-1] * 8192
    for mask, score in five_flush.items():
        flush_values[mask] = dense[score]
    for size in (6, 7):
        for combo in combinations(range(13), size):
            mask = _mask_of(combo)
            flush_values[mask] = max(flush_values[mask & ~(1 << r)] for r in combo)

    return Tables(
        rank_values=(packed[0][0], packed[1][0], packed[2][0]),
        rank_offsets=(packed[0][1], packed[1][1], packed[2][1]),
        flush_values=array("h", flush_values),
        flush_suits=array("b", _flush_suits()),
        scores=b"".join(bytes([*s, *[255] * (6 - len(s))]) for s in scores),
    )


def pack(values: dict[int, int]) -> tuple[array[int], array[int]]:
    """Pack sparse keys into a short table: (values, offsets) with
    ``values[k + offsets[k >> ROW_SHIFT]]`` the value of key ``k`` and no two keys sharing a
    slot. First fit, fullest rows first, searched from a little before where the row before
    went (a row no fuller rarely fits much earlier); the slots taken are the bits of one
    integer, so a row's free places in a window are found with a few shifts, not a loop."""
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
    packed = array("H", bytes(2 * taken.bit_length()))
    for k, value in values.items():
        packed[k + offsets[k >> ROW_SHIFT]] = value
    return packed, array("i", offsets)


def _flush_suits() -> list[int]:
    """Suit key sum of seven cards -> the suit five or more of them share, or -1."""
    suits = [-1] * (1 << SUIT_BITS)
    for counts in combinations_with_replacement(range(4), 7):
        total = sum(SUIT_CODES[s] for s in counts)
        flush = next((s for s in range(4) if counts.count(s) >= 5), -1)
        if suits[total] not in (-1, flush):
            raise AssertionError("suit keys do not tell flushes apart")
        suits[total] = flush
    return suits


# --- The data module ---------------------------------------------------------------------------


def encode(table: array[int] | bytes) -> str:
    """A table as base64 text of its zlib-compressed little-endian bytes."""
    if isinstance(table, array) and sys.byteorder == "big":
        table = array(table.typecode, table)
        table.byteswap()
    raw = table.tobytes() if isinstance(table, array) else table
    return binascii.b2a_base64(zlib.compress(raw, 9), newline=False).decode("ascii")


def source(tables: Tables) -> str:
    """The text of ``engine/evaluator_data.py``."""
    fields: dict[str, array[int] | bytes] = {
        "FIVE_VALUES": tables.rank_values[0],
        "FIVE_OFFSETS": tables.rank_offsets[0],
        "SIX_VALUES": tables.rank_values[1],
        "SIX_OFFSETS": tables.rank_offsets[1],
        "SEVEN_VALUES": tables.rank_values[2],
        "SEVEN_OFFSETS": tables.rank_offsets[2],
        "FLUSH_VALUES": tables.flush_values,
        "FLUSH_SUITS": tables.flush_suits,
        "SCORES": tables.scores,
    }
    lines = [
        "# ruff: noqa: E501",
        '"""The evaluator\'s tables as data, written by ``python engine/evaluator_tables.py``:',
        "do not edit. The constants the tables were built with, then each table as base64 text of",
        "zlib-compressed little-endian machine integers (typecode in the comment), which",
        ':mod:`engine.evaluator` decodes at import."""',
        "",
    ]
    for name, kind in [
        ("RANK_CODES", "tuple[int, ...]"),
        ("SUIT_CODES", "tuple[int, ...]"),
        ("SUIT_BITS", "int"),
        ("ROW_SHIFT", "int"),
    ]:
        lines.append(f"{name}: {kind} = {globals()[name]!r}  # fmt: skip")
    for name, table in fields.items():
        kind = table.typecode if isinstance(table, array) else "bytes"
        lines += [f"# {kind}", f'{name} = "{encode(table)}"']
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write ``engine/evaluator_data.py`` beside this module."""
    from pathlib import Path  # only the generator writes a file; the import never does

    target = Path(__file__).with_name("evaluator_data.py")
    target.write_text(source(build()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
