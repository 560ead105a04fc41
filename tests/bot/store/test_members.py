"""Removing a member's data from a server: nothing of theirs is left under their id, and
the audit, the hands and the server's chip total still add up."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store.backend import Dialect
from bot.store.errors import MemberSeated
from bot.store.records import MemberSettings
from bot.store.store import Store
from bot.tables.service import TableService
from engine import HouseRules
from tests.bot.conftest import Clock

G, C = 1, 10
A, B = 301_000_000_000_000_001, 302_000_000_000_000_002  # Discord-sized ids
RULES = HouseRules(turn_seconds=30)


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture)."""
    s = await Store.open(database)
    yield s
    await s.close()


async def _played(store: Store, clock: Clock) -> TableService:
    """A and B played one hand at a table of guild G (A its host); then it was stopped."""
    service = TableService(store, clock=clock)
    await service.seats.open_table(G, C, A, RULES, 100)
    await service.seats.join(G, C, B, 100)
    await service.hands.deal(G, C, button=0)
    await service.seats.leave(G, C, A)  # folds A's hand: B wins the blinds
    await service.seats.stop(G, C, B)
    await store.set_member_settings(G, A, dm=True, now=clock())
    await store.set_member_settings(G, B, four_colour=True, now=clock())
    return service


async def _rows_naming(store: Store, member: int) -> list[tuple[str, tuple[object, ...]]]:
    """Every row of every table that holds ``member``'s id, as a value or inside text."""
    found: list[tuple[str, tuple[object, ...]]] = []
    listing = (
        "SELECT name FROM sqlite_master WHERE type = 'table'"
        if store.dialect is Dialect.SQLITE
        else "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = current_schema()"
    )
    tables = [name for (name,) in await store._read(listing)]
    assert "wallets" in tables and "ledger" in tables
    for table in tables:
        for row in await store._read(f"SELECT * FROM {table}"):
            if any(v == member or (isinstance(v, str) and str(member) in v) for v in row):
                found.append((table, tuple(row)))
    return found


async def test_removal_leaves_nothing_under_the_member_and_the_audit_adds_up(
    database: str,
) -> None:
    clock = Clock()
    store = await Store.open(database)
    try:
        await _played(store, clock)
        total = await store.total_balance(G)
        ledger = await store.ledger(G, A)
        erased = await store.erase_member(G, A, now=clock())
        assert erased.anonymous_id is not None and erased.anonymous_id < 0
        assert (erased.wallet, erased.ledger_rows, erased.hands, erased.settings) == (
            True, len(ledger), 1, True,
        )  # fmt: skip
        assert await store.balance(G, A) is None
        assert await store.ledger(G, A) == []
        assert await store.last_hands(G, A) == []
        assert await store.get_member_settings(G, A) == MemberSettings()
        # B's data is untouched; the chips, the ledger and the hand still add up.
        assert await store.get_member_settings(G, B) == MemberSettings(four_colour=True)
        assert len(await store.last_hands(G, B)) == 1
        assert await store.total_balance(G) == total
        assert await store.ledger(G, erased.anonymous_id) == ledger
        assert await store.audit() == []
        hand = await store.load_hand((await store.last_hands(G, B))[0].hand_id)
        assert sorted(hand.players) == sorted([B, erased.anonymous_id])
        board = await store.leaderboard(G)
        assert [row.user_id for row in board] == [B]
        assert await _rows_naming(store, A) == []
        assert await _rows_naming(store, B) != []  # the scan finds a member who is still there
    finally:
        await store.close()


async def test_each_removal_gets_its_own_anonymous_id(store: Store) -> None:
    clock = Clock()
    await _played(store, clock)
    first = await store.erase_member(G, A, now=clock())
    second = await store.erase_member(G, B, now=clock())
    assert first.anonymous_id is not None and second.anonymous_id is not None
    assert first.anonymous_id != second.anonymous_id
    assert await store.audit() == []


async def test_a_member_with_nothing_stored_is_nothing_to_remove(store: Store) -> None:
    erased = await store.erase_member(G, A, now=1.0)
    assert erased.anonymous_id is None
    assert (erased.wallet, erased.ledger_rows, erased.hands, erased.settings) == (
        False, 0, 0, False,
    )  # fmt: skip


async def test_a_seated_member_is_refused_and_nothing_changes(store: Store) -> None:
    clock = Clock()
    service = TableService(store, clock=clock)
    await service.seats.open_table(G, C, A, RULES, 100)
    await service.seats.join(G, C, B, 100)
    before = (await store.balance(G, A), await store.ledger(G, A))
    with pytest.raises(MemberSeated):
        await store.erase_member(G, A, now=clock())  # seated, no hand yet
    await service.hands.deal(G, C, button=0)
    with pytest.raises(MemberSeated):
        await store.erase_member(G, B, now=clock())  # in the hand
    assert (await store.balance(G, A), await store.ledger(G, A)) == before
    await service.seats.leave(G, C, B)  # B's hand is folded; the host A still stays at the table
    with pytest.raises(MemberSeated):
        await store.erase_member(G, B, now=clock())  # in the open table's session
    # Another server's table is no reason to refuse.
    other = await store.erase_member(G + 1, A, now=clock())
    assert other.anonymous_id is None
