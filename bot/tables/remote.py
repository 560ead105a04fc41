"""A table another process drives, as the store has it (several processes on PostgreSQL),
for the Activity's pages served here (:mod:`bot.activity.hub`).

The hub hears the outcomes of this process's table service; a table driven elsewhere has
none here. So:

- **The driver tells.** :meth:`RemoteTables.changed` is a table service listener: after each
  outcome (committed before it is emitted) it notifies ``holdem_tables`` with the table's
  id, a moment later and once for several outcomes in a row.
- **The others look.** A process with pages of that table open (:meth:`RemoteTables.heard`,
  from the relay's listening connection, :mod:`bot.activity.relay`) reads the table's row and
  its hand in progress in one snapshot and rebuilds the table by the engine's replay of the
  stored actions (:func:`bot.tables.live.rebuild`, as a restart does): the state and the hole
  cards of that moment, handed to the hub as an outcome of a serial counted here. A
  notification can be lost, so the tables with pages are also looked at every
  :data:`LOOK_EVERY` seconds; an unchanged table gives nothing.

What the pages see is the store's truth, the same states the driver's pages see (at most a
few may be run together when moves come faster than they are read).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from bot.store import requests
from bot.store.errors import StoreUnavailable
from bot.store.store import Store
from bot.tables.live import rebuild
from bot.tables.outcomes import Outcome, OutcomeKind, RunTwiceAsk
from bot.tables.service import TableService
from bot.tables.snapshot import KeptState, private_cards
from engine.fair import commit

__all__ = ["LOOK_EVERY", "RemoteTables"]

log = logging.getLogger("holdem.activity")

LOOK_EVERY = 3.0
"""Seconds between two looks at a table with pages here when no notification came."""


class RemoteTables:
    """Both sides: ``watched(table_id)`` says whether pages of the table are open here,
    ``deliver`` hands an outcome to them (the hub's :meth:`~bot.activity.hub.Hub.receive`)."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        *,
        watched: Callable[[str], bool],
        deliver: Callable[[Outcome], None],
        look_every: float = LOOK_EVERY,
    ) -> None:
        self.store = store
        self.service = service
        self.watched = watched
        self.deliver = deliver
        self.look_every = look_every
        self._told: set[str] = set()
        self._heard: set[str] = set()
        self._seen: dict[str, str] = {}
        self._serials: dict[str, int] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._watching: set[str] = set()

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._run())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # ------------------------------------------------------------- the driver

    def changed(self, outcome: Outcome) -> None:
        """The table service's listener (under the table's lock: note and return)."""
        self._told.add(outcome.table_id)
        self._wake.set()

    # ------------------------------------------------------------- the others

    def heard(self, table_id: str) -> None:
        """``holdem_tables`` said ``table_id`` changed."""
        if self.watched(table_id) and not self.service.tables.has_table(table_id):
            self._heard.add(table_id)
            self._wake.set()

    def watch(self, table_id: str) -> None:
        """A page of ``table_id`` opened here: look at it on the timer too."""
        self._watching.add(table_id)

    async def outcome(self, table_id: str, *, fresh: bool = True) -> Outcome | None:
        """The table as the store has it, as an outcome for the hub; ``None`` for no table,
        or (``fresh``) one unchanged since the last look."""
        found = await requests.table_and_hand(self.store, table_id)
        if found is None:
            return None
        record, hand = found
        seen = json.dumps(
            [record.state, record.open, None if hand is None else
             [hand.hand_id, len(hand.actions), hand.deadline, hand.run_count]],
            sort_keys=True, default=str,
        )  # fmt: skip
        if fresh and self._seen.get(table_id) == seen:
            return None
        self._seen[table_id] = seen
        live = rebuild(record, hand)
        ask = None
        if live.asked and live.hand_id is not None and live.deadline is not None:
            ask = RunTwiceAsk(hand_id=live.hand_id, members=live.asked, agreed=(),
                              deadline=live.deadline)  # fmt: skip
        state = KeptState().take(
            live.table, table_id=table_id, guild_id=live.guild_id, channel_id=live.channel_id,
            settings=live.settings, hand_id=live.hand_id, members=live.players,
            deadline=live.deadline, ask=ask,
        )  # fmt: skip
        serial = self._serials[table_id] = self._serials.get(table_id, 0) + 1
        extra: dict[str, Any] = {}
        if hand is not None and hand.deck_salt is not None:
            extra["commitment"] = commit(hand.deck, hand.deck_salt)
        return Outcome(
            kind=OutcomeKind.RESTORED if record.open else OutcomeKind.STOPPED,
            table_id=table_id, serial=serial, state=state, hand_id=live.hand_id,
            hand_members=live.players, closed=not record.open,
            private=private_cards(live.table.hand, hand_id=live.hand_id, members=live.players),
            **extra,
        )  # fmt: skip

    # ------------------------------------------------------------- the timer

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        due = loop.time() + self.look_every
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, due - loop.time()))
            self._wake.clear()
            try:
                told, self._told = sorted(self._told), set()
                for table_id in told:
                    await requests.notify(self.store, requests.TABLES, table_id)
                look, self._heard = self._heard, set()
                if loop.time() >= due:
                    due = loop.time() + self.look_every
                    self._watching = {t for t in self._watching if self.watched(t)}
                    look |= self._watching
                for table_id in sorted(look):
                    if self.service.tables.has_table(table_id) or not self.watched(table_id):
                        continue
                    outcome = await self.outcome(table_id)
                    if outcome is not None:
                        self.deliver(outcome)
            except StoreUnavailable as error:
                log.warning("activity: a remote table not read", extra={"error": error})
            except Exception:
                log.exception("activity: a remote table not read")
