"""The table service: seats and wallets, a whole hand, turns under the lock, restart, stop,
and chip conservation."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

import pytest

from bot.guilds.wallets import Reason
from bot.store.errors import InsufficientChips
from bot.store.store import Store
from bot.tables.errors import NoTable, NotSeated, TableExists
from bot.tables.service import TableService, table_id_for
from engine import ActionKind, BuyIn, HouseRules, NotYourTurn, parse_cards
from engine.events import HandEnded
from tests.bot.conftest import Clock
from tests.engine.simulate import random_action, random_deck

G, C = 1, 10
TID = table_id_for(G, C)
A, B, D = 101, 102, 103
RULES = HouseRules(turn_seconds=30)
CHOICE = RULES.with_changes(buy_in=BuyIn.CHOICE)  # a first buy-in of 2 to 100


def decks(*texts: str) -> Callable[[], Sequence[int]]:
    """A deck source that gives these decks in turn (the rest of each deck in card order)."""
    queue = [[int(c) for c in parse_cards(t)] for t in texts]

    def source() -> Sequence[int]:
        top = queue.pop(0)
        return top + [c for c in range(52) if c not in top]

    return source


# Heads-up, button A (dealt second): 8c burnt, A gets As Ad, B gets Ks Kd; board 2c 7d 9h Jc
# 3s (A wins).
HEADS_UP = "8c Ks As Kd Ad 4h 2c 7d 9h 5h Jc 6h 3s"


async def two_players(
    store: Store, clock: Clock, *texts: str, rules: HouseRules = RULES
) -> TableService:
    service = TableService(store, clock=clock, deck_source=decks(*texts))
    await service.seats.open_table(G, C, A, rules, 100)
    await service.seats.join(G, C, B, 100)
    return service


async def test_open_join_and_a_whole_hand(store: Store) -> None:
    clock = Clock()
    service = await two_players(store, clock, HEADS_UP)
    assert await store.balance(G, A) == 0 and await store.balance(G, B) == 0
    with pytest.raises(TableExists):
        await service.seats.open_table(G, C, D, RULES, 50)
    dealt = await service.hands.deal(G, C, button=0)
    turn = dealt.state.turn
    assert dealt.hand_members == (A, B) and turn is not None
    assert turn.member == A and turn.deadline == 1030.0
    r = await service.hands.act(G, C, A, "raise", 6)
    assert r.state.turn is not None and r.state.turn.member == B and not r.hand_over
    await service.hands.act(G, C, B, ActionKind.CALL)
    for _ in range(3):  # flop, turn, river: B first after the flop heads-up
        await service.hands.act(G, C, B, "check")
        r = await service.hands.act(G, C, A, "check")
    assert r.hand_over and r.state.turn is None and not r.state.in_hand
    ended = r.events[-1]
    assert isinstance(ended, HandEnded) and ended.net == (6, -6)
    assert r.hand_id is not None
    record = await store.load_hand(r.hand_id)
    assert record.finished and len(record.actions) == 8
    assert [(s.member, s.stack) for s in service.tables.state(TID).occupied()] == [
        (A, 106),
        (B, 94),
    ]
    assert await service.tables.chips_total(G) == 200


async def test_wallets_debited_on_buy_in_and_credited_on_leave(store: Store) -> None:
    service = await two_players(store, Clock(), rules=CHOICE)
    await service.seats.join(G, C, D, 40)
    assert await store.balance(G, D) == 60
    assert (await service.seats.leave(G, C, D)).stack == 40
    assert await store.balance(G, D) == 100
    E = 104
    await service.seats.join(G, C, E)
    await service.seats.leave(G, C, E)
    await store.move(G, E, -90, Reason.CORRECTION, now=1.0)  # 10 left in the wallet
    with pytest.raises(InsufficientChips):
        await service.seats.join(G, C, E)  # comes back with the 100 they left with: not there
    assert service.tables.state(TID).seat_of(E) is None  # nothing half-done
    assert await store.balance(G, E) == 10
    with pytest.raises(NotSeated):
        await service.seats.leave(G, C, D)
    with pytest.raises(NoTable):
        await service.seats.join(G, C + 1, D, 10)


async def test_leave_during_the_hand_folds_and_cashes_out_at_its_end(store: Store) -> None:
    service = await two_players(store, Clock(), HEADS_UP)
    await service.hands.deal(G, C, button=0)  # A (button, small blind) to act
    left = await service.seats.leave(G, C, A)  # folded at once: B wins the blinds
    assert left.stack is None and left.folded_for == (A,) and left.hand_over
    assert service.tables.state(TID).seat_of(A) is None
    assert await store.balance(G, A) == 99
    assert [(s.member, s.stack) for s in service.tables.state(TID).occupied()] == [(B, 101)]
    assert await service.tables.chips_total(G) == 200


async def test_out_of_turn_and_unseated_are_refused_with_no_change(store: Store) -> None:
    service = await two_players(store, Clock(), HEADS_UP)
    dealt = await service.hands.deal(G, C, button=0)
    with pytest.raises(NotYourTurn):
        await service.hands.act(G, C, B, "call")
    with pytest.raises(NotSeated) as refused:
        await service.hands.act(G, C, D, "call")
    assert refused.value.code == "not_seated" and refused.value.params["user"] == D
    assert dealt.hand_id is not None
    assert (await store.load_hand(dealt.hand_id)).actions == []
    turn = service.tables.state(TID).turn
    assert turn is not None and turn.member == A


async def test_a_double_action_applies_once(store: Store) -> None:
    service = await two_players(store, Clock(), HEADS_UP)
    dealt = await service.hands.deal(G, C, button=0)
    results = await asyncio.gather(
        service.hands.act(G, C, A, "call"),
        service.hands.act(G, C, A, "call"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, NotYourTurn) for r in results) == 1
    assert dealt.hand_id is not None
    assert len((await store.load_hand(dealt.hand_id)).actions) == 1


async def test_restart_resumes_the_hand_with_a_fresh_deadline(path: str) -> None:
    clock = Clock()
    store = await Store.open(path)
    service = await two_players(store, clock, HEADS_UP)
    dealt = await service.hands.deal(G, C, button=0)
    await service.hands.act(G, C, A, "raise", 6)
    await service.hands.act(G, C, B, "call")
    before = service.tables.state(TID)
    cards = [service.tables.cards_of(TID, m) for m in (A, B)]
    await store.close()

    clock.now += 3600  # the bot was down; B's deadline passed long ago
    store = await Store.open(path)
    try:
        service = TableService(store, clock=clock, deck_source=decks())
        assert [o.table_id for o in await service.tables.restore()] == [TID]
        after = service.tables.state(TID)
        assert [service.tables.cards_of(TID, m) for m in (A, B)] == cards
        assert after.board == before.board and after.seats == before.seats
        assert after.turn is not None and before.turn is not None
        assert after.hand_id == dealt.hand_id and after.turn.member == B
        assert after.turn.seq == before.turn.seq
        assert after.turn.deadline == clock.now + 30
        assert dealt.hand_id is not None
        assert (await store.load_hand(dealt.hand_id)).deadline == clock.now + 30
        assert await service.hands.timeout(TID) is None  # not yet: the fresh deadline stands
        await service.hands.act(G, C, B, "check")
        clock.now += 31
        timed = await service.hands.timeout(TID)
        assert timed is not None and timed.action.kind is ActionKind.CHECK
        assert await service.tables.chips_total(G) == 200
    finally:
        await store.close()


async def test_timeout_folds_when_there_is_a_bet(store: Store) -> None:
    clock = Clock()
    service = await two_players(store, clock, HEADS_UP)
    await service.hands.deal(G, C, button=0)
    clock.now += 30
    r = await service.hands.timeout(TID)
    assert r is not None and r.action.kind is ActionKind.FOLD and r.hand_over


async def test_stop_refunds_everything(store: Store) -> None:
    service = await two_players(store, Clock(), HEADS_UP, rules=CHOICE)
    await service.seats.join(G, C, D, 50)
    dealt = await service.hands.deal(G, C, button=0)
    await service.hands.act(G, C, A, "raise", 10)  # three-handed: the button acts first
    stopped = await service.seats.stop(G, C, A)
    assert stopped.voided_hand == dealt.hand_id
    assert dict(stopped.cashed_out) == {A: 100, B: 100, D: 50} and stopped.closed
    assert [await store.balance(G, u) for u in (A, B, D)] == [100, 100, 100]
    assert service.tables.table_ids() == []
    assert await store.load_open_tables() == []
    assert dealt.hand_id is not None
    assert (await store.load_hand(dealt.hand_id)).finished
    assert await store.audit(G) == []


async def test_chips_are_conserved_over_random_play(store: Store) -> None:
    rng = random.Random(7)
    clock = Clock()
    service = TableService(store, clock=clock, deck_source=lambda: random_deck(rng), rng=rng)
    users = [201, 202, 203, 204]
    await service.seats.open_table(G, C, users[0], CHOICE, 60)
    for u in users[1:]:
        await service.seats.join(G, C, u, 60)
    total = await service.tables.chips_total(G)
    assert total == 400
    actions = 0
    while actions < 400:
        table = service.tables.live(TID).table  # the engine table, to draw random legal moves
        if table.hand is None:
            if table.ended is not None or len(table.dealt_in()[0]) < 2:
                await service.seats.stop(G, C, users[0])
                assert await service.tables.chips_total(G) == total
                funded = [u for u in users if (await store.balance(G, u) or 0) >= 20]
                if len(funded) < 2:
                    break
                await service.seats.open_table(G, C, funded[0], CHOICE, 20)
                for u in funded[1:]:
                    await service.seats.join(G, C, u, 20)
                continue
            await service.hands.deal(G, C)
        else:
            hand = table.hand
            action = random_action(hand, rng)
            member = service.tables.state(TID).hand_members[action.player]
            if rng.random() < 0.03:
                await service.seats.leave(G, C, member)
            elif rng.random() < 0.05:
                clock.now += 60
                await service.hands.timeout(TID)
            else:
                await service.hands.act(G, C, member, action.kind, action.amount)
            actions += 1
        assert await service.tables.chips_total(G) == total
    assert actions >= 300
    assert await store.audit(G) == []
