"""What the table service reports: its errors and its frozen result records.

Errors, with a ``code`` and ``params`` like the engine's (the engine's own errors, e.g.
:class:`engine.NotYourTurn` and :class:`engine.SessionError`, pass through unchanged)::

    ServiceError
    ├── NoTable        no table is open in the channel
    ├── TableExists    a table is already open in the channel
    ├── NotSeated      the member is not at the table
    └── NoHand         no hand is in progress
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Action
from engine.events import Event
from engine.table import TableEvent

__all__ = [
    "ActionResult",
    "DealResult",
    "NoHand",
    "NoTable",
    "NotSeated",
    "ServiceError",
    "StopResult",
    "TableExists",
    "TableStatus",
]


# ----------------------------------------------------------------- errors


class ServiceError(Exception):
    """Base of the service's own errors: ``code`` names the message, ``params`` fill it in."""

    code = "service_error"

    def __init__(self, message: str, /, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params

    @property
    def message(self) -> str:
        return str(self.args[0])


class NoTable(ServiceError):
    code = "no_table"


class TableExists(ServiceError):
    code = "table_exists"


class NotSeated(ServiceError):
    code = "not_seated"


class NoHand(ServiceError):
    code = "no_hand"


# ----------------------------------------------------------------- results


@dataclass(frozen=True, kw_only=True, slots=True)
class ActionResult:
    """What one committed action did. ``to_act`` is the member to act next (``None`` when the
    hand is over); ``table_events`` are the table's events when the action ended the hand;
    ``sat_out`` the members this call sat out (a second timeout in a row)."""

    table_id: str
    hand_id: int
    action: Action
    events: tuple[Event, ...]
    hand_over: bool
    to_act: int | None
    deadline: float | None
    table_events: tuple[TableEvent, ...] = ()
    sat_out: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class DealResult:
    """A new hand: its id, its members in engine player order, its opening events."""

    table_id: str
    hand_id: int
    players: tuple[int, ...]
    events: tuple[Event, ...]
    to_act: int | None
    deadline: float | None
    table_events: tuple[TableEvent, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class StopResult:
    """A closed table: the hand voided (if one was in progress) and every member's cash-out."""

    table_id: str
    voided_hand: int | None
    cashed_out: dict[int, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class TableStatus:
    """A read-only look at a live table, for the bot's messages and timers."""

    table_id: str
    guild_id: int
    channel_id: int
    seats: tuple[tuple[int, int] | None, ...]
    """``(member, stack)`` per seat; stacks as of the start of the hand in progress."""
    hand_id: int | None
    hand_players: tuple[int, ...]
    to_act: int | None
    deadline: float | None
