"""From an outcome to the words the table reads: log lines, the turn prompt, the lobby.

Pure functions of :mod:`bot.tables.outcomes` records and a language. Names come from the table's
own record of who sat there (:attr:`TableState.names`), so the hand a member just left is
still told with their name.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Lang, event_lines, format_number, t, tn
from bot.tables.computers import is_computer
from bot.tables.outcomes import Outcome, OutcomeKind, TableState, TurnState
from engine import ActionKind, Card, parse_card
from engine.events import CardsShown, HandStarted, PlayerActed, PlayerLeft, PotAwarded, SessionEnded

__all__ = [
    "MESSAGE_LIMIT",
    "clip",
    "lobby_text",
    "outcome_lines",
    "standings_lines",
    "stop_lines",
    "turn_line",
]

MESSAGE_LIMIT = 2000
"""Discord's limit for a message's content."""


def clip(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> str:
    """The lines joined, keeping the newest ones whole when they do not all fit."""
    kept: list[str] = []
    size = 0
    for line in reversed([line for line in lines if line]):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def _board(outcome: Outcome) -> list[Card]:
    """The board a shown hand is named with; none when no hand was shown."""
    if not any(isinstance(e, CardsShown) for e in outcome.events):
        return []
    board = outcome.showdown.board if outcome.showdown is not None else outcome.state.board
    return [parse_card(c) for c in board]


def outcome_lines(lang: Lang, outcome: Outcome) -> list[str]:
    """The public log lines of everything the outcome did, in order."""
    state = outcome.state
    names = state.names_of(outcome.hand_members)
    board = _board(outcome)
    pots = len({e.pot for e in outcome.events if isinstance(e, PotAwarded)}) or 1
    lines: list[str] = []
    events = list(outcome.events)
    if outcome.kind is OutcomeKind.TIMED_OUT and events and isinstance(events[0], PlayerActed):
        first = events.pop(0)
        assert isinstance(first, PlayerActed)
        key = "timeout.folded" if first.kind is ActionKind.FOLD else "timeout.checked"
        lines.append(t(lang, key, name=names[first.player]))
    for event in events:
        if isinstance(event, HandStarted):
            lines.extend(event_lines(lang, event, names, number=outcome.hand_id))
        else:
            lines.extend(event_lines(lang, event, names, board=board, pots=pots))
    for member in outcome.sat_out:
        lines.append(t(lang, "timeout.sat_out", name=state.name_of(member)))
    for table_event in outcome.table_events:
        if isinstance(table_event, PlayerLeft):
            name = state.name_of(int(table_event.player))
            lines.append(t(lang, "seat.left", name=name, stack=table_event.stack))
        elif isinstance(table_event, SessionEnded):
            lines.extend(standings_lines(lang, state, table_event))
    return lines


def standings_lines(lang: Lang, state: TableState, ended: SessionEnded) -> list[str]:
    lines = [t(lang, "session.ended"), t(lang, "session.standings_title")]
    for place, player, chips in ended.standings:
        name = state.name_of(int(player))
        line = t(lang, "session.standings_line", place=place, name=name, stack=chips, net="")
        lines.append(line.replace(" ()", ""))
    return lines


def turn_line(lang: Lang, state: TableState, turn: TurnState) -> str:
    """Whose turn it is, what it costs, and how long they have; a computer player is named
    (a mention of one would ping nobody)."""
    mention = state.name_of(turn.member) if is_computer(turn.member) else f"<@{turn.member}>"
    if turn.legal.can_check:
        text = t(lang, "turn.can_check", mention=mention)
    else:
        text = t(lang, "turn.to_call", mention=mention, to_call=turn.legal.to_call)
    return text + " " + tn(lang, "turn.time_left", turn.turn_seconds)


def lobby_text(lang: Lang, state: TableState) -> str:
    """Who sits where, and how many more are needed to deal."""
    seated = state.occupied()
    lines = [t(lang, "lobby.seated_title", count=len(seated), seats=len(state.seats))]
    for seat in seated:
        stack = format_number(lang, seat.stack)
        lines.append(t(lang, "lobby.seat_line", seat=seat.seat + 1, name=seat.name, stack=stack))
    missing = 2 - len(seated)
    if missing > 0:
        lines.append(tn(lang, "lobby.waiting", missing))
    return "\n".join(lines)


def stop_lines(lang: Lang, outcome: Outcome, *, by: str) -> list[str]:
    """The end of a table: who stopped it, the voided hand, every cash-out."""
    lines = [t(lang, "session.ended_by", name=by)]
    if outcome.voided_hand is not None:
        lines.append(t(lang, "event.hand_voided", reason=t(lang, "session.stopped")))
    for member, stack in outcome.cashed_out:
        lines.append(t(lang, "seat.left", name=outcome.state.name_of(member), stack=stack))
    return lines
