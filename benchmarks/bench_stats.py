"""Player stats: what keeping them costs each finished hand, and reading them at 100,000 hands.

The stats are counters kept as hands finish (:mod:`bot.store.stats`): ``Store.finish_hand``
replays the hand it just closed and adds each player's facts to their row for that hour, table
and session. Measured here, in one run:

1. **Cost per hand finished**: ``finish_hand`` of the same kind of six-handed hands with the
   stats (``counted=True``) against without them (``counted=False`` skips exactly that step);
   the difference is the price of keeping stats.
2. **Reading at 100,000 hands**: one member with 100,000 finished hands (40 an hour, a new
   session every 400, two tables), stored as the counters ``finish_hand`` leaves; the median
   time of ``Store.stats.of_member`` for each period, target under 200 ms. The answer is checked
   against the same counters summed in Python.
3. **The peer it replaces**: computing the stats at query time by loading and replaying every
   stored hand, timed on the hands of step 1 and scaled to 100,000.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from contextlib import closing
from dataclasses import fields
from pathlib import Path

from _common import parse_args, table  # first: puts the repository on sys.path

from bot.stats.counters import Period, PlayerStats, hand_facts
from bot.store.stats import HOUR
from bot.store.store import Store
from engine import Hand, HandConfig
from tests.engine.simulate import play_random_hand

SEED = 20261201
MEMBER, GUILD = 1, 1
HANDS_AN_HOUR, HANDS_A_SESSION = 40, 400
TARGET_MS = 200.0


def random_hands(rng: random.Random, count: int) -> list[Hand]:
    hands = []
    for _ in range(count):
        config = HandConfig(
            stacks=tuple(rng.randint(100, 400) for _ in range(6)), button=rng.randrange(6),
            small_blind=1, big_blind=2,
        )  # fmt: skip
        hands.append(play_random_hand(config, rng))
    return hands


async def finish_costs(store: Store, hands: list[Hand]) -> tuple[float, float, list[int]]:
    """Median seconds of ``finish_hand`` with and without stats, alternating hand by hand."""
    times: dict[bool, list[float]] = {True: [], False: []}
    ids = []
    for k, hand in enumerate(hands):
        deck = [int(c) for c in hand.deck]
        hand_id = await store.start_hand(
            table_id="bench", config=hand.config, deck=deck, players=[MEMBER, 2, 3, 4, 5, 6],
            now=float(k),
        )  # fmt: skip
        for seq, action in enumerate(hand.actions):
            await store.append_action(hand_id, seq, action)
        nets = [s - s0 for s, s0 in zip(hand.stacks, hand.config.stacks)]
        counted = k % 2 == 0
        start = time.perf_counter()
        await store.finish_hand(
            hand_id, nets=nets, now=float(k), table_state={"session": 1}, counted=counted
        )
        times[counted].append(time.perf_counter() - start)
        ids.append(hand_id)
    return statistics.median(times[True]), statistics.median(times[False]), ids


async def replay_peer(store: Store, ids: list[int]) -> float:
    """Seconds per hand to compute stats at query time: load, replay, read the facts."""
    start = time.perf_counter()
    total = PlayerStats()
    for hand_id in ids:
        record = await store.load_hand(hand_id)
        total = total + PlayerStats.of_hand(hand_facts(record.replay())[0])
    return (time.perf_counter() - start) / len(ids)


def fill_counters(path: Path, hands: list[Hand], count: int) -> dict[Period, PlayerStats]:
    """``count`` hands of one member as the counters ``finish_hand`` keeps, one row per hour,
    table and session; what each period must add up to."""
    names = [f.name for f in fields(PlayerStats)]
    rows: dict[tuple[int, str, int], PlayerStats] = {}
    last: dict[tuple[int, str, int], int] = {}
    for k in range(count):
        key = (k // HANDS_AN_HOUR, f"table-{(k // HANDS_A_SESSION) % 2}", k // HANDS_A_SESSION)
        seat = k % 6
        facts = PlayerStats.of_hand(hand_facts(hands[k % len(hands)])[seat])
        rows[key] = rows.get(key, PlayerStats()) + facts
        last[key] = k + 1
    columns = ", ".join(names)
    marks = ", ".join("?" * (6 + len(names)))
    with closing(sqlite3.connect(path)) as db, db:
        db.executemany(
            f"INSERT INTO stats_hours (guild_id, user_id, hour, table_id, session, last_hand, "
            f"{columns}) VALUES ({marks})",
            [
                (GUILD, MEMBER, hour, tid, session, last[hour, tid, session],
                 *(getattr(stats, n) for n in names))
                for (hour, tid, session), stats in rows.items()
            ],
        )  # fmt: skip
    end_hour = (count - 1) // HANDS_AN_HOUR
    newest = (count - 1) // HANDS_A_SESSION
    return {
        Period.ALL: PlayerStats.total(rows.values()),
        Period.WEEK: PlayerStats.total(v for (h, _, _), v in rows.items() if h > end_hour - 168),
        Period.SESSION: PlayerStats.total(v for (_, _, s), v in rows.items() if s == newest),
    }


async def main() -> None:
    args = parse_args(__doc__ or "")
    finished, member_hands, repeats = (40, 2_000, 3) if args.smoke else (600, 100_000, 21)
    rng = random.Random(SEED)
    hands = random_hands(rng, finished)
    with tempfile.TemporaryDirectory(
        prefix=".bench-stats-", dir=Path(__file__).resolve().parent
    ) as tmp:
        store = await Store.open(str(Path(tmp) / "finish.sqlite3"))
        await store.save_table("bench", guild_id=GUILD, channel_id=1, state={}, now=0.0)
        with_stats, without, ids = await finish_costs(store, hands)
        per_replay = await replay_peer(store, ids)
        await store.close()

        path = Path(tmp) / "member.sqlite3"
        await (await Store.open(str(path))).close()  # the schema, then rows written beside it
        want = fill_counters(path, hands, member_hands)
        store = await Store.open(str(path))
        now = ((member_hands - 1) // HANDS_AN_HOUR) * HOUR + 1.0
        rows = []
        slow = []
        for period in Period:
            times = []
            for _ in range(repeats):
                start = time.perf_counter()
                got = await store.stats.of_member(GUILD, MEMBER, period, now=now)
                times.append(time.perf_counter() - start)
            if got != want[period]:
                raise SystemExit(f"{period.value}: the store says {got}, the hands {want[period]}")
            median_ms = 1000 * statistics.median(times)
            if median_ms >= TARGET_MS:
                slow.append(period.value)
            rows.append([period.value, f"{got.hands:,}", f"{median_ms:.2f}", f"{TARGET_MS:.0f}"])
        await store.close()

    print(
        table(
            ["finish_hand", "hands", "median ms"],
            [
                ["with stats", f"{len(ids[::2]):,}", f"{1000 * with_stats:.2f}"],
                ["without stats", f"{len(ids[1::2]):,}", f"{1000 * without:.2f}"],
                ["cost of the stats", "", f"{1000 * (with_stats - without):.2f}"],
            ],
        )
    )
    print()
    print(table(["period", "hands counted", "member_stats median ms", "target ms"], rows))
    print()
    estimate = per_replay * member_hands
    print(
        f"peer: replaying every stored hand at query time costs {1000 * per_replay:.2f} ms a "
        f"hand, {estimate:.1f} s for {member_hands:,} hands"
    )
    print("every period's counters equal the same hands summed in Python: yes")
    if slow and not args.smoke:
        raise SystemExit(f"over {TARGET_MS:.0f} ms: {', '.join(slow)}")


if __name__ == "__main__":
    asyncio.run(main())
