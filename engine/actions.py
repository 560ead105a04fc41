"""What a player can do, and what the rules allow at a decision point.

Amounts are always the TOTAL a player's bet becomes in the current round ("raise to"), as in
``/raise 12``; the engine derives how many chips that adds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = ["Action", "ActionKind", "LegalActions", "Street"]


class Street(IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4


class ActionKind(Enum):
    """A player's move. ``BET`` and ``RAISE`` both name a raise-TO amount."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "allin"


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One entry of a hand's action log; ``amount`` is the raise-to total for BET/RAISE."""

    player: int
    kind: ActionKind
    amount: int | None = None

    def __str__(self) -> str:
        tail = f" {self.amount}" if self.amount is not None else ""
        return f"p{self.player + 1} {self.kind.value}{tail}"


@dataclass(frozen=True, kw_only=True, slots=True)
class LegalActions:
    """Everything a player may do now; buttons, autocomplete and errors are built from it.

    ``min_raise_to``/``max_raise_to`` are ``None`` when the player may not bet or raise. A
    player may always go all-in for less than ``min_raise_to`` (a short all-in) when
    ``can_all_in`` is true; ``all_in_to`` is their whole stack as a raise-to total.
    """

    player: int
    can_check: bool
    to_call: int
    call_is_all_in: bool
    min_raise_to: int | None
    max_raise_to: int | None
    can_all_in: bool
    all_in_to: int
    current_bet: int
    is_bet: bool

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None
