"""The table's messages for poker as on television: an all-in run-out street by street, and the
run-it-twice question.

When betting ends with two or more hands in and at most one with chips behind, the hands are turned
face up and the board comes one street at a time: each street is a message of its own with the table
picture drawing every face-up hand's chance to win and to tie each pot it can win (the same figures
in its text and alt text), posted ``HouseRules.runout_pause`` seconds after the one before; the
showdown closes the hand. The odds are computed off the event loop
(:func:`bot.tables.runouts.spot_odds`, up to 250 ms of CPU with nine hands before the flop).

With the house rule ``run_it_twice`` on ``ask``, a run-out before the river first waits for the
players with chips at risk: the question, with its button, is the table's turn message until the
board is dealt (so it loses its button then, as a turn message does).

What a run-out costs on Discord's REST budget, in all-in hands only: its first message answers the
move that caused it (free), every later one is a channel post of the loop's own: 3 from before the
flop (the flop, the turn, the showdown), 2 from the flop, 1 from the turn, 5 for a board run twice
from before the flop (the first river shares a message with the second flop).

:class:`Television` is one table's; the :class:`~bot.discord.table.dealer.Dealer` holds it and the
table's :class:`~bot.discord.table.messages.TableMessages`, which it shares with it. A run-out ends
with the hand's close, which is the dealer's: :meth:`Television.runout` returns the closing lines.
"""

from __future__ import annotations

import asyncio

from bot.discord.context import Context
from bot.discord.controls.run_twice import run_twice_view
from bot.discord.table.messages import TableMessages, Ticket
from bot.i18n import Lang, t
from bot.present import clip
from bot.present.runout import run_twice_ask_lines, runout_frames
from bot.tables.outcomes import Outcome
from bot.tables.runouts import spot_odds

__all__ = ["Television"]


class Television:
    """An all-in run-out street by street, and the run-it-twice question, at one table."""

    def __init__(self, ctx: Context, table_id: str, messages: TableMessages) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.messages = messages

    async def runout(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> list[str]:
        """The run-out of ``outcome`` street by street; the lines that close the hand, with
        the showdown, after one more pause."""
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
            _, file = await self.ctx.images.table(
                frame.view, lang, alt_tail=frame.odds, runout=True
            )
            if k == 0:  # the turn message (or the question) loses its buttons
                await self.messages.say_turn(ticket, clip(frame.lines), files=[file])
            else:
                await self.messages.say(None, clip(frame.lines), files=[file])
        await asyncio.sleep(pause)
        return list(frames[-1].lines)

    async def ask(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-it-twice question, with its button, to the players with chips at risk."""
        ask = outcome.state.run_twice
        assert ask is not None
        seconds = max(1, round(ask.deadline - self.ctx.clock()))
        text = clip(run_twice_ask_lines(lang, outcome, seconds))
        view = run_twice_view(lang, self.table_id, ask.hand_id)
        await self.messages.say_turn(ticket, text, view=view, mentions=True)

    async def agreed(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """A player agreed to run it twice, said in public."""
        name = outcome.state.name_of(outcome.actor or 0)
        await self.messages.say(ticket, t(lang, "tv.run_twice.agreed", name=name))
