"""Where an event is shown on Discord: one thread per table under the event's channel, the
event message kept up to date (its edits coalesced: a burst of busts costs one edit), the
pings of seated and moved players in their thread, and the results.

Everything here goes through REST with the ids the event stores, so it works before the
gateway has delivered the guild (a restart resumes an event before it connects).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

import discord

from bot.discord.context import Context
from bot.discord.tournaments.event_message import event_layout, results_layout
from bot.i18n import t
from bot.present.event import moved_text, plain, ruling_text, seated_text
from bot.tables.computers import is_computer
from bot.tournaments.host import EventInfo
from bot.tournaments.view import event_view, ruling_of
from engine.tournament import PlayerMoved, PlayerRemoved, PlayPaused, StackSet

__all__ = ["EVENT_EDIT_EVERY", "REMIND_GROUP", "THREAD_ARCHIVE_MINUTES", "DiscordHost"]

log = logging.getLogger("holdem.tournament")

EVENT_EDIT_EVERY = 10.0
"""Seconds between two edits of a running event's message: the stacks move with every hand
at every table, and a glance every ten seconds shows them well enough (within the REST budget
benchmarks/bench_rest.py measures)."""
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
        self._edited: dict[int, float] = {}
        self._later: dict[int, asyncio.Task[None]] = {}

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

    async def moved(self, event: EventInfo, move: PlayerMoved, thread_id: int) -> None:
        lang = await self.ctx.guild_lang(event.guild_id)
        player = move.player
        mention = event.name_of(player) if is_computer(int(player)) else f"<@{player}>"
        text = moved_text(
            lang, mention=mention, from_table=move.from_table, to_table=move.to_table,
            seat=move.to_seat + 1,
        )  # fmt: skip
        await self._channel(thread_id, event.guild_id).send(text, allowed_mentions=_PINGS)

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
        """Edit the event message: at most once every :data:`EVENT_EDIT_EVERY` seconds (its
        stacks change with every hand at every table), at once with ``now``."""
        runner = self._runner(event)
        if runner is None or event.message_id is None:
            return
        message_id = event.message_id
        channel = self._channel(event.channel_id, event.guild_id)

        async def edit() -> None:
            self._edited[event.event_id] = self.ctx.clock()
            lang = await self.ctx.guild_lang(event.guild_id)
            view = event_view(runner)
            layout = event_layout(lang, view, buttons=view.status == "registering" or (
                view.status == "running" and runner.state.registration_open
            ))  # fmt: skip
            await channel.get_partial_message(message_id).edit(view=layout, allowed_mentions=_QUIET)

        wait = self._edited.get(event.event_id, 0.0) + EVENT_EDIT_EVERY - self.ctx.clock()
        if now or wait <= 0 or runner.state.phase.value != "running":
            self.ctx.edits.request(("event", event.event_id), edit)
        elif event.event_id not in self._later:  # the latest state, once the time comes

            async def later() -> None:
                await asyncio.sleep(wait)
                self._later.pop(event.event_id, None)
                self.ctx.edits.request(("event", event.event_id), edit)

            self._later[event.event_id] = asyncio.get_running_loop().create_task(later())

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
