"""A practice table through the service: computer players seated, chips from and to no wallet."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.computers import Level
from bot.store.store import Store
from bot.tables.computers import ComputerPlayers, computer_level, is_computer
from bot.tables.service import TableService
from engine import CARDS, ActionKind, HouseRules, SessionEnd, SessionError
from tests.bot.conftest import Clock

GUILD, CHANNEL, HOST = 1, 2, 412_345_678_901_234_567


def _decks(seed: int) -> Callable[[], list[int]]:
    rng = random.Random(seed)

    def source() -> list[int]:
        deck: list[int] = list(CARDS)
        rng.shuffle(deck)
        return deck

    return source


async def test_one_member_and_five_computers_play_a_session_to_its_end(store: Store) -> None:
    clock = Clock()
    # The first button is drawn too: seeded, so the session is the same every run (with some
    # buttons the member busts before the twelfth hand).
    service = TableService(store, clock=clock, deck_source=_decks(3), rng=random.Random(3))
    rules = HouseRules(session_end=SessionEnd.AFTER_HANDS, end_after=12)
    await service.seats.open_table(GUILD, CHANNEL, HOST, rules, 100, name="Host")
    wallet = await store.balance(GUILD, HOST)
    total = await service.tables.chips_total(GUILD)
    computers = ComputerPlayers(service.hands, service.computers.view_of, pause=0)
    service.tables.subscribe(computers.receive)
    for level in (Level.EASY, Level.NORMAL, Level.HARD, Level.EASY, Level.HARD):
        joined = await service.computers.add_computer(GUILD, CHANNEL, level, name_of=str)
        assert joined.actor is not None and computer_level(joined.actor) is level
    assert await store.balance(GUILD, HOST) == (wallet or 0) + 100  # the buy-in went back
    table_id = f"{GUILD}:{CHANNEL}"
    for _ in range(200):
        state = service.tables.state(table_id)
        if state.session_over:
            break
        if state.turn is None:
            await service.hands.deal(GUILD, CHANNEL)
        elif state.turn.member == HOST:
            kind = ActionKind.CHECK if state.turn.legal.can_check else ActionKind.CALL
            await service.hands.act(GUILD, CHANNEL, HOST, kind, seq=state.turn.seq)
        await computers.idle()
    state = service.tables.state(table_id)
    assert state.session_over and state.hands_played == 12
    assert await store.balance(GUILD, HOST) == (wallet or 0) + 100  # no chip won or lost
    assert await service.tables.chips_total(GUILD) == total
    for seat in state.occupied():
        if is_computer(seat.member):
            assert await store.balance(GUILD, seat.member) is None  # no wallet
    board = await store.leaderboard(GUILD)
    assert all(row.net == 0 for row in board)


async def test_the_first_computer_sits_down_between_hands_only(store: Store) -> None:
    service = TableService(store, clock=Clock(), deck_source=_decks(4))
    await service.seats.open_table(GUILD, CHANNEL, HOST, HouseRules(), 100)
    await service.seats.join(GUILD, CHANNEL, HOST + 1, 100)
    await service.hands.deal(GUILD, CHANNEL)
    with pytest.raises(SessionError):
        await service.computers.add_computer(GUILD, CHANNEL, Level.HARD, name_of=str)
    assert not any(
        is_computer(s.member) for s in service.tables.state(f"{GUILD}:{CHANNEL}").occupied()
    )
