"""The league of every guild: its seasons, their tables, the members' ratings, the voided
events and the champions due. No Discord: the commands (:mod:`bot.discord.seasons`) ask
here and show the answers.

Everything shown is computed from the stored results of the finished events that are not
voided (:mod:`bot.seasons.results`), so a recompute gives the same table, and voiding an
event changes every table and rating that counted it the next time they are computed (the
void itself recomputes the guild's seasons at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.seasons.ratings import Rating, ratings
from bot.seasons.results import EventResult, result_of
from bot.seasons.standings import Line, SeasonRule, rule_to_dict, table, to_rows
from bot.store.records import SeasonRecord
from bot.store.store import Store

__all__ = ["League", "MemberLine", "Recomputed"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Recomputed:
    """A season's table computed again: ``same`` when it equals the one kept before."""

    season: SeasonRecord
    lines: tuple[Line, ...]
    same: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class MemberLine:
    """A member's place in a season's table (``place`` counts from 1)."""

    season: SeasonRecord
    line: Line
    place: int


class League:
    """Seasons and ratings over the store's finished events."""

    def __init__(self, store: Store, *, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def open_season(
        self,
        *,
        guild_id: int,
        name: str,
        starts_at: float,
        ends_at: float,
        rule: SeasonRule,
        channel_id: int,
    ) -> int:
        """A new season; its id. ``ends_at`` must be after ``starts_at`` (ValueError)."""
        if ends_at <= starts_at:
            raise ValueError("a season ends after it starts")
        return await self.store.seasons.create(
            guild_id=guild_id, name=name, starts_at=starts_at, ends_at=ends_at,
            rule=rule_to_dict(rule), channel_id=channel_id, now=self.clock(),
        )  # fmt: skip

    async def results(self, guild_id: int) -> list[EventResult]:
        """The guild's finished, not voided events' results, oldest first."""
        found = [result_of(r) for r in await self.store.seasons.finished_events(guild_id)]
        return [r for r in found if r is not None]

    async def season(self, guild_id: int, season_id: int | None) -> SeasonRecord | None:
        """The guild's season numbered ``season_id``, or its newest (``None``: none)."""
        for season in await self.store.seasons.of_guild(guild_id):
            if season_id is None or season.season_id == season_id:
                return season
        return None

    async def standings(self, season: SeasonRecord) -> list[Line]:
        """The season's table from the stored results, written nowhere (the web pages)."""
        return table(season, await self.results(season.guild_id))

    async def recompute(self, season: SeasonRecord) -> Recomputed:
        """Compute the season's table from the stored results and keep it."""
        lines = tuple(table(season, await self.results(season.guild_id)))
        rows = to_rows(lines)
        await self.store.seasons.keep_table(season.season_id, rows)
        return Recomputed(season=season, lines=lines, same=season.table == rows)

    async def void(self, guild_id: int, event_id: int, *, by: int) -> list[Recomputed]:
        """Strike a finished event from seasons and ratings and recompute the guild's
        seasons; ``[]`` and nothing changed when there is no such event to strike (then
        :class:`LookupError`)."""
        if not await self.store.seasons.void(event_id, guild_id=guild_id, by=by, now=self.clock()):
            raise LookupError(event_id)
        return [await self.recompute(s) for s in await self.store.seasons.of_guild(guild_id)]

    async def names(self, guild_id: int) -> dict[int, str]:
        """The names the guild's members registered under, the newest of each."""
        found: dict[int, str] = {}
        for result in await self.results(guild_id):
            found.update(result.names)
        return found

    async def ratings(self, guild_id: int) -> dict[int, Rating]:
        """Every rated member's rating from the guild's results."""
        return ratings(await self.results(guild_id))

    async def member_line(self, guild_id: int, member: int) -> MemberLine | None:
        """The member's line in the guild's newest season (``None``: no season, or no
        counted event of theirs)."""
        season = await self.season(guild_id, None)
        if season is None:
            return None
        lines = table(season, await self.results(guild_id))
        for place, line in enumerate(lines, start=1):
            if line.member == member:
                return MemberLine(season=season, line=line, place=place)
        return None

    async def champions_due(self) -> list[Recomputed]:
        """The seasons that are over and whose champion is not posted yet, each claimed
        (so it is posted once, whatever restarts) with its final table."""
        due = []
        for season in await self.store.seasons.ended_unposted(self.clock()):
            if await self.store.seasons.mark_champion_posted(season.season_id, now=self.clock()):
                due.append(await self.recompute(season))
        return due
