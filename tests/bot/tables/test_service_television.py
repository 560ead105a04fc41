"""The table service's television features: the deck committed to at the deal and revealed
after, the run-out copied out for the odds, and run it twice (ask, agree, time out, always)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from bot.computers import Level
from bot.store.store import Store
from bot.tables.errors import NotAtRisk, StaleMove
from bot.tables.runouts import RUN_TWICE_SECONDS, spot_odds
from bot.tables.service import TableService, table_id_for
from engine import Action, ActionKind, HandConfig, HouseRules, replay
from engine.events import PotAwarded
from engine.fair.__main__ import verify_text
from engine.odds import street_odds
from engine.rules import RunItTwice
from tests.bot.conftest import Clock

G, C = 1, 10
TID = table_id_for(G, C)
A, B, D = 10_101, 10_102, 10_103  # people (ids under 1000 are computer players)


class Decks:
    """A deck source that gives these decks in turn and remembers them."""

    def __init__(self, *decks: Sequence[int]) -> None:
        self.queue = [list(d) for d in decks]
        self.dealt: list[list[int]] = []

    def __call__(self) -> Sequence[int]:
        deck = self.queue.pop(0) if self.queue else list(range(52))
        self.dealt.append(deck)
        return deck


def shuffled(seed: int) -> list[int]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return deck


async def table(
    store: Store, clock: Clock, decks: Callable[[], Sequence[int]], rule: RunItTwice,
    players: Sequence[int] = (A, B),
) -> TableService:  # fmt: skip
    service = TableService(store, clock=clock, deck_source=decks)
    rules = HouseRules(turn_seconds=30, run_it_twice=rule)
    await service.seats.open_table(G, C, players[0], rules, 100)
    for member in players[1:]:
        await service.seats.join(G, C, member, 100)
    return service


async def all_in_heads_up(service: TableService) -> None:
    """Button A (first to act heads-up) goes all in, B calls."""
    dealt = await service.hands.deal(G, C, button=0)
    assert dealt.state.turn is not None and dealt.state.turn.member == A
    await service.hands.act(G, C, A, ActionKind.ALL_IN)
    await service.hands.act(G, C, B, ActionKind.CALL)


async def test_the_deal_shows_a_commitment_the_history_then_proves(store: Store) -> None:
    decks = Decks(shuffled(1))
    service = await table(store, Clock(), decks, RunItTwice.OFF, (A, B, D))
    dealt = await service.hands.deal(G, C, button=0)
    assert dealt.commitment is not None and len(dealt.commitment) == 64
    record = await store.load_hand(dealt.hand_id or 0)
    assert record.deck_salt is not None and len(record.deck_salt) == 32
    await service.hands.act(G, C, A, ActionKind.ALL_IN)
    await service.hands.act(G, C, B, ActionKind.FOLD)
    ended = await service.hands.act(G, C, D, ActionKind.CALL)
    assert ended.hand_over and ended.runout is not None and ended.runout.runs == 1
    text = await store.export_phh(dealt.hand_id or 0)
    assert verify_text(text) == dealt.commitment
    assert record.deck_salt.hex() in text
    # A second hand draws a salt of its own.
    second = await service.hands.deal(G, C)
    other = await store.load_hand(second.hand_id or 0)
    assert other.deck_salt != record.deck_salt and second.commitment != dealt.commitment


async def test_the_run_out_odds_are_the_street_odds_of_the_hand(store: Store) -> None:
    service = await table(store, Clock(), Decks(shuffled(2)), RunItTwice.OFF)
    dealt = await service.hands.deal(G, C, button=0)
    await service.hands.act(G, C, A, ActionKind.CALL)
    await service.hands.act(G, C, B, ActionKind.CHECK)  # to the flop, then all in there
    await service.hands.act(G, C, B, ActionKind.ALL_IN)
    ended = await service.hands.act(G, C, A, ActionKind.CALL)
    spot = ended.runout
    assert spot is not None and [len(s.board) for s in spot.steps] == [3, 4]
    hand = (await store.load_hand(dealt.hand_id or 0)).replay()
    assert spot_odds(spot) == street_odds(hand, seed=dealt.hand_id or 0)


async def test_asked_players_agree_and_the_board_runs_twice(store: Store) -> None:
    clock = Clock()
    service = await table(store, clock, Decks(shuffled(3)), RunItTwice.ASK, (A, B, D))
    dealt = await service.hands.deal(G, C, button=0)  # three-handed the button acts first
    hand_id = dealt.hand_id or 0
    assert dealt.hand_members == (A, B, D)
    await service.hands.act(G, C, A, ActionKind.ALL_IN)
    await service.hands.act(G, C, B, ActionKind.FOLD)
    held = await service.hands.act(G, C, D, ActionKind.CALL)
    assert not held.hand_over and held.state.turn is None
    ask = held.state.run_twice
    assert ask is not None and ask.hand_id == hand_id and ask.agreed == ()
    assert ask.members == (A, D) and ask.deadline == clock.now + RUN_TWICE_SECONDS
    with pytest.raises(NotAtRisk):  # B folded: nothing of theirs is at risk any more
        await service.hands.agree_run_twice(G, C, B, hand_id=hand_id)
    with pytest.raises(StaleMove):
        await service.hands.agree_run_twice(G, C, A, hand_id=hand_id + 1)
    one = await service.hands.agree_run_twice(G, C, A, hand_id=hand_id)
    assert not one.hand_over and one.runs is None
    assert one.state.run_twice is not None and one.state.run_twice.agreed == (A,)
    both = await service.hands.agree_run_twice(G, C, D, hand_id=hand_id)
    assert both.hand_over and both.runs == 2 and both.state.run_twice is None
    assert both.runout is not None and both.runout.runs == 2
    assert [s.run for s in both.runout.steps] == [1, 1, 1, 2, 2]
    assert both.showdown is not None and len(both.showdown.second_board) == 5
    assert await service.tables.chips_total(G) == 300
    record = await store.load_hand(hand_id)
    assert record.run_count == 2 and record.replay().second_board
    with pytest.raises(StaleMove):  # the board is dealt: a late press changes nothing
        await service.hands.agree_run_twice(G, C, A, hand_id=hand_id)


async def test_silence_is_no_the_board_runs_once_when_time_is_up(store: Store) -> None:
    clock = Clock()
    service = await table(store, clock, Decks(shuffled(4)), RunItTwice.ASK)
    await all_in_heads_up(service)
    state = service.tables.state(TID)
    ask = state.run_twice
    assert ask is not None and set(ask.members) == {A, B}
    await service.hands.agree_run_twice(G, C, A, hand_id=ask.hand_id)
    assert await service.hands.run_twice_timeout(TID, hand_id=ask.hand_id) is None  # not yet
    clock.now = ask.deadline
    ended = await service.hands.run_twice_timeout(TID, hand_id=ask.hand_id)
    assert ended is not None and ended.hand_over and ended.runs == 1
    assert ended.runout is not None and ended.runout.runs == 1
    assert await service.hands.run_twice_timeout(TID, hand_id=ask.hand_id) is None  # done
    assert (await store.load_hand(ask.hand_id)).run_count == 1


async def test_a_restart_asks_again_with_a_fresh_deadline(store: Store, path: str) -> None:
    clock = Clock()
    service = await table(store, clock, Decks(shuffled(5)), RunItTwice.ASK)
    await all_in_heads_up(service)
    ask = service.tables.state(TID).run_twice
    assert ask is not None
    await service.hands.agree_run_twice(G, C, A, hand_id=ask.hand_id)
    clock.now += 100  # the bot was down past the deadline
    again = TableService(store, clock=clock)
    (restored,) = await again.tables.restore()
    fresh = restored.state.run_twice
    assert fresh is not None and fresh.agreed == ()
    assert fresh.deadline == clock.now + RUN_TWICE_SECONDS
    await again.hands.agree_run_twice(G, C, A, hand_id=ask.hand_id)
    ended = await again.hands.agree_run_twice(G, C, B, hand_id=ask.hand_id)
    assert ended.runs == 2 and (await store.load_hand(ask.hand_id)).run_count == 2


def odd_pot_deck() -> list[int]:
    """A deck on which, with A on the button all in, B (small blind) folding and D (big
    blind) calling, each board has a different single winner: a pot of 201 split 101/100."""
    small, big, _ = HouseRules().blinds_at(0)
    config = HandConfig(stacks=(100, 100, 100), button=0, small_blind=small, big_blind=big)
    moves = [(0, ActionKind.ALL_IN), (1, ActionKind.FOLD), (2, ActionKind.CALL)]
    actions = [Action(player=p, kind=k) for p, k in moves]
    for seed in range(1000):
        deck = shuffled(seed)
        hand = replay(config, deck, actions, run_count=2)
        won = [e for e in hand.events if isinstance(e, PotAwarded)]
        single = len(won) == 2 and len(won[0].winners) == len(won[1].winners) == 1
        if single and won[0].winners != won[1].winners:
            return deck
    raise AssertionError("no such deck in 1000 shuffles")


async def test_always_runs_twice_and_the_odd_chip_goes_with_the_first_board(
    store: Store,
) -> None:
    service = await table(store, Clock(), Decks(odd_pot_deck()), RunItTwice.ALWAYS, (A, B, D))
    dealt = await service.hands.deal(G, C, button=0)
    assert dealt.hand_members == (A, B, D)
    await service.hands.act(G, C, A, ActionKind.ALL_IN)
    await service.hands.act(G, C, B, ActionKind.FOLD)
    ended = await service.hands.act(G, C, D, ActionKind.CALL)
    assert ended.hand_over and ended.runs is None and ended.runout is not None
    awards = [e for e in ended.events if isinstance(e, PotAwarded)]
    assert [(e.run, e.amount) for e in awards] == [(1, 101), (2, 100)]
    first, second = (ended.hand_members[e.winners[0]] for e in awards)
    stacks = {s.member: s.stack for s in ended.state.occupied()}
    assert stacks[first] == 101 and stacks[second] == 100 and stacks[B] == 99
    assert await service.tables.chips_total(G) == 300


async def test_a_computer_player_at_risk_never_agrees_the_board_runs_once(store: Store) -> None:
    service = await table(store, Clock(), Decks(shuffled(6)), RunItTwice.ASK, (A,))
    joined = await service.computers.add_computer(G, C, Level.EASY, name_of=lambda m: f"bot {m}")
    computer = joined.actor
    assert computer is not None
    dealt = await service.hands.deal(G, C, button=0)
    first = dealt.state.turn
    assert first is not None
    await service.hands.act(G, C, first.member, ActionKind.ALL_IN)
    other = A if first.member == computer else computer
    ended = await service.hands.act(G, C, other, ActionKind.CALL)
    assert ended.hand_over and ended.state.run_twice is None  # nobody was asked
    assert ended.runout is not None and ended.runout.runs == 1
    assert (await store.load_hand(dealt.hand_id or 0)).run_count == 1
