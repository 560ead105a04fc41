"""Discord's side of a tournament series: its guild scheduled events (Discord's own API
objects, made with Create Events), the reminder of the members who marked one Interested,
and the word to the admin when the server refuses.

- :class:`DiscordCalendar` speaks Discord's "Guild Scheduled Event" routes. An event is
  EXTERNAL (entity type 3): its location is the tournament's channel and it carries an end
  time, as Discord requires; Discord then makes it active at its start and completed at its
  end by itself. A 403 (code 50013, the bot lacks Create Events) or the server's limit of 100
  scheduled events (code 30038) is :class:`~bot.seasons.calendar.CalendarRefused`.
- :class:`DiscordNotices` announces a new event (the event message with its Register
  button), writes the scheduled event's description, reminds the Interested in the event's
  channel (they are mentioned, and register with the message's own Register button, which
  works for everyone), and tells the series' admin once when the server refuses.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import discord

from bot.discord.context import Context
from bot.discord.tournaments.event_message import register_id
from bot.discord.tournaments.host import DiscordHost
from bot.i18n import t
from bot.seasons.calendar import CalendarEntry, CalendarRefused
from bot.store.records import SeriesRecord
from bot.tournaments.host import EventInfo
from engine.tournament import Clock

__all__ = ["EXTERNAL", "MAX_EVENTS_CODE", "DiscordCalendar", "DiscordNotices"]

EXTERNAL = 3
"""Discord's entity type of an event somewhere else than a voice or stage channel."""
GUILD_ONLY = 2
"""Discord's only privacy level for scheduled events."""
MISSING_PERMISSIONS = 50013
MAX_EVENTS_CODE = 30038
"""Discord's "Maximum number of guild scheduled events reached" (100 scheduled or active)."""
UNKNOWN_EVENT = 10070


def _iso(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat()


class DiscordCalendar:
    """:class:`~bot.seasons.calendar.Calendar` on the bot's HTTP client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def _payload(self, entry: CalendarEntry) -> dict[str, Any]:
        return {
            "name": entry.name[:100], "description": entry.description[:1000],
            "scheduled_start_time": _iso(entry.start), "scheduled_end_time": _iso(entry.end),
            "entity_type": EXTERNAL, "privacy_level": GUILD_ONLY,
            "entity_metadata": {"location": entry.location[:100]},
        }  # fmt: skip

    async def create(self, guild_id: int, entry: CalendarEntry) -> int:
        try:
            data: Any = await self.client.http.create_guild_scheduled_event(
                guild_id, **self._payload(entry)
            )
        except discord.HTTPException as error:
            if error.status == 403 or error.code == MAX_EVENTS_CODE:
                raise CalendarRefused(str(error)) from error
            raise
        return int(data["id"])

    async def edit(self, guild_id: int, discord_id: int, entry: CalendarEntry) -> None:
        try:
            await self.client.http.edit_scheduled_event(
                guild_id, discord_id, **self._payload(entry)
            )
        except discord.HTTPException as error:
            if error.status == 403:
                raise CalendarRefused(str(error)) from error
            raise

    async def delete(self, guild_id: int, discord_id: int) -> None:
        try:
            await self.client.http.delete_scheduled_event(guild_id, discord_id)
        except discord.NotFound:
            return  # gone already: what was wanted
        except discord.HTTPException as error:
            if error.status == 403:
                raise CalendarRefused(str(error)) from error
            raise

    async def find(self, guild_id: int, words: str) -> int | None:
        found: Any = await self.client.http.get_scheduled_events(guild_id, False)
        me = self.client.user.id if self.client.user is not None else None
        for event in found:
            mine = me is None or str(event.get("creator_id")) == str(me)
            if mine and words in str(event.get("description") or ""):
                return int(event["id"])
        return None

    async def interested(self, guild_id: int, discord_id: int) -> list[int]:
        members: list[int] = []
        after: int | None = None
        while True:  # Discord gives at most 100 a page, ordered by user id
            page: Any = await self.client.http.get_scheduled_event_users(
                guild_id, discord_id, 100, False, after=after
            )
            members.extend(int(item["user"]["id"]) for item in page)
            if len(page) < 100:
                return members
            after = members[-1]


class DiscordNotices:
    """:class:`~bot.seasons.calendar.Notices` in the guild's channels."""

    def __init__(self, host: DiscordHost) -> None:
        self.host = host

    @property
    def ctx(self) -> Context:
        return self.host.ctx  # the host is bound to the context once it exists

    async def announce(self, event: EventInfo) -> int:
        return await self.host.announce(event)

    async def describe(self, event: EventInfo) -> str:
        lang = await self.ctx.guild_lang(event.guild_id)
        events = self.ctx.tournaments
        runner = None if events is None else events.runners.get(event.event_id)
        if runner is None:
            return event.name
        config = runner.config
        first = config.levels[0]
        unit = "hands" if config.clock is Clock.HANDS else "minutes"
        return t(
            lang, f"series.description.{unit}", chips=config.starting_chips,
            small=first.small_blind, big=first.big_blind, length=first.length,
            buy_in=config.buy_in, channel=f"<#{event.channel_id}>", number=event.event_id,
        )  # fmt: skip

    async def remind(self, event: EventInfo, members: list[int]) -> None:
        lang = await self.ctx.guild_lang(event.guild_id)
        starts = event.settings.get("starts_at")
        when = f"<t:{int(starts)}:R>" if isinstance(starts, (int, float)) else ""
        mentions = " ".join(f"<@{m}>" for m in members)
        text = t(lang, "series.reminder", name=event.name, when=when, members=mentions)
        view = discord.ui.View(timeout=None)  # the event message's own Register button
        view.add_item(
            discord.ui.Button(
                custom_id=register_id(event.event_id),
                label=t(lang, "event.button.register"),
                style=discord.ButtonStyle.success,
            )
        )
        channel = self.ctx.client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        users = [discord.Object(m) for m in members]
        await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions(users=users))

    async def refused(self, series: SeriesRecord) -> None:
        lang = await self.ctx.guild_lang(series.guild_id)
        text = t(lang, "series.refused", admin=f"<@{series.created_by}>", name=series.name)
        channel = self.ctx.client.get_partial_messageable(
            series.channel_id, guild_id=series.guild_id
        )
        admin = discord.AllowedMentions(users=[discord.Object(series.created_by)])
        await channel.send(text, allowed_mentions=admin)
