"""Live tables: the engine's rules, the store's durability and one lock per table, no Discord.

A :class:`TableService` keeps every open table in memory as an :class:`engine.Table` and makes each
change durable before it reports it: an action is committed by
:meth:`~bot.store.store.Store.append_action` before
:meth:`~bot.tables.hand_commands.HandCommands.act` returns; a hand's end, the table's new stacks
and the leavers' cash-outs commit in one transaction. Whenever a write fails, the table is
rebuilt from the store, so memory never runs ahead of the database.

Every command returns one frozen :class:`~bot.tables.outcomes.Outcome`, built under the table's
lock, and hands the same record to the listeners
(:meth:`~bot.tables.live_tables.LiveTables.subscribe`) before the lock is released: the consumer
sees every table's outcomes in the order they happened, whoever made the move. No live engine
object leaves this package.

Chips are in exactly one place at a time: a wallet, a table stack or a pot.
:meth:`~bot.tables.live_tables.LiveTables.chips_total` adds them up; play never changes it. Two
things create chips: wallet grants and refills, and the ``REBUY`` empty-stack policy, whose top-up
is recorded as a grant to the wallet bought straight in to the table.

The service builds its parts and holds them in public; callers hold the part they need
(``service.hands.act(...)``, ``service.tables.state(...)``), never a forwarding method:

- :class:`~bot.tables.live_tables.LiveTables`: the open tables, their locks and listeners,
  and the phases every command shares (apply and commit an action, hold a run-out, settle);
- :class:`~bot.tables.seat_commands.SeatCommands`: opening and closing tables, seats, wallets;
- :class:`~bot.tables.hand_commands.HandCommands`: dealing and playing hands, the timer's move;
- :class:`~bot.tables.computer_commands.ComputerCommands`: computer players at practice tables;
- :class:`~bot.tables.timeouts.Timeouts`: the timer's count, which sits absent members out;
- :class:`~bot.tables.event_commands.EventCommands`: the tournament director's commands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.store.store import Store
from bot.tables.computer_commands import ComputerCommands
from bot.tables.event_commands import EventCommands
from bot.tables.hand_commands import HandCommands
from bot.tables.live import table_id_for
from bot.tables.live_tables import RESUME_WAIT, Listener, LiveTables
from bot.tables.seat_commands import SeatCommands
from bot.tables.timeouts import Timeouts
from engine import shuffled_deck

__all__ = ["Listener", "TableService", "table_id_for"]


class TableService:
    """Every live table, one :class:`asyncio.Lock` each; see the module docstring.

    ``clock`` gives seconds since the epoch; ``deck_source`` a deck order for each hand; ``rng``
    draws the first button of a session; ``resume_wait`` is how long a command for a table
    another process holds waits before it is refused
    (:meth:`~bot.tables.live_tables.LiveTables.refusal_pause`). Consecutive timeouts per
    member are kept in memory only: a restart resets them to 0.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float],
        deck_source: Callable[[], Sequence[int]] = shuffled_deck,
        rng: random.Random | None = None,
        resume_wait: float = RESUME_WAIT,
    ) -> None:
        self.tables = LiveTables(store, clock=clock, resume_wait=resume_wait)
        self.timeouts = Timeouts()
        self.seats = SeatCommands(self.tables, self.timeouts)
        self.hands = HandCommands(
            self.tables, self.timeouts, deck_source=deck_source, rng=rng or random.Random()
        )
        self.computers = ComputerCommands(self.tables, self.seats)
        self.events = EventCommands(self.tables, self.hands)
        """The tournament director's commands (:mod:`bot.tables.event_commands`)."""
