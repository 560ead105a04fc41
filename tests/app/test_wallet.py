"""Wallets: every balance is the sum of its ledger, never negative; refills follow the house."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import (
    InsufficientChips,
    NoWallet,
    Reason,
    RefillPolicy,
    RefillRefused,
    Store,
    refill_amount,
)
from app.wallet import REFILL_INTERVAL

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


def test_refill_rules_without_a_database() -> None:
    def amount(policy: RefillPolicy, **kw: object) -> int:
        args: dict[str, object] = {
            "balance": 10, "starting_stack": 1000, "last_refill": None, "now": DAY * 3,
        }  # fmt: skip
        args.update(kw)
        return refill_amount(policy, **args)  # type: ignore[arg-type]

    assert amount(RefillPolicy.DAILY) == 990
    assert amount(RefillPolicy.DAILY, last_refill=DAY * 2) == 990
    with pytest.raises(RefillRefused, match="next refill is in 2 h 59 min"):
        amount(RefillPolicy.DAILY, last_refill=DAY * 2 + 3 * 3600 - 1)
    with pytest.raises(RefillRefused, match="already have"):
        amount(RefillPolicy.DAILY, balance=1000)
    with pytest.raises(RefillRefused, match="does not refill"):
        amount(RefillPolicy.NONE)
    with pytest.raises(RefillRefused, match="only an admin"):
        amount(RefillPolicy.ADMIN)
    assert amount(RefillPolicy.ADMIN, by_admin=True) == 990


async def test_daily_refill_with_injected_time(store: Store) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=1000, now=0.0)
    await store.move(GUILD, 7, -900, Reason.BUY_IN, now=10.0)
    policy = RefillPolicy.DAILY
    assert await store.refill(GUILD, 7, policy=policy, starting_stack=1000, now=100.0) == 900
    assert await store.balance(GUILD, 7) == 1000
    await store.move(GUILD, 7, -1000, Reason.BUY_IN, now=200.0)
    with pytest.raises(RefillRefused):
        await store.refill(GUILD, 7, policy=policy, starting_stack=1000, now=100.0 + DAY - 1)
    assert await store.balance(GUILD, 7) == 0
    assert await store.refill(GUILD, 7, policy=policy, starting_stack=1000, now=100.0 + DAY) == 1000
    assert [r for _, r, _ in await store.ledger(GUILD, 7)].count("refill") == 2
    assert await store.audit() == []


async def test_admin_and_none_policies(store: Store) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=0, now=0.0)
    for policy in (RefillPolicy.NONE, RefillPolicy.ADMIN):
        with pytest.raises(RefillRefused):
            await store.refill(GUILD, 7, policy=policy, starting_stack=500, now=1.0)
    assert await store.balance(GUILD, 7) == 0
    granted = await store.refill(
        GUILD, 7, policy=RefillPolicy.ADMIN, starting_stack=500, now=2.0, by_admin=True
    )
    assert granted == 500
    assert await store.ledger(GUILD, 7) == [(500, "refill", "admin")]
    with pytest.raises(NoWallet):
        await store.refill(GUILD, 99, policy=RefillPolicy.DAILY, starting_stack=500, now=2.0)


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
