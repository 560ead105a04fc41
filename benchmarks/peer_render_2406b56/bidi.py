"""Right-to-left order across fonts: the levels and the reordering of the Unicode bidi rules.

Raqm orders a right-to-left name correctly when one font draws all of it. A name drawn by
several fonts ("מרים 🎲", Hebrew from one font and the emoji from another) is drawn piece by
piece, so the order of the pieces has to be worked out here: the paragraph's direction from
its first strong character (rules P2, P3), numbers and neutral characters resolved by their
neighbours (W2, W7, N1, N2), levels 0 to 2 (I1, I2), and the reversal of rule L2. Explicit
embeddings and isolates are not followed: the renderers drop those control characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["levels", "visual_order"]

_STRONG = {"L": "L", "R": "R", "AL": "R"}
_NUMBERS = ("EN", "AN")


def _kind(char: str) -> str:
    """``L``, ``R``, ``EN``, ``AN`` or ``N`` (neutral) for the bidi class of ``char``."""
    bidi = unicodedata.bidirectional(char)
    return _STRONG.get(bidi) or (bidi if bidi in _NUMBERS else "N")


def levels(items: Sequence[str]) -> tuple[int, ...]:
    """The embedding level of each item (a character or a cluster, by its first character).

    >>> levels(["a", " ", "b"])
    (0, 0, 0)
    >>> levels(["א", "ב", " ", "1", "2"])
    (1, 1, 1, 2, 2)
    >>> levels(["a", " ", "א", " ", "b"])
    (0, 0, 1, 0, 0)
    """
    kinds = [_kind(item[0]) if item else "N" for item in items]
    paragraph = next((kind for kind in kinds if kind in ("L", "R")), "L")
    # W2 and W7: a European number takes the direction of the strong character before it.
    last = paragraph
    resolved = []
    for kind in kinds:
        if kind in ("L", "R"):
            last = kind
        elif kind == "EN":
            kind = "L" if last == "L" else "AN"
        resolved.append(kind)
    # N1 and N2: neutrals between two of one direction take it (numbers count as R), others
    # take the paragraph's.
    direction = ["R" if kind == "AN" else kind for kind in resolved]
    for start, end in _neutral_runs(direction):
        before = direction[start - 1] if start else paragraph
        after = direction[end] if end < len(direction) else paragraph
        fill = before if before == after else paragraph
        direction[start:end] = [fill] * (end - start)
    base = 1 if paragraph == "R" else 0
    result = []
    for kind, side in zip(resolved, direction):
        if kind == "AN":
            result.append(2)  # a number inside right-to-left text still reads left to right
        elif side == "R":
            result.append(1)
        else:
            result.append(2 if base else 0)
    return tuple(result)


def _neutral_runs(direction: list[str]) -> list[tuple[int, int]]:
    runs = []
    start = None
    for index, kind in enumerate([*direction, "L"]):
        if kind == "N" and start is None:
            start = index
        elif kind != "N" and start is not None:
            runs.append((start, min(index, len(direction))))
            start = None
    return runs


def visual_order(item_levels: Sequence[int]) -> list[int]:
    """The indices of the items from left to right (rule L2).

    >>> visual_order([0, 1, 1, 0])
    [0, 2, 1, 3]
    >>> visual_order([1, 1, 2, 2, 1])
    [4, 2, 3, 1, 0]
    """
    order = list(range(len(item_levels)))
    if not order:
        return order
    highest = max(item_levels)
    lowest_odd = min((level for level in item_levels if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        index = 0
        while index < len(order):
            if item_levels[order[index]] >= level:
                end = index
                while end < len(order) and item_levels[order[end]] >= level:
                    end += 1
                order[index:end] = order[index:end][::-1]
                index = end
            else:
                index += 1
    return order
