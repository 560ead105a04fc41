"""One loop per live table: it shows every outcome in order, runs the turn timer and deals
the next hand (:mod:`bot.discord.table.loops` holds every table's loop).

The application hands every outcome to
:meth:`~bot.discord.table.loops.TableLoops.receive` under the table's lock, whatever made it:
a slash command, a button, the Raise form, a leave, a sit-out, an admin stop, a restore, or
the loop's own timeout and deal. So the table moves on even when the interaction that made a
move fails half way. An interaction handler only makes the call and leaves its interaction
with the loop (:meth:`~bot.discord.table.loops.TableLoops.expect`), which answers it.

Time is just another input: the timer sleeps and then puts a tick in the same queue; a
timeout is a move through :meth:`~bot.tables.hand_commands.HandCommands.timeout`, which
refuses it if the decision it was set for was already taken. The time to agree to run it twice
is one more timer of the same kind
(:meth:`~bot.tables.hand_commands.HandCommands.run_twice_timeout`: silence is no).
The next deal is one more: outside servers it waits while no living interaction token could
show the hand (everyone quiet past a token's life, or its follow-ups spent), and the finished
hand's summary keeps the button that deals it (:mod:`bot.discord.controls.next_hand`).

The loop is supervised: an exception is logged with the table id, the loop picks the table up
again from the application's state, and the players see a short notice. Other work for the
dealer (``/holdem table``, a cards panel to keep) joins the same queue, in order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.discord.context import Context, split_table_id
from bot.discord.table.answers import Ticket
from bot.discord.table.anywhere import table_lang
from bot.discord.table.dealer import Dealer
from bot.discord.table.messages import answered_publicly
from bot.present.refusals import error_text
from bot.store.errors import StoreUnavailable
from bot.tables.errors import NoTable
from bot.tables.outcomes import Outcome, OutcomeKind, RunTwiceAsk, TableState, TurnState
from engine import SessionError

__all__ = ["NEXT_HAND_PAUSE", "WARNING_SECONDS", "Crash", "Run", "TableLoop"]

log = logging.getLogger("holdem.bot")

WARNING_SECONDS = 10.0
"""How long before the deadline the player to act is reminded."""
NEXT_HAND_PAUSE = 5.0
"""The default pause between two hands (``HOLDEM_DEAL_PAUSE``: ``Context.deal_pause``)."""
_QUIET_CODES = {"hand_in_progress", "session_over"}
"""Why a planned deal may be refused without a word: someone dealt first, the session ended."""
UNREACHABLE_PAUSE = 1.0
"""Seconds between two tries of a table's timer or deal while the database cannot be
reached: short and steady, so the table moves on as soon as it is back."""

_WAKE = "holdem_table_wake"
"""The client event that wakes a table's loop when something is queued for it."""
_RESUMING = {OutcomeKind.RESTORED, OutcomeKind.JOINED, OutcomeKind.SAT_IN}
"""Between hands, these restart the pause before the next deal (a restored table, or one
refused for too few players that may deal now)."""


class _TickKind(Enum):
    WARN = "warn"
    DEADLINE = "deadline"
    DEAL = "deal"
    RUN_TWICE = "run-twice"


@dataclass(frozen=True, kw_only=True, slots=True)
class _Tick:
    kind: _TickKind
    hand_id: int | None = None
    seq: int | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Run:
    """Work for the dealer in order with the outcomes (``/holdem table``, a panel kept)."""

    work: Callable[[Dealer], Awaitable[None]]
    done: asyncio.Future[None] | None = None
    """Set when the work is over, whatever happened (a notice at shutdown is waited for)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Crash:
    """Raised inside the loop by tests (and nothing else) to exercise its supervisor."""


_Item = Outcome | _Tick | Run | Crash


class TableLoop:
    def __init__(
        self, ctx: Context, take: Callable[[int | None], Ticket | None], table_id: str,
        state: TableState,
    ) -> None:  # fmt: skip
        self.ctx = ctx
        self.take = take
        """The interaction waiting for an outcome's answer (by its request), if any."""
        self.table_id = table_id
        self.guild_id, self.channel_id = split_table_id(table_id)
        self.dealer = Dealer(ctx, table_id, state)
        self.queue: asyncio.Queue[_Item] = asyncio.Queue()
        self.closed = False
        self.failures = 0
        self._task: asyncio.Task[None] | None = None
        self._turn_timer: asyncio.Task[None] | None = None
        self._deal_timer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(
            self._supervise(), name=f"table {self.table_id}"
        )

    def put(self, item: _Item) -> None:
        self.queue.put_nowait(item)
        self.ctx.client.dispatch(_WAKE, self.table_id)

    async def _next(self) -> _Item:
        """The next item; an idle loop waits on the client's own event dispatch, so the
        client (and an offline test harness) knows the loop is parked, not stuck."""
        while self.queue.empty():
            await self.ctx.client.wait_for(_WAKE, check=lambda table_id: table_id == self.table_id)
        return self.queue.get_nowait()

    async def idle(self) -> None:
        """Wait until everything queued so far has been shown (for tests and shutdown)."""
        await self.queue.join()

    # ----------------------------------------------------------------- supervision

    async def _supervise(self) -> None:
        while not self.closed:
            try:
                await self._run()
            except asyncio.CancelledError:
                raise
            except StoreUnavailable as error:  # the database restarts: try again shortly
                self.failures += 1
                log.warning(
                    "the table waits for the database",
                    extra={"table": self.table_id, "failures": self.failures, "error": error},
                )
                await asyncio.sleep(UNREACHABLE_PAUSE)
                await self._recover(backoff=False)
            except Exception:
                self.failures += 1
                log.exception(
                    "the table loop failed; picking the table up again",
                    extra={"table": self.table_id, "failures": self.failures},
                )
                await self._recover()

    async def _run(self) -> None:
        while not self.closed:
            item = await self._next()
            try:
                await self._handle(item)
                self.failures = 0
            finally:
                self.queue.task_done()

    async def _recover(self, *, backoff: bool = True) -> None:
        """Start again from the application's state: fresh buttons and timers."""
        if backoff and self.failures > 3:
            await asyncio.sleep(min(30.0, float(self.failures)))  # a persistent fault
        try:
            state = self.ctx.service.tables.state(self.table_id)
        except NoTable:
            self.close()
            return
        try:
            # Said once per run of failures: a fault that persists must not flood the channel.
            await self.dealer.resync(state, notice=self.failures == 1)
        except Exception:
            log.exception("could not tell the table", extra={"table": self.table_id})
        self._schedule(state, after=None)

    # ----------------------------------------------------------------- items

    async def _handle(self, item: _Item) -> None:
        if isinstance(item, Outcome):
            await self._show(item)
        elif isinstance(item, _Tick):
            await self._tick(item)
        elif isinstance(item, Run):
            try:
                await item.work(self.dealer)
            finally:
                if item.done is not None and not item.done.done():
                    item.done.set_result(None)
        else:
            raise RuntimeError("a crash asked for by a test")

    async def _show(self, outcome: Outcome) -> None:
        ticket = self.take(outcome.request) if answered_publicly(outcome) else None
        try:
            await self.dealer.show(outcome, ticket)
        finally:
            # Whatever the table saw, its clock keeps going.
            self._schedule(outcome.state, after=outcome)
            if outcome.closed:
                self.close()

    def _schedule(self, state: TableState, *, after: Outcome | None) -> None:
        """The turn timer for the turn in the state; the next deal after a finished hand."""
        if self.closed:
            return
        self._cancel(self._turn_timer)
        self._turn_timer = None
        if state.turn is not None and state.turn.deadline is not None:
            self._turn_timer = self._later(self._turn_ticks(state.turn))
        elif state.run_twice is not None:
            self._turn_timer = self._later(self._ask_tick(state.run_twice))
        if state.in_hand:
            self._cancel(self._deal_timer)
            self._deal_timer = None
            return
        between = state.hands_played > 0 and not state.session_over
        ended = after is None or after.hand_over or after.kind in _RESUMING
        if between and ended and self._deal_timer is None:
            self._deal_timer = self._later(self._deal_tick(self.ctx.deal_pause))

    def _later(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        return task

    @staticmethod
    def _cancel(task: asyncio.Task[None] | None) -> None:
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _turn_ticks(self, turn: TurnState) -> None:
        assert turn.deadline is not None
        warn_in = turn.deadline - WARNING_SECONDS - self.ctx.clock()
        if warn_in > 0:
            await asyncio.sleep(warn_in)
            self.put(_Tick(kind=_TickKind.WARN, hand_id=turn.hand_id, seq=turn.seq))
        rest = turn.deadline - self.ctx.clock()
        if rest > 0:
            await asyncio.sleep(rest)
        self.put(_Tick(kind=_TickKind.DEADLINE, hand_id=turn.hand_id, seq=turn.seq))

    async def _ask_tick(self, ask: RunTwiceAsk) -> None:
        rest = ask.deadline - self.ctx.clock()
        if rest > 0:
            await asyncio.sleep(rest)
        self.put(_Tick(kind=_TickKind.RUN_TWICE, hand_id=ask.hand_id))

    async def _deal_tick(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._deal_timer = None
        self.put(_Tick(kind=_TickKind.DEAL))

    async def _tick(self, tick: _Tick) -> None:
        service = self.ctx.service
        if not service.tables.has_table(self.table_id):
            self.close()
            return
        state = service.tables.state(self.table_id)
        turn = state.turn
        current = turn is not None and (turn.hand_id, turn.seq) == (tick.hand_id, tick.seq)
        if tick.kind is _TickKind.WARN:
            if current and turn is not None:
                await self.dealer.warn(turn)
        elif tick.kind is _TickKind.DEADLINE:
            if not current:
                return
            outcome = await service.hands.timeout(self.table_id, hand_id=tick.hand_id, seq=tick.seq)
            if outcome is None:  # the deadline moved (a restart gave a fresh one): wait again
                self._schedule(service.tables.state(self.table_id), after=None)
        elif tick.kind is _TickKind.RUN_TWICE:
            assert tick.hand_id is not None
            outcome = await service.hands.run_twice_timeout(self.table_id, hand_id=tick.hand_id)
            state = service.tables.state(self.table_id)
            if outcome is None and state.run_twice is not None:  # a fresh deadline: wait again
                self._schedule(state, after=None)
        elif not state.in_hand and self.dealer.messages.carries():
            await self._deal()

    async def _deal(self) -> None:
        events = self.ctx.tournaments
        if events is not None and events.wants_deal(self.ctx.service.tables.state(self.table_id)):
            return  # a tournament's table: its director deals
        try:
            await self.ctx.service.hands.deal(self.guild_id, self.channel_id)
        except SessionError as error:
            if error.code in _QUIET_CODES:
                return
            lang = await table_lang(self.ctx, self.table_id)
            await self.dealer.say_error(error_text(lang, error))
        except NoTable:
            self.close()

    def close(self) -> None:
        self.closed = True
        self._cancel(self._turn_timer)
        self._cancel(self._deal_timer)

    async def stop(self) -> None:
        self.close()
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
