"""The stats side of the application, for the bot: a member's stats, a session's stacks for
the chart, and the stored hand to replay. The bot reaches the store only through this.

Errors: this service's own subclass the table service's base (:mod:`bot.tables.errors`), so
the Discord layer answers all of them in one place::

    ServiceError       (bot.tables.errors)
    ├── HandNotFound   no finished hand of that number in this guild (voided ones included)
    └── NoHandYet      no finished hand to replay here yet
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.stats.counters import Period, PlayerStats
from bot.store.errors import HandStateError
from bot.store.records import HandRecord, SessionHand
from bot.store.store import Store
from bot.tables.errors import ServiceError

__all__ = ["HandNotFound", "NoHandYet", "SessionChart", "StatsService"]


class HandNotFound(ServiceError):
    code = "stats_hand_not_found"


class NoHandYet(ServiceError):
    code = "stats_no_hand_yet"


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionChart:
    """A table session's counted hands, oldest first (for the session chart)."""

    table_id: str
    session: int
    hands: tuple[SessionHand, ...]


class StatsService:
    """Reads (and the one-off backfill): every stat is written by ``Store.finish_hand`` as the
    hand ends."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def backfill(self) -> int:
        """Count the hands that finished before the stats were kept (see
        :meth:`~bot.store.stats.Stats.backfill`); about 1.5 ms a hand."""
        return await self.store.stats.backfill()

    async def member_stats(self, guild_id: int, user_id: int, period: Period) -> PlayerStats:
        return await self.store.stats.of_member(guild_id, user_id, period, now=self.clock())

    async def session_chart(self, table_id: str, session: int | None = None) -> SessionChart | None:
        """The hands of ``session`` (default: the table's latest with a finished hand);
        ``None`` when it has none."""
        number = session if session is not None else await self.store.stats.latest_session(table_id)
        if number is None:
            return None
        hands = await self.store.stats.session_hands(table_id, number)
        if not hands:
            return None
        return SessionChart(table_id=table_id, session=number, hands=tuple(hands))

    async def hand_to_replay(
        self,
        guild_id: int,
        *,
        hand_id: int | None = None,
        table_id: str | None = None,
        user_id: int | None = None,
    ) -> HandRecord:
        """Hand ``hand_id`` of this guild; without it the table's last finished hand, else the
        member's. Only finished hands that were not voided replay."""
        if hand_id is None:
            hand_id = await self._latest(guild_id, table_id, user_id)
        try:
            record = await self.store.load_hand(hand_id)
        except HandStateError:
            raise HandNotFound(f"no hand {hand_id}", number=hand_id) from None
        voided = record.result is not None and "voided" in record.result
        if record.guild_id != guild_id or not record.finished or voided:
            raise HandNotFound(f"no finished hand {hand_id} here", number=hand_id)
        return record

    async def _latest(self, guild_id: int, table_id: str | None, user_id: int | None) -> int:
        found = None
        if table_id is not None:
            found = await self.store.stats.last_counted_hand(table_id=table_id)
        if found is None and user_id is not None:
            found = await self.store.stats.last_counted_hand(guild_id=guild_id, user_id=user_id)
        if found is None:
            raise NoHandYet("no finished hand yet")
        return found
