"""The table's messages for poker as on television: an all-in run-out street by street, and
the run-it-twice question.

When betting ends with two or more hands in and at most one with chips behind, the hands are
turned face up and the board comes one street at a time: each street is a message of its own
with the table picture drawing every face-up hand's chance to win and to tie each pot it can
win (the same figures in its text and alt text), posted ``HouseRules.runout_pause`` seconds
after the one before; the showdown closes the hand. The odds are computed off the event loop
(:func:`bot.tables.runouts.spot_odds`, up to 250 ms of CPU with nine hands before the flop).

With the house rule ``run_it_twice`` on ``ask``, a run-out before the river first waits for
the players with chips at risk: the question, with its button, is the table's turn message
until the board is dealt (so it loses its button then, as a turn message does).

What a run-out costs on Discord's REST budget, in all-in hands only: its first message
answers the move that caused it (free), every later one is a channel post of the loop's own:
3 from before the flop (the flop, the turn, the showdown), 2 from the flop, 1 from the turn,
5 for a board run twice from before the flop (the first river shares a message with the
second flop).

:class:`Broadcast` is the :class:`~bot.discord.table.dealer.Dealer`'s base: the dealer gives it the
means to post (``say``), to pass the turn message on (``_new_turn``) and to close a hand
(``_close``).
"""

from __future__ import annotations

import asyncio

import discord

from bot.discord.commands.television import run_twice_view
from bot.discord.context import Context
from bot.discord.table.replies import MessageRef, Ticket
from bot.i18n import Lang, t
from bot.present import clip
from bot.present.runout import run_twice_ask_lines, runout_frames
from bot.tables.outcomes import Outcome
from bot.tables.runouts import spot_odds

__all__ = ["Broadcast"]


class Broadcast:
    ctx: Context
    table_id: str

    # The dealer's own means (see bot.discord.table.dealer.Dealer).
    def now(self) -> float:
        raise NotImplementedError

    async def say(
        self,
        ticket: Ticket | None,
        content: str,
        *,
        view: discord.ui.View | None = None,
        files: list[discord.File] | None = None,
        mentions: bool = False,
    ) -> MessageRef | None:
        raise NotImplementedError

    async def _new_turn(self, ref: MessageRef | None, ticket: Ticket | None) -> None:
        raise NotImplementedError

    async def _close(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, lines: list[str]
    ) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- television

    async def _runout(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-out of ``outcome`` street by street, then the hand's close."""
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
            _, file = await self.ctx.images.table(frame.view, lang, alt_tail=frame.odds)
            await self.say(ticket if k == 0 else None, clip(frame.lines), files=[file])
            if k == 0:  # the turn message (or the question) loses its buttons
                await self._new_turn(None, ticket)
        await asyncio.sleep(pause)
        await self._close(outcome, None, lang, list(frames[-1].lines))

    async def _ask(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-it-twice question, with its button, to the players with chips at risk."""
        ask = outcome.state.run_twice
        assert ask is not None
        seconds = max(1, round(ask.deadline - self.now()))
        text = clip(run_twice_ask_lines(lang, outcome, seconds))
        view = run_twice_view(lang, self.table_id, ask.hand_id)
        await self._new_turn(await self.say(ticket, text, view=view, mentions=True), ticket)

    async def _run_choice(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """A player agreed (said in public), or the choice is made and the board dealt."""
        if outcome.hand_over:
            await self._runout(outcome, ticket, lang)
            return
        name = outcome.state.name_of(outcome.actor or 0)
        await self.say(ticket, t(lang, "tv.run_twice.agreed", name=name))
