"""The stats service: periods through the clock, the chart's session, and which stored hand a
replay gets (never another guild's, an unfinished or a voided one)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.stats.counters import Period
from bot.stats.service import HandNotFound, NoHandYet, StatsService
from bot.store.store import Store
from engine import Hand
from tests.bot.conftest import Clock
from tests.engine.helpers import hand, play

G = 1


@pytest.fixture
async def store(path: str) -> AsyncIterator[Store]:
    s = await Store.open(path)
    await s.save_table("t1", guild_id=G, channel_id=5, state={"session": 3}, now=0.0)
    await s.save_table("t9", guild_id=9, channel_id=5, state={"session": 1}, now=0.0)
    yield s
    await s.close()


def walk() -> Hand:
    h = hand([100] * 3)
    play(h, "p3 fold", "p1 fold")
    return h


async def store_hand(
    store: Store, h: Hand, *, table: str = "t1", now: float = 0.0, finish: bool = True,
    voided: bool = False,
) -> int:  # fmt: skip
    hand_id = await store.start_hand(
        table_id=table, config=h.config, deck=[int(c) for c in h.deck], players=[11, 12, 13],
        now=now,
    )  # fmt: skip
    for seq, action in enumerate(h.actions):
        await store.append_action(hand_id, seq, action)
    if finish:
        nets = [0, 0, 0] if voided else [s - s0 for s, s0 in zip(h.stacks, h.config.stacks)]
        await store.finish_hand(
            hand_id, nets=nets, now=now, result={"voided": "x"} if voided else None,
            counted=not voided,
        )  # fmt: skip
    return hand_id


async def test_stats_over_the_clocks_periods(store: Store) -> None:
    clock = Clock()
    service = StatsService(store, clock=clock)
    await store_hand(store, walk(), now=clock.now)
    clock.now += 8 * 24 * 3600
    assert (await service.member_stats(G, 12, Period.ALL)).hands == 1
    assert (await service.member_stats(G, 12, Period.WEEK)).hands == 0
    assert (await service.member_stats(G, 12, Period.SESSION)).net == 1


async def test_the_chart_is_of_the_tables_latest_session(store: Store) -> None:
    service = StatsService(store)
    assert await service.session_chart("t1") is None
    first = await store_hand(store, walk())
    chart = await service.session_chart("t1")
    assert chart is not None and chart.session == 3 and [h.hand_id for h in chart.hands] == [first]
    assert chart.hands[0].after == (99, 101, 100)
    assert await service.session_chart("t1", session=2) is None


async def test_a_replay_gets_a_finished_hand_of_this_guild_only(store: Store) -> None:
    service = StatsService(store)
    with pytest.raises(NoHandYet):
        await service.hand_to_replay(G, table_id="t1", user_id=11)
    done = await store_hand(store, walk())
    voided = await store_hand(store, walk(), voided=True)
    elsewhere = await store_hand(store, walk(), table="t9")
    running = await store_hand(store, walk(), finish=False)
    assert (await service.hand_to_replay(G, hand_id=done)).hand_id == done
    # The last hand here: the voided one is passed over.
    assert (await service.hand_to_replay(G, table_id="t1")).hand_id == done
    # No hand at table t2: the member's last counted hand in this guild (not guild 9's).
    assert (await service.hand_to_replay(G, table_id="t2", user_id=11)).hand_id == done
    with pytest.raises(NoHandYet):
        await service.hand_to_replay(G, table_id="t2", user_id=99)
    for bad in (voided, elsewhere, running, 999):
        with pytest.raises(HandNotFound) as caught:
            await service.hand_to_replay(G, hand_id=bad)
        assert caught.value.params == {"number": bad}
