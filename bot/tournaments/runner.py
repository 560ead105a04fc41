"""One event's runner: the only writer of its inputs, one serial loop, like a table's.

Everything that can change an event comes in as a job on the runner's queue: a member
registers, a table asks to deal, a table's hand ended, the clock moved. The runner asks the
director (:func:`engine.tournament.apply`, pure) for the decisions, writes the input (with the
wallet moves it brings: buy-ins, refunds, prizes) in one transaction, and only then acts:

- the live tables are made to match the director's seats (:meth:`EventRunner.sync`): a
  thread and a live table for every table of the event, players moved and removed, broken
  tables closed; a moved player is pinged in the new thread;
- every :class:`~engine.tournament.HandDealt` is dealt at its table with the director's plan.

A crash anywhere leaves the written inputs as the truth: on a restart the runner replays them
(:func:`engine.tournament.replay`) and :meth:`EventRunner.resume` finishes what was decided
but not done (a hand that ended but was not reported, a deal that was decided but not made,
a thread not opened yet), so every table and the level clock go on where they stood.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.guilds.wallets import Reason
from bot.store.errors import StoreUnavailable
from bot.store.records import EventRecord, WalletMove
from bot.store.store import Store
from bot.tables.computers import is_computer
from bot.tables.errors import NoTable
from bot.tables.outcomes import Outcome, TableState
from bot.tables.service import TableService, table_id_for
from bot.tournaments.clock import EventClock
from bot.tournaments.codec import (
    config_from_dict,
    config_to_dict,
    input_from_dict,
    input_to_dict,
)
from bot.tournaments.host import EventHost, EventInfo
from bot.tournaments.rules import event_rules
from engine.errors import SessionError
from engine.tournament import (
    BreakEnded,
    BreakStarted,
    ClockTicked,
    Decision,
    EditEvent,
    EventConfig,
    EventFinished,
    EventStarted,
    EventState,
    EventStopped,
    HandDealt,
    HandFinished,
    HandForHand,
    HandStarting,
    Input,
    LevelStarted,
    Pause,
    Phase,
    PlaceFinished,
    PlayerMoved,
    PlayerRemoved,
    PlayPaused,
    Registered,
    RegistrationClosed,
    Resume,
    StackSet,
    Start,
    TableBroken,
    TableOpened,
    Unregistered,
    apply,
    new_event,
)

__all__ = ["CLOCK_STEP", "FIRST_DEAL_PAUSE", "EventRunner"]

log = logging.getLogger("holdem.tournament")

FIRST_DEAL_PAUSE = 5.0
"""Seconds between a table's opening (its players pinged in the thread) and its first deal."""
CLOCK_STEP = 5.0
"""How often the runner looks at the clock: a level or a break starts within this."""
UNREACHABLE_PAUSE = 1.0
"""Seconds between two tries of a table's report while the database cannot be reached."""


_NEWS = (
    EventStarted, LevelStarted, BreakStarted, BreakEnded, TableBroken, HandForHand,
    RegistrationClosed, EventFinished, PlayPaused, PlayerRemoved, StackSet, EventStopped,
)  # fmt: skip
"""The decisions the event message shows at once (the rest, the stacks, can wait a moment)."""


def _hand_ref(hand_id: int) -> str:
    """What a table's report of a hand's end is written with: the hand it closes (a restart
    tells by it whether the report was written)."""
    return f"hand:{hand_id}"


@dataclass(frozen=True, kw_only=True, slots=True)
class _Job:
    item: Input | None
    """``None``: carry out what was decided and not done (:meth:`EventRunner.resume`)."""
    ref: str | None = None
    done: asyncio.Future[tuple[Decision, ...]] | None = None


@dataclass(kw_only=True)
class EventRunner:
    """Runs one event (see the module docstring). ``clock``: seconds since the epoch."""

    store: Store
    service: TableService
    host: EventHost
    info: EventInfo
    config: EventConfig
    clock: Callable[[], float]
    first_deal_pause: float = FIRST_DEAL_PAUSE
    lease: Callable[[], Awaitable[bool]] | None = None
    """Renews the event's lease (several processes): ``False`` when another process holds it."""
    state: EventState = field(init=False)
    decisions: list[Decision] = field(default_factory=list)
    seq: int = 0
    refs: set[str] = field(default_factory=set)
    closed: bool = False
    stale: bool = False
    """Something decided was not carried out (see :meth:`resume`)."""
    event_clock: EventClock = field(init=False)
    _queue: asyncio.Queue[_Job] = field(default_factory=asyncio.Queue)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _main: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.state = new_event(self.config)
        self.event_clock = EventClock(now=self.clock)

    # ----------------------------------------------------------------- loading

    @classmethod
    def load(
        cls,
        record: EventRecord,
        *,
        store: Store,
        service: TableService,
        host: EventHost,
        clock: Callable[[], float],
        first_deal_pause: float = FIRST_DEAL_PAUSE,
        lease: Callable[[], Awaitable[bool]] | None = None,
    ) -> EventRunner:
        """The event as its written inputs leave it (nothing is done yet: see :meth:`start`)."""
        info = EventInfo(
            event_id=record.event_id, guild_id=record.guild_id, channel_id=record.channel_id,
            message_id=record.message_id, name=record.name, status=record.status,
            settings=dict(record.settings),
        )  # fmt: skip
        runner = cls(
            store=store, service=service, host=host, info=info,
            config=config_from_dict(record.config), clock=clock,
            first_deal_pause=first_deal_pause, lease=lease,
        )  # fmt: skip
        seconds = 0.0
        for row in record.inputs:
            item = input_from_dict(row.data)
            runner.state, taken = apply(runner.state, item)
            runner.decisions.extend(taken)
            if row.ref is not None:
                runner.refs.add(row.ref)
            if isinstance(item, (ClockTicked, Pause)):
                seconds = item.seconds
        runner.seq = len(record.inputs)
        runner.config = runner.state.config  # as the director's edits before the start left it
        runner.event_clock.restart(seconds)
        return runner

    # ----------------------------------------------------------------- the loop

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._main = loop.create_task(self._run(), name=f"event {self.info.event_id}")

    async def stop(self) -> None:
        self.closed = True
        me = asyncio.current_task()
        tasks = [t for t in (self._main, *self._tasks) if t is not None and t is not me]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def submit(self, item: Input, *, ref: str | None = None) -> tuple[Decision, ...]:
        """Have the runner apply ``item``; its decisions once written and acted on. Raises
        :class:`~engine.errors.SessionError` (nothing written) when the director refuses it,
        and the store's errors when it cannot be written."""
        done: asyncio.Future[tuple[Decision, ...]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Job(item=item, ref=ref, done=done))
        return await done

    def put(self, item: Input, *, ref: str | None = None) -> None:
        """Queue ``item`` with no one waiting for it (a refusal is logged)."""
        self._queue.put_nowait(_Job(item=item, ref=ref))

    async def _run(self) -> None:
        try:
            await self.resume()
        except Exception:
            log.exception("an event could not resume", extra={"tournament": self.info.event_id})
        ticker = asyncio.get_running_loop().create_task(self._tick())
        self._tasks.add(ticker)
        while not self.closed:
            job = await self._queue.get()
            if job.item is None:
                await self._resume_again()
                continue
            try:
                taken = await self._written(job)
            except Exception as error:
                if job.done is not None and not job.done.done():
                    job.done.set_exception(error)
                elif isinstance(error, SessionError) and error.code == "tournament_too_few":
                    await self._call_off()  # the start time came with too few registered
                elif not isinstance(error, SessionError):
                    log.exception("an event input failed", extra={"tournament": self.info.event_id})
                continue
            if job.done is not None and not job.done.done():
                job.done.set_result(taken)  # written: acknowledged, whatever acting brings
            try:
                await self._act(taken)
            except Exception:
                # Written but not carried out (the database or Discord went away): the clock
                # picks it up again, as a restart would (resume).
                self.stale = True
                log.exception("an event decision waits", extra={"tournament": self.info.event_id})

    async def _resume_again(self) -> None:
        if not self.stale:
            return
        try:
            await self.resume()
        except Exception as error:
            log.warning(
                "an event decision still waits",
                extra={"tournament": self.info.event_id, "error": error},
            )
            return
        self.stale = False

    async def _written(self, job: _Job) -> tuple[Decision, ...]:
        """Write the job's input; a table's report (no one waiting) is tried again every
        second while the database is away, so no hand's end is lost; a member's command
        fails at once, and they are told."""
        while True:
            assert job.item is not None
            try:
                return await self._write(job.item, job.ref)
            except StoreUnavailable:
                if job.done is not None or self.closed:
                    raise
                log.warning(
                    "an event waits for the database", extra={"tournament": self.info.event_id}
                )
                await asyncio.sleep(UNREACHABLE_PAUSE)

    async def _feed(self, item: Input, ref: str | None) -> tuple[Decision, ...]:
        taken = await self._write(item, ref)
        await self._act(taken)
        return taken

    async def _write(self, item: Input, ref: str | None) -> tuple[Decision, ...]:
        """Apply ``item``, write it with its wallet moves, keep the new state."""
        if ref is not None and ref in self.refs:
            return ()
        state, taken = apply(self.state, item)
        started = any(isinstance(d, EventStarted) for d in taken)
        status = self.info.status
        if started:
            status = "running"
        if any(isinstance(d, (EventFinished, EventStopped)) for d in taken):
            status = "finished"
        await self.store.events.append(
            self.info.event_id, self.seq, input_to_dict(item), now=self.clock(), ref=ref,
            moves=self._moves(item, taken),
            status=status if status != self.info.status else None,
            config=config_to_dict(item.config) if isinstance(item, EditEvent) else None,
        )  # fmt: skip
        self.seq += 1
        self.state = state
        self.decisions.extend(taken)
        self.info.status = status
        self.config = state.config
        if ref is not None:
            self.refs.add(ref)
        if isinstance(item, ClockTicked):
            self.event_clock.written = item.seconds
        if started:
            self.event_clock.restart(0.0)
        if isinstance(item, Resume):  # the clock runs on from where the pause stopped it
            self.event_clock.restart(state.seconds)
        return taken

    def _moves(self, item: Input, taken: Sequence[Decision]) -> list[WalletMove]:
        """The wallet moves an input brings: an entry's buy-in, an unregistration's refund,
        the prizes of the places it finished (practice events and computers: none)."""
        buy_in = self.config.buy_in
        if self.info.practice:
            return []
        ref = f"event:{self.info.event_id}"
        moves: list[WalletMove] = []
        if isinstance(item, Registered) and buy_in and not is_computer(int(item.player)):
            moves.append(
                WalletMove(user_id=int(item.player), delta=-buy_in, reason=Reason.ENTRY, ref=ref)
            )
        if isinstance(item, Unregistered) and buy_in and not is_computer(int(item.player)):
            moves.append(
                WalletMove(user_id=int(item.player), delta=buy_in, reason=Reason.REFUND, ref=ref)
            )
        for decision in taken:
            if isinstance(decision, EventStopped):
                moves.extend(
                    WalletMove(user_id=int(p), delta=amount, reason=Reason.REFUND, ref=ref)
                    for p, amount in decision.refunds
                    if amount and not is_computer(int(p))
                )
            if not isinstance(decision, PlaceFinished):
                continue
            place = f"{ref}:place:{decision.best}"
            for player, prize in zip(decision.players, decision.prizes, strict=True):
                if prize and not is_computer(int(player)):
                    moves.append(
                        WalletMove(user_id=int(player), delta=prize, reason=Reason.PRIZE, ref=place)
                    )
        return moves

    # ----------------------------------------------------------------- acting

    async def _act(self, taken: Sequence[Decision]) -> None:
        await self.sync()
        await self._tell_moved([d for d in taken if isinstance(d, PlayerMoved)])
        for decision in taken:
            if isinstance(decision, TableOpened):
                self._deal_later(decision.table)
            elif isinstance(decision, HandDealt):
                await self._deal(decision)
            elif isinstance(decision, (PlayPaused, PlayerRemoved, StackSet)):
                await self._tell(decision)
        if self.state.phase is Phase.FINISHED:
            await self._finish()
        if any(isinstance(d, BreakStarted) for d in taken):
            reading = self.event_clock.reading(self.state)  # a break by hands starts now
            if reading is not None:
                self.put(reading)
        now = any(isinstance(d, _NEWS) for d in taken)
        await self._safely(self.host.changed(self.info, now=now))

    async def _tell_moved(self, moves: list[PlayerMoved]) -> None:
        """The members moved, pinged in their new threads: one message a thread."""
        into: dict[int, list[PlayerMoved]] = {}
        for move in moves:
            if not is_computer(int(move.player)):
                into.setdefault(move.to_table, []).append(move)
        for number, moved in sorted(into.items()):
            thread = self.info.thread_of(number)
            if thread is not None:
                await self._safely(self.host.moved(self.info, tuple(moved), thread))

    async def _tell(self, ruling: PlayPaused | PlayerRemoved | StackSet) -> None:
        """Tell the players of a ruling in their threads: a pause or a resume at every
        table, a removal or a corrected stack at the player's."""
        tables = self.state.tables if isinstance(ruling, PlayPaused) else (ruling.table,)
        for number in sorted(tables):
            thread = self.info.thread_of(number)
            if thread is not None:
                await self._safely(self.host.ruled(self.info, ruling, thread))

    async def pause(self) -> tuple[Decision, ...]:
        """Pause play at the clock's reading now (see :class:`~engine.tournament.Pause`)."""
        return await self.submit(Pause(seconds=self.seconds()))

    async def _safely(self, call: Awaitable[None]) -> None:
        try:
            await call
        except Exception:
            log.exception("the event could not be shown", extra={"tournament": self.info.event_id})

    def table_id(self, number: int) -> str | None:
        thread = self.info.thread_of(number)
        return None if thread is None else table_id_for(self.info.guild_id, thread)

    async def sync(self) -> None:
        """Make every live table of the event match the director's seats."""
        if self.state.phase is Phase.REGISTERING:
            return
        rules = event_rules(self.info.settings)
        names = dict(self.info.settings.get("names") or {})
        finished = self.state.phase is Phase.FINISHED
        for number, table in sorted(self.state.tables.items()):
            thread = self.info.thread_of(number)
            if finished:
                break  # the last table closes below
            if thread is None:
                thread = await self.host.open_thread(self.info, number)
                threads = dict(self.info.settings.get("threads") or {})
                threads[str(number)] = thread
                self.info.settings["threads"] = threads
                await self.store.events.update(
                    self.info.event_id, now=self.clock(), settings=self.info.settings
                )
            table_id = table_id_for(self.info.guild_id, thread)
            if not self.service.tables.has_table(table_id):
                await self.service.events.open_table(
                    self.info.guild_id, thread, rules=rules, seats=table.seats,
                    chips=self.state.chips, names=names, event_id=self.info.event_id,
                    number=number, practice=self.info.practice,
                )  # fmt: skip
                await self._safely(self.host.seated(self.info, number, thread, table.players))
            else:
                await self.service.events.arrange(
                    table_id, table.seats, self.state.chips, names, stacks=not table.in_hand
                )
        for key, thread in sorted((self.info.settings.get("threads") or {}).items()):
            number = int(key)
            if number in self.state.tables and not finished:
                continue
            table_id = table_id_for(self.info.guild_id, int(thread))
            if self.service.tables.has_table(table_id):
                await self.service.events.close_table(table_id)
                await self._safely(self.host.close_thread(self.info, number, int(thread)))

    async def _deal(self, dealt: HandDealt) -> None:
        table_id = self.table_id(dealt.table)
        if table_id is None:
            return
        try:
            await self.service.events.deal(table_id, dealt)
        except NoTable:
            log.warning("a tournament table is gone", extra={"table": table_id})

    def _deal_later(self, number: int) -> None:
        async def later() -> None:
            await asyncio.sleep(self.first_deal_pause)
            self.put(HandStarting(table=number))

        task = asyncio.get_running_loop().create_task(later())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _call_off(self) -> None:
        log.info("event called off", extra={"tournament": self.info.event_id})
        for player in list(self.state.registered):
            await self._feed(Unregistered(player=player), None)
        await self.cancel()

    async def cancel(self) -> None:
        """The event is called off before it starts (its registrations refunded first)."""
        self.info.status = "cancelled"
        await self.store.events.update(self.info.event_id, now=self.clock(), status="cancelled")
        await self._safely(self.host.finished(self.info))
        await self.stop()

    async def _finish(self) -> None:
        await self.sync()
        await self._safely(self.host.finished(self.info))
        self.closed = True

    # ----------------------------------------------------------------- tables' reports

    def hand_over(self, outcome: Outcome) -> None:
        """A hand ended at one of the event's tables (a service listener: never blocks)."""
        number = outcome.state.event_table
        if number is None or outcome.hand_id is None:
            return
        self.put(self._report(number, outcome.state), ref=_hand_ref(outcome.hand_id))

    def _report(self, number: int, live: TableState) -> HandFinished:
        """Table ``number``'s hand is over: the stacks of the players the director dealt in,
        as the live table has them (0 for a player who is out)."""
        table = self.state.tables.get(number)
        stacks = tuple(
            (player, seat.stack if (seat := live.seat_of(int(player))) is not None else 0)
            for player in (table.hand_players if table is not None else ())
        )
        return HandFinished(table=number, stacks=stacks)

    def wants_deal(self, number: int) -> None:
        """The table's loop is ready for the next hand."""
        self.put(HandStarting(table=number))

    # ----------------------------------------------------------------- restarts and the clock

    async def resume(self) -> None:
        """Finish what the written inputs decided but the crash left undone."""
        if self.state.phase is Phase.FINISHED:
            await self._finish()
            return
        await self.sync()
        for number, table in sorted(self.state.tables.items()):
            table_id = self.table_id(number)
            if table_id is None or not self.service.tables.has_table(table_id):
                continue
            live = self.service.tables.state(table_id)
            if live.in_hand:
                continue
            if table.in_hand:
                last = await self.store.table_hands(table_id, 1)
                if last and _hand_ref(last[0].hand_id) not in self.refs:
                    await self._feed(self._report(number, live), _hand_ref(last[0].hand_id))
                    if number in self.state.tables and not self.state.tables[number].in_hand:
                        self._deal_later(number)
                else:
                    dealt = [
                        d for d in self.decisions if isinstance(d, HandDealt) and d.table == number
                    ]
                    if dealt:
                        await self._deal(dealt[-1])
            elif number not in self.state.ready:
                self._deal_later(number)
        await self._safely(self.host.changed(self.info))

    def seconds(self) -> float:
        """Seconds of play on the event's clock now (standing while play is paused)."""
        return self.event_clock.seconds(self.state)

    async def _tick(self) -> None:
        while not self.closed:
            await asyncio.sleep(CLOCK_STEP)
            try:
                await self._tick_once()
            except Exception:
                log.exception("the event clock failed", extra={"tournament": self.info.event_id})

    async def _tick_once(self) -> None:
        if self.lease is not None and not await self.lease():
            log.warning("event lease lost", extra={"tournament": self.info.event_id})
            self.closed = True
            return
        if self.stale:
            self._queue.put_nowait(_Job(item=None))  # resume, in the runner's own order
        state = self.state
        if state.phase is Phase.REGISTERING:
            starts_at = self.info.settings.get("starts_at")
            if isinstance(starts_at, (int, float)) and self.clock() >= starts_at:
                self.put(Start())
            elif isinstance(starts_at, (int, float)):
                await self._remind(float(starts_at))
            return
        reading = self.event_clock.reading(state)
        if reading is not None:
            self.put(reading)

    async def _remind(self, starts_at: float) -> None:
        """Once, ``remind_minutes`` before the start: remind the registered members. The
        reminder is written as sent before it is posted, so a crash in between loses it
        rather than a restart pinging everyone twice."""
        minutes = self.info.settings.get("remind_minutes")
        settings = self.info.settings
        if not isinstance(minutes, int) or minutes <= 0 or settings.get("reminded"):
            return
        members = tuple(p for p in self.state.registered if not is_computer(int(p)))
        if self.clock() < starts_at - 60 * minutes or not members:
            return
        settings["reminded"] = True
        await self.store.events.update(self.info.event_id, now=self.clock(), settings=settings)
        await self._safely(self.host.remind(self.info, members, starts_at))

    # ----------------------------------------------------------------- questions

    def summary(self) -> dict[str, Any]:
        """A few facts for logs and the operators' tools."""
        return {
            "event": self.info.event_id,
            "phase": self.state.phase.value,
            "players": len(self.state.chips),
            "tables": len(self.state.tables),
            "level": self.state.level,
        }
