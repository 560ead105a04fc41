"""Live tables: the engine's rules, the store's durability and one lock per table, no Discord.

A :class:`TableService` keeps every open table in memory as an :class:`engine.Table` and makes each
change durable before it reports it: an action is committed by
:meth:`~bot.store.store.Store.append_action` before :meth:`TableService.act` returns; a hand's end,
the table's new stacks and the leavers' cash-outs commit in one transaction. Whenever a write fails,
the table is rebuilt from the store, so memory never runs ahead of the database.

Every command returns one frozen :class:`~bot.tables.outcomes.Outcome`, built under the table's
lock, and hands the same record to the listener (:meth:`TableService.subscribe`) before the lock is
released: the consumer sees every table's outcomes in the order they happened, whoever made the
move. No live engine object leaves this package.

Chips are in exactly one place at a time: a wallet, a table stack or a pot.
:meth:`TableService.chips_total` adds them up; play never changes it. Two things create chips:
wallet grants and refills, and the ``REBUY`` empty-stack policy, whose top-up is recorded as a grant
to the wallet bought straight in to the table.

The service is a facade over the collaborators it holds, each in its own module:

- :class:`~bot.tables.live_tables.LiveTables`: the open tables, their locks and listeners,
  and the phases every command shares (apply and commit an action, hold a run-out, settle);
- :class:`~bot.tables.seat_commands.SeatCommands`: opening and closing tables, seats, wallets;
- :class:`~bot.tables.hand_commands.HandCommands`: dealing and playing hands, the timer's move;
- :class:`~bot.tables.computer_commands.ComputerCommands`: computer players at practice tables;
- :class:`~bot.tables.timeouts.Timeouts`: the timer's count, which sits absent members out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.computers import Level, PlayerView
from bot.store.records import TableRecord
from bot.store.store import Store
from bot.tables.computer_commands import ComputerCommands
from bot.tables.errors import ServiceError, TableResuming
from bot.tables.event_commands import EventCommands
from bot.tables.fairness import FairReport
from bot.tables.hand_commands import HandCommands
from bot.tables.live import table_id_for
from bot.tables.live_tables import RESUME_WAIT, Listener, LiveTables, Resumer
from bot.tables.outcomes import Outcome, PrivateCards, TableState
from bot.tables.seat_commands import SeatCommands
from bot.tables.timeouts import Timeouts
from engine import ActionKind, HouseRules, shuffled_deck

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

    # ------------------------------------------------------------- the tables

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every outcome, under the table's lock, in order. It must
        not block: queue the outcome and return."""
        self.tables.subscribe(listener)

    def table_ids(self) -> list[str]:
        return self.tables.table_ids()

    def has_table(self, table_id: str) -> bool:
        return self.tables.has_table(table_id)

    async def absent(self, table_id: str) -> ServiceError | None:
        """Why a command cannot reach the channel's table in this process: ``None`` when it
        is driven here (a table whose dead owner's lease just expired is resumed first),
        :class:`~bot.tables.errors.TableResuming` while another process holds its lease,
        :class:`~bot.tables.errors.NoTable` when no table is open. For the checks the
        Discord layer makes before a command (``has_table`` asks memory only)."""
        return await self.tables.absent(table_id)

    async def refusal(self, table_id: str) -> ServiceError:
        """What to tell a member whose control found no table held here: it is resuming
        (open in the database: another process's lease, or resumed just now), or there is
        none (:class:`~bot.tables.errors.NoTable`)."""
        missing = await self.tables.absent(table_id)
        return missing or TableResuming("the table is resuming", table=table_id)

    def state(self, table_id: str) -> TableState:
        """The table as it stands now (raises :class:`~bot.tables.errors.NoTable`)."""
        return self.tables.state(table_id)

    def cards_of(self, table_id: str, member: int) -> PrivateCards | None:
        """The member's hole cards in the hand in progress, for that member's eyes only."""
        return self.tables.cards_of(table_id, member)

    def consecutive_timeouts(self, table_id: str, user_id: int) -> int:
        """How many turns in a row the timer has played for the member at the table (reset
        by their own action, by sitting in and by leaving; in memory only)."""
        return self.timeouts.count(table_id, user_id)

    def seated_chips(self, guild_id: int, member: int) -> int:
        """The member's stacks on the guild's open tables (practice chips are no one's)."""
        return self.tables.seated_chips(guild_id, member)

    async def chips_total(self, guild_id: int) -> int:
        """Wallets + table stacks + pots in play in the guild: constant under play."""
        return await self.tables.chips_total(guild_id)

    # ------------------------------------------------------------- start-up and shutdown

    async def quiesce(self) -> None:
        """Wait for every operation in flight and hold every table (before shutting down):
        whatever was acknowledged is committed, and nothing new starts (but the turn
        messages kept by the shutdown itself, see :meth:`keep_message`)."""
        await self.tables.quiesce()

    async def restore(self, owns: Callable[[TableRecord], bool] | None = None) -> list[Outcome]:
        """Load every open table this process drives (``owns``, by default all of them) and
        is not driving yet, with its hand in progress (rebuilt by replay); a turn whose
        deadline passed while the bot was down gets a fresh one. One outcome per table.

        Called again later (when a lease on another table was won, see
        :mod:`bot.tables.lease_keeper`), it picks up only the tables that are new to it."""
        return await self.tables.restore(owns)

    def resume_with(self, resumer: Resumer) -> None:
        """How a command for a table open in the database but not driven here claims it
        (:meth:`bot.tables.lease_keeper.LeaseKeeper.resume`); without one, such a command is
        refused with :class:`~bot.tables.errors.TableResuming`."""
        self.tables.resumer = resumer

    async def forget(self, table_ids: Sequence[str]) -> None:
        """Stop driving tables another process has taken over (their leases moved on): drop
        them from memory once the operation in flight ends, writing nothing. Their loops find
        no table at their next step and end."""
        await self.tables.forget(table_ids)

    # ------------------------------------------------------------- seats

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: HouseRules,
        buy_in: int | None = None,
        *,
        preset: str | None = None,
        name: str | None = None,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`SeatCommands.open_table
        <bot.tables.seat_commands.SeatCommands.open_table>`."""
        return await self.seats.open_table(
            guild_id, channel_id, host_id, rules, buy_in, preset=preset, name=name,
            request=request,
        )  # fmt: skip

    async def join(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        buy_in: int | None = None,
        *,
        name: str | None = None,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`SeatCommands.join <bot.tables.seat_commands.SeatCommands.join>`."""
        return await self.seats.join(
            guild_id, channel_id, user_id, buy_in, name=name, request=request
        )

    async def leave(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """See :meth:`SeatCommands.leave <bot.tables.seat_commands.SeatCommands.leave>`."""
        return await self.seats.leave(guild_id, channel_id, user_id, request=request)

    async def stop(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        reason: str = "table stopped",
        *,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`SeatCommands.stop <bot.tables.seat_commands.SeatCommands.stop>`."""
        return await self.seats.stop(guild_id, channel_id, user_id, reason, request=request)

    async def sit_out(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """See :meth:`SeatCommands.sit_out <bot.tables.seat_commands.SeatCommands.sit_out>`."""
        return await self.seats.sit_out(guild_id, channel_id, user_id, request=request)

    async def sit_in(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """See :meth:`SeatCommands.sit_in <bot.tables.seat_commands.SeatCommands.sit_in>`."""
        return await self.seats.sit_in(guild_id, channel_id, user_id, request=request)

    async def keep_message(
        self, table_id: str, kind: str, channel_id: int, message_id: int
    ) -> None:
        """See :meth:`SeatCommands.keep_message
        <bot.tables.seat_commands.SeatCommands.keep_message>`."""
        await self.seats.keep_message(table_id, kind, channel_id, message_id)

    # ------------------------------------------------------------- hands

    async def deal(
        self,
        guild_id: int,
        channel_id: int,
        *,
        button: int | None = None,
        actor: int | None = None,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`HandCommands.deal <bot.tables.hand_commands.HandCommands.deal>`."""
        return await self.hands.deal(
            guild_id, channel_id, button=button, actor=actor, request=request
        )

    async def act(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        action_kind: ActionKind | str,
        amount: int | None = None,
        *,
        hand_id: int | None = None,
        seq: int | None = None,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`HandCommands.act <bot.tables.hand_commands.HandCommands.act>`."""
        return await self.hands.act(
            guild_id, channel_id, user_id, action_kind, amount, hand_id=hand_id, seq=seq,
            request=request,
        )  # fmt: skip

    async def timeout(
        self, table_id: str, *, hand_id: int | None = None, seq: int | None = None
    ) -> Outcome | None:
        """See :meth:`HandCommands.timeout <bot.tables.hand_commands.HandCommands.timeout>`."""
        return await self.hands.timeout(table_id, hand_id=hand_id, seq=seq)

    async def agree_run_twice(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        hand_id: int,
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`HandCommands.agree_run_twice
        <bot.tables.hand_commands.HandCommands.agree_run_twice>`."""
        return await self.hands.agree_run_twice(
            guild_id, channel_id, user_id, hand_id=hand_id, request=request
        )

    async def run_twice_timeout(self, table_id: str, *, hand_id: int) -> Outcome | None:
        """See :meth:`HandCommands.run_twice_timeout
        <bot.tables.hand_commands.HandCommands.run_twice_timeout>`."""
        return await self.hands.run_twice_timeout(table_id, hand_id=hand_id)

    async def fair_report(self, guild_id: int, hand_id: int) -> FairReport:
        """See :meth:`HandCommands.fair_report
        <bot.tables.hand_commands.HandCommands.fair_report>`."""
        return await self.hands.fair_report(guild_id, hand_id)

    # ------------------------------------------------------------- computer players

    async def add_computer(
        self,
        guild_id: int,
        channel_id: int,
        level: Level,
        *,
        name_of: Callable[[int], str],
        request: int | None = None,
    ) -> Outcome:
        """See :meth:`ComputerCommands.add_computer
        <bot.tables.computer_commands.ComputerCommands.add_computer>`."""
        return await self.computers.add_computer(
            guild_id, channel_id, level, name_of=name_of, request=request
        )

    async def remove_computer(
        self, guild_id: int, channel_id: int, member: int, *, request: int | None = None
    ) -> Outcome:
        """See :meth:`ComputerCommands.remove_computer
        <bot.tables.computer_commands.ComputerCommands.remove_computer>`."""
        return await self.computers.remove_computer(guild_id, channel_id, member, request=request)

    def view_of(self, table_id: str, member: int, hand_id: int, seq: int) -> PlayerView | None:
        """See :meth:`ComputerCommands.view_of
        <bot.tables.computer_commands.ComputerCommands.view_of>`."""
        return self.computers.view_of(table_id, member, hand_id, seq)
