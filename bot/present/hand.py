"""The words of a table's hand message: its header, the state of the hand, the fair-deck
footer, and the one-line ping that tells the player to act.

A hand lives in one message that is edited as it goes (:mod:`bot.discord.table.hand_message`
builds it from these texts); an edit does not notify anyone, so the player to act gets a short
ping of their own (:func:`ping_line`). Pure functions of the table's state and a language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Lang, cards_text, t
from bot.tables.computers import is_computer
from bot.tables.outcomes import TableState, TurnState
from engine import parse_cards

__all__ = [
    "RECENT_LINES",
    "SHORT_DIGEST",
    "fair_footer",
    "hand_header",
    "hand_state_lines",
    "ping_line",
]

RECENT_LINES = 6
"""How many of the street's latest lines the hand message shows."""
SHORT_DIGEST = 12
"""Hex digits of the deck's commitment shown in the footer (the full one is in
``/holdem fair`` and the hand's export)."""


def hand_header(lang: Lang, state: TableState, number: int) -> str:
    """``Hand #12 · blinds 1/2 · level 1``, as a heading; at a tournament's table, its
    table number and the event's level (and the ante, when there is one)."""
    if state.event is not None and state.event_table is not None:
        return "### " + t(
            lang, "hand.header_event_ante" if state.ante else "hand.header_event",
            number=number, table=state.event_table, small_blind=state.small_blind,
            big_blind=state.big_blind, ante=state.ante, level=state.event_level or 1,
        )  # fmt: skip
    return "### " + t(
        lang, "hand.header", number=number, small_blind=state.small_blind,
        big_blind=state.big_blind, level=state.level + 1,
    )  # fmt: skip


def hand_state_lines(
    lang: Lang, state: TableState, recent: Sequence[str], turn: TurnState | None
) -> list[str]:
    """The pot, the board, the street's latest lines and whose turn it is (named with a
    mention that the message does not ping: the ping is a message of its own)."""
    lines = [t(lang, "hand.pot", pot=state.pot_total)]
    if state.board:
        board = cards_text(parse_cards(" ".join(state.board)))
        lines[0] += " · " + t(lang, "cards.board", board=board)
    lines.extend(recent[-RECENT_LINES:])
    if turn is not None:
        who = state.name_of(turn.member) if is_computer(turn.member) else f"<@{turn.member}>"
        if turn.legal.can_check:
            lines.append(t(lang, "hand.to_act.check", mention=who, seconds=turn.turn_seconds))
        else:
            lines.append(
                t(lang, "hand.to_act.call", mention=who, to_call=turn.legal.to_call,
                  seconds=turn.turn_seconds)
            )  # fmt: skip
    return lines


def fair_footer(lang: Lang, digest: str) -> str:
    """The deck's commitment, shortened, in small print."""
    return "-# " + t(lang, "hand.fair", digest=digest[:SHORT_DIGEST])


def ping_line(lang: Lang, turn: TurnState, seconds: int) -> str:
    """``<@bob>, your turn: 2 to call, 45 s``."""
    mention = f"<@{turn.member}>"
    if turn.legal.can_check:
        return t(lang, "ping.check", mention=mention, seconds=seconds)
    return t(lang, "ping.call", mention=mention, to_call=turn.legal.to_call, seconds=seconds)
