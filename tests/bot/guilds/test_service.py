"""The chip economy a server runs: the house's refill policy applied
whenever a wallet is read for a balance or a buy-in, once, as a ledger row; an admin's grant
with its reason on the ledger row, never taking a wallet below zero."""

from __future__ import annotations

import pytest

from bot.guilds.service import GuildService
from bot.guilds.wallets import OUTSIDE_SERVERS
from bot.store.errors import InsufficientChips
from bot.store.store import Store
from bot.tables.service import TableService, table_id_for
from engine import HouseRules, Refill, SessionError, parse_cards
from tests.bot.conftest import Clock

G, C = 1, 10
A, B, D = 101, 102, 103
ADMIN = 9
HOUR, DAY = 3600.0, 24 * 3600.0
RULES = HouseRules(turn_seconds=30)

# Three-handed, button A: 8c burnt; B Ks Kd, D 2h 3h, A As Ad; board 2c 7d 9h Jc 3s.
THREE = "8c Ks 2h As Kd 3h Ad 4h 2c 7d 9h 5h Jc 6h 3s"


def deck() -> list[int]:
    top = [int(c) for c in parse_cards(THREE)]
    return top + [c for c in range(52) if c not in top]


def services(store: Store, clock: Clock) -> tuple[TableService, GuildService]:
    service = TableService(store, clock=clock, deck_source=deck)
    return service, GuildService(store, service.tables, clock=clock)


async def test_a_grant_keeps_its_reason_and_never_takes_a_wallet_below_zero(
    store: Store,
) -> None:
    service, guilds = services(store, Clock())
    assert await guilds.grant(G, A, 50, by=ADMIN, note=" quiz\n winner ") == 150  # new wallet
    assert await guilds.grant(G, A, -30, by=ADMIN, note="typo") == 120
    expected = [(100, "grant", None), (50, "grant", "admin:9 quiz winner"),
                (-30, "grant", "admin:9 typo")]  # fmt: skip
    assert await store.ledger(G, A) == expected
    with pytest.raises(InsufficientChips) as caught:
        await guilds.grant(G, A, -121, by=ADMIN, note="too much")
    assert caught.value.balance == 120
    for amount, note in ((0, "nothing"), (5, "   "), (5, "x" * 201)):
        with pytest.raises(ValueError):
            await guilds.grant(G, A, amount, by=ADMIN, note=note)
    assert await store.ledger(G, A) == expected
    await service.seats.open_table(G, C, B, RULES)  # B's 100 are on the table, not in the wallet
    with pytest.raises(InsufficientChips):
        await guilds.grant(G, B, -1, by=ADMIN, note="not the table's chips")
    assert await service.tables.chips_total(G) == 220
    assert await store.audit(G) == []


async def test_a_daily_refill_is_paid_once_a_day_when_the_balance_is_read(store: Store) -> None:
    clock = Clock()
    service, guilds = services(store, clock)
    await guilds.set_rules(G, "no-limit", RULES.with_changes(refill=Refill.DAILY, refill_to=300))
    assert await guilds.balance(G, A) == 300  # a new wallet: 100 granted, 200 refilled
    assert await guilds.balance(G, A) == 300
    await service.seats.open_table(G, C, A, RULES)  # 100 to the table: 300 in all, nothing owed
    assert await guilds.balance(G, A) == 200
    await service.seats.leave(G, C, A)
    await guilds.grant(G, A, -250, by=ADMIN, note="test")
    clock.now += DAY - 1
    assert await guilds.balance(G, A) == 50  # the day since the last refill is not over
    clock.now += 1
    assert await guilds.balance(G, A) == 300
    assert await guilds.balance(G, A) == 300
    reasons = [(delta, reason) for delta, reason, _ in await store.ledger(G, A)]
    assert reasons.count((200, "refill")) == 1 and reasons[-1] == (250, "refill")
    assert await store.audit(G) == []


async def test_when_empty_waits_from_the_hand_that_emptied_the_member(database: str) -> None:
    store = await Store.open(database)  # SQLite and PostgreSQL: the wait's query is on both
    try:
        await _when_empty(store)
    finally:
        await store.close()


async def _when_empty(store: Store) -> None:
    clock = Clock()
    service, guilds = services(store, clock)
    refill = RULES.with_changes(refill=Refill.WHEN_EMPTY, refill_to=100, refill_wait_hours=1)
    await guilds.set_rules(G, "no-limit", refill)
    await service.seats.open_table(G, C, A, RULES)
    for member in (B, D):
        await service.seats.join(G, C, member)
    await service.hands.deal(G, C, button=0)
    await service.hands.act(G, C, A, "raise", 100)
    clock.now += 2 * HOUR  # B thinks long, then calls all in with kings against aces
    await service.hands.act(G, C, B, "call")
    await service.hands.act(G, C, D, "fold")
    busted_at = clock.now
    assert await guilds.balance(G, B) == 0  # busted, seated with 0 chips: the wait starts
    await service.seats.leave(G, C, B)
    clock.now = busted_at + HOUR - 1  # over an hour since B's buy-in, not since the bust
    assert await guilds.balance(G, B) == 0
    with pytest.raises(SessionError):
        await service.seats.join(G, C, B)  # busted: out for the session, refill or not
    clock.now = busted_at + HOUR
    assert await guilds.balance(G, B) == 100
    assert await store.ledger(G, B) == [
        (100, "grant", None), (-100, "buy_in", f"table:{table_id_for(G, C)}"),
        (100, "refill", "when-empty"),
    ]  # fmt: skip
    assert await guilds.balance(G, D) == 0  # D's 98 are on the table: not empty
    assert await service.tables.chips_total(G) == 400
    assert await store.audit(G) == []


async def test_a_refill_owed_is_paid_before_a_buy_in(store: Store) -> None:
    clock = Clock()
    service, guilds = services(store, clock)
    await guilds.set_rules(G, "no-limit", RULES.with_changes(refill=Refill.DAILY, refill_to=100))
    await guilds.grant(G, A, -100, by=ADMIN, note="empty the wallet")
    clock.now += DAY
    opened = await service.seats.open_table(G, C, A, RULES)  # the refill pays for the buy-in
    assert opened.stack == 100 and await store.balance(G, A) == 0
    assert [r for _, r, _ in await store.ledger(G, A)][-2:] == ["refill", "buy_in"]


async def test_the_wallet_outside_servers_is_its_own_with_a_daily_refill(store: Store) -> None:
    clock = Clock()
    service, guilds = services(store, clock)
    assert (await guilds.rules(G)).rules.refill is Refill.NONE  # a server's default
    assert (await guilds.rules(OUTSIDE_SERVERS)).rules.refill is Refill.DAILY
    assert await guilds.balance(G, A) == 100
    await service.seats.open_table(OUTSIDE_SERVERS, C, A, RULES, 100)  # a group DM's table
    assert await guilds.balance(OUTSIDE_SERVERS, A) == 0  # the buy-in left this wallet only
    assert await guilds.balance(G, A) == 100
    await service.seats.leave(OUTSIDE_SERVERS, C, A)
    await guilds.grant(G, A, -100, by=ADMIN, note="spent")
    await guilds.grant(OUTSIDE_SERVERS, A, -60, by=ADMIN, note="spent")
    assert await guilds.balance(OUTSIDE_SERVERS, A) == 100  # topped up to one buy-in
    await guilds.grant(OUTSIDE_SERVERS, A, -60, by=ADMIN, note="spent again")
    assert await guilds.balance(OUTSIDE_SERVERS, A) == 40  # once a day
    clock.now += DAY
    assert await guilds.balance(OUTSIDE_SERVERS, A) == 100
    assert await guilds.balance(G, A) == 0  # the server's wallet: no refill, never topped up
    refills = [row for row in await store.ledger(OUTSIDE_SERVERS, A) if row[1] == "refill"]
    assert [delta for delta, _, _ in refills] == [60, 60]
    assert not [row for row in await store.ledger(G, A) if row[1] == "refill"]
    assert await store.audit(G) == [] and await store.audit(OUTSIDE_SERVERS) == []
