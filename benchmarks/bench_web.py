"""The web companion under load: spectators on one live table and replays per second.

A server process (this script with ``--serve``: the same application ``python -m bot.web``
runs, over an SQLite file of stored hands) plays hands into one live table itself, an action
every 0.2 s, as the bot would write them. This process then opens ``SPECTATORS`` server-sent
event streams on that table and, at the same time, asks for ``RATE`` replay pages a second
(random stored hands, three languages) for ``SECONDS`` seconds.

Reported: the replay page's time (from request to the last byte) at p50 and p99, the
spectators' time to their first view, how many views each received, the server's peak memory
(VmHWM) and each page's weight with its style sheet and script. Checked (non-zero exit when
wrong): every page answered 200, every spectator received views, and each page weighs under
100 KB. The targets are reported, not asserted. ``--smoke``: 20 spectators, 10 replays a
second, 3 seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from _common import ROOT, table

from bot.settings import WebSettings
from bot.store.store import Store
from bot.web import create_app
from tests.web.hands import GUILD, MEMBERS, open_table, store_hand

HANDS = 30
LIVE = f"{GUILD}:9"
BUDGET = 100 * 1024


async def serve(db: str, port: int) -> None:
    """The server side: the app, and a table that keeps playing."""
    from aiohttp import web

    store = await Store.open(db)
    app = create_app(store, WebSettings(public=frozenset({GUILD}), delay=1.0, port=port))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print("ready", flush=True)
    seed = 1000
    while True:
        await store_hand(store, LIVE, seed, pause=0.2, now=time.time())
        seed += 1


async def build(db: str) -> list[int]:
    store = await Store.open(db)
    await open_table(store, f"{GUILD}:5")
    await open_table(store, LIVE)
    hands = [(await store_hand(store, f"{GUILD}:5", seed))[0] for seed in range(HANDS)]
    await store.close()
    return hands


def _peak_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


async def spectate(session: aiohttp.ClientSession, url: str, stop: asyncio.Event,
                   first: list[float], counts: list[int]) -> None:  # fmt: skip
    start = time.perf_counter()
    seen = 0
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as answer:
        assert answer.status == 200, answer.status
        async for line in answer.content:
            if line.startswith(b"data: "):
                if not seen:
                    first.append(time.perf_counter() - start)
                seen += 1
            if stop.is_set():
                break
    counts.append(seen)


async def replays(session: aiohttp.ClientSession, root: str, hands: list[int], rate: int,
                  seconds: float, times: list[float]) -> None:  # fmt: skip
    rng = random.Random(7)

    async def one(url: str) -> None:
        start = time.perf_counter()
        async with session.get(url) as answer:
            await answer.read()
            assert answer.status == 200, (url, answer.status)
        times.append(time.perf_counter() - start)

    tasks = []
    begin = time.perf_counter()
    for k in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, begin + k / rate - time.perf_counter()))
        lang = rng.choice(("en", "nb", "da"))
        url = f"{root}/g/{GUILD}/hand/{rng.choice(hands)}?lang={lang}"
        tasks.append(asyncio.create_task(one(url)))
    await asyncio.gather(*tasks)


async def weights(session: aiohttp.ClientSession, root: str, hand: int) -> list[tuple[str, int]]:
    async def size(path: str) -> int:
        async with session.get(root + path) as answer:
            assert answer.status == 200, path
            return len(await answer.read())

    assets = await size("/static/web.css") + await size("/static/web.js")
    pages = [f"/g/{GUILD}/hand/{hand}", f"/g/{GUILD}/", f"/g/{GUILD}/leaderboard",
             f"/g/{GUILD}/member/{MEMBERS[0]}", f"/g/{GUILD}/table/9"]  # fmt: skip
    return [(page, await size(page) + assets) for page in pages]


def _p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


async def measure(spectators: int, rate: int, seconds: float) -> int:
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "web.sqlite3")
        hands = await build(db)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", db, str(port)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        try:
            assert server.stdout is not None and server.stdout.readline().strip() == "ready"
            root = f"http://127.0.0.1:{port}"
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector) as session:
                stop = asyncio.Event()
                first: list[float] = []
                counts: list[int] = []
                url = f"{root}/g/{GUILD}/table/9/events"
                watchers = [
                    asyncio.create_task(spectate(session, url, stop, first, counts))
                    for _ in range(spectators)
                ]
                cold: list[float] = []
                for hand in hands:  # each hand's first page: replayed and rendered anew
                    start = time.perf_counter()
                    async with session.get(f"{root}/g/{GUILD}/hand/{hand}?lang=da") as answer:
                        assert answer.status == 200 and await answer.read()
                    cold.append(time.perf_counter() - start)
                times: list[float] = []
                await replays(session, root, hands, rate, seconds, times)
                await asyncio.sleep(1.5)
                stop.set()
                await asyncio.wait(watchers, timeout=5)
                for task in watchers:
                    task.cancel()
                sizes = await weights(session, root, hands[0])
            peak = _peak_kb(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    print(table(
        ["measure", "value"],
        [
            ["replay pages asked", f"{len(times)} ({rate}/s for {seconds:g} s, 3 languages)"],
            ["first page of a hand p50 / p99", f"{_p(cold, 0.5):.1f} ms / {_p(cold, 0.99):.1f} ms"],
            ["replay page time p50 / p99", f"{_p(times, 0.5):.1f} ms / {_p(times, 0.99):.1f} ms"],
            ["spectators on one table", spectators],
            ["time to first view p50 / p99", f"{_p(first, 0.5):.0f} ms / {_p(first, 0.99):.0f} ms"],
            ["views per spectator (median)", f"{statistics.median(counts or [0]):g}"],
            ["server peak memory (VmHWM)", f"{peak / 1024:.1f} MiB"],
        ],
    ))  # fmt: skip
    print()
    print(table(["page (with web.css + web.js)", "bytes", "under 100 KB"],
                [[p, f"{n:,}", n < BUDGET] for p, n in sizes]))  # fmt: skip
    ok = (
        len(first) == spectators
        and all(n < BUDGET for _, n in sizes)
        and len(times) == int(rate * seconds)
    )
    if not ok:
        print("FAILED: a spectator saw no view, or a page is too heavy", file=sys.stderr)
    return 0 if ok else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a seconds-long run")
    parser.add_argument("--serve", nargs=2, metavar=("DB", "PORT"), help=argparse.SUPPRESS)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--rate", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve[0], int(args.serve[1])))
        return
    if args.smoke:
        args.spectators, args.rate, args.seconds = 20, 10, 3.0
    sys.exit(asyncio.run(measure(args.spectators, args.rate, args.seconds)))


if __name__ == "__main__":
    main()
