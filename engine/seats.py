"""A table's seats and the standings they make: who sits where with how many chips, and in
what status.

Values only; :mod:`engine.table` (the state machine) changes them, and the table's events are
in :mod:`engine.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Seat", "SeatStatus", "rank_standings"]


class SeatStatus(Enum):
    ACTIVE = "active"
    SITTING_OUT = "sitting-out"
    BUSTED = "busted"
    """Below the minimum stack under ``SIT_OUT``: out for the rest of the session."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Seat:
    """A seated player. ``waiting``: waits for the big blind; ``leaving``: leaves when the
    hand in progress ends."""

    player: str
    stack: int
    status: SeatStatus = SeatStatus.ACTIVE
    waiting: bool = False
    leaving: bool = False


def rank_standings(chips: dict[str, int]) -> tuple[tuple[int, str, int], ...]:
    """``(place, player, chips)``, most chips first; equal counts share the place (1, 1, 3).

    >>> rank_standings({"a": 5, "b": 9, "c": 5})
    ((1, 'b', 9), (2, 'a', 5), (2, 'c', 5))
    """
    order = sorted(chips.items(), key=lambda item: (-item[1], item[0]))
    out: list[tuple[int, str, int]] = []
    for k, (player, count) in enumerate(order):
        place = out[-1][0] if out and out[-1][2] == count else k + 1
        out.append((place, player, count))
    return tuple(out)
