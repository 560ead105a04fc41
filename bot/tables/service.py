"""Live tables: the engine's rules, the store's durability and one lock per table, no Discord.

A :class:`TableService` keeps every open table in memory as an :class:`engine.Table` and makes
each change durable before it reports it: an action is committed by
:meth:`~bot.store.store.Store.append_action` before :meth:`TableService.act` returns; a hand's end,
the table's new stacks and the leavers' cash-outs commit in one transaction. Whenever a write
fails, the table is rebuilt from the store, so memory never runs ahead of the database.

Every command returns one frozen :class:`~bot.tables.outcomes.Outcome`, built under the table's
lock, and hands the same record to the listener (:meth:`TableService.subscribe`) before the lock is
released: the consumer sees every table's outcomes in the order they happened, whoever made
the move. No live engine object leaves this package.

Chips are in exactly one place at a time: a wallet, a table stack or a pot.
:meth:`TableService.chips_total` adds them up; play never changes it. Two things create
chips: wallet grants and refills, and the ``REBUY`` empty-stack policy, whose top-up is
recorded as a grant to the wallet bought straight in to the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.store.records import TableRecord
from bot.tables.core import Listener
from bot.tables.hands import HandCommands
from bot.tables.live import log_event, rebuild, table_id_for
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.practice import PracticeCommands

__all__ = ["Listener", "TableService", "table_id_for"]


class TableService(PracticeCommands, HandCommands):
    """Every live table, one :class:`asyncio.Lock` each; see the module docstring.

    ``clock`` gives seconds since the epoch; ``deck_source`` a deck order for each hand; ``rng``
    draws the first button of a session. Consecutive timeouts per member are kept in memory
    only: a restart resets them to 0.
    """

    # ------------------------------------------------------------- start-up

    async def quiesce(self) -> None:
        """Wait for every operation in flight and hold every table (before shutting down):
        whatever was acknowledged is committed, and nothing new starts (but the turn
        messages kept by the shutdown itself, see :meth:`keep_message`)."""
        for table_id in list(self._tables):
            await self._lock(table_id).acquire()
        self._quiesced = True

    async def restore(self, owns: Callable[[TableRecord], bool] | None = None) -> list[Outcome]:
        """Load every open table this process drives (``owns``, by default all of them) and
        is not driving yet, with its hand in progress (rebuilt by replay); a turn whose
        deadline passed while the bot was down gets a fresh one. One outcome per table.

        Called again later (when a lease on another table was won, see
        :mod:`bot.tables.lease_keeper`), it picks up only the tables that are new to it."""
        hands = {h.table_id: h for h in await self.store.open_hands()}
        restored = []
        for record in await self.store.load_open_tables():
            if record.table_id in self._tables or (owns is not None and not owns(record)):
                continue
            async with self._lock(record.table_id):
                live = rebuild(record, hands.get(record.table_id))
                self._tables[record.table_id] = live
                await self._settle_if_over(live)
                now = self.clock()
                if live.hand_id is not None and (live.deadline is None or live.deadline <= now):
                    live.deadline = self._deadline(live, now)
                    await self.store.set_deadline(live.hand_id, live.deadline)
                log_event(live, "restored", hand=live.hand_id)
                restored.append(self._emit(live, OutcomeKind.RESTORED))
        return restored

    async def forget(self, table_ids: Sequence[str]) -> None:
        """Stop driving tables another process has taken over (their leases moved on): drop
        them from memory once the operation in flight ends, writing nothing. Their loops find
        no table at their next step and end."""
        for table_id in table_ids:
            async with self._lock(table_id):
                live = self._tables.pop(table_id, None)
            if live is not None:
                log_event(live, "handed over", hand=live.hand_id)
