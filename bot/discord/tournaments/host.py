"""Where an event is shown on Discord: one thread per table under the event's channel, the
event message kept up to date (its edits coalesced: a burst of busts costs one edit), the
pings of seated and moved players in their thread, and the results.

Everything here goes through REST with the ids the event stores, so it works before the
gateway has delivered the guild (a restart resumes an event before it connects).
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord

from bot.discord.context import Context
from bot.discord.tournaments.event_message import event_layout, results_layout
from bot.i18n import t
from bot.present.event import event_sections, moved_text, plain, ruling_text, seated_text
from bot.tables.computers import is_computer
from bot.tables.live import table_id_for
from bot.tournaments.host import EventInfo
from bot.tournaments.view import event_view, ruling_of
from engine.tournament import PlayerMoved, PlayerRemoved, PlayPaused, StackSet

__all__ = ["EVENT_EDIT_EVERY", "REMIND_GROUP", "THREAD_ARCHIVE_MINUTES", "DiscordHost"]

log = logging.getLogger("holdem.tournament")

EVENT_EDIT_EVERY = 30.0
"""Seconds between two edits of a running event's message for its stacks and busts: they
move with every hand at every table, and the message shows them within half a minute (the
news, a level, a break, a table broken, go out at once; benchmarks/bench_rest.py counts the
cost)."""
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
"""A table's thread stays open a day without a message (a long break must not archive it)."""
REMIND_GROUP = 50
"""Members mentioned in one reminder message (Discord allows 100 named users a message; 50
mentions stay well inside a message's 2,000 characters)."""
_PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
_QUIET = discord.AllowedMentions.none()
"""The event message names players by display name: a name like "@everyone" pings no one."""


class DiscordHost:
    """The :class:`~bot.tournaments.host.EventHost` of the bot; bound to its context once the
    context exists (the context holds the events, which hold the host)."""

    def __init__(self) -> None:
        self._ctx: Context | None = None
        self._shown: dict[int, tuple[object, ...]] = {}
        """What each event's message shows, as last edited by this process."""

    def bind(self, ctx: Context) -> None:
        self._ctx = ctx

    @property
    def ctx(self) -> Context:
        assert self._ctx is not None, "bind the context first"
        return self._ctx

    def _channel(self, channel_id: int, guild_id: int) -> discord.PartialMessageable:
        return self.ctx.client.get_partial_messageable(channel_id, guild_id=guild_id)

    async def open_thread(self, event: EventInfo, number: int) -> int:
        lang = await self.ctx.guild_lang(event.guild_id)
        name = t(lang, "tournament.thread_name", event=event.name[:60], table=number)
        data: Any = await self.ctx.client.http.start_thread_without_message(
            event.channel_id, name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            type=discord.ChannelType.public_thread.value,
        )  # fmt: skip
        return int(data["id"])

    async def close_thread(self, event: EventInfo, number: int, thread_id: int) -> None:
        # The table's last hand is shown first: a locked thread takes no message.
        await self.ctx.loops.shown(table_id_for(event.guild_id, thread_id))
        await self.ctx.client.http.edit_channel(thread_id, archived=True, locked=True)

    async def seated(
        self, event: EventInfo, number: int, thread_id: int, players: tuple[str, ...]
    ) -> None:
        lang = await self.ctx.guild_lang(event.guild_id)
        runner = self._runner(event)
        mentions = tuple(
            f"<@{p}>" if not is_computer(int(p)) else event.name_of(p) for p in players
        )
        level = runner.state.level if runner is not None else 1
        blinds = runner.config.level(level) if runner is not None else None
        text = seated_text(
            lang, mentions=mentions, table=number, level=level,
            small=blinds.small_blind if blinds else 0, big=blinds.big_blind if blinds else 0,
        )  # fmt: skip
        await self._channel(thread_id, event.guild_id).send(text, allowed_mentions=_PINGS)

    async def moved(self, event: EventInfo, moves: tuple[PlayerMoved, ...], thread_id: int) -> None:
        """One post in the new table's thread pinging every member moved there at once."""
        lang = await self.ctx.guild_lang(event.guild_id)
        lines = [
            moved_text(lang, mention=f"<@{move.player}>", from_table=move.from_table,
                       to_table=move.to_table, seat=move.to_seat + 1)
            for move in moves
        ]  # fmt: skip
        users = [discord.Object(id=int(move.player)) for move in moves]
        mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        await self._channel(thread_id, event.guild_id).send(
            "\n".join(lines)[:2000], allowed_mentions=mentions
        )

    async def ruled(
        self, event: EventInfo, ruling: PlayPaused | PlayerRemoved | StackSet, thread_id: int
    ) -> None:
        """The director's ruling in the table's thread, naming players without a ping."""
        lang = await self.ctx.guild_lang(event.guild_id)
        line = ruling_of(event, ruling)
        assert line is not None
        text = ruling_text(lang, line)
        await self._channel(thread_id, event.guild_id).send(text, allowed_mentions=_QUIET)

    async def remind(self, event: EventInfo, members: tuple[str, ...], starts_at: float) -> None:
        """One message in the event's channel mentioning the registered, in groups of
        :data:`REMIND_GROUP` (a mention notifies even a member whose DMs are closed, and they
        registered in that channel; one message pings each of them once)."""
        lang = await self.ctx.guild_lang(event.guild_id)
        channel = self._channel(event.channel_id, event.guild_id)
        for k in range(0, len(members), REMIND_GROUP):
            group = members[k : k + REMIND_GROUP]
            text = t(lang, "event.reminder", mentions=" ".join(f"<@{m}>" for m in group),
                     name=plain(event.name), relative=f"<t:{int(starts_at)}:R>")  # fmt: skip
            users = [discord.Object(id=int(m)) for m in group]
            mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
            await channel.send(text, allowed_mentions=mentions)

    def _runner(self, event: EventInfo) -> Any:
        events = self.ctx.tournaments
        return None if events is None else events.runners.get(event.event_id)

    async def changed(self, event: EventInfo, *, now: bool = False) -> None:
        """Edit the event message: at once with ``now`` (news: a level, a break, a table
        broken, a pause, the start or the end), else (the stacks and the busts of a hand's
        end) at most once every :data:`EVENT_EDIT_EVERY` seconds; either way the latest state
        when the edit goes out, and no edit when the message would not change."""
        runner = self._runner(event)
        if runner is None or event.message_id is None:
            return
        message_id = event.message_id
        channel = self._channel(event.channel_id, event.guild_id)

        async def edit() -> None:
            lang = await self.ctx.guild_lang(event.guild_id)
            view = event_view(runner)
            buttons = view.status == "registering" or (
                view.status == "running" and runner.state.registration_open
            )
            shown = (lang, tuple(event_sections(lang, view)), buttons)
            if self._shown.get(event.event_id) == shown:
                return
            layout = event_layout(lang, view, buttons=buttons)
            await channel.get_partial_message(message_id).edit(view=layout, allowed_mentions=_QUIET)
            self._shown[event.event_id] = shown

        soon = now or runner.state.phase.value != "running"
        every = 0.0 if soon else EVENT_EDIT_EVERY
        self.ctx.edits.request(("event", event.event_id), edit, every=every)

    async def announce(self, event: EventInfo) -> int:
        """Post the event message (at its creation); its id."""
        runner = self._runner(event)
        assert runner is not None
        lang = await self.ctx.guild_lang(event.guild_id)
        layout = event_layout(lang, event_view(runner), buttons=True)
        channel = self._channel(event.channel_id, event.guild_id)
        message = await channel.send(view=layout, allowed_mentions=_QUIET)
        return message.id

    async def finished(self, event: EventInfo) -> None:
        runner = self._runner(event)
        if runner is None:
            return
        await self.changed(event)
        lang = await self.ctx.guild_lang(event.guild_id)
        layout = results_layout(lang, event_view(runner))
        await self._channel(event.channel_id, event.guild_id).send(
            view=layout, allowed_mentions=_QUIET
        )
