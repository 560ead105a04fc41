"""Computer players at a table: who they are, and playing their turns without holding it up.

A computer player is a member id below :data:`COMPUTER_IDS_BELOW` (Discord ids are
snowflakes, far larger): ``level code * 100 + slot``, so the id alone says which level plays
the seat, after a restart too, with nothing else stored. A table with a computer seated is a
practice table: its stacks come from and go to no wallet and its hands count in no leaderboard
(the flag is saved with the table, :func:`bot.tables.live.is_practice_table`). Computer
players never agree to run it twice (:func:`declines_run_twice`).

:class:`ComputerPlayers` listens to the table service's outcomes. When one says it is a
computer's turn it starts a task: a human-like pause, then the decision in a worker thread
(:mod:`bot.computers` is pure and needs a few milliseconds; the event loop never waits for
it), then the move through the service like any member's, naming the decision it was made
for. If the table moved on meanwhile (a stop, a leave, a timeout) the service refuses the
move as stale and nothing happens; the table's own timer still guards every turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from typing import Protocol

from bot.computers import Level, PlayerView, decision_rng, player_for
from bot.computers.moves import check_or_fold
from bot.store.errors import StoreUnavailable
from bot.tables.errors import ServiceError
from engine import Action, ActionKind, IllegalAction

__all__ = [
    "COMPUTER_IDS_BELOW",
    "ComputerPlayers",
    "computer_level",
    "computer_member",
    "declines_run_twice",
    "free_computer",
    "has_computer",
    "is_computer",
]

log = logging.getLogger("holdem.practice")

UNREACHABLE_TRIES = 4
UNREACHABLE_PAUSE = 1.0
"""A computer's move refused because the database cannot be reached is tried again this many
times, this many seconds apart (a restart of the server, a cut connection)."""

COMPUTER_IDS_BELOW = 1000
"""Member ids below this are computer players; no Discord id is this small."""
SLOTS = 99
"""Computer players of one level at one table, at most (a table seats ten anyway)."""
DEFAULT_PAUSE = 2.0
"""Seconds a computer player waits before it acts, so that people can follow the table."""

_CODES = {Level.EASY: 1, Level.NORMAL: 2, Level.HARD: 3}
_LEVELS = {code: level for level, code in _CODES.items()}


def computer_member(level: Level, slot: int) -> int:
    """The member id of the computer player of ``level`` in ``slot`` (1 to 99).

    >>> computer_member(Level.HARD, 2), computer_level(302)
    (302, <Level.HARD: 'hard'>)
    """
    if not 1 <= slot <= SLOTS:
        raise ValueError(f"a computer player's slot is 1 to {SLOTS}, not {slot}")
    return _CODES[level] * 100 + slot


def computer_level(member: int) -> Level | None:
    """The level of a computer player's id, ``None`` for a person."""
    if not 0 < member < COMPUTER_IDS_BELOW or member % 100 == 0:
        return None
    return _LEVELS.get(member // 100)


def is_computer(member: int) -> bool:
    return computer_level(member) is not None


def has_computer(members: Iterable[int]) -> bool:
    """Whether a computer player is among these members (a table seating them is a practice
    table)."""
    return any(is_computer(m) for m in members)


def declines_run_twice(member: int) -> bool:
    """Whether the member declines to run it twice without being asked: a computer player
    never agrees (silence is no), so with one among the players at risk the board runs once
    and nobody is asked."""
    return is_computer(member)


def free_computer(level: Level, seated: Iterable[int]) -> int:
    """The id for one more computer player of ``level`` beside the members ``seated``."""
    taken = set(seated)
    for slot in range(1, SLOTS + 1):
        member = computer_member(level, slot)
        if member not in taken:
            return member
    raise ValueError("no free computer player slot")


class Turn(Protocol):
    """Whose turn it is (:class:`bot.tables.outcomes.TurnState` has this shape)."""

    @property
    def member(self) -> int: ...
    @property
    def hand_id(self) -> int: ...
    @property
    def seq(self) -> int: ...


class TableView(Protocol):
    """The public table (:class:`bot.tables.outcomes.TableState` has this shape)."""

    @property
    def table_id(self) -> str: ...
    @property
    def guild_id(self) -> int: ...
    @property
    def channel_id(self) -> int: ...
    @property
    def turn(self) -> Turn | None: ...


class Report(Protocol):
    """A command's outcome (:class:`bot.tables.outcomes.Outcome` has this shape)."""

    @property
    def state(self) -> TableView: ...


class Mover(Protocol):
    """What moves for a member: :meth:`bot.tables.hand_commands.HandCommands.act`."""

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
    ) -> object: ...


ViewOf = Callable[[str, int, int, int], PlayerView | None]
"""``(table_id, member, hand_id, seq) -> view``: the member's view of that decision, or
``None`` when the table is no longer at it."""


class ComputerPlayers:
    """Plays every computer player's turn at every table of one service."""

    def __init__(
        self,
        mover: Mover,
        view_of: ViewOf,
        *,
        pause: float = DEFAULT_PAUSE,
        executor: Executor | None = None,
    ) -> None:
        self.mover = mover
        self.view_of = view_of
        self.pause = pause
        self.executor = executor
        self._started: set[tuple[str, int, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def receive(self, outcome: Report) -> None:
        """A service listener: never blocks, only starts the computer's turn when it is one."""
        state = outcome.state
        turn = state.turn
        if turn is None or not is_computer(turn.member):
            return
        key = (state.table_id, turn.hand_id, turn.seq)
        if key in self._started:
            return
        self._started.add(key)
        task = asyncio.get_running_loop().create_task(self._play(state, turn, key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until no computer player is thinking or about to move (for tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _play(self, state: TableView, turn: Turn, key: tuple[str, int, int]) -> None:
        try:
            if self.pause > 0:
                await asyncio.sleep(self.pause)
            view = self.view_of(state.table_id, turn.member, turn.hand_id, turn.seq)
            if view is None:
                return
            level = computer_level(turn.member)
            assert level is not None
            rng = decision_rng(f"{state.table_id}:{turn.hand_id}", turn.seq)
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.executor, player_for(level).decide, view, rng)
            for attempt in range(1, UNREACHABLE_TRIES + 1):
                try:
                    await self._move(state, turn, action)
                except IllegalAction as error:  # a strategy's mistake must not stall the table
                    log.error(
                        "computer move refused",
                        extra={"table": state.table_id, "member": turn.member, "code": error.code},
                    )
                    await self._move(state, turn, check_or_fold(view.legal))
                except StoreUnavailable:
                    # The database is back in a moment, most often: play the turn then rather
                    # than leave it to the turn timer (which plays it anyway if this fails).
                    log.warning(
                        "computer move waits for the database",
                        extra={"table": state.table_id, "member": turn.member, "try": attempt},
                    )
                    await asyncio.sleep(UNREACHABLE_PAUSE)
                    if self.view_of(state.table_id, turn.member, turn.hand_id, turn.seq) is None:
                        return
                    continue
                return
        except asyncio.CancelledError:
            raise
        except Exception:  # e.g. the store failed: the turn timer will play the turn
            log.exception(
                "computer turn failed", extra={"table": state.table_id, "member": turn.member}
            )
        finally:
            self._started.discard(key)

    async def _move(self, state: TableView, turn: Turn, action: Action) -> None:
        try:
            await self.mover.act(
                state.guild_id, state.channel_id, turn.member, action.kind, action.amount,
                hand_id=turn.hand_id, seq=turn.seq,
            )  # fmt: skip
        except ServiceError:
            pass  # the table moved on (stopped, left, a stale decision): nothing to play
        except IllegalAction as error:
            if error.code not in ("not_your_turn", "hand_over"):
                raise
