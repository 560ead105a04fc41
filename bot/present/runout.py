"""An all-in run-out as television shows it: the table at each street with every face-up
hand's odds, and the same figures in words.

Pure: the table loop gets the odds of each step from :func:`bot.tables.runouts.spot_odds` (the
figures of :func:`engine.odds.street_odds`, run off the event loop) and posts :func:`runout_frames`'
frames one by one, pausing ``HouseRules.runout_pause`` seconds between them: each is
:func:`runout_view`'s picture with :func:`runout_lines`' figures in its text and alt text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import Lang, event_lines, pot_label, street_name, t
from bot.i18n.television import board_line, odds_lines, seat_odds
from bot.pictures.views import PotView, TableView
from bot.pictures.views import SeatState as Look
from bot.present.texts import outcome_lines
from bot.present.views import table_view
from bot.tables.outcomes import Outcome, TableState
from engine import Street
from engine.cards import Card
from engine.events import BoardDealt, Event, PotAwarded, Rebought
from engine.odds import RunoutOdds
from engine.table import TableEvent

__all__ = [
    "RunoutFrame",
    "board_result",
    "run_twice_ask_lines",
    "runout_frames",
    "runout_lines",
    "runout_view",
]

_STREETS = {0: Street.PREFLOP, 3: Street.FLOP, 4: Street.TURN}
"""The street a run-out step is on, by the cards on its board (a river has no odds)."""


def runout_view(
    state: TableState,
    lang: Lang,
    odds: RunoutOdds,
    members: Sequence[int],
    *,
    events: Sequence[Event] = (),
    table_events: Sequence[TableEvent] = (),
    hands: Mapping[int, Sequence[int]] | None = None,
    four_colour: bool = False,
    first_board: Sequence[Card] = (),
    board_results: Sequence[str] = (),
) -> TableView:
    """The table at one step of the run-out: the board so far, the pots being played for, and
    each face-up seat's odds. ``members[p]`` is the member of engine player ``p``.

    ``state`` may be the table once the hand is settled (between hands): pass the hand's
    ``events`` (and the ``table_events`` of its end, for a rebuy) so that each stack is shown
    as it stood before the pots were awarded, not giving the result away, and the face-up
    ``hands`` (engine player -> cards, :attr:`bot.tables.runouts.RunoutSpot.hands`) to draw them;
    the other members of the hand are drawn as folded.

    While the second board of a hand run twice is dealt, ``first_board`` is the first one,
    drawn beside it, and ``board_results`` says what it paid (:func:`board_result`). The
    sampling error is drawn when the odds were sampled, not counted.
    """
    won: dict[int, int] = {}
    for event in events:
        if isinstance(event, PotAwarded):
            for p, share in zip(event.winners, event.shares):
                won[p] = won.get(p, 0) + share
    for table_event in table_events:
        if isinstance(table_event, Rebought) and int(table_event.player) in members:
            p = members.index(int(table_event.player))
            won[p] = won.get(p, 0) + table_event.added
    view = table_view(state, lang, board=[str(c) for c in odds.board], four_colour=four_colour)
    seats = []
    for seat, look in zip(state.seats, view.seats, strict=True):
        if seat is not None and seat.member in members:
            p = members.index(seat.member)
            stack = max(0, look.stack - won.get(p, 0))
            look = dataclasses.replace(look, stack=stack, odds=seat_odds(odds, p))
            if hands is not None and p in hands:
                cards = tuple(str(c) for c in hands[p])
                kind = Look.ALL_IN if stack == 0 else Look.ACTIVE
                look = dataclasses.replace(look, cards=cards, in_hand=True, state=kind)
            elif hands is not None:
                look = dataclasses.replace(look, in_hand=False, state=Look.FOLDED, odds=None)
        seats.append(look)
    pots = tuple(
        PotView(label=pot_label(lang, c.pot, pots=len(odds.pots)), amount=c.amount)
        for c in odds.pots
    )
    street = street_name(lang, _STREETS[len(odds.board)])
    return dataclasses.replace(
        view,
        seats=tuple(seats),
        pots=pots,
        street=street,
        first_board=tuple(str(c) for c in first_board),
        board_results=tuple(board_results),
        odds_error=None if odds.exact else odds.std_error,
    )


def board_result(lang: Lang, events: Sequence[Event], names: Sequence[str], run: int) -> str:
    """What board ``run`` paid, in one line: "alice wins 100", winners in the order their
    pots were awarded; ``names[p]`` is engine player ``p``'s name."""
    won: dict[int, int] = {}
    for event in events:
        if isinstance(event, PotAwarded) and event.run == run:
            for p, share in zip(event.winners, event.shares, strict=True):
                won[p] = won.get(p, 0) + share
    return ", ".join(
        t(lang, "result.wins", name=names[p], amount=amount) for p, amount in won.items() if amount
    )


def runout_lines(
    lang: Lang, state: TableState, odds: RunoutOdds, members: Sequence[int]
) -> list[str]:
    """Each face-up hand's chances in words, for the message and the alt text."""
    names = {p: state.name_of(member) for p, member in enumerate(members)}
    live = {pot_player for chances in odds.pots for pot_player in chances.players}
    return odds_lines(lang, odds, {p: n for p, n in names.items() if p in live})


@dataclass(frozen=True, kw_only=True, slots=True)
class RunoutFrame:
    """One message of a run-out. ``view`` is the table with each face-up hand's odds, and
    ``odds`` the same figures in words (the end of ``lines``, and the picture's alt text);
    the last frame closes the hand with the showdown picture, and has a view only for a hand
    run twice: both boards, what each paid, no odds left."""

    lines: tuple[str, ...]
    view: TableView | None = None
    odds: tuple[str, ...] = ()


def runout_frames(lang: Lang, outcome: Outcome, odds: Sequence[RunoutOdds]) -> list[RunoutFrame]:
    """The messages that show ``outcome``'s run-out street by street: the hands face up with
    their odds, each street dealt with the new odds, then the result. ``odds`` are
    :func:`bot.tables.runouts.spot_odds` of :attr:`Outcome.runout`. A board run twice is told board
    by board, each pot's halves awarded on their own board."""
    spot = outcome.runout
    assert spot is not None and len(odds) == len(spot.steps)
    state, members, events = outcome.state, outcome.hand_members, outcome.events
    names = [state.name_of(m) for m in members]
    deals = [k for k, e in enumerate(events) if isinstance(e, BoardDealt)]
    at = {(step.run, step.board): chances for step, chances in zip(spot.steps, odds)}

    first = next(
        (e.board for e in reversed(events) if isinstance(e, BoardDealt) and e.run == 1), ()
    )
    paid = (board_result(lang, events, names, 1),)

    def frame(lines: list[str], chances: RunoutOdds, run: int = 1) -> RunoutFrame:
        words = runout_lines(lang, state, chances, members)
        view = runout_view(
            state, lang, chances, members, events=events, table_events=outcome.table_events,
            hands=dict(spot.hands), first_board=first if run == 2 else (),
            board_results=paid if run == 2 else (),
        )  # fmt: skip
        return RunoutFrame(lines=(*lines, *words), view=view, odds=tuple(words))

    common = spot.steps[0].board
    head = dataclasses.replace(
        outcome, events=events[: deals[0]] if deals else events, table_events=(),
        showdown=None, state=dataclasses.replace(state, board=tuple(map(str, common))),
    )  # fmt: skip
    pending = outcome_lines(lang, head)
    if spot.runs == 2:
        pending.append(t(lang, "tv.run_twice.yes"))
    elif outcome.runs == 1:
        pending.append(t(lang, "tv.run_twice.no"))
    pending.append(t(lang, "tv.odds.heading"))
    frames = [frame(pending, odds[0])]
    pending = []
    for k in deals[:-1]:
        deal = events[k]
        assert isinstance(deal, BoardDealt)
        pending.extend(event_lines(lang, deal, names, board=deal.board))
        chances = at.get((deal.run, tuple(deal.board)))
        if chances is None:  # the first board's river, before the second board
            pending.append(board_line(lang, deal.run, deal.board))
            continue
        frames.append(frame(pending, chances, deal.run))
        pending = []
    last = deals[-1] if deals else len(events)
    closing = None
    if spot.runs == 2:  # both boards dealt: one picture of the two and what each paid
        second = next(e.board for e in reversed(events) if isinstance(e, BoardDealt))
        base = runout_view(
            state, lang, odds[-1], members, events=events, table_events=outcome.table_events,
            hands=dict(spot.hands), first_board=first,
            board_results=(*paid, board_result(lang, events, names, 2)),
        )  # fmt: skip
        closing = dataclasses.replace(
            base,
            board=tuple(map(str, second)),
            seats=tuple(dataclasses.replace(seat, odds=None) for seat in base.seats),
            pots=tuple(
                PotView(label=pot_label(lang, k, pots=len(spot.pots)), amount=pot.amount)
                for k, pot in enumerate(spot.pots)
            ),
            street=street_name(lang, Street.RIVER),
            odds_error=None,
        )
    lines = (*pending, *_result(lang, outcome, names, last))
    frames.append(RunoutFrame(lines=lines, view=closing))
    return frames


def _result(lang: Lang, outcome: Outcome, names: Sequence[str], last: int) -> list[str]:
    """The river and the awards; with two boards, each board and what was won on it."""
    events = outcome.events
    tail = dataclasses.replace(outcome, events=events[last:], sat_out=())
    spot = outcome.runout
    if spot is None or spot.runs == 1:
        return outcome_lines(lang, tail)
    boards: dict[int, tuple[Card, ...]] = {}
    for event in events:
        if isinstance(event, BoardDealt):
            boards[event.run] = tuple(event.board)
    awards = [e for e in events[last:] if isinstance(e, PotAwarded)]
    pots = len({e.pot for e in awards}) or 1
    river = events[last]
    lines = event_lines(lang, river, names, board=boards[2])
    for run in (1, 2):
        lines.append(board_line(lang, run, boards[run]))
        for award in (e for e in awards if e.run == run):
            lines.extend(event_lines(lang, award, names, board=boards[run], pots=pots))
    rest = tuple(e for e in events[last + 1 :] if not isinstance(e, PotAwarded))
    lines.extend(outcome_lines(lang, dataclasses.replace(tail, events=rest)))
    return lines


def run_twice_ask_lines(lang: Lang, outcome: Outcome, seconds: int) -> list[str]:
    """The move that left everyone all in, the hands face up, and the question to the
    players with chips at risk (mentioned, so they are notified)."""
    ask = outcome.state.run_twice
    assert ask is not None
    lines = outcome_lines(lang, outcome)
    lines.append(t(lang, "tv.run_twice.ask", seconds=seconds))
    lines.append(" ".join(f"<@{member}>" for member in ask.members))
    return lines
