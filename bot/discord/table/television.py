"""Poker as on television: an all-in run-out street by street, in the hand message.

When betting ends with two or more hands in and at most one with chips behind, the hands are turned
face up and the board comes one street at a time: the hand message shows each street with the
table picture drawing every face-up hand's chance to win and to tie each pot it can win (the same
figures in its text and alt text), ``HouseRules.runout_pause`` seconds after the one before; the
showdown closes the hand. The odds are computed off the event loop
(:func:`bot.tables.runouts.spot_odds`, up to 250 ms of CPU with nine hands before the flop).

With the house rule ``run_it_twice`` on ``ask``, a run-out before the river first waits for the
players with chips at risk: the question's button sits in the hand message until the board is
dealt (the dealer's :meth:`~bot.discord.table.dealer.Dealer._ask`).

What a run-out costs on Discord's REST budget: its first street answers the move that caused it
(free), every later one is an edit of the hand message, free through a live interaction token.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import discord

from bot.discord.context import Context
from bot.discord.table.answers import Ticket
from bot.discord.table.messages import TableMessages
from bot.i18n import Lang
from bot.present.runout import runout_frames
from bot.tables.outcomes import Outcome, TableState
from bot.tables.runouts import spot_odds

__all__ = ["Frame", "Television"]


Frame = Callable[
    [Lang, TableState, list[str], tuple[str, discord.File], Ticket | None], Awaitable[None]
]
"""Shows one street: the language, the table, the lines, the picture and its alt text, and the
move's ticket (the first street only)."""


class Television:
    """An all-in run-out street by street at one table."""

    def __init__(self, ctx: Context, table_id: str, messages: TableMessages) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.messages = messages

    async def runout(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, show: Frame
    ) -> list[str]:
        """The run-out of ``outcome`` street by street, each shown by ``show``; the lines
        that close the hand, with the showdown, after one more pause."""
        assert outcome.runout is not None
        odds = await asyncio.to_thread(spot_odds, outcome.runout)
        frames = runout_frames(lang, outcome, odds)
        pause = self.ctx.runout_pause
        if pause is None:
            pause = outcome.state.rules.runout_pause
        for k, frame in enumerate(frames[:-1]):
            if k:
                await asyncio.sleep(pause)
            assert frame.view is not None
            picture = await self.ctx.images.table(
                frame.view, lang, alt_tail=frame.odds, runout=True
            )
            await show(lang, outcome.state, list(frame.lines), picture, ticket if k == 0 else None)
        await asyncio.sleep(pause)
        return list(frames[-1].lines)
