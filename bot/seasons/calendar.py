"""What a series asks of the place its events are announced in: Discord's scheduled events
of a guild, the reminders of the members interested, and a word to the admin when the
server refuses. Discord's side is :mod:`bot.discord.seasons.calendar`; tests bring their own.

A scheduled event is an EXTERNAL one (Discord's entity type 3: a location and an end time,
and Discord itself makes it active at its start and completed at its end), so the bot needs
only Create Events to make it and edit or delete its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.store.records import SeriesRecord
from bot.tournaments.host import EventInfo

__all__ = ["Calendar", "CalendarEntry", "CalendarRefused", "Notices", "marker"]


class CalendarRefused(Exception):
    """The server refuses the bot its scheduled events (a missing permission, or the
    server's limit of 100 events): the tournament runs without one."""


def marker(event_id: int) -> str:
    """The words in a scheduled event's description that name its tournament, by which a
    restart finds the event it asked for before it knew its id.

    >>> marker(12)
    'Tournament #12'
    """
    return f"Tournament #{event_id}"


@dataclass(frozen=True, kw_only=True, slots=True)
class CalendarEntry:
    """A scheduled event as the bot writes it (times in seconds since the epoch)."""

    name: str
    start: float
    end: float
    description: str
    location: str


class Calendar(Protocol):
    async def create(self, guild_id: int, entry: CalendarEntry) -> int:
        """Make the scheduled event; its id (CalendarRefused: the server says no)."""
        ...

    async def edit(self, guild_id: int, discord_id: int, entry: CalendarEntry) -> None: ...

    async def delete(self, guild_id: int, discord_id: int) -> None:
        """Remove it (one already gone is no error)."""
        ...

    async def find(self, guild_id: int, words: str) -> int | None:
        """The guild's scheduled event whose description holds ``words``, if any."""
        ...

    async def interested(self, guild_id: int, discord_id: int) -> list[int]:
        """The members who marked the event Interested."""
        ...


class Notices(Protocol):
    async def announce(self, event: EventInfo) -> int:
        """Post a new event's message (its Register button); the message id."""
        ...

    async def describe(self, event: EventInfo) -> str:
        """The scheduled event's description: the structure and how to register (the
        server's language)."""
        ...

    async def remind(self, event: EventInfo, members: list[int]) -> None:
        """Remind ``members`` (interested, not registered) that the event starts soon, with
        a way to register from the reminder."""
        ...

    async def refused(self, series: SeriesRecord) -> None:
        """Tell the series' admin, once, that the server refused the scheduled events."""
        ...
