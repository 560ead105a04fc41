"""Cards and decks.

A card is an ``int`` from 0 to 51 (``rank_index * 4 + suit``) dressed as :class:`Card`, so the
hot paths of the evaluator and the hand index lists with it directly while people still read
``As`` and ``Td``. Every card is a singleton taken from :data:`CARDS`.

Chance comes in from outside: :func:`shuffled_deck` draws on :mod:`secrets` (the operating
system's randomness); tests and replays pass a deck order in instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import IntEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import secrets

__all__ = [
    "CARDS",
    "CARD_BY_TEXT",
    "CARD_TEXTS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
    "shuffled_by",
    "shuffled_deck",
]


class Rank(IntEnum):
    """Card ranks; the value is the pip count, with the ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]


class Suit(IntEnum):
    """Suits never rank; the order only fixes the card numbering."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Card(int):
    """One of the 52 cards; an ``int`` so that lookup tables can be indexed by it."""

    __slots__ = ()

    @property
    def rank(self) -> Rank:
        return Rank((self >> 2) + 2)

    @property
    def suit(self) -> Suit:
        return Suit(self & 3)

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
CARD_TEXTS: tuple[str, ...] = tuple(str(card) for card in CARDS)
"""Every card's text (``As``), by the card: made once, shared by all who write cards."""
CARD_BY_TEXT: Mapping[str, Card] = MappingProxyType(
    {text: CARDS[i] for i, text in enumerate(CARD_TEXTS)}
)
"""Every card by its exact text (``As``, not ``as``: :func:`parse_card` reads the others)."""


def parse_card(text: str) -> Card:
    """Read one card such as ``As`` or ``td`` (rank case-insensitive, suit lower case).

    >>> parse_card("Td").rank
    <Rank.TEN: 10>
    """
    key = text.strip()
    if len(key) == 2:
        key = key[0].upper() + key[1].lower()
    try:
        return CARD_BY_TEXT[key]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards written with or without spaces: ``"As Kd"``, ``"AsKd"``.

    >>> [str(c) for c in parse_cards("AsKd 7c")]
    ['As', 'Kd', '7c']
    """
    compact = "".join(text.split())
    if len(compact) % 2:
        raise ValueError(f"not a list of cards: {text!r}")
    return tuple(parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2))


def format_cards(cards: Iterable[int], sep: str = " ") -> str:
    """Write cards in their usual text form (every deal writes a whole deck: its stored row
    and its commitment, so the 52 texts are made once).

    >>> format_cards([51, 0])
    'As 2c'
    """
    return sep.join(map(CARD_TEXTS.__getitem__, cards))


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (2c 2d 2h 2s 3c ... As)."""
    return CARDS


def shuffled_deck(rng: secrets.SystemRandom | None = None) -> tuple[Card, ...]:
    """A deck shuffled with the operating system's randomness (Fisher-Yates), read once a
    deck through :func:`secrets.token_bytes` (:func:`shuffled_by`); ``SystemRandom.shuffle``
    reads it once a card, about 65 system calls and 168 us a deck against one call and 20 us,
    and every deal of every table shuffles. ``rng`` shuffles with its own ``shuffle``."""
    import secrets  # here: it brings hashlib and random, which a replay never needs

    if rng is not None:
        deck = list(CARDS)
        rng.shuffle(deck)
        return tuple(deck)
    return shuffled_by(secrets.token_bytes)


_WORD = 1 << 32


def shuffled_by(read: Callable[[int], bytes]) -> tuple[Card, ...]:
    """The deck shuffled as :meth:`random.Random.shuffle` does (position ``i`` from 51 down
    to 1 swapped with one drawn below ``i + 1``), each draw a 32-bit little-endian word of
    the bytes ``read(n)`` gives: the word modulo ``i + 1``, or, for a word at or above the
    largest multiple of ``i + 1`` under 2**32, the next word instead, so that every draw is
    equally likely (``read`` is asked again for what a rejected word left short)."""
    deck = list(CARDS)
    data = read(4 * 51)
    at = 0
    for i in range(51, 0, -1):
        n = i + 1
        limit = _WORD - _WORD % n
        while True:
            if at >= len(data):
                data, at = read(4 * i), 0
            word = int.from_bytes(data[at : at + 4], "little")
            at += 4
            if word < limit:
                break
        j = word % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def check_deck(deck: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``deck`` holds distinct cards."""
    if len(set(deck)) != len(deck) or any(not 0 <= c < 52 for c in deck):
        raise ValueError("a deck must hold distinct cards")
