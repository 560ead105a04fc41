"""The loop that keeps the tournament series up to date: a round every
:data:`SERIES_CHECK_SECONDS`, and one soon after an event's table closes (the end of an
event closes its last table), so the next event of a series follows the last one at once.
"""

from __future__ import annotations

import asyncio
import logging

from bot.seasons.series import Series
from bot.tables.outcomes import Outcome

__all__ = ["SERIES_CHECK_SECONDS", "SeriesKeeper"]

log = logging.getLogger("holdem.series")

SERIES_CHECK_SECONDS = 30.0
"""How often every series is looked at without a reason to."""
SETTLE_SECONDS = 1.0
"""How long after a table closes the round runs (the event writes its end meanwhile)."""


class SeriesKeeper:
    """Runs :meth:`Series.keep_all` by the clock and when poked (plain sleeps, so a test's
    virtual clock moves it)."""

    def __init__(self, series: Series) -> None:
        self.series = series
        self._soon: asyncio.Task[None] | None = None

    def poke(self) -> None:
        """A round soon (one at a time)."""
        if self._soon is None or self._soon.done():
            self._soon = asyncio.get_running_loop().create_task(self._round(SETTLE_SECONDS))

    def receive(self, outcome: Outcome) -> None:
        """A table-service listener: an event's table closed."""
        if outcome.state.event is not None and outcome.closed:
            self.poke()

    async def run(self) -> None:
        """A round every :data:`SERIES_CHECK_SECONDS`, until cancelled (which also cancels a
        round poked for)."""
        try:
            while True:
                await self._round(0)
                await asyncio.sleep(SERIES_CHECK_SECONDS)
        finally:
            if self._soon is not None:
                self._soon.cancel()
                await asyncio.gather(self._soon, return_exceptions=True)

    async def _round(self, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self.series.keep_all()
        except Exception:  # the database restarts: the next round tries again
            log.exception("keeping the series failed")
