"""An all-in run-out as television shows it: the table at each street with every face-up
hand's odds, and the same figures in words.

Pure: the table loop gets the odds of each step from :func:`engine.odds.street_odds` (run off
the event loop) and, for each, posts :func:`runout_view`'s picture with
:func:`runout_lines`' text (also the alt text's tail), pausing ``HouseRules.runout_pause``
seconds between steps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from app.outcomes import TableState
from engine.events import Event, PotAwarded
from engine.odds import RunoutOdds
from i18n import Lang, pot_label
from i18n.television import odds_lines, seat_odds
from render.views import PotView, TableView

from .views import table_view

__all__ = ["runout_lines", "runout_view"]


def runout_view(
    state: TableState,
    lang: Lang,
    odds: RunoutOdds,
    members: Sequence[int],
    *,
    events: Sequence[Event] = (),
    four_colour: bool = False,
) -> TableView:
    """The table at one step of the run-out: the board so far, the pots being played for, and
    each face-up seat's odds. ``members[p]`` is the member of engine player ``p``.

    ``state`` is the table once the hand is settled; pass the hand's ``events`` so that each
    stack is shown as it stood before the pots were awarded, not giving the result away.
    """
    won: dict[int, int] = {}
    for event in events:
        if isinstance(event, PotAwarded):
            for p, share in zip(event.winners, event.shares):
                won[p] = won.get(p, 0) + share
    view = table_view(state, lang, board=[str(c) for c in odds.board], four_colour=four_colour)
    seats = []
    for seat, look in zip(state.seats, view.seats, strict=True):
        if seat is not None and seat.member in members:
            p = members.index(seat.member)
            stack = max(0, look.stack - won.get(p, 0))
            look = dataclasses.replace(look, stack=stack, odds=seat_odds(odds, p))
        seats.append(look)
    pots = tuple(
        PotView(label=pot_label(lang, c.pot, pots=len(odds.pots)), amount=c.amount)
        for c in odds.pots
    )
    return dataclasses.replace(view, seats=tuple(seats), pots=pots)


def runout_lines(
    lang: Lang, state: TableState, odds: RunoutOdds, members: Sequence[int]
) -> list[str]:
    """Each face-up hand's chances in words, for the message and the alt text."""
    names = {p: state.name_of(member) for p, member in enumerate(members)}
    live = {pot_player for chances in odds.pots for pot_player in chances.players}
    return odds_lines(lang, odds, {p: n for p, n in names.items() if p in live})
