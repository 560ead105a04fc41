"""The open tables of one process, one lock each, and the phases every command shares:
apply an action and commit it, hold a run-out for its choice, settle the hand's end.

:class:`LiveTables` is the core that the command classes hold
(:class:`~bot.tables.hand_commands.HandCommands`, :class:`~bot.tables.seat_commands.SeatCommands`,
:class:`~bot.tables.computer_commands.ComputerCommands`) and that
:class:`~bot.tables.service.TableService` puts together. A write that fails rebuilds the table
from the store (:meth:`LiveTables.reload`), so memory never runs ahead of the database;
:meth:`LiveTables.emit` builds each command's frozen outcome under the table's lock and hands
it to the listeners before the lock is released.

Every command enters its table through :meth:`LiveTables.enter`, which takes the lock and a
checkpoint of the table. When a write fails and the store cannot be read either (the database
is down), the table is rolled back to that checkpoint, what the database last had, and marked
stale: the next command reloads it from the store before anything else, so nothing acts on a
state the database never had, and the table moves on by itself once the database is back. A
table open in the database but not held here (another process's lease has not expired yet) is
claimed through :attr:`LiveTables.resumer` when a command comes for it, or refused with
:class:`~bot.tables.errors.TableResuming`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.store.errors import TableTaken
from bot.store.leases import open_table as open_leased
from bot.store.records import TableRecord
from bot.store.store import Store
from bot.tables.errors import NoTable, TableResuming
from bot.tables.live import (
    NOBODY,
    Ended,
    Live,
    Saved,
    TableLock,
    close_hand,
    log,
    log_actions,
    log_event,
    rebuild,
    roll_back,
    runs_now,
    save_point,
    table_chips,
    wallet_free,
)
from bot.tables.outcomes import Outcome, OutcomeKind, PrivateCards, RunTwiceAsk, TableState
from bot.tables.runouts import RUN_TWICE_SECONDS, spot_of
from bot.tables.snapshot import KeptState, showdown_of
from engine import Action, ActionKind, Hand, Table
from engine.codec import table_to_dict
from engine.events import Event, HandEnded, is_private
from engine.table import TableEvent

__all__ = ["RESUME_WAIT", "Listener", "LiveTables", "Resumer"]

RESUME_WAIT = 1.5
"""Seconds a command for a table another process holds waits before it is refused (within
the interaction's time to answer, before its deferral: :mod:`bot.discord.table.messages`)."""

Listener = Callable[[Outcome], None]
Resumer = Callable[[str], Awaitable[None]]
"""Claims an open table this process does not drive yet, and restores it if the claim won
(:meth:`bot.tables.lease_keeper.LeaseKeeper.resume`)."""


class LiveTables:
    """Every open table in memory (:class:`~bot.tables.live.Live`), its lock, and the phases
    of a hand; ``clock`` gives seconds since the epoch."""

    def __init__(
        self, store: Store, *, clock: Callable[[], float], resume_wait: float = RESUME_WAIT
    ) -> None:
        self.store = store
        self.clock = clock
        self.resume_wait = resume_wait
        self._open: dict[str, Live] = {}
        self._locks: dict[str, TableLock] = {}
        self._listeners: list[Listener] = []
        self.quiesced = False
        """Whether :meth:`quiesce` holds every table (the process is shutting down)."""
        self.resumer: Resumer | None = None
        """How a table open in the database but not held here is claimed (the lease keeper's)."""
        self._saved: dict[str, Saved] = {}
        self._stale: set[str] = set()

    # ------------------------------------------------------------- the tables

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every outcome, under the table's lock, in order. It must
        not block: queue the outcome and return."""
        self._listeners.append(listener)

    def table_ids(self) -> list[str]:
        return sorted(self._open)

    def has_table(self, table_id: str) -> bool:
        return table_id in self._open

    def lock(self, table_id: str) -> TableLock:
        """The table's lock: every change to it, and every outcome, happens under it."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = TableLock()
        return lock

    def live(self, table_id: str) -> Live:
        """The open table (raises :class:`NoTable`)."""
        live = self._open.get(table_id)
        if live is None:
            raise NoTable("no table is open in this channel", table=table_id)
        return live

    @asynccontextmanager
    async def enter(self, table_id: str) -> AsyncIterator[Live]:
        """Enter the open table for a command: its lock, a fresh copy if a failed write left
        it stale, and a checkpoint to roll back to. Raises :class:`NoTable`, or
        :class:`TableResuming` for a table open in the database that another process still
        drives (see the module docstring)."""
        if table_id not in self._open:
            await self._resume(table_id)
        async with self.lock(table_id):
            try:
                yield await self._checkpoint(table_id)
            finally:
                self._saved.pop(table_id, None)

    @asynccontextmanager
    async def enter_if_open(self, table_id: str) -> AsyncIterator[Live | None]:
        """As :meth:`enter` for the timer's moves: ``None`` when the table is not held here."""
        async with self.lock(table_id):
            if table_id not in self._open:
                yield None
                return
            try:
                yield await self._checkpoint(table_id)
            finally:
                self._saved.pop(table_id, None)

    async def _checkpoint(self, table_id: str) -> Live:
        if table_id in self._stale:
            await self._load(table_id)  # raises while the database is still unreachable
        live = self.live(table_id)
        self._saved[table_id] = save_point(live)
        return live

    async def absent(self, table_id: str) -> NoTable | TableResuming | None:
        """Why a command cannot reach the table here: ``None`` when it is held (perhaps
        resumed just now, see :meth:`enter`), else the error to tell the member."""
        if table_id in self._open:
            return None
        try:
            await self._resume(table_id)
        except TableResuming as resuming:
            return resuming
        if table_id in self._open:
            return None
        return NoTable("no table is open in this channel", table=table_id)

    async def refusal(self, table_id: str) -> NoTable | TableResuming:
        """What to tell a member whose control found no table held here: it is resuming
        (open in the database: another process's lease, or resumed just now), or there is
        none."""
        missing = await self.absent(table_id)
        return missing or TableResuming("the table is resuming", table=table_id)

    async def _resume(self, table_id: str) -> None:
        """A command for a table not held here: if the database has it open, claim it now
        (its old owner's lease may have expired), else say it is resuming."""
        record = await self.store.load_table(table_id)
        if record is None or not record.open:
            return  # no table: the command says so
        if self.resumer is not None:
            await self.resumer(table_id)
            if table_id not in self._open:
                await self.refusal_pause()
                await self.resumer(table_id)
        if table_id not in self._open:
            raise TableResuming("the table is resuming after a restart", table=table_id)

    async def refusal_pause(self) -> None:
        """Wait a moment before saying a table is resuming: a lease about to expire may be
        won meanwhile, and when a second copy of the bot (the same shards, by mistake) drives
        the table, its answer reaches the member first and this one is dropped."""
        await asyncio.sleep(self.resume_wait)

    async def open_new(
        self, table_id: str, guild_id: int, channel_id: int, table: Table,
        settings: dict[str, Any],
    ) -> Live:  # fmt: skip
        """Write a new table (taking its lease, :func:`bot.store.leases.open_table`) and hold
        it here. The database decides whether the channel is free, not this process's
        memory: a table open there, or leased by another process, is never written over
        (:class:`TableResuming`: its driver crashed and its lease has not expired, or a
        second copy of the bot runs the same shards). Called under the table's lock."""
        try:
            await open_leased(
                self.store, table_id, guild_id=guild_id, channel_id=channel_id,
                state=table_to_dict(table), now=self.clock(), settings=settings,
            )  # fmt: skip
        except TableTaken as taken:
            if taken.leased:
                await self.refusal_pause()
            raise TableResuming("the table is resuming", table=table_id) from taken
        live = Live(
            table_id=table_id, guild_id=guild_id, channel_id=channel_id, table=table,
            settings=settings,
        )  # fmt: skip
        self.add(live)
        return live

    def find(self, table_id: str) -> Live | None:
        """The open table, ``None`` when there is none (a timer's late move)."""
        return self._open.get(table_id)

    def add(self, live: Live) -> None:
        """Hold a table just opened or restored."""
        self._open[live.table_id] = live

    def drop(self, table_id: str) -> Live | None:
        """Let a table go (closed, handed over); the table, if it was held."""
        self._stale.discard(table_id)
        return self._open.pop(table_id, None)

    def state(self, table_id: str) -> TableState:
        """The table as it stands now (raises :class:`NoTable`)."""
        return self.state_of(self.live(table_id))

    def cards_of(self, table_id: str, member: int) -> PrivateCards | None:
        """The member's hole cards in the hand in progress, for that member's eyes only."""
        live = self.live(table_id)
        if live.kept is None:
            live.kept = KeptState()
        found = live.kept.private(live.table.hand, hand_id=live.hand_id, members=live.players)
        return next((p for p in found if p.member == member), None)

    def seated_chips(self, guild_id: int, member: int) -> int:
        """The member's stacks on the guild's open tables (practice chips are no one's)."""
        player = str(member)
        return sum(
            seat.stack
            for live in self._open.values()
            if live.guild_id == guild_id and not wallet_free(live)
            for seat in live.table.seats
            if seat is not None and seat.player == player
        )

    async def chips_total(self, guild_id: int) -> int:
        """Wallets + table stacks + pots in play in the guild: constant under play."""
        tables = sorted(t for t, live in self._open.items() if live.guild_id == guild_id)
        locks = [self.lock(t) for t in tables]
        for lock in locks:
            await lock.acquire()
        try:
            total = await self.store.total_balance(guild_id)
            for t in tables:
                live = self._open.get(t)
                if live is not None and not wallet_free(live):
                    total += table_chips(live.table)
            return total
        finally:
            for lock in reversed(locks):
                lock.release()

    # ------------------------------------------------------------- start-up

    async def quiesce(self) -> None:
        """Wait for every operation in flight and hold every table (before shutting down)."""
        for table_id in list(self._open):
            await self.lock(table_id).acquire()
        self.quiesced = True

    async def restore(self, owns: Callable[[TableRecord], bool] | None = None) -> list[Outcome]:
        """Load every open table ``owns`` accepts (by default all) not held yet, with its
        hand in progress (rebuilt by replay); a turn whose deadline passed while the bot was
        down gets a fresh one. One outcome per table."""
        hands = {h.table_id: h for h in await self.store.open_hands()}
        restored = []
        for record in await self.store.load_open_tables():
            if record.table_id in self._open or (owns is not None and not owns(record)):
                continue
            async with self.lock(record.table_id):
                live = rebuild(record, hands.get(record.table_id))
                self.add(live)
                try:
                    await self.settle_if_over(live)
                    now = self.clock()
                    if live.hand_id is not None and (live.deadline is None or live.deadline <= now):
                        live.deadline = self.deadline(live, now)
                        await self.store.set_deadline(live.hand_id, live.deadline)
                except BaseException:
                    self.drop(record.table_id)  # not held without its outcome: tried again
                    raise
                log_event(live, "restored", hand=live.hand_id)
                restored.append(self.emit(live, OutcomeKind.RESTORED))
        return restored

    async def forget(self, table_ids: Sequence[str]) -> None:
        """Drop tables another process has taken over, once the operation in flight ends,
        writing nothing."""
        for table_id in table_ids:
            async with self.lock(table_id):
                live = self.drop(table_id)
            if live is not None:
                log_event(live, "handed over", hand=live.hand_id)

    # ------------------------------------------------------------- outcomes

    def state_of(self, live: Live) -> TableState:
        """The public state of a held table, copied out as values: the one taken last while
        the table's lock stays free since (nothing changed), else taken again where the table
        changed (:class:`~bot.tables.snapshot.KeptState`)."""
        lock = self.lock(live.table_id)
        free = not lock.locked()
        if free and live.kept_state is not None and live.kept_at == lock.releases:
            return live.kept_state
        if live.kept is None:
            live.kept = KeptState()
        ask = None
        if live.asked and live.hand_id is not None and live.deadline is not None:
            ask = RunTwiceAsk(
                hand_id=live.hand_id, members=live.asked, agreed=tuple(sorted(live.agreed)),
                deadline=live.deadline,
            )  # fmt: skip
        state = live.kept.take(
            live.table, table_id=live.table_id, guild_id=live.guild_id,
            channel_id=live.channel_id, settings=live.settings, hand_id=live.hand_id,
            members=live.players, deadline=live.deadline, ask=ask,
        )  # fmt: skip
        live.kept_state, live.kept_at = state, lock.releases if free else -1
        return state

    def emit(
        self,
        live: Live,
        kind: OutcomeKind,
        *,
        ended: Ended | None = None,
        hand: tuple[int | None, tuple[int, ...]] | None = None,
        events: Sequence[Event] = (),
        **fields: Any,
    ) -> Outcome:
        """The outcome of a command, handed to every listener before the lock is released."""
        live.serial += 1
        hand_id, members = hand if hand is not None else (live.hand_id, live.players)
        state = self.state_of(live)
        kept = live.kept
        assert kept is not None  # made by state_of
        lock = self.lock(live.table_id)
        if lock.locked():
            # The outcome is the command's last word: its state is the table's once the lock
            # is released, and stands until the lock is taken again.
            live.kept_at = lock.releases + 1
        outcome = Outcome(
            kind=kind,
            table_id=live.table_id,
            serial=live.serial,
            state=state,
            hand_id=hand_id,
            hand_members=members,
            events=tuple(e for e in events if not is_private(e)),
            table_events=ended.table_events if ended is not None else (),
            hand_over=ended is not None,
            showdown=ended.showdown if ended is not None else None,
            runout=ended.runout if ended is not None else None,
            private=kept.private(live.table.hand, hand_id=live.hand_id, members=live.players),
            **fields,
        )
        for listener in self._listeners:
            try:
                listener(outcome)
            except Exception:
                log.exception("an outcome listener raised", extra={"table": live.table_id})
        return outcome

    # ------------------------------------------------------------- writes

    def deadline(self, live: Live, now: float) -> float | None:
        """The turn's deadline; for a held run-out, the end of the time to agree."""
        hand = live.table.hand
        if hand is not None and hand.held:
            return now + RUN_TWICE_SECONDS
        if hand is None or hand.to_act is None:
            return None
        return now + live.table.rules.turn_seconds

    async def save(self, live: Live, now: float, *, settings: bool = False) -> None:
        """Write the table's state (and its settings, when they changed)."""
        await self.store.save_table(
            live.table_id, guild_id=live.guild_id, channel_id=live.channel_id,
            state=table_to_dict(live.table), now=now, settings=live.settings if settings else None,
        )  # fmt: skip

    async def reload(self, table_id: str) -> None:
        """Rebuild a table from the store after a failed write (memory must not run ahead).
        When the store cannot be read either, roll the table back to the checkpoint
        :meth:`enter` took, which the database holds too, and reload it before its next use
        (a write may have committed unseen: the database is the truth)."""
        try:
            await self._load(table_id)
        except Exception:
            self._stale.add(table_id)
            saved = self._saved.get(table_id)
            current = self._open.get(table_id)
            if saved is not None and current is not None:
                self.add(roll_back(saved, current.serial))
            log.warning(
                "the store is unreachable: table rolled back, to be reloaded",
                extra={"table": table_id},
            )

    async def _load(self, table_id: str) -> None:
        record = await self.store.load_table(table_id)
        if record is None or not record.open:
            self.drop(table_id)
            self._stale.discard(table_id)
            return
        hand = next((h for h in await self.store.open_hands() if h.table_id == table_id), None)
        serial = self._open[table_id].serial if table_id in self._open else 0
        self.add(replace(rebuild(record, hand), serial=serial))
        self._stale.discard(table_id)

    # ------------------------------------------------------------- a hand's phases

    async def apply(
        self, live: Live, action: Action | None
    ) -> tuple[tuple[Event, ...], tuple[int, ...], Ended | None]:
        """Apply ``action`` (the engine raises, changing nothing, if it is illegal; ``None``
        for none), fold for every member who left the table during the hand as their turn
        comes, and deal a held run-out whose runs are known at once
        (:func:`~bot.tables.live.runs_now`); then write it all in one transaction, with the
        hand's end when it ended: the events, the members folded for, and the hand's end. A
        write that fails leaves nothing of it in the database, and the table here as it was
        (reloaded), so the same move plays again once the database takes it: never a move
        kept without the hand's end it made."""
        table = live.table
        hand = table.hand
        assert hand is not None and live.hand_id is not None
        seq = len(hand.actions)
        played: list[Action] = []
        events: list[Event] = []
        folded: list[int] = []
        if action is not None:
            events.extend(hand.act(action))
            played.append(action)
        while not hand.held and hand.to_act is not None:
            index = hand.to_act
            seat = table.seats[table.hand_seats[index]]
            if seat is None or not seat.leaving:
                break
            fold = Action(player=index, kind=ActionKind.FOLD)
            events.extend(hand.act(fold))
            played.append(fold)
            folded.append(int(seat.player))
        if not played:
            return (), (), None
        runs = runs_now(live) if hand.held else None
        if runs is not None:
            events.extend(hand.run_out(runs))
        now = self.clock()
        if hand.is_over:
            ended = await self.settle(live, now, actions=played, runs=runs)
            return tuple(events), tuple(folded), ended
        deadline = self.deadline(live, now)
        try:
            await self.store.append_action(live.hand_id, seq, *played, deadline=deadline)
        except BaseException:
            await self.reload(live.table_id)
            raise
        live.deadline = deadline
        log_actions(live, seq, played)
        if hand.held:  # the players still in choose the runs
            live.asked = tuple(live.players[p] for p in hand.live_players())
            live.agreed = NOBODY
        return tuple(events), tuple(folded), None

    async def run_out(self, live: Live, runs: int) -> tuple[tuple[Event, ...], Ended]:
        """Deal a held run-out ``runs`` times and settle the hand: the choice is written with
        the hand's end, in one transaction (a restart deals the same boards)."""
        hand = live.table.hand
        assert hand is not None
        events = tuple(hand.run_out(runs))
        return events, await self.settle(live, self.clock(), runs=runs)

    async def settle_if_over(self, live: Live) -> None:
        """A hand whose last action committed but whose end did not (a crash or a failed
        write in between) is settled before anything else happens at the table."""
        hand = live.table.hand
        if hand is not None and hand.is_over:
            await self.settle(live, self.clock())

    async def runs_awaited(self, live: Live, hand_id: int) -> bool:
        """Whether hand ``hand_id``'s run-out is held for its choice of runs, the question an
        answer or its deadline is for (a hand left over is settled first, so it is not)."""
        await self.settle_if_over(live)
        hand = live.table.hand
        return hand is not None and hand.held and live.hand_id == hand_id

    async def settle(
        self, live: Live, now: float, *, actions: Sequence[Action] = (), runs: int | None = None
    ) -> Ended:
        """The hand's end, the new stacks and the leavers' cash-outs in one transaction, with
        the hand's last ``actions`` and the ``runs`` of its held run-out when they ended it
        (see :meth:`apply`)."""
        hand = live.table.hand
        assert hand is not None and live.hand_id is not None
        seq = len(hand.actions) - len(actions)
        table_events, end = close_hand(live, now)
        try:
            await self.store.finish_hand(
                live.hand_id, nets=end.nets, now=now, result=end.result,
                table_state=end.table_state, moves=end.moves, counted=end.counted,
                facts=end.facts, actions=actions, seq=seq, runs=runs,
            )  # fmt: skip
        except BaseException:
            await self.reload(live.table_id)
            raise
        log_actions(live, seq, actions)
        if runs is not None:
            log_event(live, "run out", hand=live.hand_id, runs=runs)
        return self.finished(live, hand, table_events)

    def finished(self, live: Live, hand: Hand, table_events: tuple[TableEvent, ...]) -> Ended:
        """The end of ``hand`` (its showdown and run-out, the table's ``table_events``) once
        it is written, and the table then: no hand in progress, nobody asked."""
        assert live.hand_id is not None
        last = hand.events[-1]
        assert isinstance(last, HandEnded)
        showdown = showdown_of(
            hand, hand_id=live.hand_id, members=live.players, settings=live.settings
        )
        ended = Ended(
            table_events=table_events, showdown=showdown, runout=spot_of(hand, live.hand_id)
        )
        log_event(live, "hand finished", hand=live.hand_id, net=",".join(map(str, last.net)))
        live.hand_id, live.players, live.deadline = None, (), None
        live.asked, live.agreed = (), NOBODY
        return ended
