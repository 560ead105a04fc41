"""Series' rows (``series``, ``scheduled_events``; migration 13) on the store's backend: the
store holds :class:`SeriesRows` as ``store.series``.

Which events a series has is read from the events themselves (their settings name the
series and the occurrence), so creating the next event and writing it down are one write:
a restart between two steps never loses an event nor makes a second. A Discord scheduled
event's row is written before Discord is asked (``discord_id`` empty until it answers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.backend import Backend, Row
from bot.store.codec import dumps, loads
from bot.store.records import CalendarRecord, EventRecord, SeriesRecord

__all__ = ["SeriesRows"]

_SERIES = (
    "SELECT series_id, guild_id, channel_id, name, every, time_zone, first_start, "
    "template_json, created_by, active, refused_at FROM series "
)
_CALENDAR = (
    "SELECT event_id, guild_id, series_id, discord_id, starts_at, name, deleted, reminded "
    "FROM scheduled_events "
)


def _series(row: Row) -> SeriesRecord:
    return SeriesRecord(
        series_id=int(row[0]), guild_id=int(row[1]), channel_id=int(row[2]), name=str(row[3]),
        every=str(row[4]), time_zone=str(row[5]), first_start=float(row[6]),
        template=dict(loads(row[7])), created_by=int(row[8]), active=bool(row[9]),
        refused_at=None if row[10] is None else float(row[10]),
    )  # fmt: skip


def _calendar(row: Row) -> CalendarRecord:
    return CalendarRecord(
        event_id=int(row[0]), guild_id=int(row[1]), series_id=int(row[2]),
        discord_id=None if row[3] is None else int(row[3]), starts_at=float(row[4]),
        name=str(row[5]), deleted=bool(row[6]),
        reminded=tuple(int(m) for m in loads(row[7])),
    )  # fmt: skip


def _event(row: Row) -> EventRecord:
    return EventRecord(
        event_id=int(row[0]), guild_id=int(row[1]), channel_id=int(row[2]),
        message_id=None if row[3] is None else int(row[3]), name=str(row[4]),
        config=dict(loads(row[5])), settings=dict(loads(row[6])), status=str(row[7]),
        created_at=float(row[8]), updated_at=float(row[9]),
    )  # fmt: skip


class SeriesRows:
    """The store's series part (``store.series``): each method is one transaction."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        every: str,
        time_zone: str,
        first_start: float,
        template: Mapping[str, Any],
        created_by: int,
        now: float,
    ) -> int:
        """A new series; its id."""
        async with self._backend.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO series (guild_id, channel_id, name, every, time_zone, first_start, "
                "template_json, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "RETURNING series_id",
                (guild_id, channel_id, name, every, time_zone, first_start, dumps(dict(template)),
                 created_by, now),
            )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def active(self) -> list[SeriesRecord]:
        """Every series still running, oldest first."""
        async with self._backend.autocommit() as tx:
            rows = await tx.fetch(_SERIES + "WHERE active = 1 ORDER BY series_id")
        return [_series(r) for r in rows]

    async def stop(self, series_id: int, *, guild_id: int) -> bool:
        """No more events in the series; ``False`` when there is no such running series."""
        async with self._backend.transaction() as tx:
            changed = await tx.execute(
                "UPDATE series SET active = 0 WHERE series_id = ? AND guild_id = ? AND active = 1",
                (series_id, guild_id),
            )
        return changed == 1

    async def mark_refused(self, series_id: int, *, now: float) -> bool:
        """Discord refused the series' scheduled events: ``True`` the first time only (the
        admin is told once)."""
        async with self._backend.transaction() as tx:
            changed = await tx.execute(
                "UPDATE series SET refused_at = ? WHERE series_id = ? AND refused_at IS NULL",
                (now, series_id),
            )
        return changed == 1

    async def events(self, series_id: int, guild_id: int) -> list[EventRecord]:
        """The series' events, oldest first, without their logs."""
        async with self._backend.autocommit() as tx:
            column = tx.dialect.json_text("settings_json", "series")
            rows = await tx.fetch(
                "SELECT event_id, guild_id, channel_id, message_id, name, config_json, "
                "settings_json, status, created_at, updated_at FROM events "
                f"WHERE guild_id = ? AND CAST({column} AS TEXT) = ? ORDER BY event_id",
                (guild_id, str(series_id)),
            )
        return [_event(r) for r in rows]

    async def calendar(self, event_id: int) -> CalendarRecord | None:
        """The scheduled event kept for the tournament, if one was ever wanted."""
        async with self._backend.autocommit() as tx:
            row = await tx.fetchone(_CALENDAR + "WHERE event_id = ?", (event_id,))
        return None if row is None else _calendar(row)

    async def want_calendar(
        self, *, event_id: int, guild_id: int, series_id: int, starts_at: float, name: str,
        now: float,
    ) -> CalendarRecord:  # fmt: skip
        """Write down that the tournament gets a scheduled event (before Discord is asked);
        the row, new or as it was."""
        async with self._backend.transaction() as tx:
            row = await tx.fetchone(_CALENDAR + "WHERE event_id = ?", (event_id,))
            if row is None:
                await tx.execute(
                    "INSERT INTO scheduled_events (event_id, guild_id, series_id, starts_at, "
                    "name, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (event_id, guild_id, series_id, starts_at, name, now),
                )
                row = await tx.fetchone(_CALENDAR + "WHERE event_id = ?", (event_id,))
        assert row is not None
        return _calendar(row)

    async def keep_calendar(
        self,
        event_id: int,
        *,
        now: float,
        discord_id: int | None = None,
        starts_at: float | None = None,
        name: str | None = None,
        deleted: bool | None = None,
    ) -> None:
        """Write what Discord answered (``None`` keeps a value)."""
        async with self._backend.transaction() as tx:
            await tx.execute(
                "UPDATE scheduled_events SET discord_id = COALESCE(?, discord_id), "
                "starts_at = COALESCE(?, starts_at), name = COALESCE(?, name), "
                "deleted = COALESCE(?, deleted), updated_at = ? WHERE event_id = ?",
                (discord_id, starts_at, name, None if deleted is None else int(deleted), now,
                 event_id),
            )  # fmt: skip

    async def claim_reminders(self, event_id: int, members: list[int], *, now: float) -> list[int]:
        """Of ``members``, those not reminded of the tournament yet, written down as
        reminded (before they are: each is reminded once, whatever restarts)."""
        async with self._backend.transaction() as tx:
            row = await tx.fetchone(
                "SELECT reminded FROM scheduled_events WHERE event_id = ?" + tx.dialect.for_update,
                (event_id,),
            )
            if row is None:
                return []
            done = [int(m) for m in loads(row[0])]
            new = [m for m in dict.fromkeys(members) if m not in done]
            if new:
                await tx.execute(
                    "UPDATE scheduled_events SET reminded = ?, updated_at = ? WHERE event_id = ?",
                    (dumps(done + new), now, event_id),
                )
        return new
