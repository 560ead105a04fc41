"""The cycle collector's policy for a bot that holds many tables: each pause walks only what the
last quarter of a second made, not everything the process holds.

CPython frees an object when its last reference goes; its cycle collector only looks for
groups of objects that refer to each other and nothing else refers to. While it looks, the event
loop stands still, and a full collection walks every object the process tracks: at 2,000 tables
in play about 200,000 of them, 150-250 ms each time, and with CPython's own thresholds one ran
every few seconds under load (``benchmarks/README.md``, "The cycle collector in steps"). Those full
collections found nothing to free: the live tables and their hands form no cycles. So:

- :meth:`Collector.settle`, once the tables are resumed: one full collection, then
  :func:`gc.freeze` of everything that is left (the imports, the resumed tables): the
  collector no longer looks at it;
- :meth:`Collector.run`, every :data:`EVERY` seconds: a full collection of what is not frozen
  (what was made since the last step), then a freeze of what survived. Each pause walks one step's
  objects; CPython's own collections between the steps find little to walk too.

A frozen object is still freed by reference counting when its last reference goes, as every
object is: a hand's records leave memory when the hand is replaced. What freezing keeps is a
*cycle* that became garbage after it was frozen (a Discord interaction and its response refer to
each other, and one in flight at a step is frozen with it). So from time to time everything is
unfrozen and collected once (the old full pause): the first time after :data:`WHOLE_FIRST`
seconds, then as often as the last one says: CPython's own rule (a full collection when the
long-lived objects grew by a quarter) applied to the cycles a whole collection really found, so a
bot that makes none pays the full pause once in :data:`WHOLE_MOST` seconds, and one that makes
many keeps them to about :data:`SHARE` of its objects. The log says what each one freed.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

__all__ = ["EVERY", "SHARE", "WHOLE_FIRST", "WHOLE_LEAST", "WHOLE_MOST", "Collector"]

log = logging.getLogger("holdem.collector")

EVERY = 0.25
"""Seconds between steps. At 2,000 tables in play a step walks what a quarter of a second
made: about 2 ms, 10-15 ms when many hands end and deal together, 15-35 ms in the start-up
burst when every table deals at once. A longer step walks more each time; a shorter one freezes
more of what is in flight (see :data:`SHARE`)."""

SHARE = 0.25
"""The share of the objects that frozen cycles may reach before a whole collection frees them,
at the rate the last whole collection found them."""

WHOLE_FIRST = 60.0
"""Seconds from start-up to the first whole collection."""

WHOLE_LEAST = 10.0
WHOLE_MOST = 3600.0
"""The shortest and the longest time between whole collections, in seconds."""


class Collector:
    """Collects and freezes in steps; see the module's docstring for why.

    ``every`` and ``whole_first`` are seconds (:data:`EVERY`, :data:`WHOLE_FIRST`).
    """

    def __init__(self, *, every: float = EVERY, whole_first: float = WHOLE_FIRST) -> None:
        self.every = every
        self.whole_after = self._steps(whole_first)
        """Steps from the last whole collection to the next one."""
        self.since_whole = 0

    def _steps(self, seconds: float) -> int:
        return max(1, round(seconds / self.every))

    def settle(self) -> None:
        """Collect everything once and freeze what is left: what start-up made lives on."""
        gc.collect()
        gc.freeze()
        self.since_whole = 0
        log.info("collector froze start-up's objects", extra={"objects": gc.get_freeze_count()})

    def step(self) -> int:
        """Collect what is not frozen and freeze what survived, or, when one is due, collect
        everything (:meth:`whole`). Returns how many objects it freed."""
        self.since_whole += 1
        if self.since_whole >= self.whole_after:
            return self.whole()
        freed = gc.collect()
        gc.freeze()
        return freed

    def whole(self) -> int:
        """Unfreeze and collect everything, freeze what is left, and set when the next whole
        collection comes from what this one freed. Returns how many objects it freed."""
        start = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        kept = gc.get_freeze_count()
        # The next one when cycles frozen at this rate would be SHARE of what is kept.
        seconds = self.since_whole * self.every * SHARE * kept / max(freed, 1)
        self.whole_after = self._steps(min(WHOLE_MOST, max(WHOLE_LEAST, seconds)))
        self.since_whole = 0
        log.info(
            "collector collected everything",
            extra={
                "freed": freed,
                "kept": kept,
                "ms": round((time.perf_counter() - start) * 1000),
                "next_s": round(self.whole_after * self.every),
            },
        )
        return freed

    async def run(self) -> None:
        """Step every ``every`` seconds until cancelled."""
        while True:
            await asyncio.sleep(self.every)
            self.step()
