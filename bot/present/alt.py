"""Alt text and message text for every image, so a screen reader (or a client with images
off) learns the same facts as the picture.

The renderers draw from plain views (:mod:`bot.pictures.views`); these functions read the same views
and say them in the player's language. Discord caps an attachment description at 1,024
characters, so :func:`fit` shortens the longest tables without cutting a word in half.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.catalogue import CATALOGUE, Catalogue, Lang
from bot.i18n.poker import cards_text
from bot.pictures.views import HoleCardsView, SeatState, SeatView, ShowdownView, TableView
from engine.cards import CARDS

__all__ = ["ALT_TEXT_LIMIT", "fit", "hole_cards_alt", "showdown_alt", "table_alt"]

ALT_TEXT_LIMIT = 1024
"""Discord's limit for an attachment's description."""


_CARD_TEXT = {str(card): cards_text((card,)) for card in CARDS}
"""Each card as :func:`~bot.i18n.poker.cards_text` writes it, by the card's own text: every
picture's alt text says its cards, and a text of several cards is theirs one space apart."""


def _cards(cards: Sequence[str]) -> str:
    return " ".join(map(_CARD_TEXT.__getitem__, cards))


def fit(text: str, limit: int = ALT_TEXT_LIMIT) -> str:
    """``text`` cut at a word boundary with an ellipsis when it is longer than ``limit``."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut + "…"


def hole_cards_alt(locale: Lang, view: HoleCardsView, *, cat: Catalogue = CATALOGUE) -> str:
    cards = _cards(view.cards)
    if view.hand_name:
        text = cat.t(locale, "alt.hole_cards_hand", cards=cards, hand=view.hand_name)
    else:
        text = cat.t(locale, "alt.hole_cards", cards=cards)
    if view.to_call > 0:  # as the picture says it
        text += " " + cat.t(locale, "label.to_call", amount=view.to_call) + "."
    return text


def _seat_line(locale: Lang, number: int, seat: SeatView, cat: Catalogue) -> str:
    facts = {"seat": number, "name": seat.name, "stack": seat.stack, "bet": seat.bet}
    if seat.state is SeatState.EMPTY:
        return cat.t(locale, "alt.seat.empty", **facts)
    if seat.cards:
        return cat.t(locale, "alt.seat.shows", cards=_cards(seat.cards), **facts)
    if seat.state is SeatState.FOLDED:
        return cat.t(locale, "alt.seat.folded", **facts)
    if seat.state is SeatState.ALL_IN:
        return cat.t(locale, "alt.seat.all_in", **facts)
    if seat.state is SeatState.SITTING_OUT:
        return cat.t(locale, "alt.seat.sitting_out", **facts)
    if seat.is_turn:
        return cat.t(locale, "alt.seat.turn", **facts)
    return cat.t(locale, "alt.seat.active", **facts)


def table_alt(locale: Lang, view: TableView, *, cat: Catalogue = CATALOGUE) -> str:
    """The street, the board, every pot, every seat in order and who has the button."""
    board = _cards(view.board) if view.board else cat.t(locale, "alt.table.no_board")
    pots = ", ".join(f"{p.label} {cat.number(locale, p.amount)}" for p in view.pots)
    if not pots:  # before the first bets are gathered: the blinds and bets in front
        pots = cat.t(locale, "pot.total", amount=sum(seat.bet for seat in view.seats))
    lines = [cat.t(locale, "alt.table", street=view.street, board=board, pots=pots)]
    for number, seat in enumerate(view.seats, start=1):
        if seat.state is not SeatState.EMPTY:
            lines.append(_seat_line(locale, number, seat, cat))
    button = next((s for s in view.seats if s.is_button and s.state is not SeatState.EMPTY), None)
    if button is not None:
        lines.append(cat.t(locale, "alt.table.button", name=button.name))
    return fit(" ".join(lines))


def showdown_alt(locale: Lang, view: ShowdownView, *, cat: Catalogue = CATALOGUE) -> str:
    """The board, each revealed hand with its name, then each winner and what they won."""
    lines = [cat.t(locale, "alt.showdown", board=_cards(view.board))]
    for hand in view.hands:
        lines.append(
            cat.t(
                locale,
                "alt.showdown.hand",
                name=hand.name,
                cards=_cards(hand.cards),
                hand=hand.hand_name or "",
            )
        )
    for hand in view.hands:
        if hand.is_winner:
            lines.append(cat.t(locale, "alt.showdown.winner", name=hand.name, amount=hand.won))
    return fit(" ".join(lines))
