"""What the director is told (inputs) and what it decides (decisions): frozen records.

An event is its :class:`~engine.tournament.config.EventConfig` and the list of its inputs;
:func:`engine.tournament.director.replay` rebuilds the state and every decision from them.
The application writes each input before acting on the decisions it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "BreakEnded",
    "BreakStarted",
    "Bust",
    "ClockTicked",
    "Decision",
    "EventFinished",
    "EventStarted",
    "HandDealt",
    "HandFinished",
    "HandForHand",
    "HandHeld",
    "HandStarting",
    "HoldReason",
    "Input",
    "LevelStarted",
    "MoveReason",
    "PlaceFinished",
    "PlayerMoved",
    "PlayerSeated",
    "Registered",
    "RegistrationClosed",
    "SeatsRedrawn",
    "Start",
    "TableBroken",
    "TableOpened",
    "Unregistered",
]


# --- inputs -----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Registered:
    """A player registers (or re-enters, when busted and re-entry is open)."""

    player: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Unregistered:
    """A player leaves the field before play starts."""

    player: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Start:
    """The start time has come: draw the seats and deal."""


@dataclass(frozen=True, kw_only=True, slots=True)
class HandStarting:
    """Table ``table`` is ready to deal its next hand; the director deals it or holds it."""

    table: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HandFinished:
    """The hand at ``table`` is over: ``stacks`` are the chips of every player dealt in, after
    the hand (``(player, chips)``; 0 is a bust)."""

    table: int
    stacks: tuple[tuple[str, int], ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class ClockTicked:
    """``seconds`` of the event's clock have passed since play started (minutes clock)."""

    seconds: float


Input = Registered | Unregistered | Start | HandStarting | HandFinished | ClockTicked


# --- decisions --------------------------------------------------------------------------------


class MoveReason(Enum):
    BALANCE = "balance"
    BREAK = "break"
    REDRAW = "redraw"
    LATE = "late"


class HoldReason(Enum):
    TOO_FEW = "too-few"
    """Fewer than two players at the table."""
    SHORT = "short"
    """Full-table play halts at a table 3 or more players short (TDA 10D)."""
    HAND_FOR_HAND = "hand-for-hand"
    """This table has played its hand of the round; the others have not all finished."""
    ON_BREAK = "on-break"
    REDRAW = "redraw"
    """Every seat is about to be drawn again; the other tables are finishing their hands."""
    NOT_RUNNING = "not-running"
    """Registration is still open and one player has every chip, or the event is over."""


@dataclass(frozen=True, kw_only=True, slots=True)
class EventStarted:
    """Play starts with ``tables``; they break in ``break_order`` (published, first first)."""

    entries: int
    tables: tuple[int, ...]
    break_order: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class TableOpened:
    """A table opens with its drawn ``button``; ``opener``: a table opened for a late entry
    (every seat taken), that entrant, who posts its first small blind, the button being the
    player before them (players moved in to balance never get that small blind)."""

    table: int
    button: int
    opener: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerSeated:
    """A seat drawn for an entry (at the start, or for a late entry)."""

    player: str
    table: int
    seat: int
    chips: int


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerMoved:
    """``player`` moves with their chips (when they are dealt in there is decided at each hand
    from the table's blinds then: :func:`engine.tournament.tables.plan`)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason


@dataclass(frozen=True, kw_only=True, slots=True)
class TableBroken:
    table: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatsRedrawn:
    """Every seat drawn again onto ``tables`` (the final table is one)."""

    tables: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class HandDealt:
    """Deal the next hand at ``table``: dealt-in ``seats``, the button and blinds' seats, and
    the level's blinds and ante."""

    table: int
    seats: tuple[int, ...]
    button: int
    small_blind_seat: int
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int
    level: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HandHeld:
    table: int
    reason: HoldReason


@dataclass(frozen=True, kw_only=True, slots=True)
class HandForHand:
    """Hand-for-hand play starts (``on``) or ends."""

    on: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Bust:
    """``player`` is out of chips at ``table`` (their place follows in :class:`PlaceFinished`)."""

    player: str
    table: int


@dataclass(frozen=True, kw_only=True, slots=True)
class PlaceFinished:
    """``players`` share places ``best`` to ``worst`` (one player: ``best == worst``);
    ``prizes`` each one's prize, in the order of ``players``."""

    best: int
    worst: int
    players: tuple[str, ...]
    prizes: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class LevelStarted:
    level: int
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True, kw_only=True, slots=True)
class BreakStarted:
    after_level: int


@dataclass(frozen=True, kw_only=True, slots=True)
class BreakEnded:
    pass


@dataclass(frozen=True, kw_only=True, slots=True)
class RegistrationClosed:
    """The field is final: ``entries`` entries, a ``pool`` paid as ``prizes`` (best first)."""

    entries: int
    pool: int
    prizes: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class EventFinished:
    winner: str


Decision = (
    EventStarted
    | TableOpened
    | PlayerSeated
    | PlayerMoved
    | TableBroken
    | SeatsRedrawn
    | HandDealt
    | HandHeld
    | HandForHand
    | Bust
    | PlaceFinished
    | LevelStarted
    | BreakStarted
    | BreakEnded
    | RegistrationClosed
    | EventFinished
)
