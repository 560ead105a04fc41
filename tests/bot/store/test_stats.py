"""Stats kept as hands finish: the counters in the database are the sum of each hand's facts,
periods pick the right hands, voided hands count for nobody, and a session's stacks read back."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence

import pytest

from bot.guilds.wallets import Reason
from bot.stats.counters import HandFacts, Period, PlayerStats, hand_facts
from bot.store.stats import HOUR, WEEK_HOURS, SessionHand
from bot.store.store import Store
from bot.tables.service import TableService
from engine import Hand, HandConfig, HouseRules
from engine.hand import replay
from engine.rules import RunItTwice
from tests.bot.conftest import Clock
from tests.engine.helpers import hand, play
from tests.engine.simulate import play_random_hand

G = 1
DAY = 24 * HOUR


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture)."""
    s = await Store.open(database)
    for table in ("t1", "t2"):
        await s.save_table(table, guild_id=G, channel_id=5, state={"session": 1}, now=0.0)
    yield s
    await s.close()


async def store_hand(
    store: Store,
    h: Hand,
    members: Sequence[int],
    *,
    now: float,
    table: str = "t1",
    session: int = 1,
    voided: bool = False,
    counted: bool = True,
    facts: Sequence[HandFacts] | None = None,
) -> int:
    """Write a played hand as the service does: start, every action, finish (with the
    live hand's ``facts`` when given, as the service passes them)."""
    deck = [int(c) for c in h.deck]
    hand_id = await store.start_hand(
        table_id=table, config=h.config, deck=deck, players=members, now=now
    )
    for seq, action in enumerate(h.actions):
        await store.append_action(hand_id, seq, action)
    nets = [0] * h.player_count if voided else [s - s0 for s, s0 in zip(h.stacks, h.config.stacks)]
    await store.finish_hand(
        hand_id, nets=nets, now=now, table_state={"session": session},
        counted=counted and not voided, result={"voided": "a test"} if voided else None,
        facts=facts,
    )  # fmt: skip
    return hand_id


def three_bet_pot() -> Hand:
    h = hand([100] * 4, ["5c6c", "KsKd", "AsAh", "8d8s"], "2c7d9hJs3c")
    play(h, "p3 raise 6", "p4 raise 18", "p1 fold", "p2 call", "p3 call")
    play(h, "p2 bet 20", "p3 raise 60", "p4 fold", "p2 call")
    play(h, "p2 check", "p3 check", "p2 check", "p3 check")
    return h


def walk() -> Hand:
    h = hand([100] * 4)
    play(h, "p3 fold", "p4 fold", "p1 fold")
    return h


async def test_a_finished_hand_adds_each_players_facts(store: Store) -> None:
    h = three_bet_pot()
    await store_hand(store, h, [11, 12, 13, 14], now=10 * DAY)
    for member, facts in zip([11, 12, 13, 14], hand_facts(h)):
        for period in Period:
            got = await store.stats.of_member(G, member, period, now=10 * DAY)
            assert got == PlayerStats.of_hand(facts)
    assert (await store.stats.of_member(G, 13, Period.ALL, now=0.0)).biggest_pot == 175
    assert await store.stats.of_member(G, 99, Period.ALL, now=0.0) == PlayerStats()
    assert await store.stats.of_member(G, 99, Period.SESSION, now=0.0) == PlayerStats()
    assert await store.stats.of_member(2, 11, Period.ALL, now=0.0) == PlayerStats()  # other guild


async def test_the_live_hands_facts_are_counted_without_a_replay(store: Store) -> None:
    """The service passes the facts of the hand it just settled and the store counts those:
    a walk's facts given with the rows of a three-bet pot are what the counters hold, so the
    rows were not replayed; a caller without facts (a backfill) still gets the replay."""
    members = [11, 12, 13, 14]
    walked = hand_facts(walk())
    await store_hand(store, three_bet_pot(), members, now=DAY, facts=walked)
    for member, facts in zip(members, walked):
        assert await store.stats.of_member(G, member, Period.ALL, now=DAY) == PlayerStats.of_hand(
            facts
        )
    await store_hand(store, three_bet_pot(), members, now=DAY, table="t2")
    pot = PlayerStats.of_hand(hand_facts(three_bet_pot())[2])
    assert await store.stats.of_member(G, 13, Period.ALL, now=DAY) == PlayerStats.total(
        [PlayerStats.of_hand(walked[2]), pot]
    )
    with pytest.raises(ValueError, match="per player"):
        await store_hand(store, walk(), members, now=DAY, facts=walked[:3])


async def test_periods_pick_the_session_and_the_last_seven_days(store: Store) -> None:
    now = 100 * DAY
    members = [11, 12, 13, 14]
    old = await store_hand(store, three_bet_pot(), members, now=now - 8 * DAY, session=1)
    await store_hand(store, walk(), members, now=now - 2 * DAY, session=1)
    await store_hand(store, three_bet_pot(), members, now=now - 1 * DAY, session=2)
    await store_hand(store, walk(), members, now=now - HOUR, table="t2", session=1)
    await store_hand(store, walk(), members, now=now, session=3, voided=True)
    pot, blinds = hand_facts(three_bet_pot()), hand_facts(walk())
    opener = 2  # member 13
    pot13, walk13 = PlayerStats.of_hand(pot[opener]), PlayerStats.of_hand(blinds[opener])
    assert await store.stats.of_member(G, 13, Period.ALL, now=now) == PlayerStats.total(
        [pot13, walk13, pot13, walk13]
    )
    assert await store.stats.of_member(G, 13, Period.WEEK, now=now) == PlayerStats.total(
        [walk13, pot13, walk13]
    )
    # The voided hand at t1 counts for nobody: the latest session is t2's.
    assert await store.stats.of_member(G, 13, Period.SESSION, now=now) == walk13
    assert await store.stats.latest_session("t1") == 2
    assert [h.hand_id for h in await store.stats.session_hands("t1", 1)] == [old, old + 1]
    # Seven days are counted in whole hours: the oldest hand drops out 7 x 24 hours after
    # its own hour began, and is still in one hour before.
    dropped = now - 8 * DAY + WEEK_HOURS * HOUR
    assert (await store.stats.of_member(G, 13, Period.WEEK, now=dropped)).hands == 3
    assert (await store.stats.of_member(G, 13, Period.WEEK, now=dropped - HOUR)).hands == 4


async def test_many_random_hands_sum_to_their_facts(store: Store) -> None:
    rng = random.Random(20261201)
    members = [21, 22, 23, 24, 25]
    want = {m: PlayerStats() for m in members}
    for k in range(60):
        seats = rng.sample(members, rng.randint(2, 5))
        config = HandConfig(
            stacks=tuple(rng.randint(20, 300) for _ in seats), button=rng.randrange(len(seats)),
            small_blind=1, big_blind=2,
        )  # fmt: skip
        h = play_random_hand(config, rng)
        await store_hand(store, h, seats, now=k * 600.0)
        for member, facts in zip(seats, hand_facts(h)):
            want[member] = want[member] + PlayerStats.of_hand(facts)
    for member in members:
        assert await store.stats.of_member(G, member, Period.ALL, now=0.0) == want[member]
    assert sum(want[m].hands for m in members) > 60 * 2
    assert any(want[m].three_bets for m in members) and any(want[m].showdowns for m in members)


async def test_session_hands_give_the_stacks_before_and_after(store: Store) -> None:
    h = three_bet_pot()
    hand_id = await store_hand(store, h, [11, 12, 13, 14], now=0.0, session=4)
    assert await store.stats.session_hands("t1", 4) == [
        SessionHand(
            hand_id=hand_id, players=(11, 12, 13, 14), before=(100, 100, 100, 100),
            after=(99, 22, 197, 82),
        )
    ]  # fmt: skip
    assert await store.stats.session_hands("t1", 5) == []
    assert await store.stats.latest_session("t3") is None


async def test_hands_dealt_by_the_service_are_counted(store: Store) -> None:
    clock = Clock()
    service = TableService(store, clock=clock, rng=random.Random(3))
    await service.seats.open_table(G, 77, 101, HouseRules(), 100)
    await service.seats.join(G, 77, 102, 100)
    dealt = await service.hands.deal(G, 77, button=0)
    turn = dealt.state.turn
    while turn is not None:
        result = await service.hands.act(G, 77, turn.member, "fold")
        turn = result.state.turn
    table_id = dealt.table_id
    assert await store.stats.latest_session(table_id) == 1
    both = [await store.stats.of_member(G, m, Period.SESSION, now=clock.now) for m in (101, 102)]
    assert [s.hands for s in both] == [1, 1] and sum(s.net for s in both) == 0


async def test_hands_finished_before_the_stats_existed_are_backfilled_once(store: Store) -> None:
    counted = await store_hand(store, three_bet_pot(), [11, 12, 13, 14], now=DAY)
    old = await store_hand(store, walk(), [11, 12, 13, 14], now=2 * DAY)
    await store_hand(store, walk(), [11, 12, 13, 14], now=3 * DAY, voided=True)
    async with store._write() as tx:  # as if hand ``old`` had ended before migration 4
        await tx.execute("DELETE FROM hand_sessions WHERE hand_id = ?", (old,))
        await tx.execute("DELETE FROM stats_hours WHERE last_hand = ?", (old,))
    before = await store.stats.of_member(G, 13, Period.ALL, now=0.0)
    assert before == PlayerStats.of_hand(hand_facts(three_bet_pot())[2])
    assert await store.stats.backfill(batch=1) == 1  # the voided hand stays out
    after = await store.stats.of_member(G, 13, Period.ALL, now=0.0)
    assert after == before + PlayerStats.of_hand(hand_facts(walk())[2])
    assert [h.hand_id for h in await store.stats.session_hands("t1", 0)] == [old]
    assert [h.hand_id for h in await store.stats.session_hands("t1", 1)] == [counted]
    assert await store.stats.backfill() == 0
    # A practice table's hands finish uncounted and stay so.
    await store.save_table(
        "t2", guild_id=G, channel_id=6, state={"session": 1}, settings={"practice": True}, now=0.0
    )
    await store_hand(store, walk(), [11, 12, 13, 14], now=4 * DAY, table="t2", counted=False)
    assert await store.stats.backfill() == 0
    assert await store.stats.of_member(G, 13, Period.ALL, now=0.0) == after


async def test_the_last_counted_hand_of_a_table_and_of_a_member(store: Store) -> None:
    assert await store.stats.last_counted_hand(table_id="t1") is None
    first = await store_hand(store, walk(), [11, 12, 13, 14], now=DAY)
    second = await store_hand(store, three_bet_pot(), [11, 12, 15, 16], now=DAY, table="t2")
    await store_hand(store, walk(), [11, 12, 13, 14], now=DAY, voided=True)  # not counted
    assert await store.stats.last_counted_hand(table_id="t1") == first
    assert await store.stats.last_counted_hand(table_id="t2") == second
    assert await store.stats.last_counted_hand(guild_id=G, user_id=11) == second
    assert await store.stats.last_counted_hand(guild_id=G, user_id=13) == first
    assert await store.stats.last_counted_hand(guild_id=G, user_id=99) is None


async def test_a_backfilled_hand_whose_run_out_was_held_counts_as_it_was_dealt(
    store: Store,
) -> None:
    """A hand that ran its board twice is replayed with its run count: without it the replay
    deals one board, and a hand whose two boards went to different players would count the
    wrong result. Hands are dealt from seeded decks until one splits its two boards."""
    clock = Clock()
    decks = random.Random(24)
    deck: list[int] = []

    def next_deck() -> list[int]:
        return deck

    service = TableService(store, clock=clock, deck_source=next_deck)
    rules = HouseRules(run_it_twice=RunItTwice.ALWAYS)
    for member in (101, 102):  # a buy-in at each table tried
        await store.ensure_wallet(G, member, starting_grant=100, now=clock.now)
        await store.move(G, member, 100 * 60, Reason.GRANT, now=clock.now)
    for channel in range(1, 60):
        deck[:] = decks.sample(range(52), 52)
        await service.seats.open_table(G, channel, 101, rules, 100)
        await service.seats.join(G, channel, 102, 100)
        dealt = await service.hands.deal(G, channel, button=0)
        turn = service.tables.state(dealt.table_id).turn
        assert turn is not None and dealt.hand_id is not None
        await service.hands.act(G, channel, turn.member, "allin")
        await service.hands.act(G, channel, 203 - turn.member, "call")
        record = await store.load_hand(dealt.hand_id)
        assert record.run_count == 2
        once = replay(record.config, record.deck, record.actions)
        if once.stacks != record.replay().stacks:
            break
    else:
        raise AssertionError("no deck split its two boards")
    hand_id = dealt.hand_id
    counted = [await store.stats.of_member(G, m, Period.ALL, now=clock.now) for m in (101, 102)]
    async with store._write() as tx:  # as if the hand had ended before migration 4
        await tx.execute("DELETE FROM hand_sessions WHERE hand_id = ?", (hand_id,))
        await tx.execute("DELETE FROM stats_hours WHERE last_hand = ?", (hand_id,))
    assert await store.stats.backfill() == 1
    again = [await store.stats.of_member(G, m, Period.ALL, now=clock.now) for m in (101, 102)]
    assert again == counted
