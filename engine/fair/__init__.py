"""A provably fair deck: commit to the deck order before the first card, reveal it after.

Before a hand is dealt the table shows a **commitment**: the SHA-256 of the deck order and a
secret **salt**. After the hand its history reveals both, so anyone can recompute the digest,
see that the deck was fixed before the first action and never changed, and check that every
card the history deals came from that deck in the engine's dealing order. The salt keeps the
commitment from giving the deck away: without it, 52! orders are too many to search, but the
first cards of a deck would be guessable from a digest of the deck alone once some are known.

The engine never creates randomness: the caller passes the salt in (the application draws it
with :func:`secrets.token_bytes`, ``SALT_BYTES`` of them) together with the shuffled deck.

**Canonical encoding** (version 1): the ASCII text ``v1:<salt as lower-case hex>:<deck>``,
where ``<deck>`` is the 52 cards in dealing order written ``As Kd ...`` without separators
(104 characters). Its SHA-256, in lower-case hex, is the commitment. With a shell::

    printf 'v1:%s:%s' "$SALT" "$DECK" | sha256sum

**In a PHH history** (user-defined fields, which PHH spells with a leading underscore):

``_deck_commitment``  the commitment shown at the deal (64 hex digits)
``_deck_salt``        the salt (hex)
``_deck``             the deck, dealing order, cards separated by spaces
``_deck_burn``        ``true`` when a card was burnt before each board deal
``_deck_burn_hole``   ``true`` when a card was also burnt before the hole cards

Dealing order: after the burnt card, if ``_deck_burn_hole``, PHH player ``pK`` (``p1`` sits
left of the button) gets the deck's cards ``K`` and ``n + K`` (1-based, ``n`` players); then
each ``d db`` line, in the order written, takes the next cards, after one burnt card when
``_deck_burn`` is true. A second run-out (run
it twice) continues drawing from the same deck the same way.

>>> from engine.cards import full_deck
>>> salt = bytes(range(32))
>>> commitment = commit(full_deck(), salt)
>>> len(commitment)
64
>>> verify_commitment(commitment, full_deck(), salt)
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import CARD_BY_TEXT, Card, format_cards
from engine.errors import EngineError

__all__ = [
    "BURN_FIELD",
    "BURN_HOLE_FIELD",
    "COMMITMENT_FIELD",
    "DECK_FIELD",
    "SALT_BYTES",
    "SALT_FIELD",
    "DealtCards",
    "FairDeck",
    "FairnessError",
    "check_dealt",
    "check_history",
    "commit",
    "dealt_from_actions",
    "encode",
    "fair_fields",
    "read_fair_fields",
    "verify_commitment",
]

SALT_BYTES = 32
"""How many random bytes the application draws for a salt (at least ``MIN_SALT_BYTES``)."""

MIN_SALT_BYTES = 16
"""A shorter salt could be searched; it is refused."""

VERSION = "v1"

COMMITMENT_FIELD = "_deck_commitment"
SALT_FIELD = "_deck_salt"
DECK_FIELD = "_deck"
BURN_FIELD = "_deck_burn"
BURN_HOLE_FIELD = "_deck_burn_hole"


class FairnessError(EngineError):
    """A commitment, salt, deck or history that does not check out.

    ``code`` says which: ``fair_salt`` (a salt too short or not hex), ``fair_deck`` (not 52
    distinct cards), ``fair_missing`` (a history without the fields), ``fair_commitment`` (the
    digest differs: deck or salt changed), ``fair_deal`` (a card the history deals is not the
    deck's card at that position; ``params`` name the action and both cards).
    """

    code = "fair"


@dataclass(frozen=True, kw_only=True)
class FairDeck:
    """A deck order with its salt: what is committed to at the deal and revealed after.

    ``burn`` and ``burn_hole`` say how the hand was dealt from it (the hand's config): a card
    burnt before each board deal, and one before the hole cards. They are not committed to:
    the deck order is, and the dealing order is the engine's, written in the history.
    """

    deck: tuple[Card, ...]
    salt: bytes
    burn: bool = True
    burn_hole: bool = False

    def __post_init__(self) -> None:
        _check_salt(self.salt)
        _check_deck(self.deck)

    @property
    def commitment(self) -> str:
        return commit(self.deck, self.salt)


def _check_salt(salt: bytes) -> None:
    if not isinstance(salt, bytes) or len(salt) < MIN_SALT_BYTES:
        raise FairnessError(
            f"a salt needs at least {MIN_SALT_BYTES} bytes",
            code="fair_salt",
            minimum=MIN_SALT_BYTES,
        )


def _check_deck(deck: Sequence[int]) -> None:
    if (
        len(deck) != 52
        or len(set(deck)) != 52
        or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in deck)
    ):
        raise FairnessError("a committed deck holds the 52 cards once each", code="fair_deck")


def encode(deck: Sequence[int], salt: bytes) -> bytes:
    """The canonical bytes that are hashed (see the module docstring)."""
    _check_salt(salt)
    _check_deck(deck)
    return f"{VERSION}:{salt.hex()}:{format_cards(deck, '')}".encode("ascii")


def commit(deck: Sequence[int], salt: bytes) -> str:
    """The commitment to ``deck`` under ``salt``: a SHA-256 in lower-case hex."""
    return hashlib.sha256(encode(deck, salt)).hexdigest()


def verify_commitment(commitment: str, deck: Sequence[int], salt: bytes) -> bool:
    """Whether ``commitment`` is the digest of ``deck`` and ``salt`` (compared in constant
    time; a malformed deck or salt is simply not a match)."""
    try:
        digest = commit(deck, salt)
    except FairnessError:
        return False
    return hmac.compare_digest(digest, commitment.strip().lower())


def fair_fields(fair: FairDeck) -> dict[str, Any]:
    """The user-defined PHH fields that reveal ``fair``: add them to a history's ``extra``."""
    return {
        COMMITMENT_FIELD: fair.commitment,
        SALT_FIELD: fair.salt.hex(),
        DECK_FIELD: format_cards(fair.deck),
        BURN_FIELD: fair.burn,
        BURN_HOLE_FIELD: fair.burn_hole,
    }


def read_fair_fields(extra: Mapping[str, Any]) -> tuple[str, FairDeck]:
    """The commitment and the revealed deck from a history's user-defined fields."""
    commitment = extra.get(COMMITMENT_FIELD)
    salt_text = extra.get(SALT_FIELD)
    deck_text = extra.get(DECK_FIELD)
    burn = extra.get(BURN_FIELD, True)
    burn_hole = extra.get(BURN_HOLE_FIELD, False)
    if not (
        isinstance(commitment, str)
        and isinstance(salt_text, str)
        and isinstance(deck_text, str)
        and isinstance(burn, bool)
        and isinstance(burn_hole, bool)
    ):
        raise FairnessError("the history reveals no committed deck", code="fair_missing")
    try:
        salt = bytes.fromhex(salt_text)
    except ValueError:
        raise FairnessError("the salt is not hexadecimal", code="fair_salt") from None
    try:
        deck = tuple(CARD_BY_TEXT[word] for word in deck_text.split())
    except KeyError as error:
        raise FairnessError(
            f"not a card in the deck: {error.args[0]!r}", code="fair_deck", card=error.args[0]
        ) from None
    return commitment, FairDeck(deck=deck, salt=salt, burn=burn, burn_hole=burn_hole)


@dataclass(frozen=True, kw_only=True)
class DealtCards:
    """What a history says was dealt, in its own order: each player's two hole cards (``None``
    for a card written ``??``) and each board deal (one ``d db`` line, run-outs included)."""

    holes: tuple[tuple[Card | None, Card | None], ...]
    boards: tuple[tuple[Card, ...], ...]
    shown: tuple[tuple[int, tuple[Card | None, ...]], ...] = ()


def dealt_from_actions(actions: Sequence[str], players: int) -> DealtCards:
    """Read the dealt and shown cards out of PHH action lines (comments ignored)."""
    holes: list[tuple[Card | None, Card | None]] = [(None, None)] * players
    boards: list[tuple[Card, ...]] = []
    shown: list[tuple[int, tuple[Card | None, ...]]] = []
    for line in actions:
        words = line.split("#", 1)[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            k = _player(words[2], players, line)
            cards = _cards(words[3], line)
            if len(cards) != 2:
                raise FairnessError(f"not two hole cards in {line!r}", code="fair_deal", line=line)
            holes[k] = (cards[0], cards[1])
        elif len(words) == 3 and words[:2] == ["d", "db"]:
            cards = _cards(words[2], line)
            if any(c is None for c in cards):
                raise FairnessError(f"an unknown board card in {line!r}", code="fair_deal")
            boards.append(tuple(c for c in cards if c is not None))
        elif len(words) == 3 and words[1] == "sm" and words[0] != "d":
            shown.append((_player(words[0], players, line), _cards(words[2], line)))
    return DealtCards(holes=tuple(holes), boards=tuple(boards), shown=tuple(shown))


def _player(token: str, players: int, line: str) -> int:
    if token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= players:
        return int(token[1:]) - 1
    raise FairnessError(f"no such player in {line!r}", code="fair_deal", line=line)


def _cards(text: str, line: str) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise FairnessError(f"bad cards in {line!r}", code="fair_deal", line=line)
    out: list[Card | None] = []
    for k in range(0, len(text), 2):
        chunk = text[k : k + 2]
        if chunk == "??":
            out.append(None)
            continue
        card = CARD_BY_TEXT.get(chunk[0].upper() + chunk[1].lower())
        if card is None:
            raise FairnessError(f"bad card {chunk!r} in {line!r}", code="fair_deal", line=line)
        out.append(card)
    return tuple(out)


def check_dealt(fair: FairDeck, dealt: DealtCards) -> None:
    """Raise :class:`FairnessError` (``fair_deal``) unless ``fair.deck`` deals ``dealt``."""
    deck = fair.deck
    n = len(dealt.holes)
    first = 1 if fair.burn and fair.burn_hole else 0
    for k, pair in enumerate(dealt.holes):
        for round_, card in enumerate(pair):
            _expect(card, deck[first + round_ * n + k], f"p{k + 1} hole card {round_ + 1}")
    position = first + 2 * n
    for index, deal in enumerate(dealt.boards):
        if fair.burn:
            position += 1
        if position + len(deal) > len(deck):
            raise FairnessError("the history deals more cards than a deck holds", code="fair_deal")
        for offset, card in enumerate(deal):
            _expect(card, deck[position + offset], f"board deal {index + 1}, card {offset + 1}")
        position += len(deal)
    for k, shown in dealt.shown:
        for round_, card in enumerate(shown[:2]):
            _expect(card, deck[first + round_ * n + k], f"p{k + 1} shows card {round_ + 1}")


def _expect(card: Card | None, expected: Card | None, where: str) -> None:
    if card is not None and expected is not None and card != expected:
        raise FairnessError(
            f"{where}: the history has {card}, the committed deck {expected}",
            code="fair_deal",
            where=where,
            card=str(card),
            expected=str(expected),
        )


def check_history(
    actions: Sequence[str], players: int, extra: Mapping[str, Any]
) -> tuple[str, FairDeck]:
    """Check a hand history against the deck it reveals; return the commitment and the deck.

    Raises :class:`FairnessError`: ``fair_missing`` without the fields, ``fair_commitment``
    when the digest of the revealed deck and salt is not the commitment, ``fair_deal`` when a
    dealt or shown card is not the deck's card at its place.
    """
    commitment, fair = read_fair_fields(extra)
    if not verify_commitment(commitment, fair.deck, fair.salt):
        raise FairnessError(
            "the deck or the salt is not the one committed to", code="fair_commitment"
        )
    check_dealt(fair, dealt_from_actions(actions, players))
    return commitment, fair
