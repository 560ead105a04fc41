"""A full SQLite disk at every statement of a write: the deal's, and a move's that ends the
hand (its actions, a held run-out's runs, the hand's end with its wallet moves and stats).

SQLite may refuse any statement with ``SQLITE_FULL`` (the page it needs is anywhere), and on
a full disk it may roll the transaction back itself. Whichever statement it is, the command
is refused with :class:`DatabaseFull`, the database and the table in memory stand where they
stood (the same decision, the same member to act, every chip where it was), and once there
is room the same command plays and the table deals on. The failure is SQLite's own error,
raised by the driver's connection at statement ``k`` of the next job, for every ``k``.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.store.errors import DatabaseFull
from bot.store.store import Store
from bot.tables.outcomes import Outcome, OutcomeKind, TableState
from bot.tables.service import TableService, table_id_for
from engine import EmptyStackPolicy, HouseRules
from engine.rules import RunItTwice
from engine.table import Rebought
from tests.bot.conftest import Clock
from tests.wire import books

GUILD, CHANNEL = 7, 10
A, B, C = 101, 102, 103
TABLE = table_id_for(GUILD, CHANNEL)
_OWN = ("BEGIN", "COMMIT", "ROLLBACK")
DECKS = 5
"""The seed of the decks dealt: the all-in's loser busts on both boards."""


class Disk:
    """The store's SQLite connection, filling up on demand: while armed, its statement
    number ``at`` (BEGIN, COMMIT and ROLLBACK aside) fails with ``SQLITE_FULL``, after SQLite
    rolled the transaction back itself when ``rolled_back``."""

    def __init__(self) -> None:
        self.at: int | None = None
        self.rolled_back = False
        self.seen = 0
        self.failed = False

    def arm(self, at: int, *, rolled_back: bool) -> None:
        self.at, self.rolled_back, self.seen, self.failed = at, rolled_back, 0, False

    def statement(self, connection: sqlite3.Connection, sql: str) -> None:
        if self.at is None or sql.lstrip().split()[0].upper() in _OWN:
            return
        if self.seen < self.at:
            self.seen += 1
            return
        self.at, self.failed = None, True
        if self.rolled_back and connection.in_transaction:
            sqlite3.Connection.execute(connection, "ROLLBACK")
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL
        error.sqlite_errorname = "SQLITE_FULL"
        raise error


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    found = Disk()
    connect = sqlite3.connect

    class Filling(sqlite3.Connection):
        def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
            found.statement(self, sql)
            return super().execute(sql, parameters)

        def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
            found.statement(self, sql)
            return super().executemany(sql, parameters)

    def filling(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", Filling)
        made: sqlite3.Connection = connect(*args, **kwargs)
        return made

    monkeypatch.setattr(sqlite3, "connect", filling)
    return found


def decks(seed: int) -> Callable[[], list[int]]:
    """The same decks in the same order, for every table the test opens."""
    rng = random.Random(seed)
    return lambda: rng.sample(range(52), 52)


def stands(state: TableState) -> tuple[Any, ...]:
    """What must not move when a write is refused: the hand, the decision and who makes it,
    the stacks, the pot, the hands played."""
    turn = state.turn and (state.turn.hand_id, state.turn.seq, state.turn.member)
    stacks = [seat and (seat.member, seat.stack) for seat in state.seats]
    return state.hand_id, turn, stacks, state.pot_total, state.hands_played


async def fresh(store: Store) -> TableState:
    """The table as a new process rebuilds it from the database."""
    service = TableService(store, clock=Clock())
    await service.tables.restore()
    return service.tables.state(TABLE)


async def full_at_each_statement(
    path: Path,
    disk: Disk,
    *,
    rules: HouseRules,
    members: tuple[int, ...],
    before: Callable[[TableService], Awaitable[None]],
    command: Callable[[TableService], Awaitable[Outcome]],
) -> int:
    """Fail ``command`` at each statement of its write in turn (and with SQLite's own
    rollback), on a new table brought to the same point by ``before``; then let it play.
    Checks what must hold after each refusal; the statements the write has."""
    rolled_back = False
    k = 0
    while True:
        database = path / f"k{k}-{rolled_back}.sqlite3"
        store = await Store.open(str(database), exclusive=False)
        try:
            service = TableService(store, clock=Clock(), deck_source=decks(DECKS))
            await service.seats.open_table(GUILD, CHANNEL, members[0], rules, 100)
            for member in members[1:]:
                await service.seats.join(GUILD, CHANNEL, member, 100)
            await before(service)
            stood = stands(service.tables.state(TABLE))
            disk.arm(k, rolled_back=rolled_back)
            try:
                await command(service)
            except DatabaseFull:
                assert disk.failed
            else:
                disk.at = None
                assert not disk.failed
                assert k > 0, "the write has no statement"
                if rolled_back:
                    return k
                rolled_back, k = True, 0
                continue
            assert stands(service.tables.state(TABLE)) == stood, (k, rolled_back)
            assert stands(await fresh(store)) == stood, (k, rolled_back)
            assert books.chips(database).conserved, (k, rolled_back)
            assert await store.audit(GUILD) == []
            outcome = await command(service)  # room again: the same command plays
            assert outcome.kind in (OutcomeKind.DEALT, OutcomeKind.ACTED), outcome.kind
            if not outcome.hand_over:
                assert outcome.kind is OutcomeKind.DEALT
                assert service.tables.state(TABLE).turn is not None
            else:  # the hand ended, and the table deals the next one
                dealt = await service.hands.deal(GUILD, CHANNEL)
                assert outcome.hand_id is not None and dealt.kind is OutcomeKind.DEALT
                assert dealt.hand_id == outcome.hand_id + 1
            assert books.chips(database).conserved
            assert await store.audit(GUILD) == []
        finally:
            await store.close()
        k += 1


async def fold_hand(service: TableService) -> None:
    """Deal a hand and end it: the next deal is the table's second."""
    await service.hands.deal(GUILD, CHANNEL, button=0)
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    await service.hands.act(GUILD, CHANNEL, turn.member, "fold")


async def deal(service: TableService) -> Outcome:
    return await service.hands.deal(GUILD, CHANNEL)


async def test_a_deal_refused_at_any_statement_leaves_the_table_between_hands(
    tmp_path: Path, disk: Disk
) -> None:
    written = await full_at_each_statement(
        tmp_path, disk, rules=HouseRules(), members=(A, B), before=fold_hand, command=deal
    )
    assert written >= 3  # the hand, its players, the table's row


async def dealt_with_a_leaver(service: TableService) -> None:
    """Three dealt in; the member after the one to act leaves (folded when their turn
    comes, cashed out at the hand's end)."""
    await service.hands.deal(GUILD, CHANNEL, button=0)
    live = service.tables.live(TABLE)
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    leaver = live.players[(hand.to_act + 1) % len(live.players)]
    await service.seats.leave(GUILD, CHANNEL, leaver)


async def fold_to_the_end(service: TableService) -> Outcome:
    """The member to act folds; the leaver is folded for, and the last one wins."""
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    outcome = await service.hands.act(GUILD, CHANNEL, turn.member, "fold")
    assert outcome.hand_over and len(outcome.folded_for) == 1
    assert outcome.table_events  # the leaver's cash-out
    return outcome


async def test_a_hand_end_refused_at_any_statement_leaves_the_same_decision(
    tmp_path: Path, disk: Disk
) -> None:
    """The move that ends the hand, the leaver's fold it brings, the hand's end with the
    leaver's cash-out to the wallet and the stats: all of it, or none."""
    written = await full_at_each_statement(
        tmp_path, disk, rules=HouseRules(), members=(A, B, C), before=dealt_with_a_leaver,
        command=fold_to_the_end,
    )  # fmt: skip
    assert written >= 6


async def all_in(service: TableService) -> None:
    """The first to act moves all in; the other's call ends the betting."""
    await service.hands.deal(GUILD, CHANNEL, button=0)
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    await service.hands.act(GUILD, CHANNEL, turn.member, "raise", 100)


async def call_all_in(service: TableService) -> Outcome:
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    outcome = await service.hands.act(GUILD, CHANNEL, turn.member, "call")
    assert outcome.hand_over and outcome.runout is not None and outcome.runout.runs == 2
    assert any(isinstance(e, Rebought) for e in outcome.table_events), outcome.table_events
    return outcome


async def test_a_run_out_refused_at_any_statement_leaves_the_same_decision(
    tmp_path: Path, disk: Disk
) -> None:
    """The call that closes an all-in at a table that always runs it twice: the call, the
    runs chosen and the hand's end (a rebuy's grant and buy-in when the loser busts) together."""
    rules = HouseRules(run_it_twice=RunItTwice.ALWAYS, empty_stack=EmptyStackPolicy.REBUY)
    written = await full_at_each_statement(
        tmp_path, disk, rules=rules, members=(A, B), before=all_in, command=call_all_in
    )
    assert written >= 6
