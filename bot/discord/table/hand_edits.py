"""How the dealer changes the hand message: the picture when the street changes, the buttons,
the private confirmation of a slash move, the one ping, and the order of versions.

:class:`HandEdits` is held by :class:`~bot.discord.table.dealer.Dealer` (its ``edits``). A version
of the hand message goes out directly (a press's own update, a slash move's edit, the hand's
end) or, for the computers' moves, through the edit coalescer; a direct one drops a coalesced
one still pending or being drawn (:meth:`HandEdits.direct`), so an older version never lands
after a newer one.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.discord.context import Context
from bot.discord.controls.run_twice import run_twice_button
from bot.discord.controls.turn import turn_rows
from bot.discord.table.answers import Origin, Ticket
from bot.discord.table.hand_message import HandShow, Picture, hand_layout
from bot.discord.table.images import TABLE_PICTURE, TablePictures
from bot.discord.table.messages import TableMessages
from bot.i18n import Lang, t
from bot.present import table_alt, table_view
from bot.present.hand import ping_line
from bot.tables.computers import is_computer
from bot.tables.outcomes import TableState

__all__ = ["HandEdits"]

log = logging.getLogger("holdem.bot")

UNWATCHED_EDIT_EVERY = 3.0
"""Seconds between two versions of the hand message where no member holds a seat (a
tournament table of computer players): only onlookers read it, and they see the hand at most
three seconds late (the deal included: a hand over sooner costs one post, its summary); each
street of a run-out and the hand's end go out at once."""


class HandEdits:
    """The hand message's versions and the ping, for one table."""

    def __init__(self, ctx: Context, table_id: str, messages: TableMessages) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.messages = messages
        self.hand: HandShow | None = None
        """The hand whose message :attr:`TableMessages.hand` is."""
        self.drawn: tuple[str, ...] | None = None
        """The board of the table picture the hand message carries."""
        self._version = 0
        """Counts the versions of the hand message sent directly (see :meth:`direct`)."""
        self._hand_lock = asyncio.Lock()
        self.table_pictures = TablePictures(lambda: self.ctx.images)
        """The table's pictures, each state drawn once: draw every table picture through it."""

    def now(self) -> float:
        return self.ctx.clock()

    # ----------------------------------------------------------------- the hand message

    async def picture(
        self, state: TableState, lang: Lang, *, force: bool = False
    ) -> list[discord.File]:
        """The table picture when the board changed since the one the message carries (a
        new street), else nothing: the message keeps showing its attachment."""
        if self.hand is None or (not force and self.drawn == state.board):
            return []
        alt, file = await self.table_pictures.table(table_view(state, lang), lang)
        self.hand.pictures = (Picture(name=file.filename, alt=alt),)
        self.drawn = state.board
        return [file]

    def rows(self, lang: Lang, state: TableState) -> list[list[discord.ui.Item[Any]]]:
        """The buttons under the hand: the turn's, or the run-it-twice question's."""
        turn = state.turn
        if state.run_twice is not None:
            return [[run_twice_button(lang, self.table_id, state.run_twice.hand_id)]]
        if turn is None:
            return []
        return turn_rows(lang, self.table_id, turn.hand_id, turn.seq, turn.legal)

    def layout(
        self,
        lang: Lang,
        state: TableState,
        *,
        body: list[str] | None = None,
        under: list[list[Any]] | None = None,
    ) -> discord.ui.LayoutView:
        """The hand message as the table stands (``body``: a summary's lines instead, with
        the buttons ``under`` it)."""
        assert self.hand is not None
        if body is None and state.in_hand:
            # The table picture is drawn once a street; its description follows every move,
            # so a screen reader never hears a pot or a turn the hand has left behind.
            alt = table_alt(lang, table_view(state, lang))
            self.hand.pictures = tuple(
                dataclasses.replace(p, alt=alt) if p.name == TABLE_PICTURE else p
                for p in self.hand.pictures
            )
        rows = self.rows(lang, state) if body is None or state.run_twice else under or []
        return hand_layout(lang, state, self.hand, body=body, turn=state.turn, rows=rows)

    async def update(
        self,
        ticket: Ticket | None,
        lang: Lang,
        state: TableState,
        lines: list[str],
        *,
        body: list[str] | None = None,
        coalesce: bool = False,
    ) -> None:
        """The hand message as the table stands: through the press that moved it, after a
        private confirmation of a slash move, or (``coalesce``: the computers' and the
        timer's moves) through the edit coalescer, so a run of them costs one edit."""
        if ticket is None and coalesce:
            self._coalesced(lang, state, body)
            return
        ticket = await self.confirm(ticket, lang, state, lines)
        async with self.direct():
            files = await self.picture(state, lang)
            view = self.layout(lang, state, body=body)
            moved = self.moved_view(lang)
            await self.messages.edit_hand(ticket, view, files, elsewhere=moved)

    def later(self, state: TableState) -> bool:
        """Whether the hand message is shown at most every :data:`UNWATCHED_EDIT_EVERY`
        seconds, its first version included (a hand over sooner is posted once, as its
        summary): where no member holds a seat and the bot posts in the channel itself."""
        members = any(s is not None and not is_computer(s.member) for s in state.seats)
        return not members and self.messages.reach_channel

    def _coalesced(self, lang: Lang, state: TableState, body: list[str] | None) -> None:
        version = self._version

        async def edit() -> None:
            async with self._hand_lock:
                if version != self._version:  # a newer version went out directly
                    return
                files = await self.picture(state, lang)
                view = self.layout(lang, state, body=body)
                if self.messages.hand is not None:
                    await self.messages.edit_hand(None, view, files)
                elif later:  # its first version, a period after the deal
                    await self._post(view, files)

        later = self.later(state)
        every = UNWATCHED_EDIT_EVERY if later else 0.0
        self.ctx.edits.request(("hand", self.table_id), edit, every=every)

    async def deal_later(self, lang: Lang, state: TableState) -> None:
        """A hand dealt where its message waits (:meth:`later`): its first version goes out a
        whole period after the deal, with the moves made by then (or as the summary). Until
        then the table keeps no hand message (id 0), so a restart meanwhile posts the hand
        anew instead of taking the last hand's summary for it."""
        self.ctx.edits.cancel(("hand", self.table_id), sent=True)
        channel = self.messages.channel_id
        await self.ctx.service.seats.keep_message(self.table_id, "hand", channel, 0)
        self._coalesced(lang, state, None)

    async def _post(self, view: discord.ui.LayoutView, files: list[discord.File]) -> None:
        ref = await self.messages.new_hand(None, view, files)
        if ref is not None and ref.message_id is not None:
            await self.ctx.service.seats.keep_message(
                self.table_id, "hand", ref.channel_id, ref.message_id
            )

    async def show(
        self, ticket: Ticket | None, view: discord.ui.LayoutView, files: list[discord.File]
    ) -> None:
        """A version sent now (:meth:`direct`): the hand message edited, or posted if it has
        none yet (a coalesced first version may go out meanwhile: looked at under the lock)."""
        async with self.direct():
            if self.messages.hand is None:
                await self.messages.new_hand(ticket, view, files)
            else:
                await self.messages.edit_hand(ticket, view, files)

    def moved_view(self, lang: Lang) -> discord.ui.LayoutView:
        """What an older message of the hand says once the hand went on in another one."""
        moved = discord.ui.LayoutView(timeout=None)
        number = self.hand.hand_id if self.hand is not None else 0
        moved.add_item(discord.ui.TextDisplay(t(lang, "hand.moved", number=number)))
        return moved

    @contextlib.asynccontextmanager
    async def direct(self) -> AsyncIterator[None]:
        """A version of the hand message sent now: a coalesced one still pending or being
        drawn is dropped, so it never lands after this one."""
        self._version += 1
        self.ctx.edits.cancel(("hand", self.table_id), sent=True)
        async with self._hand_lock:
            yield

    async def confirm(
        self, ticket: Ticket | None, lang: Lang, state: TableState, lines: list[str]
    ) -> Ticket | None:
        """A slash move (or a command other than the one that posts the hand message) is
        answered privately; the ticket left to update or post the hand message with."""
        if ticket is None or ticket.origin is Origin.TURN:
            return ticket
        if ticket.origin is Origin.COMMAND and self.messages.hand is None:
            return ticket  # the command (a deal) is answered with the hand message itself
        mine = [x for x in lines if x] or [t(lang, "hand.ended", number=state.hand_id or 0)]
        try:
            await ticket.confirm(t(lang, "move.private", line=mine[0]))
        except discord.HTTPException as error:
            log.info("could not confirm a move privately: %s", error)
        self.messages.note_live(ticket)
        return None

    async def ping(self, lang: Lang, state: TableState) -> None:
        """The player to act gets the one ping; a computer player gets none."""
        turn = state.turn
        if turn is None or is_computer(turn.member):
            await self.messages.drop_ping()
            return
        deadline = turn.deadline
        seconds = turn.turn_seconds if deadline is None else max(1, round(deadline - self.now()))
        await self.messages.put_ping(ping_line(lang, turn, seconds), [turn.member])
