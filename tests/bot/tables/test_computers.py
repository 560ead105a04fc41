"""Computer players take their turns through the service, after a pause, off the event loop."""

from __future__ import annotations

import asyncio
import doctest
import random
from dataclasses import dataclass
from typing import Any

import pytest

import bot.tables.computers
from bot.computers import Level, PlayerView, observe, player_for
from bot.store.errors import StoreUnavailable
from bot.tables.computers import (
    ComputerPlayers,
    computer_level,
    computer_member,
    free_computer,
    has_computer,
    is_computer,
)
from bot.tables.errors import NoHand, NoTable
from engine import Action, ActionKind, Hand, HandConfig
from tests.bot.computers.match import play_hand

PERSON = 412_345_678_901_234_567


@dataclass(frozen=True, kw_only=True)
class Turn:
    member: int
    hand_id: int
    seq: int


@dataclass(frozen=True, kw_only=True)
class State:
    table_id: str
    guild_id: int
    channel_id: int
    turn: Turn | None


@dataclass(frozen=True, kw_only=True)
class Report:
    state: State


class FakeTable:
    """One hand behind a service-shaped ``act``: stale moves are refused, outcomes announced."""

    def __init__(self, members: list[int], *, seed: int = 1) -> None:
        self.members = members
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        self.config = HandConfig(stacks=(200,) * len(members), button=0, small_blind=1, big_blind=2)
        self.deck = deck
        self.hand = Hand(self.config, deck)
        self.hand_id = 7
        self.stopped = False
        self.players: ComputerPlayers | None = None

    def state(self) -> State:
        to_act = self.hand.to_act
        turn = None
        if to_act is not None:
            turn = Turn(
                member=self.members[to_act], hand_id=self.hand_id, seq=len(self.hand.actions)
            )
        return State(table_id="t", guild_id=1, channel_id=2, turn=turn)

    def announce(self) -> None:
        assert self.players is not None
        self.players.receive(Report(state=self.state()))

    async def act(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        action_kind: ActionKind | str,
        amount: int | None = None,
        *,
        hand_id: int | None = None,
        seq: int | None = None,
        request: int | None = None,
    ) -> object:
        if self.stopped:
            raise NoTable("no table here", table="t")
        if seq is not None and seq != len(self.hand.actions):
            raise NoHand("that decision was already taken", table="t")
        player = self.members.index(user_id)
        self.hand.act(Action(player=player, kind=ActionKind(action_kind), amount=amount))
        self.announce()
        return None

    def view_of(self, table_id: str, member: int, hand_id: int, seq: int) -> PlayerView | None:
        if self.stopped or seq != len(self.hand.actions) or self.hand.to_act is None:
            return None
        if self.members[self.hand.to_act] != member:
            return None
        return observe(self.hand, self.hand.to_act)


def _computers(levels: list[Level]) -> list[int]:
    seated: list[int] = []
    for level in levels:
        seated.append(free_computer(level, seated))
    return seated


async def test_computers_play_a_hand_to_the_end_as_the_seeded_players_would() -> None:
    members = _computers([Level.HARD, Level.EASY, Level.NORMAL, Level.EASY, Level.HARD, Level.EASY])
    table = FakeTable(members)
    table.players = ComputerPlayers(table, table.view_of, pause=0)
    table.announce()
    await table.players.idle()
    assert table.hand.is_over
    strategies = [player_for(computer_level(m) or Level.EASY) for m in members]
    again = play_hand(table.config, table.deck, strategies, seed="t:7")
    assert table.hand.actions == again.actions


async def test_a_computer_waits_for_a_person_and_then_plays_on() -> None:
    table = FakeTable([PERSON, computer_member(Level.NORMAL, 1), computer_member(Level.HARD, 1)])
    table.players = ComputerPlayers(table, table.view_of, pause=0)
    table.announce()
    await table.players.idle()
    assert table.hand.to_act == 0  # the person, first to act three-handed, is not played for
    await table.act(1, 2, PERSON, ActionKind.CALL, seq=len(table.hand.actions))
    await table.players.idle()
    assert table.hand.actions[0].player == 0
    assert len(table.hand.actions) > 1  # the computers answered
    assert table.hand.is_over or table.hand.to_act == 0


async def test_the_move_comes_after_the_pause() -> None:
    table = FakeTable([computer_member(Level.EASY, 1), computer_member(Level.EASY, 2)])
    table.players = ComputerPlayers(table, table.view_of, pause=0.2)
    table.announce()
    await asyncio.sleep(0.05)
    assert table.hand.actions == []
    await asyncio.sleep(0.3)
    assert len(table.hand.actions) >= 1
    await table.players.aclose()


async def test_a_table_that_moved_on_is_left_alone() -> None:
    table = FakeTable([computer_member(Level.HARD, 1), computer_member(Level.HARD, 2)])
    table.players = ComputerPlayers(table, table.view_of, pause=0.05)
    table.announce()
    table.stopped = True
    await table.players.idle()
    assert table.hand.actions == []


async def test_a_stale_decision_is_refused_quietly() -> None:
    table = FakeTable([computer_member(Level.HARD, 1), computer_member(Level.HARD, 2)])
    players = ComputerPlayers(table, lambda *_: observe(table.hand, 0), pause=0.05)
    table.players = players
    players.receive(Report(state=table.state()))
    table.hand.act(Action(player=0, kind=ActionKind.CALL))  # the timer played it meanwhile
    await players.idle()
    assert len(table.hand.actions) == 1


async def test_a_failing_move_is_logged_and_the_turn_left_to_the_timer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = FakeTable([computer_member(Level.EASY, 1), computer_member(Level.EASY, 2)])

    class Broken:
        async def act(self, *args: object, **kwargs: object) -> object:
            raise OSError("disk full")

    players = ComputerPlayers(Broken(), table.view_of, pause=0)
    table.players = players
    table.announce()
    await players.idle()
    assert table.hand.actions == []
    assert "computer turn failed" in caplog.text
    table.announce()  # the same decision may be tried again when it is announced again
    await players.idle()
    assert caplog.text.count("computer turn failed") == 2


def test_the_examples_run() -> None:
    result = doctest.testmod(bot.tables.computers)
    assert result.attempted > 0 and result.failed == 0


def test_computer_ids_say_their_level_and_cannot_be_a_discord_id() -> None:
    assert computer_level(computer_member(Level.EASY, 1)) is Level.EASY
    assert computer_level(computer_member(Level.HARD, 99)) is Level.HARD
    assert not is_computer(PERSON) and not is_computer(0) and not is_computer(400)
    assert has_computer([PERSON, computer_member(Level.NORMAL, 3)])
    assert not has_computer([PERSON, PERSON + 1])
    assert free_computer(Level.EASY, [101, 102, 104]) == 103
    with pytest.raises(ValueError):
        computer_member(Level.EASY, 100)


async def test_a_move_refused_while_the_database_is_unreachable_is_played_when_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.tables.computers.UNREACHABLE_PAUSE", 0.01)
    table = FakeTable([computer_member(Level.EASY, 1), computer_member(Level.EASY, 2)])
    down = 2  # the first two tries find the database down
    real = table.act

    async def flaky(*args: Any, **kwargs: Any) -> object:
        nonlocal down
        if down:
            down -= 1
            raise StoreUnavailable("the database cannot be reached")
        return await real(*args, **kwargs)

    table.act = flaky  # type: ignore[method-assign]
    players = ComputerPlayers(table, table.view_of, pause=0)
    table.players = players
    players.receive(Report(state=table.state()))
    await asyncio.sleep(0.2)
    await players.aclose()
    assert down == 0 and len(table.hand.actions) >= 1  # played without the turn timer
