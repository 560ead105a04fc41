"""A write as one job (:meth:`bot.store.backend.Backend.run`): whole or not at all, never
inside another block's reads, and many of them at once each committed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from bot.store.backend import Tx
from bot.store.errors import HandStateError
from bot.store.store import Store
from engine import Action, ActionKind, HandConfig
from tests.engine.simulate import random_deck

CONFIG = HandConfig(stacks=(100, 100), button=0, small_blind=1, big_blind=2)


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn, with ten open tables."""
    s = await Store.open(database)
    for t in range(10):
        await s.save_table(f"t{t}", guild_id=1, channel_id=t, state={"seats": []}, now=0.0)
    yield s
    await s.close()


async def start(store: Store, table: str) -> int:
    deck = random_deck(random.Random(table))
    return await store.start_hand(table_id=table, config=CONFIG, deck=deck, players=[1, 2], now=1.0)


async def test_writes_handed_over_during_a_snapshot_land_after_it(store: Store) -> None:
    async with store._snapshot() as tx:
        before = await tx.fetch("SELECT COUNT(*) FROM hands")
        dealing = asyncio.ensure_future(start(store, "t1"))
        for _ in range(5):
            await asyncio.sleep(0)  # the deal is handed over, or waits for the snapshot
        assert await tx.fetch("SELECT COUNT(*) FROM hands") == before
    hand_id = await dealing
    assert (await store.load_hand(hand_id)).players == (1, 2)


async def test_many_writes_at_once_each_commit_in_their_own_transaction(store: Store) -> None:
    hands = await asyncio.gather(*(start(store, f"t{t}") for t in range(10)))
    calls = [Action(player=1, kind=ActionKind.CALL), Action(player=0, kind=ActionKind.CHECK)]
    for seq, action in enumerate(calls):  # one move a hand at a time, as under its table's lock
        moves = [store.append_action(h, seq, action) for h in hands]
        late = store.append_action(hands[0], 5, action)  # out of sequence: refused alone
        results = await asyncio.gather(*moves, late, return_exceptions=True)
        assert results[:-1] == [None] * len(moves)
        assert isinstance(results[-1], HandStateError)
    for h in hands:
        assert (await store.load_hand(h)).actions == calls


async def test_a_job_that_waits_on_anything_else_is_refused_and_writes_nothing(
    path: str,
) -> None:
    store = await Store.open(path)

    async def wanders(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO guilds (guild_id, rules_json, updated_at) VALUES (7, '{}', 0)"
        )
        await asyncio.sleep(0)

    try:
        with pytest.raises(RuntimeError, match="waited"):
            await store._backend.run(wanders)
        assert await store._read("SELECT COUNT(*) FROM guilds") == [(0,)]
    finally:
        await store.close()
