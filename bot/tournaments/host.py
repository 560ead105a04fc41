"""What an event asks of the place it is played in (Discord, or a test's stand-in): threads
for its tables, the pings of seated and moved players, the event message and the results.

The runner (:mod:`bot.tournaments.runner`) decides and writes; the host only shows. A host's
failure never loses anything: the event's inputs are written before the host is asked, and a
host call that fails is logged and tried again at the next change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.tournament import PlayerMoved, PlayerRemoved, PlayPaused, StackSet

__all__ = ["EventHost", "EventInfo"]


@dataclass(kw_only=True, slots=True)
class EventInfo:
    """An event's row as the runner keeps it in memory (changed only by its runner)."""

    event_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    name: str
    status: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def practice(self) -> bool:
        return bool(self.settings.get("practice"))

    def thread_of(self, number: int) -> int | None:
        threads = self.settings.get("threads") or {}
        value = threads.get(str(number))
        return None if value is None else int(value)

    def name_of(self, player: str) -> str:
        names = self.settings.get("names") or {}
        return str(names.get(player) or f"#{player[-4:]}")


class EventHost(Protocol):
    async def open_thread(self, event: EventInfo, number: int) -> int:
        """Open table ``number``'s thread under the event's channel; its channel id."""
        ...

    async def close_thread(self, event: EventInfo, number: int, thread_id: int) -> None:
        """The table broke (or the event ended): archive and lock its thread."""
        ...

    async def seated(
        self, event: EventInfo, number: int, thread_id: int, players: tuple[str, ...]
    ) -> None:
        """Table ``number`` opened with ``players``: tell them (one ping) in its thread."""
        ...

    async def moved(self, event: EventInfo, moves: tuple[PlayerMoved, ...], thread_id: int) -> None:
        """Members moved to another table: ping them in the new thread, all in one message
        (a computer player moved is shown by the table's next hand, and pinged by nobody)."""
        ...

    async def ruled(
        self, event: EventInfo, ruling: PlayPaused | PlayerRemoved | StackSet, thread_id: int
    ) -> None:
        """A director's ruling: tell the table's players in its thread (no ping)."""
        ...

    async def remind(self, event: EventInfo, members: tuple[str, ...], starts_at: float) -> None:
        """Remind the registered ``members`` that the event starts at ``starts_at`` (once)."""
        ...

    async def changed(self, event: EventInfo, *, now: bool = False) -> None:
        """Something the event message shows changed (the host spaces the edits out, but
        shows a change ``now``: a level, a break, a table broken, the start or the end)."""
        ...

    async def finished(self, event: EventInfo) -> None:
        """The event is over (or cancelled): post the results."""
        ...
