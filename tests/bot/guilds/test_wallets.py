"""Wallets: every balance is the sum of its ledger, never negative; refills follow the house."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.guilds.wallets import REFILL_INTERVAL, Reason, refill_due
from bot.store.errors import InsufficientChips, NoWallet
from bot.store.store import Store
from engine import HouseRules, Refill

GUILD = 1
DAY = REFILL_INTERVAL


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(str(tmp_path / "w.sqlite3"))
    yield s
    await s.close()


async def test_starting_grant_is_given_once(store: Store) -> None:
    assert await store.ensure_wallet(GUILD, 7, starting_grant=1000, now=0.0) == 1000
    await store.move(GUILD, 7, -300, Reason.BUY_IN, ref="table:a", now=1.0)
    assert await store.ensure_wallet(GUILD, 7, starting_grant=1000, now=2.0) == 700
    assert await store.ledger(GUILD, 7) == [(1000, "grant", None), (-300, "buy_in", "table:a")]
    assert await store.ensure_wallet(2, 7, starting_grant=500, now=0.0) == 500  # per guild


async def test_refused_move_carries_the_balance_and_changes_nothing(store: Store) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=100, now=0.0)
    with pytest.raises(InsufficientChips) as caught:
        await store.buy_in(GUILD, 7, 150, table_id="a", now=1.0)
    assert caught.value.balance == 100
    assert caught.value.delta == -150
    assert await store.balance(GUILD, 7) == 100
    assert len(await store.ledger(GUILD, 7)) == 1
    with pytest.raises(NoWallet):
        await store.move(GUILD, 8, 5, Reason.CORRECTION, now=1.0)
    assert await store.balance(GUILD, 8) is None


moves = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.integers(-400, 400).filter(bool),
        st.sampled_from([r for r in Reason if r is not Reason.GRANT]),
    ),
    max_size=30,
)
_files = itertools.count()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(grants=st.lists(st.integers(0, 500), min_size=3, max_size=3), ops=moves)
def test_random_moves_keep_every_invariant(
    tmp_path: Path, grants: list[int], ops: list[tuple[int, int, Reason]]
) -> None:
    async def run() -> None:
        store = await Store.open(str(tmp_path / f"h{next(_files)}.sqlite3"))
        try:
            model = {}
            for user, grant in enumerate(grants):
                model[user] = await store.ensure_wallet(GUILD, user, starting_grant=grant, now=0)
            accepted = sum(1 for g in grants if g)
            for step, (user, delta, reason) in enumerate(ops):
                if model[user] + delta < 0:
                    with pytest.raises(InsufficientChips) as caught:
                        await store.move(GUILD, user, delta, reason, now=step)
                    assert caught.value.balance == model[user]
                else:
                    model[user] = await store.move(GUILD, user, delta, reason, now=step)
                    accepted += 1
            for user, expected in model.items():
                assert await store.balance(GUILD, user) == expected
                assert sum(d for d, _, _ in await store.ledger(GUILD, user)) == expected
            assert await store.audit() == []
            assert await store.total_balance(GUILD) == sum(model.values())
            rows = sum([len(await store.ledger(GUILD, u)) for u in model], 0)
            assert rows == accepted
        finally:
            await store.close()

    asyncio.run(run())


async def test_audit_reports_a_tampered_balance(store: Store, tmp_path: Path) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=100, now=0.0)
    await store.ensure_wallet(GUILD, 8, starting_grant=100, now=0.0)
    await store._execute("UPDATE wallets SET balance = 90 WHERE user_id = 8")
    [bad] = await store.audit(GUILD)
    assert (bad.user_id, bad.balance, bad.ledger_sum) == (8, 90, 100)


# ------------------------------------------------------------------ refills


DAILY = HouseRules(refill=Refill.DAILY, refill_to=1000)
WHEN_EMPTY = HouseRules(refill=Refill.WHEN_EMPTY, refill_to=500, refill_wait_hours=12)
HOUR = 3600.0


def test_refill_rules_without_a_database() -> None:
    def due(rules: HouseRules, chips: int, **kw: float | None) -> int:
        times: dict[str, float | None] = {"last_refill": None, "emptied_at": None}
        times.update(kw)
        return refill_due(rules, chips=chips, now=DAY * 3, **times)

    assert due(DAILY, 10) == 990  # to refill_to, never past it
    assert due(DAILY, 10, last_refill=DAY * 2) == 990  # a day since the last one
    assert due(DAILY, 10, last_refill=DAY * 2 + 1) == 0  # once per rolling day
    assert due(DAILY, 1000) == due(DAILY, 4000) == 0  # not below refill_to
    assert due(HouseRules(), 0) == 0  # the default: no refills
    assert due(WHEN_EMPTY, 0) == 500  # empty and never emptied before: at once
    assert due(WHEN_EMPTY, 1) == 0  # one chip left is not empty
    assert due(WHEN_EMPTY, 0, emptied_at=DAY * 3 - 12 * HOUR) == 500
    assert due(WHEN_EMPTY, 0, emptied_at=DAY * 3 - 12 * HOUR + 1) == 0  # the wait is not over


async def test_daily_refill_with_injected_time_is_applied_once(store: Store) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=1000, now=0.0)
    await store.move(GUILD, 7, -900, Reason.BUY_IN, now=10.0)
    assert await store.refill(GUILD, 7, rules=DAILY, now=100.0) == 900
    assert await store.refill(GUILD, 7, rules=DAILY, now=101.0) == 0  # idempotent
    assert await store.balance(GUILD, 7) == 1000
    await store.move(GUILD, 7, -1000, Reason.BUY_IN, now=200.0)
    assert await store.refill(GUILD, 7, rules=DAILY, now=100.0 + DAY - 1) == 0
    assert await store.balance(GUILD, 7) == 0
    # Chips at a table count: 600 of them there, so the top-up is 400.
    assert await store.refill(GUILD, 7, rules=DAILY, on_tables=600, now=100.0 + DAY) == 400
    assert await store.ledger(GUILD, 7) == [
        (1000, "grant", None), (-900, "buy_in", None), (900, "refill", "daily"),
        (-1000, "buy_in", None), (400, "refill", "daily"),
    ]  # fmt: skip
    assert await store.audit() == []


async def test_when_empty_waits_from_the_last_movement_and_never_counts_table_chips(
    store: Store,
) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=100, now=0.0)
    await store.move(GUILD, 7, -100, Reason.BUY_IN, ref="table:a", now=HOUR)
    assert await store.refill(GUILD, 7, rules=WHEN_EMPTY, on_tables=0, now=12 * HOUR) == 0
    assert await store.refill(GUILD, 7, rules=WHEN_EMPTY, on_tables=40, now=14 * HOUR) == 0
    assert await store.refill(GUILD, 7, rules=WHEN_EMPTY, on_tables=0, now=13 * HOUR) == 500
    assert await store.refill(GUILD, 7, rules=WHEN_EMPTY, on_tables=0, now=13 * HOUR) == 0
    assert await store.balance(GUILD, 7) == 500
    assert await store.refill(GUILD, 7, rules=HouseRules(), now=DAY * 9) == 0
    with pytest.raises(NoWallet):
        await store.refill(GUILD, 99, rules=DAILY, now=2.0)
    assert await store.audit() == []


# ------------------------------------------------------------------ leaderboard


async def test_leaderboard_orders_by_chips_net_and_hands(store: Store) -> None:
    for user, grant in ((1, 300), (2, 500), (3, 300)):
        await store.ensure_wallet(GUILD, user, starting_grant=grant, now=0.0)
    await store.ensure_wallet(2, 9, starting_grant=10_000, now=0.0)  # another guild
    await store._execute(
        "UPDATE wallets SET net = CASE user_id WHEN 1 THEN 50 WHEN 2 THEN -20 ELSE 50 END, "
        "hands_played = user_id * 10 WHERE guild_id = 1"
    )
    by_chips = [r.user_id for r in await store.leaderboard(GUILD, by="chips")]
    by_net = [r.user_id for r in await store.leaderboard(GUILD, by="net")]
    by_hands = [r.user_id for r in await store.leaderboard(GUILD, by="hands", limit=2)]
    assert by_chips == [2, 1, 3]
    assert by_net == [1, 3, 2]
    assert by_hands == [3, 2]
    top = (await store.leaderboard(GUILD))[0]
    assert (top.balance, top.net, top.hands_played) == (500, -20, 20)
    with pytest.raises(ValueError):
        await store.leaderboard(GUILD, by="luck")  # type: ignore[arg-type]
