"""From the public state of a table to the plain views the renderers draw.

Pure functions (no Discord, no I/O): they read the frozen records of :mod:`bot.tables.outcomes` and
the language, and return the views of :mod:`bot.pictures.views`. The same views feed the alt text
(:mod:`bot.present.alt`), so picture and words agree. Hole cards appear only in
:func:`hole_cards_view` (for their owner) and, once shown at the showdown, in the table and
showdown views.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.i18n import (
    CATALOGUE,
    Lang,
    format_number,
    hand_name,
    pot_label,
    street_name,
    t,
    table_labels,
    thousands_sep,
)
from bot.i18n.poker import showdown_labels
from bot.pictures.views import (
    Blind,
    HoleCardsView,
    PotView,
    PotWin,
    SeatView,
    ShowdownHandView,
    ShowdownLabels,
    ShowdownView,
    TableLabels,
    TableView,
)
from bot.pictures.views import SeatState as Look
from bot.tables.outcomes import BlindRole, PrivateCards, SeatState, Showdown, TableState
from engine import Street, best_hand, evaluate
from engine.cards import CARD_BY_TEXT
from engine.evaluator import category_of, ranks_of
from engine.seats import SeatStatus

__all__ = ["hole_cards_view", "seat_view", "showdown_view", "table_view", "to_call_of"]

_BLINDS = {BlindRole.SMALL: Blind.SMALL, BlindRole.BIG: Blind.BIG}
_EMPTY_SEAT = SeatView(state=Look.EMPTY)


def seat_view(seat: SeatState | None, *, in_hand: bool, turn: int | None) -> SeatView:
    """How a seat is drawn: empty, sitting out of the hand, or dealt in (folded, all in or
    playing); ``turn`` is the member to act. The live table and the replay both draw by it.
    """
    if seat is None:
        return _EMPTY_SEAT
    if not in_hand or seat.player is None:
        look = Look.ACTIVE if seat.status is SeatStatus.ACTIVE else Look.SITTING_OUT
        return SeatView(name=seat.name, stack=seat.stack, state=look, in_hand=False)
    if seat.folded:
        look = Look.FOLDED
    elif seat.all_in:
        look = Look.ALL_IN
    else:
        look = Look.ACTIVE
    return SeatView(
        name=seat.name,
        stack=seat.stack,
        bet=seat.bet,
        is_button=seat.is_button,
        blind=None if seat.blind is None else _BLINDS[seat.blind],
        state=look,
        is_turn=turn == seat.member,
        in_hand=not seat.folded,
        cards=seat.shown,
    )


def table_view(
    state: TableState,
    lang: Lang,
    *,
    board: Sequence[str] | None = None,
    four_colour: bool = False,
    next_level_seconds: float | None = None,
) -> TableView:
    """The public table: never a hole card that has not been shown. ``board`` overrides the
    state's (a finished hand's board, shown with the hand just played)."""
    turn = state.turn.member if state.turn is not None else None
    seats = tuple(seat_view(s, in_hand=state.in_hand, turn=turn) for s in state.seats)
    count = len(state.pots)
    pots = tuple(
        PotView(label=_pot_label(lang, i, count), amount=pot.amount)
        for i, pot in enumerate(state.pots)
    )
    street = _street_name(lang, state.street) if state.street is not None else ""
    level = _level_line(lang, state.level, state.small_blind, state.big_blind)
    next_level = None
    if next_level_seconds is not None:
        minutes, seconds = divmod(max(0, int(next_level_seconds)), 60)
        next_level = t(lang, "level.next", time=f"{minutes}:{seconds:02d}")
    return TableView(
        seats=seats,
        board=tuple(board) if board is not None else state.board,
        pots=pots,
        street=street,
        blind_level=level,
        next_level=next_level,
        four_colour=four_colour,
        labels=_table_labels(lang),
    )


def to_call_of(state: TableState | None, cards: PrivateCards) -> int:
    """What a call costs the owner of ``cards`` now: the engine's own figure (capped at their
    stack) on their turn in that hand, else 0, as the amount may change before their turn."""
    turn = None if state is None else state.turn
    if turn is None or turn.member != cards.member or turn.hand_id != cards.hand_id:
        return 0
    return turn.legal.to_call


def hole_cards_view(
    cards: Sequence[str],
    board: Sequence[str],
    lang: Lang,
    *,
    four_colour: bool = False,
    to_call: int = 0,
) -> HoleCardsView:
    """One player's private view: their two cards and, after the flop, the board and their
    hand's name; ``to_call`` (:func:`to_call_of`) is drawn when above zero."""
    name = None
    if len(board) >= 3:
        name = _hand_name(lang, evaluate([CARD_BY_TEXT[c] for c in (*cards, *board)]))
    return HoleCardsView(
        cards=tuple(cards),
        hand_name=name,
        four_colour=four_colour,
        board=tuple(board),
        to_call=to_call,
        to_call_label=CATALOGUE.raw(lang, "label.to_call"),
        thousands_sep=thousands_sep(lang),
    )


def showdown_view(
    showdown: Showdown, lang: Lang, *, four_colour: bool = False, run: int | None = None
) -> ShowdownView:
    """The revealed hands with the five cards that play, and what each winner took; for a
    hand run twice, ``run`` (1 or 2) shows one board and what was won on it."""
    cards = showdown.second_board if run == 2 else showdown.board
    board = [CARD_BY_TEXT[c] for c in cards]
    pot_count = showdown.pot_count
    hands = []
    for shown in showdown.hands:
        best = best_hand([*(CARD_BY_TEXT[c] for c in shown.cards), *board])
        won = shown.won_by_board[run - 1] if run and shown.won_by_board else shown.won
        pots = tuple(
            PotWin(label=_pot_label(lang, w.pot, pot_count), amount=w.amount)
            for w in shown.won_by_pot
            if run is None or w.run == run
        )
        hands.append(
            ShowdownHandView(
                name=shown.name,
                cards=shown.cards,
                hand_name=_hand_name(lang, best.value),
                best_five=tuple(map(str, best.cards)),
                won=won,
                is_winner=won > 0,
                pots=_merged(pots),
            )
        )
    if run is None:
        title = t(lang, "showdown.caption", number=showdown.hand_id)
    else:
        title = t(lang, "tv.run_twice.showdown", number=showdown.hand_id, n=run)
    return ShowdownView(
        board=tuple(cards),
        hands=tuple(hands),
        title=title,
        four_colour=four_colour,
        labels=_showdown_labels(lang),
    )


# A hand's name depends on its value alone, and a pot's label on its number and the count; the
# same ones come back hand after hand (3 names in 4 from the cache over 960 showdowns and the
# hole cards of 3,855 moves in three languages), each three catalogue lookups saved.
@lru_cache(maxsize=4096)
def _hand_name(lang: Lang, value: int) -> str:
    return hand_name(lang, category_of(value), ranks_of(value))


@lru_cache(maxsize=256)
def _pot_label(lang: Lang, pot: int, pots: int) -> str:
    return pot_label(lang, pot, pots=pots)


# The words of a picture that depend on the language and a few numbers alone, made once each
# rather than in every view (the table's labels alone were a third of a table view's time).
@lru_cache(maxsize=16)
def _table_labels(lang: Lang) -> TableLabels:
    return table_labels(lang)


@lru_cache(maxsize=16)
def _showdown_labels(lang: Lang) -> ShowdownLabels:
    return showdown_labels(lang)


@lru_cache(maxsize=64)
def _street_name(lang: Lang, street: Street) -> str:
    return street_name(lang, street)


@lru_cache(maxsize=1024)
def _level_line(lang: Lang, level: int, small_blind: int, big_blind: int) -> str:
    return t(
        lang,
        "level.line",
        level=level + 1,
        small_blind=format_number(lang, small_blind),
        big_blind=format_number(lang, big_blind),
    )


def _merged(pots: Sequence[PotWin]) -> tuple[PotWin, ...]:
    """One line per pot: a hand run twice shown on both boards won each pot in two halves."""
    amounts: dict[str, int] = {}
    for pot in pots:
        amounts[pot.label] = amounts.get(pot.label, 0) + pot.amount
    return tuple(PotWin(label=label, amount=amount) for label, amount in amounts.items())
