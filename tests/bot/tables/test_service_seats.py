"""The table service, continued: sitting out and in, two timeouts in a row, read-only looks
at the hand and the rules, and the names the bot imports."""

from __future__ import annotations

import pytest

from bot.store.store import Store
from bot.tables.errors import NoTable, NotSeated
from bot.tables.service import TableService, table_id_for
from engine import ActionKind, HouseRules, SeatStatus, SessionError
from engine.codec import table_from_dict
from tests.bot.conftest import Clock

G, C = 1, 10
TID = table_id_for(G, C)
A, B, D = 101, 102, 103
RULES = HouseRules(turn_seconds=30)


def to_act(service: TableService) -> int:
    turn = service.tables.state(TID).turn
    assert turn is not None
    return turn.member


async def seated(store: Store, clock: Clock, *members: int) -> TableService:
    service = TableService(store, clock=clock, deck_source=lambda: list(range(52)))
    await service.seats.open_table(G, C, members[0], RULES, 100)
    for member in members[1:]:
        await service.seats.join(G, C, member, 100)
    return service


async def saved_status(store: Store, member: int) -> SeatStatus:
    record = await store.load_table(TID)
    assert record is not None
    table = table_from_dict(record.state)
    seat = table.seat_of(str(member))
    assert seat is not None
    status = table.seats[seat]
    assert status is not None
    return status.status


# ------------------------------------------------------------------ sitting out and in


async def test_sit_out_between_hands_skips_the_next_deal_and_is_saved(store: Store) -> None:
    service = await seated(store, Clock(), A, B, D)
    await service.seats.sit_out(G, C, B)
    assert await saved_status(store, B) is SeatStatus.SITTING_OUT
    dealt = await service.hands.deal(G, C, button=0)
    assert dealt.hand_members == (A, D)
    with pytest.raises(SessionError):
        await service.seats.sit_out(G, C, B)  # already out
    await service.seats.sit_in(G, C, B)
    assert await saved_status(store, B) is SeatStatus.ACTIVE
    with pytest.raises(SessionError):
        await service.seats.sit_in(G, C, B)  # not sitting out
    with pytest.raises(NotSeated):
        await service.seats.sit_out(G, C, 999)
    with pytest.raises(NotSeated):
        await service.seats.sit_in(G, C, 999)
    with pytest.raises(NoTable):
        await service.seats.sit_out(G, C + 1, A)


async def test_sit_out_on_your_own_turn_does_not_fold(store: Store) -> None:
    service = await seated(store, Clock(), A, B, D)
    dealt = await service.hands.deal(G, C, button=0)  # three-handed: the button, A, acts first
    assert to_act(service) == A
    await service.seats.sit_out(G, C, A)
    assert to_act(service) == A
    assert dealt.hand_id is not None
    assert (await store.load_hand(dealt.hand_id)).actions == []
    assert await saved_status(store, A) is SeatStatus.SITTING_OUT
    await service.hands.act(G, C, A, "call")  # still theirs to play
    await service.hands.act(G, C, B, "fold")
    await service.hands.act(G, C, D, "fold")
    assert (await service.hands.deal(G, C)).hand_members == (B, D)
    assert await service.tables.chips_total(G) == 300


# ------------------------------------------------------------------ timeouts


async def test_two_timeouts_in_a_row_sit_the_member_out(store: Store) -> None:
    clock = Clock()
    service = await seated(store, clock, A, B)
    await service.hands.deal(G, C, button=0)  # heads-up: A, the button, acts first
    clock.now += 30
    first = await service.hands.timeout(TID)
    assert first is not None and first.action.kind is ActionKind.FOLD and first.hand_over
    assert first.sat_out == ()
    assert service.timeouts.count(TID, A) == 1
    assert service.timeouts.count(TID, B) == 0

    await service.hands.deal(G, C)  # the button moves to B, who acts first
    await service.hands.act(G, C, B, "call")
    clock.now += 30
    second = await service.hands.timeout(TID)  # A in the big blind: a free check
    assert second is not None and second.action.kind is ActionKind.CHECK
    assert not second.hand_over and second.sat_out == (A,)
    assert service.timeouts.count(TID, A) == 2
    assert await saved_status(store, A) is SeatStatus.SITTING_OUT
    assert to_act(service) == A  # the hand goes on; A is still in it

    await service.hands.act(G, C, A, "check")  # A's own action resets the count
    assert service.timeouts.count(TID, A) == 0
    for _ in range(5):  # the rest of the hand: checked down
        if not service.tables.state(TID).in_hand:
            break
        await service.hands.act(G, C, to_act(service), "check")
    assert not service.tables.state(TID).in_hand
    with pytest.raises(SessionError):
        await service.hands.deal(G, C)  # only B is playing
    await service.seats.sit_in(G, C, A)
    assert (await service.hands.deal(G, C)).hand_members in ((A, B), (B, A))
    assert await service.tables.chips_total(G) == 200


async def test_an_action_between_timeouts_resets_the_count(store: Store) -> None:
    clock = Clock()
    service = await seated(store, clock, A, B, D)
    await service.hands.deal(G, C, button=0)  # A, B (small blind), D (big blind)
    clock.now += 30
    timed = await service.hands.timeout(TID)  # A folds
    assert timed is not None and service.timeouts.count(TID, A) == 1
    await service.hands.act(G, C, B, "fold")  # D wins the blinds
    await service.hands.deal(G, C)  # button B: D, then A, in the blinds; B first
    await service.hands.act(G, C, B, "call")
    await service.hands.act(G, C, D, "call")
    await service.hands.act(G, C, A, "check")
    assert service.timeouts.count(TID, A) == 0
    clock.now += 30
    timed = await service.hands.timeout(TID)
    assert timed is not None and timed.sat_out == ()
    assert service.timeouts.count(TID, D) == 1  # the flop: D first after the button


async def test_the_count_is_kept_in_memory_only(path: str) -> None:
    clock = Clock()
    store = await Store.open(path)
    service = await seated(store, clock, A, B)
    await service.hands.deal(G, C, button=0)
    clock.now += 30
    await service.hands.timeout(TID)
    assert service.timeouts.count(TID, A) == 1
    await store.close()
    store = await Store.open(path)
    try:
        restarted = TableService(store, clock=clock, deck_source=lambda: list(range(52)))
        await restarted.tables.restore()
        assert restarted.timeouts.count(TID, A) == 0
    finally:
        await store.close()


# ------------------------------------------------------------------ read-only looks


async def test_state_and_cards_are_values(store: Store) -> None:
    service = await seated(store, Clock(), A, B)
    between = service.tables.state(TID)
    assert not between.in_hand and between.turn is None and between.rules == RULES
    assert service.tables.cards_of(TID, A) is None
    dealt = await service.hands.deal(G, C, button=0)
    state = service.tables.state(TID)
    assert state.hand_id == dealt.hand_id and state.hand_members == (A, B)
    mine = service.tables.cards_of(TID, A)
    assert mine is not None and len(mine.cards) == 2 and mine.member == A
    assert all(seat.shown is None for seat in state.occupied())  # nothing shown yet
    with pytest.raises(NoTable):
        service.tables.state(table_id_for(G, C + 1))
    with pytest.raises(NoTable):
        service.tables.cards_of(table_id_for(G, C + 1), A)
