"""The lobby: the message that opens a table, lists its seats and carries Join, Leave and Deal;
and the lines a join or a leave says.

:class:`LobbyMessage` is one table's; the :class:`~bot.discord.table.dealer.Dealer` holds it and
shares its :class:`~bot.discord.table.messages.TableMessages` with it. A join is said in the lobby's
seat list, not in a line of its own (the joiner by command is answered privately); a burst
of joins costs one coalesced edit; a press of a lobby button updates it in place, free.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.context import Context
from bot.discord.controls.lobby import lobby_view
from bot.discord.table.answers import Origin, Ticket
from bot.discord.table.messages import TableMessages
from bot.i18n import Lang, resolve_locale, t
from bot.present import lobby_text, rules_lines, structure_name
from bot.tables.outcomes import Outcome, OutcomeKind, TableState

__all__ = ["LobbyMessage"]

log = logging.getLogger("holdem.bot")


class LobbyMessage:
    """One table's lobby message and its seat lines."""

    def __init__(self, ctx: Context, table_id: str, messages: TableMessages) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.messages = messages

    def now(self) -> float:
        return self.ctx.clock()

    async def opened(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        state = outcome.state
        text = self.head(lang, state) + lobby_text(lang, state)
        lobby = await self.messages.say(ticket, text, view=lobby_view(lang, self.table_id))
        self.messages.lobby = lobby
        if lobby is not None and lobby.message_id is not None:
            await self.ctx.service.seats.keep_message(
                self.table_id, "lobby", lobby.channel_id, lobby.message_id
            )

    async def refresh(self, state: TableState, lang: Lang) -> None:
        """The lobby's seat list, edited (coalesced: a burst of joins costs one edit)."""
        lobby = self.messages.lobby
        if lobby is None:
            return
        head = self.head(lang, state)

        async def edit() -> None:
            await self.messages.edit(lobby, content=head + lobby_text(lang, state))

        self.ctx.edits.request(("lobby", self.table_id), edit)

    @staticmethod
    def head(lang: Lang, state: TableState) -> str:
        """Who opened the table and on what rules (the blinds said once); said again the
        same way after a restart (everything in it is in the table's state)."""
        rules = state.rules
        buy_in = state.buy_in if state.buy_in is not None else rules.starting_stack
        title = rules_lines(lang, rules, preset=state.preset or "", buy_in=buy_in)[0]
        head = t(
            lang, "lobby.opened", host=f"<@{state.host}>", preset=title.split(": ", 1)[-1],
            small_blind=state.small_blind, big_blind=state.big_blind, buy_in=buy_in,
        )  # fmt: skip
        summary = t(
            lang, "lobby.rules_summary", structure=structure_name(lang, rules),
            seats=rules.max_seats, turn_seconds=rules.turn_seconds,
        )  # fmt: skip
        lines = [head, summary]
        if state.practice:
            lines.append(t(lang, "practice.table"))
        return "\n".join(lines) + "\n\n"

    async def seats(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        state = outcome.state
        name = state.name_of(outcome.actor or 0)
        if outcome.kind is OutcomeKind.JOINED:
            line = t(lang, "seat.joined", name=name, stack=outcome.stack)
        elif outcome.stack is None:  # the leave waits for the end of the hand
            line = t(lang, "seat.leaving", name=name)
        else:
            line = t(lang, "seat.left", name=name, stack=outcome.stack)
        if ticket is not None and ticket.origin is Origin.LOBBY:
            try:
                content = self.head(lang, state) + lobby_text(lang, state)
                self.messages.lobby = await ticket.update(self.now(), content=content)
                self.messages.note_live(ticket)  # a fresh token: it may show the next hand
                return
            except discord.HTTPException as error:
                log.info("could not update the lobby in place: %s", error)
                ticket = None
        if outcome.kind is OutcomeKind.JOINED and self.messages.lobby is not None:
            # The lobby lists the seats: the joiner is answered privately and the lobby is
            # edited, so a channel at rest holds the lobby and the hand, not a line per join.
            if ticket is not None and ticket.deferred:  # its public "thinking" message
                await self.messages.say(ticket, line)
            elif ticket is not None:
                own = resolve_locale(ticket.interaction.locale)
                try:
                    await ticket.confirm(t(own, "seat.joined.you", stack=outcome.stack or 0))
                    self.messages.note_live(ticket)
                except discord.HTTPException as error:
                    log.info("could not answer a join privately: %s", error)
            await self.refresh(state, lang)
            return
        await self.messages.say(ticket, line)
        await self.refresh(state, lang)
