"""The blind structure an event gets from a few numbers: the first big blind, the length of
a level, antes or not.

The big blinds climb as most card rooms' do (about a third more each level, in round
numbers: 1, 1.5, 2, 3, 4, 5, 6, 8, 10 … times the first), the small blind is half the big
blind, and with antes a big blind ante of one big blind is paid from the third level on
(WSOP 2024 rule 85: the big blind ante). Past the last level the director doubles the last.
"""

from __future__ import annotations

from engine.tournament import Level

__all__ = ["STEPS", "standard_levels"]

STEPS = (2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 40, 50, 60, 80, 100, 120, 160, 200)
"""The big blinds in halves of the first big blind, level by level."""


def standard_levels(first_big_blind: int, length: int, *, antes: bool = False) -> tuple[Level, ...]:
    """The levels of an event whose first big blind is ``first_big_blind`` (rounded up to
    an even number so the small blind is whole), each ``length`` minutes or hands long.

    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in standard_levels(20, 15)[:4]]
    [(10, 20, 0), (15, 30, 0), (20, 40, 0), (30, 60, 0)]
    """
    half = max(1, (first_big_blind + 1) // 2)
    levels = []
    for number, step in enumerate(STEPS, start=1):
        big = half * step
        small = big // 2
        ante = big if antes and number >= 3 else 0
        levels.append(Level(small_blind=small, big_blind=big, ante=ante, length=length))
    return tuple(levels)
