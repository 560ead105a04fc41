"""Storage: durable actions per second, and start-up recovery time of open tables.

Durable means ``Store.append_action`` has returned: the action is committed to the WAL (one
INSERT, its own transaction) and survives a kill of the process. Measured with
``synchronous=NORMAL`` (the default: survives SIGKILL; a power loss may lose the last commits)
and ``FULL`` (an fsync per commit: also survives a power loss), in a temporary folder on the
same disk as the repository. Recovery times ``Store.open`` + ``load_open_tables`` +
``open_hands`` + replaying every hand, and checks that each resumed hand is the one left.
Last, ``Store.finish_hand`` with the live hand's stats facts (as the service settles a hand)
against the same call left to replay the hand's rows for them (a backfill's way), the two
interleaved hand by hand so a loaded machine slows both alike; the stats must be equal.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from _common import parse_args, table  # first: puts the repository on sys.path

from bot.stats.counters import Period, hand_facts
from bot.store.store import Store
from engine import Hand, HandConfig
from tests.engine.simulate import random_action, random_deck

SEED = 20261129


def scripted_hand(rng: random.Random, stop: int | None) -> tuple[HandConfig, list[int], Hand]:
    """A six-handed hand, played at random; with ``stop``, left open after that many actions."""
    while True:
        n = 6
        config = HandConfig(
            stacks=tuple(rng.randint(100, 400) for _ in range(n)),
            button=rng.randrange(n),
            small_blind=1,
            big_blind=2,
        )
        deck = random_deck(rng)
        hand = Hand(config, deck)
        while hand.to_act is not None and len(hand.actions) != stop:
            hand.act(random_action(hand, rng))
        if stop is None or hand.to_act is not None:
            return config, deck, hand


async def durable_actions(folder: Path, synchronous: str, hands: int) -> tuple[float, int]:
    """Actions per second through ``append_action`` (hand starts and ends included)."""
    rng = random.Random(SEED)
    scripts = [scripted_hand(rng, None) for _ in range(hands)]
    path = folder / f"actions-{synchronous}.sqlite3"
    store = await Store.open(str(path), synchronous=synchronous)  # type: ignore[arg-type]
    await store.save_table("bench", guild_id=1, channel_id=1, state={}, now=0.0)
    actions = 0
    start = time.perf_counter()
    for k, (config, deck, hand) in enumerate(scripts):
        players = list(range(config.player_count))
        hand_id = await store.start_hand(
            table_id="bench", config=config, deck=deck, players=players, now=k, deadline=k + 30
        )
        for seq, action in enumerate(hand.actions):
            await store.append_action(hand_id, seq, action, deadline=k + 30.0)
        nets = [s - s0 for s, s0 in zip(hand.stacks, config.stacks)]
        await store.finish_hand(hand_id, nets=nets, now=k + 1.0, table_state={"k": k})
        actions += len(hand.actions)
    elapsed = time.perf_counter() - start
    await store.close()
    return actions / elapsed, actions


async def finish_costs(folder: Path, hands: int) -> tuple[float, float]:
    """Median microseconds of ``finish_hand`` with the live hand's facts and without them
    (replayed from the stored rows), each hand written to both stores in turn."""
    rng = random.Random(SEED + 2)
    scripts = [scripted_hand(rng, None) for _ in range(hands)]
    stores = [
        await Store.open(str(folder / f"finish-{way}.sqlite3")) for way in ("given", "replay")
    ]
    spent: list[list[float]] = [[], []]
    for store in stores:
        await store.save_table("bench", guild_id=1, channel_id=1, state={}, now=0.0)
    for k, (config, deck, hand) in enumerate(scripts):
        nets = [s - s0 for s, s0 in zip(hand.stacks, config.stacks)]
        for way, store in enumerate(stores):
            players = list(range(config.player_count))
            hand_id = await store.start_hand(
                table_id="bench", config=config, deck=deck, players=players, now=k
            )
            for seq, action in enumerate(hand.actions):
                await store.append_action(hand_id, seq, action)
            start = time.perf_counter()
            await store.finish_hand(
                hand_id, nets=nets, now=k + 1.0, table_state={"session": 1},
                facts=hand_facts(hand) if way == 0 else None,
            )  # fmt: skip
            spent[way].append(time.perf_counter() - start)
    for member in range(6):
        given = await stores[0].stats.of_member(1, member, Period.ALL, now=0.0)
        if given.hands != hands or given != await stores[1].stats.of_member(
            1, member, Period.ALL, now=0.0
        ):
            raise SystemExit(f"player {member}'s stats differ between the two ways")
    for store in stores:
        await store.close()
    return statistics.median(spent[0]) * 1e6, statistics.median(spent[1]) * 1e6


async def build_open_tables(database: str | Path, count: int) -> dict[str, Hand]:
    """``count`` open tables, each with a six-handed hand 10 actions in, in the database at
    ``database`` (a SQLite path or a ``postgresql://`` URL); the hands, by table id."""
    rng = random.Random(SEED + 1)
    store = await Store.open(str(database))
    live: dict[str, Hand] = {}
    for t in range(count):
        table_id = f"table-{t:05d}"
        config, deck, hand = scripted_hand(rng, 10)
        state = {"seats": list(range(6)), "stacks": list(config.stacks), "button": t % 6}
        await store.save_table(table_id, guild_id=t % 7, channel_id=t, state=state, now=0.0)
        hand_id = await store.start_hand(
            table_id=table_id, config=config, deck=deck, players=list(range(6)), now=0.0
        )
        for seq, action in enumerate(hand.actions):
            await store.append_action(hand_id, seq, action, deadline=30.0)
        live[table_id] = hand
    await store.close()
    return live


async def recover(path: Path) -> tuple[int, dict[str, Hand], int]:
    store = await Store.open(str(path))
    tables = await store.load_open_tables()
    resumed = {r.table_id: r.replay() for r in await store.open_hands()}
    await store.close()
    return len(tables), resumed, sum(len(h.actions) for h in resumed.values())


def same_decision(a: Hand, b: Hand) -> bool:
    return a.events == b.events and a.legal_actions() == b.legal_actions()


async def main() -> None:
    args = parse_args(__doc__ or "")
    hands, tables, repeats = (30, 50, 1) if args.smoke else (600, 1000, 5)
    with tempfile.TemporaryDirectory(
        prefix=".bench-store-", dir=Path(__file__).resolve().parent
    ) as tmp:
        folder = Path(tmp)
        rows = []
        for sync in ("NORMAL", "FULL"):
            runs = [await durable_actions(folder, sync, hands) for _ in range(repeats)]
            rate = statistics.median(r for r, _ in runs)
            rows.append([sync, f"{runs[0][1]:,}", f"{rate:,.0f}", f"{1e6 / rate:,.0f}"])
        print(table(["synchronous", "actions", "durable actions/s", "us/action"], rows))

        db = folder / "recovery.sqlite3"
        live = await build_open_tables(db, tables)
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            count, resumed, actions = await recover(db)
            times.append(time.perf_counter() - start)
            if count != tables or set(resumed) != set(live):
                raise SystemExit(
                    f"recovered {count} tables, {len(resumed)} hands; expected {tables}"
                )
        if not all(same_decision(resumed[t], live[t]) for t in live):
            raise SystemExit("a hand resumed at another decision point")
        print()
        median = statistics.median(times)
        row = [f"{tables:,}", f"{actions:,}", f"{median:.3f}", f"{min(times):.3f}"]
        print(table(["open tables", "actions replayed", "recovery median s", "min s"], [row]))
        print("every resumed hand has the same events and the same legal actions: yes")

        given, replayed = await finish_costs(folder, hands)
        row = [f"{hands:,}", f"{given:,.0f}", f"{replayed:,.0f}", f"{replayed / given:.2f}"]
        headers = ["hands", "finish_hand us, facts given", "us, replayed", "replayed / given"]
        print()
        print(table(headers, [row]))
        print("the stats of both stores are equal: yes")


if __name__ == "__main__":
    asyncio.run(main())
