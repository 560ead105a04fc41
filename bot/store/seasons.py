"""Seasons' rows (``seasons``, ``event_voids``; migration 12) and the finished events a
league reads, on the store's backend: the store holds :class:`Seasons` as
``store.seasons``.

A season's table is never the truth: it is computed from the finished events' logs
(:mod:`bot.seasons`), and the copy kept here (``table_json``) is only what was last shown,
so a recompute can say whether anything changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.backend import Backend, Row
from bot.store.codec import dumps, loads
from bot.store.events import load_event
from bot.store.records import EventRecord, SeasonRecord

__all__ = ["Seasons"]

_SELECT = (
    "SELECT season_id, guild_id, name, starts_at, ends_at, rule_json, channel_id, table_json, "
    "champion_posted_at, created_at FROM seasons "
)


def _season(row: Row) -> SeasonRecord:
    return SeasonRecord(
        season_id=int(row[0]), guild_id=int(row[1]), name=str(row[2]),
        starts_at=float(row[3]), ends_at=float(row[4]), rule=dict(loads(row[5])),
        channel_id=int(row[6]), table=None if row[7] is None else list(loads(row[7])),
        champion_posted_at=None if row[8] is None else float(row[8]),
        created_at=float(row[9]),
    )  # fmt: skip


class Seasons:
    """The store's league part (``store.seasons``): each method is one transaction."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def create(
        self,
        *,
        guild_id: int,
        name: str,
        starts_at: float,
        ends_at: float,
        rule: Mapping[str, Any],
        channel_id: int,
        now: float,
    ) -> int:
        """A new season of the guild; its id."""
        async with self._backend.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO seasons (guild_id, name, starts_at, ends_at, rule_json, channel_id, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING season_id",
                (guild_id, name, starts_at, ends_at, dumps(dict(rule)), channel_id, now),
            )
        assert row is not None
        return int(row[0])

    async def of_guild(self, guild_id: int) -> list[SeasonRecord]:
        """The guild's seasons, newest first."""
        async with self._backend.autocommit() as tx:
            rows = await tx.fetch(
                _SELECT + "WHERE guild_id = ? ORDER BY season_id DESC", (guild_id,)
            )
        return [_season(r) for r in rows]

    async def ended_unposted(self, now: float) -> list[SeasonRecord]:
        """Every season over by ``now`` whose champion is not posted yet, oldest first."""
        async with self._backend.autocommit() as tx:
            rows = await tx.fetch(
                _SELECT + "WHERE ends_at <= ? AND champion_posted_at IS NULL ORDER BY season_id",
                (now,),
            )
        return [_season(r) for r in rows]

    async def keep_table(self, season_id: int, table: list[Any]) -> None:
        """Keep the season's table as last computed."""
        async with self._backend.transaction() as tx:
            await tx.execute(
                "UPDATE seasons SET table_json = ? WHERE season_id = ?", (dumps(table), season_id)
            )

    async def mark_champion_posted(self, season_id: int, *, now: float) -> bool:
        """Claim the season's champion post: ``True`` once, for the first caller (the
        post follows; a second caller, or a restart after it, posts nothing)."""
        async with self._backend.transaction() as tx:
            changed = await tx.execute(
                "UPDATE seasons SET champion_posted_at = ? "
                "WHERE season_id = ? AND champion_posted_at IS NULL",
                (now, season_id),
            )
        return changed == 1

    async def void(self, event_id: int, *, guild_id: int, by: int, now: float) -> bool:
        """Strike the guild's finished event from seasons and ratings; ``False`` when there
        is no such finished event or it is struck already."""
        async with self._backend.transaction() as tx:
            row = await tx.fetchone(
                "SELECT 1 FROM events WHERE event_id = ? AND guild_id = ? AND status = 'finished' "
                "AND event_id NOT IN (SELECT event_id FROM event_voids)",
                (event_id, guild_id),
            )
            if row is None:
                return False
            await tx.execute(
                "INSERT INTO event_voids (event_id, guild_id, voided_by, voided_at) "
                "VALUES (?, ?, ?, ?)",
                (event_id, guild_id, by, now),
            )
        return True

    async def finished_events(self, guild_id: int) -> list[EventRecord]:
        """The guild's finished events that are not voided, oldest first, with their logs."""
        async with self._backend.snapshot() as tx:
            rows = await tx.fetch(
                "SELECT event_id FROM events WHERE guild_id = ? AND status = 'finished' "
                "AND event_id NOT IN (SELECT event_id FROM event_voids) ORDER BY event_id",
                (guild_id,),
            )
            records = [await load_event(tx, int(r[0])) for r in rows]
        return [r for r in records if r is not None]
