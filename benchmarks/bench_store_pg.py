"""Storage on PostgreSQL beside SQLite: durable actions per second (one process and two),
recovery of open tables, and what a lost connection costs.

Without ``--database`` the script starts a throwaway PostgreSQL server of its own (Debian's
``postgresql`` package; as root it runs as the ``postgres`` user) in a folder of the system's
temporary directory, with the server's durable defaults (``fsync`` on, ``synchronous_commit =
on``: a commit has reached the disk when it returns), listening on a unix socket only. ``--database
URL`` measures an existing server instead (each run in a schema of its own, dropped after).

- *Durable actions/s*: the store's path of a hand (``start_hand``, ``append_action`` per
  action, ``finish_hand``), as ``bench_store.py`` measures it, on SQLite (``NORMAL``, its
  default, and ``FULL``, an fsync per commit like PostgreSQL's) and PostgreSQL, the table
  leased by the writer (as the bot runs: the fence reads the lease row) or not, and with
  ``synchronous_commit=off`` (a commit returns before its WAL flush: still safe from a killed
  bot, like SQLite's ``NORMAL``); then two processes at once, each on its own leased table,
  and one process with eight tables playing at once.
- *Recovery*: 1,000 open tables with a hand 10 actions in: ``Store.open``,
  ``load_open_tables``, ``open_hands``, the replays, and the leases claimed for them.
- *A lost connection*: every connection of the store is ended by the server
  (``pg_terminate_backend``) between two actions; the next action must still be stored, in
  sequence, and nothing acknowledged before lost. The cost is that next action's time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pwd
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
from _common import table  # first: puts the repository on sys.path
from bench_store import SEED, build_open_tables, same_decision, scripted_hand

from bot.store import leases
from bot.store.sqlite import Synchronous
from bot.store.store import Store
from engine import Hand, HandConfig

OWNER = "bench:1:0"
Script = tuple[HandConfig, list[int], Hand]


# ---------------------------------------------------------------------- the server


@contextmanager
def throwaway_server() -> Iterator[str]:
    """A private PostgreSQL with durable settings, in a folder of the system's temporary
    directory (on the same disk as the repository here); the URL of its database ``holdem``."""
    folder = Path(tempfile.mkdtemp(prefix="holdem-bench-pg-"))
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    if not found:
        raise SystemExit("PostgreSQL is not installed: apt-get install postgresql")
    bin_dir = found[-1].parent
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, log = folder / "data", folder / "server.log"

    def run(*command: str) -> None:
        subprocess.run([*as_user, *command], check=True, capture_output=True)

    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync")
    options = f"-c listen_addresses='' -c unix_socket_directories={folder}"
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o", options, "start")
    try:
        run(str(bin_dir / "createdb"), "-h", str(folder), "-U", "postgres", "holdem")
        yield f"postgresql://postgres@/holdem?host={folder}"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


async def fresh_schema(server: str, name: str) -> str:
    """An empty database (a schema) on ``server``; its URL."""
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return f"{server}{'&' if '?' in server else '?'}search_path={name}"


def fenced(url: str) -> str:
    return leases.fenced_target(url, OWNER)


# ---------------------------------------------------------------------- durable actions


def scripts(hands: int, seed: int) -> list[Script]:
    rng = random.Random(seed)
    return [scripted_hand(rng, None) for _ in range(hands)]


async def play(store: Store, table_id: str, hands: list[Script], *, lease: bool) -> float:
    """Durable actions a second through the store's path of a hand, on one table."""
    await store.save_table(table_id, guild_id=1, channel_id=1, state={}, now=0.0)
    if lease:
        await leases.install_fence(store, OWNER)
        await leases.claim(store, [table_id], owner=OWNER, now=0.0, ttl=1e9)
    actions = 0
    start = time.perf_counter()
    for k, (config, deck, hand) in enumerate(hands):
        players = list(range(config.player_count))
        hand_id = await store.start_hand(
            table_id=table_id, config=config, deck=deck, players=players, now=k, deadline=k + 30
        )
        for seq, action in enumerate(hand.actions):
            await store.append_action(hand_id, seq, action, deadline=k + 30.0)
        nets = [s - s0 for s, s0 in zip(hand.stacks, config.stacks)]
        await store.finish_hand(hand_id, nets=nets, now=k + 1.0, table_state={"k": k})
        actions += len(hand.actions)
    return actions / (time.perf_counter() - start)


async def one_process(target: str, hands: list[Script], *, lease: bool) -> float:
    store = await Store.open(fenced(target) if lease else target)
    try:
        return await play(store, f"solo-{lease}", hands, lease=lease)
    finally:
        await store.close()


async def tables_at_once(target: str, hands: list[Script], *, tables: int, lease: bool) -> float:
    """Durable actions a second of one process whose ``tables`` tables play at once (the
    bot's case: PostgreSQL commits them side by side on its pooled connections, SQLite one
    after another on its one)."""
    store = await Store.open(fenced(target) if lease else target)
    try:
        start = time.perf_counter()
        await asyncio.gather(
            *(play(store, f"many-{k}", hands[k::tables], lease=lease) for k in range(tables))
        )
        elapsed = time.perf_counter() - start
    finally:
        await store.close()
    return sum(len(h.actions) for _, _, h in hands) / elapsed


def two_processes(url: str, hands: int) -> tuple[float, float]:
    """Two OS processes at once, each on its own table, the fence on; each one's rate."""
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", url, str(k), str(hands)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in (1, 2)
    ]
    rates = []
    for worker in workers:
        out, _ = worker.communicate(timeout=600)
        if worker.returncode != 0:
            raise SystemExit(f"a worker process failed: {out}")
        rates.append(float(out.split()[-1]))
    return rates[0], rates[1]


async def worker(url: str, k: int, hands: int) -> None:
    """One of the two processes: its own table, its own hands."""
    store = await Store.open(fenced(url))
    try:
        rate = await play(store, f"pair-{k}", scripts(hands, SEED + 10 * k), lease=True)
    finally:
        await store.close()
    print(f"rate {rate}")


# ---------------------------------------------------------------------- recovery


async def recover(url: str, now: float) -> tuple[float, float, dict[str, Hand]]:
    """Seconds to load and replay every open table, then to claim their leases."""
    start = time.perf_counter()
    store = await Store.open(fenced(url))
    tables = await store.load_open_tables()
    resumed = {r.table_id: r.replay() for r in await store.open_hands()}
    loaded = time.perf_counter() - start
    granted = await leases.claim(
        store, [t.table_id for t in tables], owner=OWNER, now=now, ttl=30.0
    )
    claimed = time.perf_counter() - start - loaded
    await store.close()
    if len(granted) != len(tables):
        raise SystemExit(f"{len(granted)} leases granted for {len(tables)} tables")
    return loaded, claimed, resumed


# ---------------------------------------------------------------------- a lost connection


async def lost_connection(url: str, server: str, rounds: int) -> tuple[float, float]:
    """Median seconds of an action, and of the first action after the server ended every
    connection of the store; fails unless every acknowledged action is stored in order."""
    store = await Store.open(fenced(url))
    admin = await asyncpg.connect(url)  # its search_path names the store's schema
    try:
        await store.save_table("lost", guild_id=1, channel_id=1, state={}, now=0.0)
        await leases.install_fence(store, OWNER)
        await leases.claim(store, ["lost"], owner=OWNER, now=0.0, ttl=1e9)
        config, deck, hand = next(s for s in scripts(50, SEED + 3) if len(s[2].actions) >= 4)
        normal: list[float] = []
        after: list[float] = []
        acknowledged = 0
        for k in range(rounds):
            hand_id = await store.start_hand(
                table_id="lost", config=config, deck=deck, players=list(range(6)), now=k
            )
            for seq, action in enumerate(hand.actions):
                if seq == 2:
                    ended = await admin.fetchval(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                    if not ended:
                        raise SystemExit("no connection of the store was found to end")
                    await asyncio.sleep(0.05)  # the server's goodbye reaches the pool
                start = time.perf_counter()
                await store.append_action(hand_id, seq, action)
                (after if seq == 2 else normal).append(time.perf_counter() - start)
                acknowledged += 1
            stored = (await store.load_hand(hand_id)).actions
            if stored != list(hand.actions):
                raise SystemExit(f"hand {hand_id}: {len(stored)} actions stored")
        rows = await admin.fetchval("SELECT count(*) FROM hand_actions")
        if rows != acknowledged:
            raise SystemExit(f"{acknowledged} actions acknowledged, {rows} stored")
        return statistics.median(normal), statistics.median(after)
    finally:
        await admin.close()
        await store.close()


# ---------------------------------------------------------------------- the report


async def measure(server: str, folder: Path, smoke: bool) -> None:
    hands, tables, repeats, rounds = (20, 40, 1, 3) if smoke else (400, 1000, 3, 20)
    played = scripts(hands, SEED)
    actions = sum(len(h.actions) for _, _, h in played)
    solo = [await fresh_schema(server, f"bench_solo_{k}") for k in (0, 1)]
    pair_url = await fresh_schema(server, "bench_pair")
    many = await fresh_schema(server, "bench_many")

    async def on_sqlite(sync: Synchronous) -> float:
        store = await Store.open(str(folder / f"{sync}.sqlite3"), synchronous=sync)
        try:
            return await play(store, "solo", played, lease=False)
        finally:
            await store.close()

    async def pair() -> float:
        return sum(await asyncio.to_thread(two_processes, pair_url, hands))

    runs: dict[tuple[str, str], Callable[[], Awaitable[float]]] = {
        ("SQLite, synchronous=NORMAL", "1"): lambda: on_sqlite("NORMAL"),
        ("SQLite, synchronous=FULL", "1"): lambda: on_sqlite("FULL"),
        ("PostgreSQL, no lease", "1"): lambda: one_process(solo[0], played, lease=False),
        ("PostgreSQL, the table leased (as the bot runs)", "1"): lambda: one_process(
            solo[1], played, lease=True
        ),
        ("PostgreSQL, leased, `synchronous_commit=off`", "1"): lambda: one_process(
            solo[1] + "&synchronous_commit=off", played, lease=True
        ),
        ("PostgreSQL, leased, each on its own table", "2 together"): pair,
        ("SQLite, synchronous=NORMAL, 8 tables at once", "1"): lambda: tables_at_once(
            str(folder / "many.sqlite3"), played, tables=8, lease=False
        ),
        ("PostgreSQL, leased, 8 tables at once", "1"): lambda: tables_at_once(
            many, played, tables=8, lease=True
        ),
    }
    rates: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
    for _ in range(repeats):  # interleaved, so a change in the machine's load hits them all
        for key, run in runs.items():
            rates[key].append(await run())
    rows = [[*key, f"{statistics.median(found):,.0f}"] for key, found in rates.items()]
    print(f"{hands} six-handed hands, {actions:,} actions a run; medians of {repeats}")
    print(table(["store", "processes", "durable actions/s"], rows))

    url = await fresh_schema(server, "bench_recovery")
    live = await build_open_tables(url, tables)
    recoveries = [await recover(url, now=1000.0 * (r + 1)) for r in range(repeats)]
    resumed = recoveries[-1][2]
    if set(resumed) != set(live) or not all(same_decision(resumed[t], live[t]) for t in live):
        raise SystemExit("a hand resumed at another decision point")
    loaded = statistics.median(r[0] for r in recoveries)
    claimed = statistics.median(r[1] for r in recoveries)
    print()
    print(
        table(
            ["open tables", "actions replayed", "load + replay s", "leases claimed s"],
            [[f"{tables:,}", f"{10 * tables:,}", f"{loaded:.3f}", f"{claimed:.3f}"]],
        )
    )
    print("every resumed hand has the same events and the same legal actions: yes")

    url = await fresh_schema(server, "bench_lost")
    normal, after = await lost_connection(url, server, rounds)
    print()
    print(
        table(
            ["rounds", "action ms", "first action after the connections ended ms"],
            [[rounds, f"{normal * 1e3:.2f}", f"{after * 1e3:.2f}"]],
        )
    )
    print("every acknowledged action stored once, in order, after each lost connection: yes")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        asyncio.run(worker(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="seconds long, checks only")
    parser.add_argument("--database", metavar="URL", help="an existing PostgreSQL server")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix=".bench-pg-", dir=Path(__file__).parent) as tmp:
        folder = Path(tmp)
        if args.database:
            asyncio.run(measure(args.database, folder, args.smoke))
            return
        with throwaway_server() as server:
            asyncio.run(measure(server, folder, args.smoke))


if __name__ == "__main__":
    main()
