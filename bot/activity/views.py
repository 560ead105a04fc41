"""A table as the Activity's page draws it: one JSON-ready dict from the table service's
frozen :class:`~bot.tables.outcomes.TableState`, and the member's own part beside it.

The public part is what a spectator may know (the state holds no hole card but those
tabled, and no deck or salt); the member's part adds their own hole cards and, on their
turn, the engine's legal actions exactly as :class:`~engine.LegalActions` gives them: the
page offers those amounts and computes none.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Lang, street_name, t
from bot.tables.outcomes import (
    PrivateCards,
    RunTwiceAsk,
    SeatState,
    Showdown,
    TableState,
    TurnState,
)
from bot.web.steps import table_words

__all__ = ["View", "lobby_view", "member_part", "public_view", "texts"]

View = dict[str, Any]

_SHARED = {
    "fold": "button.fold", "check": "button.check", "bet": "button.bet",
    "allin": "button.all_in", "join": "button.join", "leave": "button.leave",
    "sit_out": "button.sit_out", "sit_in": "button.sit_in", "deal": "button.deal",
    "folded": "label.folded", "all_in": "label.all_in", "sitting_out": "label.sitting_out",
    "button": "label.dealer", "small": "label.small_blind", "big": "label.big_blind",
}  # fmt: skip
"""The page's words the channel's buttons and labels already say, by the page's name."""
_OWN = (
    "raise", "run_twice", "pot", "waiting", "commitment", "spectating", "signing_in",
    "lobby", "amount", "signed_out", "open",
)  # fmt: skip
"""The page's own words (catalogue ``activity.<name>``)."""


def texts(lang: Lang) -> dict[str, Any]:
    """Every word the page shows, sent once at sign-in; ``call`` keeps its ``{amount}``;
    ``table`` the words of the drawing of a table the web companion's pages share."""
    words: dict[str, Any] = {key: t(lang, msg_id) for key, msg_id in _SHARED.items()}
    words["call"] = t(lang, "button.call", amount="{amount}")
    words.update({key: t(lang, f"activity.{key}") for key in _OWN})
    words["table"] = {**table_words(lang), "players": t(lang, "activity.players")}
    return words


def _seat(seat: SeatState, turn: TurnState | None) -> View:
    drawn: View = {
        "seat": seat.seat,
        "member": str(seat.member),
        "name": seat.name,
        "stack": seat.stack,
        "bet": seat.bet,
        "status": seat.status.value,
    }
    for key, value in (
        ("folded", seat.folded), ("allIn", seat.all_in), ("waiting", seat.waiting),
        ("leaving", seat.leaving), ("button", seat.is_button),
        ("turn", turn is not None and turn.member == seat.member), ("inHand", seat.in_hand),
    ):  # fmt: skip
        if value:
            drawn[key] = True
    if seat.blind is not None:
        drawn["blind"] = seat.blind.value
    if seat.shown:
        drawn["shown"] = list(seat.shown)
    return drawn


def _run_twice(ask: RunTwiceAsk | None) -> View | None:
    if ask is None:
        return None
    return {
        "hand": ask.hand_id,
        "members": [str(m) for m in ask.members],
        "agreed": [str(m) for m in ask.agreed],
        "deadline": ask.deadline,
    }


def public_view(
    state: TableState,
    *,
    serial: int,
    commitment: str | None,
    lang: Lang,
    showdown: Showdown | None = None,
) -> View:
    """The table as everyone may see it after outcome number ``serial``; between hands,
    ``showdown`` is the last hand's end (its boards, the cards tabled, what each won), which
    the page shows until the next deal."""
    turn = state.turn
    return {
        "table": state.table_id,
        "serial": serial,
        "blinds": [state.small_blind, state.big_blind, state.ante],
        "hand": state.hand_id,
        "street": None if state.street is None else street_name(lang, state.street),
        "board": list(state.board),
        "pots": [pot.amount for pot in state.pots],
        "total": state.pot_total,
        "seats": [_seat(s, turn) for s in state.seats if s is not None],
        "turn": None
        if turn is None
        else {"member": str(turn.member), "deadline": turn.deadline, "seconds": turn.turn_seconds},
        "runTwice": _run_twice(state.run_twice),
        "commitment": commitment if state.hand_id is not None else None,
        "host": None if state.host is None else str(state.host),
        "event": state.event,
        "showdown": None if showdown is None or state.in_hand else _showdown(showdown),
    }


def _showdown(showdown: Showdown) -> View:
    """Only what the hand's end tabled: a hand mucked unseen is not in it."""
    return {
        "hand": showdown.hand_id,
        "board": list(showdown.board),
        "board2": list(showdown.second_board),
        "hands": [
            {"member": str(h.member), "cards": list(h.cards), "won": h.won} for h in showdown.hands
        ],
    }


def member_part(state: TableState, member: int, cards: PrivateCards | None) -> View:
    """What only ``member`` sees: their seat, their hole cards in the hand in progress, and
    on their turn the legal actions with the decision they are for (hand, action number)."""
    seat = state.seat_of(member)
    mine: View = {"member": str(member), "seated": seat is not None}
    if cards is not None and cards.hand_id == state.hand_id:
        mine["cards"] = list(cards.cards)
    turn = state.turn
    if turn is not None and turn.member == member:
        legal = turn.legal
        mine["legal"] = {
            "hand": turn.hand_id,
            "seq": turn.seq,
            "check": legal.can_check,
            "call": legal.to_call,
            "callAllIn": legal.call_is_all_in,
            "raiseMin": legal.min_raise_to,
            "raiseMax": legal.max_raise_to,
            "allIn": legal.all_in_to if legal.can_all_in else None,
            "bet": legal.is_bet,
            "suggested": list(turn.suggested_amounts()),
        }
    return mine


def lobby_view(table_id: str, lang: Lang) -> View:
    """No table in the channel: the page offers to open one."""
    return {"table": table_id, "serial": 0, "lobby": True, "text": t(lang, "activity.lobby")}
