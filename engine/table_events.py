"""The values of a table: seats, their status, the table's event records and standings.

Split from :mod:`engine.table` (the state machine) to keep both modules short.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.events import SessionEnded, StackAdjusted

__all__ = [
    "BlindLevelChanged",
    "HandDealt",
    "LeaderVoidedHand",
    "PlayerLeft",
    "PlayerSeated",
    "Rebought",
    "Seat",
    "SeatStatus",
    "SessionStarted",
    "StatusChanged",
    "TableEvent",
    "rank_standings",
]


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


# ----------------------------------------------------------------- table events


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerSeated:
    seat: int
    player: str
    stack: int
    waiting: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerLeft:
    seat: int
    player: str
    stack: int


@dataclass(frozen=True, kw_only=True, slots=True)
class StatusChanged:
    seat: int
    player: str
    status: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Rebought:
    seat: int
    player: str
    added: int
    stack: int


@dataclass(frozen=True, kw_only=True, slots=True)
class BlindLevelChanged:
    level: int
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HandDealt:
    """``seats[i]`` is the seat of the hand's player ``i``."""

    hand_number: int
    seats: tuple[int, ...]
    button_seat: int
    structure: str


@dataclass(frozen=True, kw_only=True, slots=True)
class LeaderVoidedHand:
    hand_number: int
    reason: str
    by: str
    refunds: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionStarted:
    session: int
    stack: int


TableEvent = (
    PlayerSeated
    | PlayerLeft
    | StatusChanged
    | Rebought
    | BlindLevelChanged
    | HandDealt
    | LeaderVoidedHand
    | SessionStarted
    | StackAdjusted
    | SessionEnded
)


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
