"""Everything that happens in a hand, as frozen records.

An action returns the events it caused; the hand keeps them all, so the bot, the history and
the images read one stream. ``HoleCardsDealt`` is private to its player: whoever publishes
events must filter it (see :func:`is_private`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import ActionKind, Street
from .cards import Card

__all__ = [
    "AntePosted",
    "BetReturned",
    "BlindPosted",
    "BoardDealt",
    "CardsMucked",
    "CardsShown",
    "Event",
    "HandEnded",
    "HandStarted",
    "HandVoided",
    "HoleCardsDealt",
    "PlayerActed",
    "PotAwarded",
    "is_private",
]


@dataclass(frozen=True, kw_only=True, slots=True)
class HandStarted:
    button: int
    small_blind_player: int
    big_blind_player: int
    stacks: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class AntePosted:
    player: int
    amount: int
    all_in: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class BlindPosted:
    player: int
    amount: int
    big: bool
    all_in: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class HoleCardsDealt:
    player: int
    cards: tuple[Card, ...]


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


@dataclass(frozen=True, kw_only=True, slots=True)
class BetReturned:
    player: int
    amount: int


@dataclass(frozen=True, kw_only=True, slots=True)
class BoardDealt:
    """``board`` is the whole board so far; ``run`` is 2 for the second board of a hand run
    twice (which repeats the streets still to come when the players went all in)."""

    street: Street
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    run: int = 1


@dataclass(frozen=True, kw_only=True, slots=True)
class CardsShown:
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class CardsMucked:
    player: int


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


@dataclass(frozen=True, kw_only=True, slots=True)
class HandEnded:
    stacks: tuple[int, ...]
    net: tuple[int, ...]


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


@dataclass(frozen=True, kw_only=True, slots=True)
class StackAdjusted:
    """A table leader corrected a stack between hands; ``by`` is the leader's opaque id."""

    seat: int
    player: str
    before: int
    after: int
    reason: str
    by: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionEnded:
    """A session ended; ``standings`` are ``(place, player, chips)``, most chips first, equal
    counts sharing the place. ``reason`` is a stable code: ``time``, ``hands``,
    ``one_player_left``, ``too_few_players``, ``empty_stack`` or ``closed``."""

    session: int
    reason: str
    hands: int
    standings: tuple[tuple[int, str, int], ...]
