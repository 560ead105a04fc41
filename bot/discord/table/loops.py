"""Every live table's loop (:class:`~bot.discord.table.loop.TableLoop`), and the interactions
waiting for their loop's answer (:class:`~bot.discord.table.answers.Ticket`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.context import Context
from bot.discord.table.answers import Origin, Ticket
from bot.discord.table.dealer import Dealer
from bot.discord.table.hole_cards import CardsSeen
from bot.discord.table.loop import Crash, Run, TableLoop
from bot.tables.outcomes import Outcome

__all__ = ["TableLoops"]

log = logging.getLogger("holdem.bot")

SHOWN_WAIT = 10.0
"""Seconds :meth:`TableLoops.shown` waits at most (a hand's close with its run-out fits)."""


class TableLoops:
    """Every table's loop, and the interactions waiting for their loop's answer."""

    def __init__(self) -> None:
        self._ctx: Context | None = None
        self.loops: dict[str, TableLoop] = {}
        self._tickets: dict[int, Ticket] = {}

    def bind(self, ctx: Context) -> None:
        self._ctx = ctx

    @property
    def ctx(self) -> Context:
        assert self._ctx is not None, "bind the context first"
        return self._ctx

    def receive(self, outcome: Outcome) -> None:
        """The application's listener: queue the outcome with its table's loop."""
        loop = self.loops.get(outcome.table_id)
        if loop is None or loop.closed:
            loop = TableLoop(self.ctx, self.take, outcome.table_id, outcome.state)
            self.loops[outcome.table_id] = loop
            loop.start()
        loop.put(outcome)

    # ----------------------------------------------------------------- interactions

    def expect(self, interaction: discord.Interaction[Any], origin: Origin) -> Ticket:
        ticket = Ticket(interaction=interaction, origin=origin, created=self.ctx.clock())
        self._tickets[interaction.id] = ticket
        ticket.start_fallback()
        return ticket

    def drop(self, interaction_id: int) -> None:
        ticket = self._tickets.pop(interaction_id, None)
        if ticket is not None:
            ticket.cancel()

    def take(self, request: int | None) -> Ticket | None:
        return None if request is None else self._tickets.pop(request, None)

    def show_table(self, table_id: str, ticket: Ticket) -> None:
        self._tickets.pop(ticket.interaction.id, None)
        state = self.ctx.service.tables.state
        self.run(table_id, lambda dealer: dealer.show_table(ticket, state(table_id)))

    def keep_cards(self, table_id: str, interaction: Any, seen: CardsSeen) -> None:
        self.run(table_id, lambda dealer: dealer.cards.keep(interaction, seen))

    def run(self, table_id: str, work: Callable[[Dealer], Awaitable[None]]) -> None:
        """Work for the table's dealer, in order with its outcomes."""
        loop = self.loops.get(table_id)
        if loop is None:
            loop = TableLoop(self.ctx, self.take, table_id, self.ctx.service.tables.state(table_id))
            self.loops[table_id] = loop
            loop.start()
        loop.put(Run(work=work))

    # ----------------------------------------------------------------- lifecycle

    async def idle(self) -> None:
        for loop in list(self.loops.values()):
            await loop.idle()

    async def announce(self, key: str, *, only_in_hand: bool = True, timeout: float = 5.0) -> None:
        """Have every loop post a notice (at shutdown: the dealer is restarting)."""
        waiting = []
        for table_id, loop in self.loops.items():
            if loop.closed or not self.ctx.service.tables.has_table(table_id):
                continue
            if only_in_hand and not self.ctx.service.tables.state(table_id).in_hand:
                continue
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            loop.put(Run(work=lambda dealer: dealer.notice(key), done=done))
            waiting.append(done)
        if waiting:
            await asyncio.wait(waiting, timeout=timeout)

    async def shown(self, table_id: str, *, timeout: float = SHOWN_WAIT) -> None:
        loop = self.loops.get(table_id)
        if loop is None or loop.closed:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(loop.idle(), timeout)

    def crash(self, table_id: str) -> None:
        """Make the table's loop raise once (tests of the supervisor)."""
        self.loops[table_id].put(Crash())

    async def aclose(self) -> None:
        for ticket in self._tickets.values():
            ticket.cancel()
        self._tickets.clear()
        for table_id, loop in self.loops.items():
            if loop.closed or not self.ctx.service.tables.has_table(table_id):
                continue
            try:
                await asyncio.wait_for(loop.dealer.keep_turn(), timeout=2.0)
            except Exception:
                log.warning("could not keep the turn message", extra={"table": table_id})
        await asyncio.gather(*(loop.stop() for loop in self.loops.values()))
        self.loops.clear()
