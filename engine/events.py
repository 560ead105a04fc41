"""Everything that happens at a table, as frozen records: a hand's events, then the table's.

An action returns the events it caused; the hand keeps them all, so the bot, the history and
the images read one stream. ``HoleCardsDealt`` is private to its player: whoever publishes
events must filter it (see :func:`is_private`).

The table's own events (:data:`TableEvent`: seats taken and left, statuses, rebuys, blind
levels, hands dealt and voided, sessions started, stacks corrected and sessions ended) are
what :class:`engine.table.Table` returns and keeps in its log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from engine.actions import ActionKind, Street
from engine.cards import Card

__all__ = [
    "AntePosted",
    "BetReturned",
    "BlindLevelChanged",
    "BlindPosted",
    "BoardDealt",
    "CardsMucked",
    "CardsShown",
    "Event",
    "HandDealt",
    "HandEnded",
    "HandStarted",
    "HandVoided",
    "HoleCardsDealt",
    "LeaderVoidedHand",
    "PlayerActed",
    "PlayerLeft",
    "PlayerSeated",
    "PotAwarded",
    "Rebought",
    "SessionEnded",
    "SessionStarted",
    "StackAdjusted",
    "StatusChanged",
    "TableEvent",
    "is_private",
]


_Record = TypeVar("_Record", bound=type)
_Made = TypeVar("_Made")


def _plain(cls: type) -> bool:
    """A slotted record whose every field is set from an argument and nothing more is done."""
    fields = dataclasses.fields(cls)
    plain = all(f.init and f.default_factory is dataclasses.MISSING for f in fields)
    return plain and not hasattr(cls, "__post_init__") and "__slots__" in cls.__dict__


def quick_init(cls: _Record) -> _Record:
    """Give a frozen, slotted record an ``__init__`` that fills its slots directly.

    Why: the ``__init__`` dataclasses writes for a frozen class calls ``object.__setattr__``
    once a field, the only way past the class's own ``__setattr__``; a hand makes about twenty
    events, a replay of the 10,000-hand corpus 200,000, and the slots' own descriptors do the
    same work in about two thirds of the time (the bot's table states and outcomes, a few
    records every move, use it too). The signature (keyword-only, the same
    defaults), the object built, equality, ``repr``, hashing and ``frozen`` stay the
    dataclass's own; a record with a default factory, a field left out of ``__init__`` or a
    ``__post_init__`` keeps the generated one.
    """
    if not _plain(cls):
        return cls
    fields = dataclasses.fields(cls)
    namespace: dict[str, object] = {"__name__": cls.__module__}
    parameters = []
    for f in fields:
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is dataclasses.MISSING:
            parameters.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            parameters.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"    _set_{f.name}(self, {f.name})\n" for f in fields)
    exec(f"def __init__(self, *, {', '.join(parameters)}):\n{body}", namespace)
    init = cast(Callable[..., None], namespace["__init__"])
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__init__.__annotations__)  # type: ignore[misc]
    cls.__init__ = init  # type: ignore[misc]
    return cls


def maker(cls: type[_Made]) -> Callable[..., _Made]:
    """A function that builds a ``cls`` record from its field values in field order.

    Why: :class:`engine.hand.Hand` notes each event as its maker and a tuple of values, and
    builds the records only when :attr:`Hand.events` is read; a replay that only checks the
    outcome never builds them. The maker builds exactly what ``cls(**fields)`` builds (for a
    record :func:`quick_init` could not speed up, it calls the class).
    """
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if not _plain(cls):
        return lambda *values: cls(**dict(zip(names, values)))
    namespace: dict[str, object] = {"__name__": cls.__module__, "_new": object.__new__, "_cls": cls}
    for name in names:
        namespace[f"_set_{name}"] = cls.__dict__[name].__set__
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names)
    exec(
        f"def make({', '.join(names)}):\n    self = _new(_cls)\n{body}    return self\n", namespace
    )
    return cast(Callable[..., _Made], namespace["make"])


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class HandStarted:
    button: int
    small_blind_player: int
    big_blind_player: int
    stacks: tuple[int, ...]


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class AntePosted:
    player: int
    amount: int
    all_in: bool


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class BlindPosted:
    player: int
    amount: int
    big: bool
    all_in: bool


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class HoleCardsDealt:
    player: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerActed:
    """``kind`` is what happened (a CALL that emptied the stack is still a CALL, with
    ``all_in`` set); ``added`` is the chips moved now, ``bet`` the player's round total."""

    player: int
    kind: ActionKind
    added: int
    bet: int
    all_in: bool
    street: Street


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class BetReturned:
    player: int
    amount: int


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class BoardDealt:
    """``board`` is the whole board so far; ``run`` is 2 for the second board of a hand run
    twice (which repeats the streets still to come when the players went all in)."""

    street: Street
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    run: int = 1


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class CardsShown:
    player: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class CardsMucked:
    player: int


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class PotAwarded:
    """One pot (0 = main) and what each winner took from it; ``value`` is 0 uncontested.

    A hand run twice awards each pot in two halves, ``run`` 1 and 2, each on its own board.
    """

    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    value: int
    run: int = 1


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class HandEnded:
    stacks: tuple[int, ...]
    net: tuple[int, ...]


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class HandVoided:
    """A table leader voided the hand: every contribution went back."""

    reason: str
    refunds: tuple[int, ...]
    stacks: tuple[int, ...]


Event = (
    HandStarted
    | AntePosted
    | BlindPosted
    | HoleCardsDealt
    | PlayerActed
    | BetReturned
    | BoardDealt
    | CardsShown
    | CardsMucked
    | PotAwarded
    | HandEnded
    | HandVoided
)


def is_private(event: Event) -> bool:
    """True for events only their player may see."""
    return isinstance(event, HoleCardsDealt)


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class StackAdjusted:
    """A table leader corrected a stack between hands; ``by`` is the leader's opaque id."""

    seat: int
    player: str
    before: int
    after: int
    reason: str
    by: str


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class SessionEnded:
    """A session ended; ``standings`` are ``(place, player, chips)``, most chips first, equal
    counts sharing the place. ``reason`` is a stable code: ``time``, ``hands``,
    ``one_player_left``, ``too_few_players``, ``empty_stack`` or ``closed``."""

    session: int
    reason: str
    hands: int
    standings: tuple[tuple[int, str, int], ...]


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
