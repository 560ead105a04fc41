"""The crash test's victim: ``python crash_child.py DBPATH SEED``.

Restores every table from the database, then plays random legal actions at three tables of
three players forever, dealing new hands and re-opening a table whose session ended. Each
committed action is printed as ``act <hand_id> <seq> <encoded action>`` (flushed) once
:meth:`HandCommands.act` has returned, i.e. after its commit. The parent kills it with SIGKILL.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from bot.store.codec import encode_action
from bot.store.store import Store
from bot.tables.service import TableService, table_id_for
from engine import BuyIn, HouseRules
from tests.engine.simulate import random_action, random_deck

GUILD = 1
CHANNELS = (1, 2, 3)
BUY_IN = 30
RULES = HouseRules(turn_seconds=10, buy_in=BuyIn.CHOICE)  # members buy in with 30 of 100


def pool(channel: int) -> list[int]:
    """The members who play at a channel's table (fresh ones join as others go broke)."""
    return [channel * 1000 + k for k in range(200)]


async def reopen(service: TableService, store: Store, channel: int) -> None:
    funded = []
    for user in pool(channel):
        balance = await store.balance(GUILD, user)
        if balance is None or balance >= BUY_IN:
            funded.append(user)
        if len(funded) == 3:
            break
    await service.seats.open_table(GUILD, channel, funded[0], RULES, BUY_IN)
    for user in funded[1:]:
        await service.seats.join(GUILD, channel, user, BUY_IN)


async def step(service: TableService, store: Store, channel: int, rng: random.Random) -> None:
    table_id = table_id_for(GUILD, channel)
    if table_id not in service.tables.table_ids():
        await reopen(service, store, channel)
        return
    table = service.tables.live(table_id).table  # the engine table, to draw random legal moves
    hand = table.hand
    if hand is None:
        if table.ended is not None or len(table.dealt_in()[0]) < 2:
            await service.seats.stop(GUILD, channel, 0, "session over")
        else:
            await service.hands.deal(GUILD, channel)
        return
    action = random_action(hand, rng)
    state = service.tables.state(table_id)
    assert state.hand_id is not None
    seq = len(hand.actions)
    await service.hands.act(GUILD, channel, state.hand_members[action.player], action.kind,
                      action.amount)  # fmt: skip
    print(f"act {state.hand_id} {seq} {encode_action(action)}", flush=True)


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await Store.open(path)
    service = TableService(store, clock=lambda: 0.0, deck_source=lambda: random_deck(rng), rng=rng)
    await service.tables.restore()
    print("ready", flush=True)
    while True:
        await step(service, store, rng.choice(CHANNELS), rng)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
