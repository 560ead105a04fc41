"""Tournament series: the same tournament every day or every week at the same wall-clock
time in the server's time zone, each event with a Discord scheduled event, and the members
who marked it Interested reminded before the start.

:meth:`Series.keep` brings one series up to date, and is safe to run at any moment, as often
as wanted, after any restart: everything it does is decided from the store.

- An event of the series is open, or the next one is created (its row names the series and
  the occurrence, so it exists once it is written: a restart finds it, never makes two). A
  missed occurrence (the bot was down at its start) is skipped, not played late.
- Each open event has its scheduled event: the row is written before Discord is asked, and
  a row still without Discord's id is first looked for on Discord (by the tournament's number
  in its description) before a new one is made. A rescheduled or renamed event's scheduled
  event is edited; a cancelled one's is deleted.
- The Interested are reminded from :data:`REMIND_BEFORE` seconds before the start, each
  once (written down before they are).
- A server that refuses the scheduled events (the bot lacks Create Events) loses only them:
  the tournament runs, the admin is told once, and the next round tries again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.seasons.calendar import Calendar, CalendarEntry, CalendarRefused, Notices, marker
from bot.store.events import OPEN
from bot.store.records import EventRecord, SeriesRecord
from bot.store.store import Store
from bot.tournaments.codec import config_from_dict, config_to_dict
from bot.tournaments.host import EventInfo
from bot.tournaments.service import Tournaments
from engine.tournament import EventConfig

__all__ = ["EVERY", "LENGTH", "MISSED", "REMIND_BEFORE", "Series", "occurrence", "zone"]

log = logging.getLogger("holdem.series")

EVERY = {"daily": 1, "weekly": 7}
"""The schedules, in days between two events."""
REMIND_BEFORE = 30 * 60.0
"""How long before an event's start its Interested are reminded (unless the event's own
``remind_minutes`` setting, its registered members' reminder, says otherwise)."""
LENGTH = 3 * 3600.0
"""How long a scheduled event is said to last (Discord needs an end for an external one)."""
MISSED = 15 * 60.0
"""An occurrence whose start passed longer ago than this, with no event open, is skipped."""


def zone(name: str) -> ZoneInfo:
    """The time zone of that IANA name (``Europe/Oslo``); ValueError if unknown."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(name) from error


def occurrence(series: SeriesRecord, number: int) -> float:
    """When occurrence ``number`` (0: the first) starts: the first start's wall-clock time in
    the series' time zone, ``number`` days or weeks later (so a weekly 20:00 stays 20:00
    across a change of summer time).

    >>> from bot.store.records import SeriesRecord
    >>> s = SeriesRecord(series_id=1, guild_id=1, channel_id=1, name="x", every="weekly",
    ...     time_zone="Europe/Oslo", first_start=1761246000.0, template={}, created_by=1,
    ...     active=True, refused_at=None)
    >>> occurrence(s, 1) - occurrence(s, 0)  # over the end of summer time: an hour more
    608400.0
    """
    tz = zone(series.time_zone)
    first = datetime.fromtimestamp(series.first_start, tz)
    wall = first.replace(tzinfo=None) + timedelta(days=EVERY[series.every] * number)
    return wall.replace(tzinfo=tz).timestamp()


class Series:
    """Every series of the guilds ``owns`` says this process runs."""

    def __init__(
        self,
        store: Store,
        tournaments: Tournaments,
        calendar: Calendar,
        notices: Notices,
        *,
        clock: Callable[[], float],
        owns: Callable[[int], bool] = lambda guild: True,
        seed: Callable[[], str] = lambda: secrets.token_hex(16),
    ) -> None:
        self.store = store
        self.tournaments = tournaments
        self.calendar = calendar
        self.notices = notices
        self.clock = clock
        self.owns = owns
        self.seed = seed
        self._lock = asyncio.Lock()

    async def start(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        every: str,
        time_zone: str,
        first_start: float,
        config: EventConfig,
        settings: Mapping[str, Any],
        computers: list[tuple[str, str]],
        created_by: int,
    ) -> EventInfo:
        """A new series and its first event (ValueError: an unknown schedule or time zone)."""
        if every not in EVERY:
            raise ValueError(every)
        zone(time_zone)
        template = {
            "name": name, "config": config_to_dict(config), "settings": dict(settings),
            "computers": [list(c) for c in computers],
        }  # fmt: skip
        series_id = await self.store.series.create(
            guild_id=guild_id, channel_id=channel_id, name=name, every=every,
            time_zone=time_zone.strip(), first_start=first_start, template=template,
            created_by=created_by, now=self.clock(),
        )  # fmt: skip
        await self.keep_all()
        found = [r for r in self.tournaments.runners.values() if _series_of(r.info) == series_id]
        return found[-1].info

    async def keep_all(self) -> None:
        """Bring every running series of this process's guilds up to date."""
        async with self._lock:
            for series in await self.store.series.active():
                if not self.owns(series.guild_id):
                    continue
                try:
                    await self._keep(series)
                except Exception:  # one series' trouble never stops the others
                    log.exception("keeping a series failed", extra={"series": series.series_id})

    async def _keep(self, series: SeriesRecord) -> None:
        events = await self.store.series.events(series.series_id, series.guild_id)
        if not any(e.status in OPEN for e in events):
            events.append(await self._next(series, events))
        for event in events:
            if event.status == "finished":  # Discord completes its scheduled event itself
                continue
            await self._calendar(series, event)
            await self._remind(series, event)

    async def _next(self, series: SeriesRecord, events: list[EventRecord]) -> EventRecord:
        """Create the series' next event (written with its series and occurrence)."""
        done = [int(e.settings.get("occurrence", -1)) for e in events]
        number = max(done, default=-1) + 1
        while occurrence(series, number) < self.clock() - MISSED:
            number += 1
        template = series.template
        config = config_from_dict({**template["config"], "seed": self.seed()})
        settings = {
            **template["settings"], "series": series.series_id, "occurrence": number,
            "starts_at": occurrence(series, number),
        }  # fmt: skip
        computers = [(str(p), str(n)) for p, n in template.get("computers") or ()]
        runner = await self.tournaments.create(
            guild_id=series.guild_id, channel_id=series.channel_id, name=str(template["name"]),
            config=config, settings=settings, computers=computers,
        )  # fmt: skip
        try:
            await self.tournaments.keep_message(runner, await self.notices.announce(runner.info))
        except Exception:  # the event stands; its message is the host's to post again
            log.exception("announcing a series event failed")
        return _record(runner.info)

    async def _calendar(self, series: SeriesRecord, event: EventRecord) -> None:
        row = await self.store.series.calendar(event.event_id)
        starts_at = _starts_at(event)
        if event.status == "registering" and starts_at is not None:
            if row is None or (row.discord_id is None and not row.deleted):
                await self._make(series, event, starts_at)
            elif (
                row.discord_id is not None
                and not row.deleted
                and (row.starts_at != starts_at or row.name != event.name)
            ):
                entry = await self._entry(event, starts_at)
                if entry is None:
                    return
                await self.calendar.edit(series.guild_id, row.discord_id, entry)
                await self.store.series.keep_calendar(
                    event.event_id, now=self.clock(), starts_at=starts_at, name=event.name
                )
        elif event.status == "cancelled" and row is not None and not row.deleted:
            discord_id = row.discord_id or await self.calendar.find(
                series.guild_id, marker(event.event_id)
            )
            if discord_id is not None:
                await self.calendar.delete(series.guild_id, discord_id)
            await self.store.series.keep_calendar(event.event_id, now=self.clock(), deleted=True)

    async def _make(self, series: SeriesRecord, event: EventRecord, starts_at: float) -> None:
        """Write the scheduled event down, then find it on Discord (a restart after asking)
        or make it."""
        entry = await self._entry(event, starts_at)
        if entry is None:
            return
        await self.store.series.want_calendar(
            event_id=event.event_id, guild_id=series.guild_id, series_id=series.series_id,
            starts_at=starts_at, name=event.name, now=self.clock(),
        )  # fmt: skip
        try:
            found = await self.calendar.find(series.guild_id, marker(event.event_id))
            discord_id = found if found is not None else await self.calendar.create(
                series.guild_id, entry
            )  # fmt: skip
        except CalendarRefused:
            if await self.store.series.mark_refused(series.series_id, now=self.clock()):
                await self.notices.refused(series)
            return
        await self.store.series.keep_calendar(
            event.event_id, now=self.clock(), discord_id=discord_id
        )

    async def _entry(self, event: EventRecord, starts_at: float) -> CalendarEntry | None:
        runner = self.tournaments.runners.get(event.event_id)
        if runner is None:  # run by another process: that one keeps it
            return None
        description = await self.notices.describe(runner.info)
        return CalendarEntry(
            name=event.name, start=starts_at, end=starts_at + LENGTH,
            description=f"{description}\n{marker(event.event_id)}",
            location=_location(event),
        )  # fmt: skip

    async def _remind(self, series: SeriesRecord, event: EventRecord) -> None:
        starts_at = _starts_at(event)
        if event.status != "registering" or starts_at is None:
            return
        minutes = event.settings.get("remind_minutes")  # the event's own, when it says
        before = 60.0 * minutes if isinstance(minutes, int) and minutes > 0 else REMIND_BEFORE
        if self.clock() < starts_at - before:
            return
        row = await self.store.series.calendar(event.event_id)
        runner = self.tournaments.runners.get(event.event_id)
        if row is None or row.discord_id is None or runner is None:
            return
        interested = await self.calendar.interested(series.guild_id, row.discord_id)
        registered = set(runner.state.registered)
        waiting = [m for m in interested if str(m) not in registered]
        members = await self.store.series.claim_reminders(event.event_id, waiting, now=self.clock())
        if members:
            await self.notices.remind(runner.info, members)


def _series_of(info: EventInfo) -> int | None:
    value = info.settings.get("series")
    return int(value) if isinstance(value, int) else None


def _starts_at(event: EventRecord) -> float | None:
    value = event.settings.get("starts_at")
    return float(value) if isinstance(value, (int, float)) else None


def _location(event: EventRecord) -> str:
    """Where the event is played: its channel (a link members can open)."""
    return f"https://discord.com/channels/{event.guild_id}/{event.channel_id}"


def _record(info: EventInfo) -> EventRecord:
    """The new event as the rest of a round reads it (its row, without config or log)."""
    return EventRecord(
        event_id=info.event_id, guild_id=info.guild_id, channel_id=info.channel_id,
        message_id=info.message_id, name=info.name, config={}, settings=dict(info.settings),
        status=info.status, created_at=0.0, updated_at=0.0,
    )  # fmt: skip
