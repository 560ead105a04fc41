"""The store's part of the television features (migration 6): the deck's salt kept with the
hand and revealed in its PHH export, and a held run-out's choice of runs."""

from __future__ import annotations

import random
import secrets
from collections.abc import AsyncIterator

import pytest

from bot.stats.counters import Period
from bot.store.errors import HandStateError
from bot.store.records import HiddenCards
from bot.store.store import Store
from engine import Action, ActionKind, HandConfig, shuffled_deck
from engine.fair import commit
from engine.fair.__main__ import verify_text
from engine.hand import Hand
from engine.phh import parse_history
from engine.runout import RUN_COUNT_FIELD

GUILD = 1


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture)."""
    s = await Store.open(database)
    await s.save_table("t1", guild_id=GUILD, channel_id=55, state={"seats": []}, now=0.0)
    yield s
    await s.close()


async def _all_in_hand(
    store: Store, *, salt: bytes | None, hold: bool
) -> tuple[int, Hand, list[int]]:
    """Two players all in before the flop, recorded action by action."""
    config = HandConfig(stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    deck = list(shuffled_deck())
    hand_id = await store.start_hand(
        table_id="t1", config=config, deck=deck, players=(7, 8), now=1.0,
        deck_salt=salt, hold_run_out=hold,
    )  # fmt: skip
    hand = Hand(config, deck)
    hand.hold_run_out = hold
    for seq, kind in enumerate((ActionKind.ALL_IN, ActionKind.CALL)):
        action = Action(player=hand.to_act or 0, kind=kind)
        hand.act(action)
        await store.append_action(hand_id, seq, action)
    return hand_id, hand, deck


async def _finish(store: Store, hand_id: int, hand: Hand) -> None:
    nets = [s - s0 for s, s0 in zip(hand.stacks, hand.config.stacks)]
    await store.finish_hand(hand_id, nets=nets, now=2.0)


async def test_the_export_reveals_the_committed_deck_and_checks_offline(store: Store) -> None:
    salt = secrets.token_bytes(32)
    hand_id, hand, deck = await _all_in_hand(store, salt=salt, hold=False)
    commitment = commit(deck, salt)  # what the table showed at the deal
    record = await store.load_hand(hand_id)
    assert record.deck_salt == salt and record.run_count is None
    await _finish(store, hand_id, hand)
    text = await store.export_phh(hand_id, HiddenCards.UNSHOWN)
    history = parse_history(text)
    assert history.extra["_deck_commitment"] == commitment
    assert history.extra["_deck_salt"] == salt.hex()
    assert verify_text(text) == commitment


async def test_the_salt_stays_secret_until_the_hand_is_over(store: Store) -> None:
    salt = secrets.token_bytes(32)
    config = HandConfig(stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    hand_id = await store.start_hand(
        table_id="t1", config=config, deck=list(shuffled_deck()), players=(7, 8), now=1.0,
        deck_salt=salt,
    )  # fmt: skip
    text = await store.export_phh(hand_id, HiddenCards.UNSHOWN)
    assert salt.hex() not in text and "_deck" not in text


async def test_a_hand_without_a_salt_exports_as_before(store: Store) -> None:
    hand_id, hand, _ = await _all_in_hand(store, salt=None, hold=False)
    await _finish(store, hand_id, hand)
    history = parse_history(await store.export_phh(hand_id, HiddenCards.UNSHOWN))
    assert history.extra == {}


async def test_a_held_run_out_waits_then_replays_as_chosen(database: str, store: Store) -> None:
    hand_id, hand, _ = await _all_in_hand(store, salt=secrets.token_bytes(32), hold=True)
    assert hand.held
    waiting = await store.load_hand(hand_id)
    assert waiting.run_count == 0 and waiting.replay().held  # a restart asks again
    await store.set_run_count(hand_id, 2)
    with pytest.raises(HandStateError):
        await store.set_run_count(hand_id, 1)  # chosen once
    hand.run_out(2)
    await _finish(store, hand_id, hand)
    await store.close()
    reopened = await Store.open(database)
    try:
        record = await reopened.load_hand(hand_id)
        again = record.replay()
        assert record.run_count == 2
        assert again.events == hand.events and again.stacks == hand.stacks
        text = await reopened.export_phh(hand_id, HiddenCards.UNSHOWN)
        assert parse_history(text).extra[RUN_COUNT_FIELD] == 2
        assert verify_text(text) == commit(hand.deck, record.deck_salt or b"")
    finally:
        await reopened.close()


async def test_a_run_count_needs_a_held_run_out(store: Store) -> None:
    hand_id, _, _ = await _all_in_hand(store, salt=None, hold=False)
    with pytest.raises(HandStateError):
        await store.set_run_count(hand_id, 2)
    with pytest.raises(ValueError):
        await store.set_run_count(hand_id, 3)


async def test_a_hand_run_twice_is_counted_as_it_was_paid(store: Store) -> None:
    """The stats' own replay (a backfill, or a finish given no facts) deals both boards."""
    config = HandConfig(stacks=(100, 100), button=1, small_blind=1, big_blind=2)
    rng = random.Random(7)
    while True:  # a deck whose two boards split the pot, so one board would pay otherwise
        deck = [int(c) for c in rng.sample(range(52), 52)]
        twice, once = Hand(config, deck), Hand(config, deck)
        twice.hold_run_out = True
        for kind in (ActionKind.ALL_IN, ActionKind.CALL):
            for h in (twice, once):
                h.act(Action(player=h.to_act or 0, kind=kind))
        twice.run_out(2)
        if twice.stacks != once.stacks:
            break
    hand_id = await store.start_hand(
        table_id="t1", config=config, deck=deck, players=(7, 8), now=1.0, hold_run_out=True
    )
    for seq, action in enumerate(twice.actions):
        await store.append_action(hand_id, seq, action)
    await store.set_run_count(hand_id, 2)
    await _finish(store, hand_id, twice)  # no facts: the store rebuilds the hand itself
    nets = [(await store.stats.of_member(GUILD, m, Period.ALL, now=2.0)).net for m in (7, 8)]
    assert nets == [s - s0 for s, s0 in zip(twice.stacks, config.stacks)]
