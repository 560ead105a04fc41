"""A database outage at the service (the wire test stops a real PostgreSQL under two real
processes): a write that fails while the database cannot be read either leaves memory equal
to the database (the table rolled back to what was committed) and the table moves on by
itself once the database is back: the member's newest button works, and so does the timer.
A write that committed although its caller saw an error is found on the next use (the table
is reloaded first), never guessed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store.store import Store
from bot.tables.errors import StaleMove
from bot.tables.outcomes import OutcomeKind, TableState
from bot.tables.service import TableService, table_id_for
from engine import HouseRules
from tests.bot.conftest import Clock

GUILD, CHANNEL = 7, 10
A, B = 101, 102
TABLE = table_id_for(GUILD, CHANNEL)
RULES = HouseRules(turn_seconds=30)


class Outage:
    """Makes the store's table writes and reads fail as a stopped database does
    (``committed``: the action write commits first, then the connection drops)."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.store, self.monkeypatch = store, monkeypatch
        self.down = False
        self.committed = False
        for name in ("append_action", "load_table", "open_hands", "finish_hand", "start_hand"):
            self._wrap(name)

    def _wrap(self, name: str) -> None:
        real = getattr(self.store, name)

        async def failing(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                if self.committed and name == "append_action":
                    await real(*args, **kwargs)
                raise ConnectionRefusedError("connection refused (the database is down)")
            return await real(*args, **kwargs)

        self.monkeypatch.setattr(self.store, name, failing)


async def seen_fresh(store: Store) -> TableState:
    """The table as a new process would rebuild it from the database."""
    fresh = TableService(store, clock=Clock())
    await fresh.tables.restore()
    return fresh.tables.state(TABLE)


def same_table(left: TableState, right: TableState) -> bool:
    """The same hand at the same decision with the same stacks (deadlines aside)."""
    lt, rt = left.turn, right.turn
    return (
        left.hand_id == right.hand_id
        and (lt and (lt.hand_id, lt.seq, lt.member)) == (rt and (rt.hand_id, rt.seq, rt.member))
        and [s and s.stack for s in left.seats] == [s and s.stack for s in right.seats]
        and left.pot_total == right.pot_total
    )


async def dealt(store: Store, clock: Clock) -> TableService:
    service = TableService(store, clock=clock)
    await service.seats.open_table(GUILD, CHANNEL, A, RULES, 100)
    await service.seats.join(GUILD, CHANNEL, B, 100)
    await service.hands.deal(GUILD, CHANNEL, button=0)
    return service


async def test_a_move_refused_in_an_outage_changes_nothing_and_the_table_goes_on_after(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    service = await dealt(store, clock)
    outage = Outage(store, monkeypatch)
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    outage.down = True
    with pytest.raises(ConnectionRefusedError):
        await service.hands.act(
            GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id, seq=turn.seq
        )
    after = service.tables.state(TABLE)
    assert after.turn is not None and (after.turn.seq, after.turn.member) == (
        turn.seq,
        turn.member,
    )
    clock.now += RULES.turn_seconds + 1  # the timer's move fails too while it lasts
    with pytest.raises(ConnectionRefusedError):
        await service.hands.timeout(TABLE, hand_id=turn.hand_id, seq=turn.seq)
    outage.down = False
    assert same_table(service.tables.state(TABLE), await seen_fresh(store))
    # Back: the member's newest button works, and the timer's move after it.
    acted = await service.hands.act(
        GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id, seq=turn.seq
    )
    assert acted.kind is OutcomeKind.ACTED
    nxt = service.tables.state(TABLE).turn
    assert nxt is not None and nxt.seq == turn.seq + 1
    clock.now += RULES.turn_seconds + 1
    timed = await service.hands.timeout(TABLE, hand_id=nxt.hand_id, seq=nxt.seq)
    assert timed is not None and timed.kind is OutcomeKind.TIMED_OUT
    assert same_table(service.tables.state(TABLE), await seen_fresh(store))


async def test_a_move_committed_unseen_is_found_on_the_next_use(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    service = await dealt(store, clock)
    outage = Outage(store, monkeypatch)
    turn = service.tables.state(TABLE).turn
    assert turn is not None
    outage.down = outage.committed = True
    with pytest.raises(ConnectionRefusedError):
        await service.hands.act(
            GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id, seq=turn.seq
        )
    outage.down = False
    # The action is in the database: the old button is out of date, the next turn is live.
    with pytest.raises(StaleMove):
        await service.hands.act(
            GUILD, CHANNEL, turn.member, "call", hand_id=turn.hand_id, seq=turn.seq
        )
    assert same_table(service.tables.state(TABLE), await seen_fresh(store))
    nxt = service.tables.state(TABLE).turn
    assert nxt is not None and nxt.seq == turn.seq + 1
    acted = await service.hands.act(GUILD, CHANNEL, nxt.member, "check", hand_id=nxt.hand_id,
                              seq=nxt.seq)  # fmt: skip
    assert acted.kind is OutcomeKind.ACTED
    assert await store.audit() == []


async def test_a_restore_cut_short_by_the_database_is_tried_again_whole(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table restored without its outcome would have no loop to run its timer: a restore
    that fails half way holds nothing, and the next one (the lease timer's) restores it."""
    clock = Clock()
    await dealt(store, clock)
    clock.now += RULES.turn_seconds + 1  # the turn's deadline passed while nobody drove it
    later = TableService(store, clock=clock)
    real = store.set_deadline

    async def down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionRefusedError("connection refused (the database is down)")

    monkeypatch.setattr(store, "set_deadline", down)
    with pytest.raises(ConnectionRefusedError):
        await later.tables.restore()
    assert later.tables.table_ids() == []
    monkeypatch.setattr(store, "set_deadline", real)
    restored = await later.tables.restore()
    assert [o.table_id for o in restored] == [TABLE]
    turn = later.tables.state(TABLE).turn
    assert turn is not None and turn.deadline == clock.now + RULES.turn_seconds
