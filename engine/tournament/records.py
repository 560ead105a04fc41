"""What the director is told (inputs) and what it decides (decisions): frozen records.

An event is its :class:`~engine.tournament.config.EventConfig` and the list of its inputs;
:func:`engine.tournament.director.replay` rebuilds the state and every decision from them.
The application writes each input before acting on the decisions it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.tournament.config import EventConfig

__all__ = [
    "BreakEnded",
    "BreakStarted",
    "Bust",
    "ClockTicked",
    "CorrectStack",
    "Decision",
    "EditEvent",
    "EventFinished",
    "EventStarted",
    "EventStopped",
    "HandDealt",
    "HandFinished",
    "HandForHand",
    "HandHeld",
    "HandStarting",
    "HoldReason",
    "Input",
    "LevelStarted",
    "MovePlayer",
    "MoveReason",
    "Pause",
    "PlaceFinished",
    "PlayPaused",
    "PlayerMoved",
    "PlayerRemoved",
    "PlayerSeated",
    "Registered",
    "RegistrationClosed",
    "Remove",
    "Resume",
    "Ruling",
    "SeatsRedrawn",
    "Settlement",
    "StackSet",
    "Start",
    "Stop",
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


class Settlement(Enum):
    """How a stopped event's buy-ins are settled (RULES.md, "The director's tools")."""

    REFUND = "refund"
    """Every entry's buy-in back to its entrant; only while no prize has been paid."""
    CHIP_COUNT = "chip-count"
    """What is left of the pool shared by the players still in, in proportion to their
    chips; they place by their chips."""


@dataclass(frozen=True, kw_only=True, slots=True)
class EditEvent:
    """Before play starts, the director changes the event's settings to ``config`` (its seed
    and buy-in stay the event's; see :func:`engine.tournament.rulings.edit`)."""

    config: EventConfig


@dataclass(frozen=True, kw_only=True, slots=True)
class Pause:
    """The director pauses play at ``seconds`` of the event's clock: the hands being played
    finish, no table deals, and the clock stands until :class:`Resume`."""

    seconds: float


@dataclass(frozen=True, kw_only=True, slots=True)
class Resume:
    """Play goes on: the clock runs again from where it stood, the held tables deal."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Remove:
    """The director disqualifies ``player``: their chips leave play (WSOP 2024 rule 40) and
    they finish as a bust would, at once or when the hand they are in ends."""

    player: str
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class CorrectStack:
    """The director sets ``player``'s stack to ``chips`` (at least 1), at once or when the
    hand they are in ends; ``reason`` is shown in the event's history."""

    player: str
    chips: int
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class MovePlayer:
    """The director moves ``player`` (not in a hand) to the empty ``seat`` (0-based) of
    ``table``, their own table or another; the tables are balanced again if it must."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Stop:
    """The director ends a running event with no hand in play, settled by ``settlement``."""

    settlement: Settlement


Ruling = Pause | Resume | Remove | CorrectStack | MovePlayer | Stop
"""The director's own inputs (:mod:`engine.tournament.rulings`)."""

Input = (
    Registered
    | Unregistered
    | Start
    | HandStarting
    | HandFinished
    | ClockTicked
    | Ruling
    | EditEvent
)


# --- decisions --------------------------------------------------------------------------------


class MoveReason(Enum):
    BALANCE = "balance"
    BREAK = "break"
    REDRAW = "redraw"
    LATE = "late"
    DIRECTOR = "director"


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
    PAUSED = "paused"
    """The director paused play."""


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


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayPaused:
    """Play stands (``on``) or goes on; ``seconds``: the event's clock then."""

    on: bool
    seconds: float


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerRemoved:
    """``player`` left play at ``table`` with ``chips`` taken out of play."""

    player: str
    table: int
    chips: int
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class StackSet:
    """``player``'s stack at ``table`` set from ``before`` to ``after`` by the director."""

    player: str
    table: int
    before: int
    after: int
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class EventStopped:
    """The director stopped the event; ``refunds``: each entrant's buy-ins given back
    (:attr:`Settlement.REFUND`; the chip count's shares are the places' prizes)."""

    settlement: Settlement
    refunds: tuple[tuple[str, int], ...] = ()


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
    | PlayPaused
    | PlayerRemoved
    | StackSet
    | EventStopped
)
