"""Spectators of a live table: one watcher per table (and language) polls the store and
releases each new view to every spectator the house delay later.

However many spectators a table has, the database sees one small query every
:data:`POLL_SECONDS` from its watcher, and a hand is replayed once per change, not once per
spectator. A view is released ``delay`` seconds after the watcher saw it, so the page runs
that far behind the table; what it holds is :func:`bot.web.steps.live_state`, which never
carries a hole card before it is shown, nor the deck or its salt.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable

from bot.i18n import Lang
from bot.store.store import Store
from bot.store.web_reads import LiveMark, latest_hand, live_mark, table_names
from bot.web.steps import live_state

__all__ = ["END", "POLL_SECONDS", "Watch", "Watchers"]

POLL_SECONDS = 0.25
END = ""
"""Put in a spectator's queue when the server stops: their stream ends."""
QUEUE = 8
"""Views kept for a slow spectator; past that the oldest is dropped (each view is whole)."""

log = logging.getLogger("holdem.web")


class Watch:
    """One table's spectators in one language: the poller, and the views released so far."""

    def __init__(
        self, store: Store, table_id: str, lang: Lang, delay: float, on_idle: Callable[[], None]
    ) -> None:
        self.store = store
        self.table_id = table_id
        self.lang = lang
        self.delay = delay
        self.latest: str | None = None
        self.spectators: set[asyncio.Queue[str]] = set()
        self._seen: LiveMark | None = None
        self._on_idle = on_idle
        self._task = asyncio.get_running_loop().create_task(self._run())

    def join(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(QUEUE)
        self.spectators.add(queue)
        if self.latest is not None:
            queue.put_nowait(self.latest)
        return queue

    def leave(self, queue: asyncio.Queue[str]) -> None:
        self.spectators.discard(queue)
        if not self.spectators:
            self._task.cancel()
            self._on_idle()

    async def _run(self) -> None:
        while True:
            try:
                await self._poll()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: keep watching, say so once a poll
                log.exception("web: watching %s failed", self.table_id)
            await asyncio.sleep(POLL_SECONDS)

    async def _poll(self) -> None:
        mark = await live_mark(self.store, self.table_id)
        if mark is None or mark == self._seen:
            return
        self._seen = mark
        record = await latest_hand(self.store, self.table_id)
        names = await table_names(self.store, self.table_id)
        view = json.dumps(live_state(record, names, self.lang), ensure_ascii=False)
        if self.delay > 0:
            asyncio.get_running_loop().call_later(self.delay, self._release, view)
        else:
            self._release(view)

    def _release(self, view: str) -> None:
        self.latest = view
        for queue in self.spectators:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(view)

    async def close(self) -> None:
        """Stop watching and tell every spectator's stream to end (an empty view)."""
        for queue in self.spectators:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(END)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


class Watchers:
    """The watches of every watched table, made on the first spectator, gone with the last."""

    def __init__(self, store: Store, delay: float) -> None:
        self.store = store
        self.delay = delay
        self._watches: dict[tuple[str, Lang], Watch] = {}

    def watch(self, table_id: str, lang: Lang) -> Watch:
        key = (table_id, lang)
        found = self._watches.get(key)
        if found is None:

            def gone() -> None:
                self._watches.pop(key, None)

            found = Watch(self.store, table_id, lang, self.delay, gone)
            self._watches[key] = found
        return found

    async def close(self) -> None:
        for watch in list(self._watches.values()):
            await watch.close()
        self._watches.clear()
