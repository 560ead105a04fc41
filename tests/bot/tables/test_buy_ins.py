"""Buy-ins through the table service: within a session a member who left
comes back with exactly what they left with, a busted one stays out, a first buy-in is the
house's; a refusal changes nothing, the wallet included."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.store.store import Store
from bot.tables.service import TableService, table_id_for
from engine import BuyIn, HouseRules, SessionError, parse_cards
from tests.bot.conftest import Clock

G, C = 1, 10
TID = table_id_for(G, C)
A, B, D, E = 101, 102, 103, 104
RULES = HouseRules(turn_seconds=30)

# Three-handed, button A: 8c burnt; B Ks Kd, D 2h 3h, A As Ad; board 2c 7d 9h Jc 3s.
THREE = "8c Ks 2h As Kd 3h Ad 4h 2c 7d 9h 5h Jc 6h 3s"


def deck() -> list[int]:
    top = [int(c) for c in parse_cards(THREE)]
    return top + [c for c in range(52) if c not in top]


async def _refused(store: Store, member: int, run: Awaitable[object], code: str) -> None:
    """``run`` raises the session error ``code`` and leaves the member's ledger as it was."""
    before = await store.ledger(G, member)
    balance = await store.balance(G, member)
    with pytest.raises(SessionError) as caught:
        await run
    assert caught.value.code == code
    assert await store.ledger(G, member) == before
    assert await store.balance(G, member) == balance


async def test_a_member_comes_back_with_what_they_left_with_and_a_busted_one_stays_out(
    store: Store,
) -> None:
    service = TableService(store, clock=Clock(), deck_source=deck)
    opened = await service.seats.open_table(G, C, A, RULES)
    assert opened.stack == 100  # no amount: the house's buy-in
    for member in (B, D):
        assert (await service.seats.join(G, C, member)).stack == 100
    await service.hands.deal(G, C, button=0)  # A is first to act three-handed
    await service.hands.act(G, C, A, "raise", 100)
    await service.hands.act(G, C, B, "call")  # all in with kings against aces
    ended = await service.hands.act(G, C, D, "fold")
    assert ended.hand_over
    assert {s.member: s.stack for s in service.tables.state(TID).occupied()} == {
        A: 202,
        B: 0,
        D: 98,
    }

    assert (await service.seats.leave(G, C, D)).stack == 98
    assert await store.balance(G, D) == 98
    await _refused(store, D, service.seats.join(G, C, D, 100), "buy_in_returning")  # no top-up
    assert service.tables.state(TID).seat_of(D) is None
    back = await service.seats.join(G, C, D)
    assert back.stack == 98 and await store.balance(G, D) == 0

    assert (await service.seats.leave(G, C, B)).stack == 0
    await _refused(store, B, service.seats.join(G, C, B), "no_chips")  # out for the session
    await _refused(store, B, service.seats.join(G, C, B, 100), "no_chips")
    assert service.tables.state(TID).seat_of(B) is None
    assert await service.tables.chips_total(G) == 300
    assert await store.audit(G) == []


async def test_a_first_buy_in_is_the_houses_and_a_refusal_opens_no_wallet(store: Store) -> None:
    service = TableService(store, clock=Clock(), deck_source=deck)
    await _refused(store, A, service.seats.open_table(G, C, A, RULES, 50), "buy_in_fixed")
    assert service.tables.table_ids() == [] and await store.load_open_tables() == []
    assert await store.balance(G, A) is None  # no wallet was even opened
    await service.seats.open_table(G, C, A, RULES, 100)
    await _refused(store, E, service.seats.join(G, C, E, 40), "buy_in_fixed")
    assert await store.balance(G, E) is None
    choice = RULES.with_changes(buy_in=BuyIn.CHOICE, min_stack_to_deal=10)
    await service.seats.open_table(G, C + 1, B, choice, 10)
    await _refused(store, E, service.seats.join(G, C + 1, E, 9), "buy_in_range")
    await _refused(store, E, service.seats.join(G, C + 1, E, 101), "buy_in_range")
    assert (await service.seats.join(G, C + 1, E, 55)).stack == 55
    assert await store.balance(G, E) == 45
