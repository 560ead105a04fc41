"""Poker texts built from engine data: hand names, actions, streets, errors, events and labels.

Everything here reads the catalogue; nothing holds a player-facing word of its own. Cards are
written the same way in every language (``A♠ K♦ 10♣``), as the Norwegian and Danish rule texts
write them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from bot.i18n.catalogue import CATALOGUE, Catalogue, Lang, placeholders, thousands_sep
from bot.pictures.views import ShowdownLabels, TableLabels
from engine.actions import ActionKind, Street
from engine.cards import CARDS, Card, Rank
from engine.errors import EngineError, InvalidSetup, SessionError
from engine.evaluator import HandCategory, HandValue, category_of, evaluate, ranks_of
from engine.events import (
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardsMucked,
    CardsShown,
    Event,
    HandStarted,
    HandVoided,
    PlayerActed,
    PotAwarded,
)

__all__ = [
    "GENERIC_ENGINE_ERROR",
    "acted_text",
    "action_text",
    "cards_text",
    "category_name",
    "engine_error",
    "engine_error_id",
    "event_lines",
    "hand_name",
    "pot_label",
    "rank_name",
    "showdown_labels",
    "street_name",
    "table_labels",
]

GENERIC_ENGINE_ERROR: Final = "engine.engine_error"
"""The message for an engine error whose code has no message of its own."""

_RANK_IDS: Final[dict[Rank, str]] = {
    Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
    Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine",
    Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace",
}  # fmt: skip

_SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")

_CARD_TEXTS: Final[tuple[str, ...]] = tuple(
    ("10" if card.rank == Rank.TEN else card.rank.char) + _SUIT_SYMBOLS[card.suit] for card in CARDS
)
"""Every card as players read it, made once (a card is its index)."""

_STREET_IDS: Final[dict[Street, str]] = {
    Street.PREFLOP: "street.preflop",
    Street.FLOP: "street.flop",
    Street.TURN: "street.turn",
    Street.RIVER: "street.river",
    Street.SHOWDOWN: "street.showdown",
}


def rank_name(locale: Lang, rank: Rank, *, plural: bool = False, cat: Catalogue = CATALOGUE) -> str:
    """A rank as a word: ``"king"``/``"kings"``, ``"konge"``/``"konger"``, ``"es"``/``"esser"``."""
    return cat.t(locale, f"rank.{_RANK_IDS[Rank(rank)]}.{'other' if plural else 'one'}")


def category_name(locale: Lang, category: HandCategory, *, cat: Catalogue = CATALOGUE) -> str:
    """The name of a hand category alone ("Full house", "Hus", "Fuldt hus")."""
    return cat.t(locale, f"category.{HandCategory(category).name.lower()}")


def hand_name(
    locale: Lang,
    hand: HandValue | HandCategory,
    ranks: Sequence[Rank] = (),
    *,
    cat: Catalogue = CATALOGUE,
) -> str:
    """The full name of a hand: ``"Full house, nines full of kings"``.

    Pass a :class:`HandValue`, or a category with its ranks in :class:`HandValue` order.

    >>> from engine.cards import parse_cards
    >>> from engine.evaluator import best_hand
    >>> hand_name("nb", best_hand(parse_cards("9c9d9hKsKc 2d3h")))
    'Hus, tre niere og to konger'
    """
    if isinstance(hand, HandValue):
        category, ranks = hand.category, hand.ranks
    else:
        category = HandCategory(hand)

    def one(i: int) -> str:
        return rank_name(locale, ranks[i], cat=cat)

    def many(i: int) -> str:
        return rank_name(locale, ranks[i], plural=True, cat=cat)

    match category:
        case HandCategory.STRAIGHT_FLUSH if ranks[0] == Rank.ACE:
            return cat.t(locale, "hand.royal_flush")
        case HandCategory.STRAIGHT_FLUSH:
            return cat.t(locale, "hand.straight_flush", top=one(0))
        case HandCategory.FOUR_OF_A_KIND:
            return cat.t(locale, "hand.four_of_a_kind", quads=many(0))
        case HandCategory.FULL_HOUSE:
            return cat.t(locale, "hand.full_house", trips=many(0), pair=many(1))
        case HandCategory.FLUSH:
            return cat.t(locale, "hand.flush", high=one(0))
        case HandCategory.STRAIGHT:
            return cat.t(locale, "hand.straight", top=one(0))
        case HandCategory.THREE_OF_A_KIND:
            return cat.t(locale, "hand.three_of_a_kind", trips=many(0))
        case HandCategory.TWO_PAIR:
            return cat.t(locale, "hand.two_pair", high=many(0), low=many(1))
        case HandCategory.ONE_PAIR:
            return cat.t(locale, "hand.one_pair", pair=many(0))
        case _:
            return cat.t(locale, "hand.high_card", high=one(0))


@lru_cache(maxsize=1024)  # the values shown most (of 7,462 a language), named once: ~300 KB
def _value_name(locale: Lang, value: int, cat: Catalogue) -> str:
    return hand_name(locale, category_of(value), ranks_of(value), cat=cat)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as players read them in every language: ``"A♠ K♦ 10♣"``.

    >>> from engine.cards import parse_cards
    >>> cards_text(parse_cards("AsKdTc"))
    'A♠ K♦ 10♣'
    """
    return " ".join(map(_CARD_TEXTS.__getitem__, cards))


def street_name(locale: Lang, street: Street, *, cat: Catalogue = CATALOGUE) -> str:
    """The name of a street: "Pre-flop", "Før floppen", "Preflop", …"""
    return cat.t(locale, _STREET_IDS[Street(street)])


def action_text(
    locale: Lang, kind: ActionKind, amount: int | None = None, *, cat: Catalogue = CATALOGUE
) -> str:
    """A short action label, e.g. for a seat or the history: "Raise to 60", "Syner 20".

    ``amount`` is the call amount for CALL and the raise-to total for BET, RAISE and ALL_IN.
    """
    return cat.t(locale, f"action.{_action_key(kind)}", amount=amount if amount is not None else "")


def _action_key(kind: ActionKind) -> str:
    return "all_in" if kind is ActionKind.ALL_IN else kind.value


def acted_text(
    locale: Lang,
    name: str,
    kind: ActionKind,
    amount: int = 0,
    *,
    all_in: bool = False,
    cat: Catalogue = CATALOGUE,
) -> str:
    """A line for the public log: "Ada raises to 60 and is all-in."

    ``amount`` is the chips added for CALL and the raise-to total for BET/RAISE/ALL_IN.
    """
    match kind:
        case ActionKind.FOLD:
            msg_id = "event.folds"
        case ActionKind.CHECK:
            msg_id = "event.checks"
        case ActionKind.CALL:
            msg_id = "event.calls_all_in" if all_in else "event.calls"
        case ActionKind.BET:
            msg_id = "event.bets_all_in" if all_in else "event.bets"
        case ActionKind.RAISE | ActionKind.ALL_IN:
            msg_id = (
                "event.raises_all_in" if all_in or kind is ActionKind.ALL_IN else "event.raises"
            )
    return cat.t(locale, msg_id, name=name, amount=amount)


def pot_label(locale: Lang, index: int, *, pots: int = 1, cat: Catalogue = CATALOGUE) -> str:
    """The label of pot ``index`` (0 = main) when there are ``pots`` pots: "Pot", "Side pot 2"."""
    if index == 0:
        return cat.t(locale, "pot.pot" if pots <= 1 else "pot.main")
    return cat.t(locale, "pot.side", n=index)


# --- Engine errors ------------------------------------------------------------------------------


def _family(error: EngineError) -> str:
    if isinstance(error, InvalidSetup):
        return "engine.setup."
    if isinstance(error, SessionError):
        return "engine.session."
    return "engine."


def _candidates(error: EngineError) -> list[str]:
    """Message ids for an error, most specific first: its code, then its classes' codes."""
    family = _family(error)
    ids = [family + error.code]
    for klass in type(error).__mro__:
        code = klass.__dict__.get("code")
        if isinstance(code, str):
            ids.append(family + code)
    ids.append(GENERIC_ENGINE_ERROR)
    return ids


def engine_error_id(error: EngineError, *, cat: Catalogue = CATALOGUE) -> str:
    """The message id that :func:`engine_error` uses for ``error``.

    The first candidate whose English text exists and whose placeholders ``error.params``
    fills; the generic message when none does. Codes of :class:`InvalidSetup` live under
    ``engine.setup.``, of :class:`SessionError` under ``engine.session.``, the rest under
    ``engine.`` (the code ``raise_cap`` means different things in a setup and in play).
    """
    for msg_id in _candidates(error):
        text = cat.get("en", msg_id)
        if text is not None and placeholders(text) <= error.params.keys():
            return msg_id
    return GENERIC_ENGINE_ERROR


def engine_error(locale: Lang, error: EngineError, *, cat: Catalogue = CATALOGUE) -> str:
    """An engine error in the player's language, never the engine's raw English.

    >>> from engine.errors import RaiseTooSmall
    >>> engine_error("da", RaiseTooSmall("x", code="min_raise", amount=1500))
    'Du skal bette eller raise til mindst 1.500.'
    """
    return cat.t(locale, engine_error_id(error, cat=cat), **error.params)


# --- Events -------------------------------------------------------------------------------------


def event_lines(
    locale: Lang,
    event: Event,
    names: Sequence[str],
    *,
    board: Sequence[Card] = (),
    pots: int = 1,
    number: int | None = None,
    cat: Catalogue = CATALOGUE,
) -> list[str]:
    """The public log lines of one engine event (often one, none for private or silent ones).

    ``names`` are the players' display names in hand order, ``board`` the board at the time
    (for the hand a player shows), ``pots`` how many pots the hand has, ``number`` the hand
    number for :class:`HandStarted`. :class:`HoleCardsDealt` and :class:`HandEnded` give no line.
    """
    match event:
        case HandStarted() if number is not None:
            return [cat.t(locale, "event.hand_started", number=number, name=names[event.button])]
        case AntePosted():
            msg_id = "event.posts_ante_all_in" if event.all_in else "event.posts_ante"
            return [cat.t(locale, msg_id, name=names[event.player], amount=event.amount)]
        case BlindPosted():
            size = "big" if event.big else "small"
            msg_id = f"event.posts_{size}_blind" + ("_all_in" if event.all_in else "")
            return [cat.t(locale, msg_id, name=names[event.player], amount=event.amount)]
        case PlayerActed():
            amount = event.added if event.kind is ActionKind.CALL else event.bet
            name = names[event.player]
            return [acted_text(locale, name, event.kind, amount, all_in=event.all_in, cat=cat)]
        case BetReturned():
            return [
                cat.t(locale, "event.bet_returned", name=names[event.player], amount=event.amount)
            ]
        case BoardDealt():
            msg_id = f"event.board.{Street(event.street).name.lower()}"
            return [
                cat.t(locale, msg_id, cards=cards_text(event.cards), board=cards_text(event.board))
            ]
        case CardsShown():
            if len(board) < 3:  # no hand to name yet: the cards say it all
                shown = cards_text(event.cards)
                return [cat.t(locale, "event.shows_cards", name=names[event.player], cards=shown)]
            # The hand's name is its category and ranks: the value alone says them.
            hand = _value_name(locale, evaluate([*event.cards, *board]), cat)
            text = cat.t(
                locale,
                "event.shows",
                name=names[event.player],
                cards=cards_text(event.cards),
                hand=hand,
            )
            return [text]
        case CardsMucked():
            return [cat.t(locale, "event.mucks", name=names[event.player])]
        case PotAwarded():
            return _pot_lines(locale, event, names, pots, cat)
        case HandVoided():
            return [cat.t(locale, "event.hand_voided", reason=event.reason)]
    return []


def _pot_lines(
    locale: Lang, event: PotAwarded, names: Sequence[str], pots: int, cat: Catalogue
) -> list[str]:
    lines = []
    for winner, share in zip(event.winners, event.shares):
        name = names[winner]
        if event.value == 0:
            lines.append(cat.t(locale, "event.wins_uncontested", name=name, amount=share))
            continue
        hand = _value_name(locale, event.value, cat)
        if event.pot > 0:
            msg_id = "event.wins_side"
        else:
            msg_id = "event.wins_pot" if pots <= 1 else "event.wins_main"
        lines.append(cat.t(locale, msg_id, name=name, amount=share, hand=hand, n=event.pot))
    return lines


# --- Labels for the renderers -------------------------------------------------------------------


def table_labels(locale: Lang, *, cat: Catalogue = CATALOGUE) -> TableLabels:
    """The words drawn on the table image, in ``locale``."""
    return TableLabels(
        dealer=cat.t(locale, "label.dealer"),
        small_blind=cat.t(locale, "label.small_blind"),
        big_blind=cat.t(locale, "label.big_blind"),
        folded=cat.t(locale, "label.folded"),
        all_in=cat.t(locale, "label.all_in"),
        sitting_out=cat.t(locale, "label.sitting_out"),
        empty_seat=cat.t(locale, "label.empty_seat"),
        thousands_sep=thousands_sep(locale),
        odds_win=cat.raw(locale, "tv.odds.label.win"),
        odds_tie=cat.raw(locale, "tv.odds.label.tie"),
        odds_side=cat.raw(locale, "tv.odds.label.side"),
        board_n=cat.raw(locale, "label.board_n"),
    )


def showdown_labels(locale: Lang, *, cat: Catalogue = CATALOGUE) -> ShowdownLabels:
    """The words drawn on the showdown image; ``wins`` stays a template with ``{amount}``."""
    return ShowdownLabels(
        wins=cat.raw(locale, "showdown.wins"),
        thousands_sep=thousands_sep(locale),
    )
