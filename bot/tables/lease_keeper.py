"""The lease timer of one bot process: it runs :mod:`bot.tables.leases`' decisions against the
store (:mod:`bot.store.leases`) and the live tables (:class:`~bot.tables.service.TableService`).

At start it installs the write fence, claims the leases of the open tables of its guilds and
restores the tables it won; then, every :attr:`~bot.tables.leases.LeaseTerms.renew_every` seconds,
it renews its leases, forgets the tables another process took over, and claims what waits:
tables whose dead owner's lease expired (they resume here, rebuilt from the store) and
tables just opened here. A table opened here is claimed as soon as its first outcome is seen,
before its first hand is dealt. At a clean shutdown its leases end at once, so a successor
takes the tables over without waiting for the expiry.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.store import leases as store_leases
from bot.store.errors import StoreUnavailable
from bot.store.store import Store
from bot.tables.leases import LeaseTerms, Shards, new_owner, plan
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.service import TableService

__all__ = ["LeaseKeeper", "Round"]

log = logging.getLogger("holdem.leases")


@dataclass(frozen=True, kw_only=True)
class Round:
    """What one round of the timer did."""

    renewed: int
    dropped: tuple[str, ...]
    restored: tuple[str, ...]


class LeaseKeeper:
    """This process's leases; see the module docstring. ``clock`` gives seconds since the
    epoch (the lease times); the timer itself sleeps on the event loop."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        *,
        shards: Shards,
        clock: Callable[[], float],
        terms: LeaseTerms | None = None,
        owner: str | None = None,
    ) -> None:
        self.store = store
        self.service = service
        self.shards = shards
        self.clock = clock
        self.terms = terms or LeaseTerms()
        self.owner = owner or new_owner()
        self.held: set[str] = set()
        self._opened: set[str] = set()
        self._wake = asyncio.Event()
        self._round = asyncio.Lock()

    async def start(self) -> list[Outcome]:
        """Fence this process's writes, win the leases of its guilds' free or expired tables
        and restore those tables: one outcome each (as :meth:`LiveTables.restore`)."""
        await store_leases.install_fence(self.store, self.owner, ttl=self.terms.ttl)
        self.service.tables.subscribe(self._seen)
        self.service.tables.resumer = self.resume
        async with self._round:
            tables = await store_leases.open_tables(self.store)
            mine = [t for t, guild in sorted(tables.items()) if self.shards.owns(guild)]
            return await self._claim(mine)

    async def tick(self) -> Round:
        """One round: renew, hand over what was lost, claim what waits (see the module)."""
        async with self._round:
            renewed = await store_leases.renew(
                self.store, owner=self.owner, now=self.clock(), ttl=self.terms.ttl
            )
            todo = plan(
                open_tables=await store_leases.open_tables(self.store),
                live=set(self.service.tables.table_ids()),
                held=self.held,
                renewed=renewed,
                shards=self.shards,
            )
            if todo.drop:
                log.warning(
                    "tables leased by another process: handing them over",
                    extra={"tables": ",".join(todo.drop), "owner": self.owner},
                )
                await self.service.tables.forget(todo.drop)
            self.held = renewed
            restored = await self._claim(todo.claim)
        return Round(
            renewed=len(renewed),
            dropped=todo.drop,
            restored=tuple(o.table_id for o in restored),
        )

    async def run(self) -> None:
        """Renew on the timer, and claim a table opened here as soon as it is seen; until
        cancelled. A failed round is logged and the next one tries again (three rounds fit
        in a lease)."""
        loop = asyncio.get_running_loop()
        due = loop.time() + self.terms.renew_every
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, due - loop.time()))
            self._wake.clear()
            try:
                if self._opened:
                    opened, self._opened = sorted(self._opened), set()
                    async with self._round:
                        await self._claim(opened)
                if loop.time() >= due:  # however many tables open meanwhile
                    due = loop.time() + self.terms.renew_every
                    await self.tick()
            except StoreUnavailable as error:  # a restart of the server: renewed next round
                log.warning("a lease round failed", extra={"owner": self.owner, "error": error})
            except Exception:
                log.exception("a lease round failed", extra={"owner": self.owner})

    async def resume(self, table_id: str) -> None:
        """A command came for an open table not driven here: claim its lease now rather
        than at the next round (its old owner's lease may just have expired), and restore
        the table if the claim won. A table of another shard's guild is left alone."""
        guild = (await store_leases.open_tables(self.store)).get(table_id)
        if guild is None or not self.shards.owns(guild):
            return
        async with self._round:
            if not self.service.tables.has_table(table_id):
                await self._claim([table_id])

    async def release(self) -> None:
        """End this process's leases now (a clean shutdown, after the last write)."""
        ended = await store_leases.release(self.store, owner=self.owner, now=self.clock())
        log.info("leases released", extra={"tables": ended, "owner": self.owner})

    async def _claim(self, table_ids: list[str] | tuple[str, ...]) -> list[Outcome]:
        if not table_ids:
            return []
        granted = await store_leases.claim(
            self.store, table_ids, owner=self.owner, now=self.clock(), ttl=self.terms.ttl
        )
        won = {lease.table_id for lease in granted}
        self.held |= won
        refused = [t for t in table_ids if t not in won and self.service.tables.has_table(t)]
        if refused:
            await self.service.tables.forget(refused)
        waiting = won - set(self.service.tables.table_ids())
        if not waiting:
            return []
        restored = await self.service.tables.restore(owns=lambda record: record.table_id in waiting)
        for outcome in restored:
            log.info("lease won", extra={"table": outcome.table_id, "owner": self.owner})
        return restored

    def _seen(self, outcome: Outcome) -> None:
        """A table opened here, or any table driven here without a lease: claim it now."""
        if outcome.table_id in self.held or outcome.kind is OutcomeKind.RESTORED:
            return
        self._opened.add(outcome.table_id)
        self._wake.set()
