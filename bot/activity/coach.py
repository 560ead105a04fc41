"""The learning mode's figures in the Activity: the numbers the channel's cards panel gives
(:mod:`bot.present.coach`: pot odds, outs, equity, and how exact it is), for the member's own
seat on their own turn only, when they turned the learning mode on (``/holdem settings``)
and the table's and the server's house rules allow it.

The page asks once per decision; the figures are never part of the stream of views, which
the hub builds for every page at every change: the sums take tens of milliseconds of CPU,
so they run off the event loop, within the channel's budget.
"""

from __future__ import annotations

import asyncio
import logging

from bot.activity.sessions import Session
from bot.guilds.house import guild_rules
from bot.i18n import t
from bot.present.coach import coach_spot, coach_text, spot_advice
from bot.store.store import Store
from bot.tables.errors import NoTable
from bot.tables.service import TableService, table_id_for

__all__ = ["COACH_BUDGET", "Figures", "learning_figures"]

log = logging.getLogger("holdem.activity")

COACH_BUDGET = 1.0
"""Seconds the figures may take, as in the channel, before the page goes without them."""

Figures = dict[str, object]


async def learning_figures(service: TableService, store: Store, session: Session) -> Figures:
    """The figures for ``session``'s member now: ``{"hand", "seq", "title", "lines"}`` on
    their turn with the learning mode on and allowed, else ``{"lines": []}``."""
    none: Figures = {"lines": []}
    table_id = table_id_for(session.guild, session.channel)
    try:
        state = service.tables.state(table_id)
        cards = service.tables.cards_of(table_id, session.member)
    except NoTable:
        return none
    if cards is None or state.turn is None or state.turn.member != session.member:
        return none
    if not (await store.get_member_settings(session.guild, session.member)).coach:
        return none
    spot = coach_spot(state, cards)
    if spot is None or not guild_rules(await store.get_guild_rules(session.guild)).rules.coach:
        return none
    lang = session.lang
    try:
        advice = await asyncio.wait_for(asyncio.to_thread(spot_advice, spot), COACH_BUDGET)
    except TimeoutError:
        log.warning("activity: the learning figures missed their budget")
        lines = [t(lang, "coach.slow")]
    else:
        lines = coach_text(lang, advice).split("\n")[1:]  # the panel's lines, its title apart
    hand, seq = spot.decision
    return {"hand": hand, "seq": seq, "title": t(lang, "coach.title"), "lines": lines}
