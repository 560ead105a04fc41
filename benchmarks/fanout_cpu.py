"""``bench_activity.py --cpu``: the CPU time of a fan-out, the hub of ``OLD_COMMIT`` against
today's, alternately in one run (see ``bench_activity.py``'s docstring).

``--cpu [--tables N] [--hands H] [--rounds R] [--seconds S]``: N four-handed tables played
H hands each by random legal moves for the hub alone; R rounds of the streams alone and of
the server run (old, then today's) at 100 tables for S seconds each (``--rounds 0`` skips
them).

The streams alone: this process serves the Activity's event streams (today's routes, or
those of ``OLD_COMMIT``, which wait for each view with ``asyncio.wait_for``) to 400 pages
held by a child process (``load_activity.py --client``); the same 1.5 KB view is queued to
every page 50 times, 20 ms apart, and this process's CPU time from the first view until a
second after the last, divided by the views sent, is what sending one view to one stream
costs (its queueing, the stream task's wake-up, the write to the socket).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from _common import table  # first: puts the repository on sys.path
from bench_activity import OLD_COMMIT, SEATS, old_module

from bot.activity.discord_api import DiscordApi
from bot.activity.hub import Hub, Page
from bot.activity.sessions import Session, Sessions
from bot.store.store import Store
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService
from engine import EmptyStackPolicy, preset
from tests.engine.simulate import random_deck, random_move

GUILD = 77
STREAMS = 400
VIEWS = 50


async def hub_alone(tables: int, hands: int) -> dict[str, list[int]]:
    """CPU ns of each hub's ``receive`` per outcome, both hubs fed every outcome by turns."""
    old = old_module("old_activity_hub", "bot/activity/hub.py")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "cpu.sqlite3"))
        rng = random.Random(20261206)
        service = TableService(store, clock=time.time, deck_source=lambda: random_deck(rng),
                               rng=random.Random(1))  # fmt: skip
        hubs: dict[str, Any] = {
            "old": old.Hub(service, delay=0.0, clock=time.time),
            "new": Hub(service, delay=0.0, clock=time.time),
        }
        cpu: dict[str, list[int]] = {name: [] for name in hubs}
        order = [list(hubs.items()), list(reversed(hubs.items()))]
        turn = 0

        def receive(outcome: Outcome) -> None:
            nonlocal turn
            turn += 1
            for name, hub in order[turn % 2]:
                start = time.process_time_ns()
                hub.receive(outcome)
                cpu[name].append(time.process_time_ns() - start)

        rules = replace(preset("no-limit"), empty_stack=EmptyStackPolicy.REBUY)
        pages = []
        for n in range(tables):
            members = [10_000 + 10 * n + s for s in range(SEATS)]
            await service.seats.open_table(GUILD, n, members[0], rules, 100, preset="no-limit")
            for member in members[1:]:
                await service.seats.join(GUILD, n, member, 100)
            for hub in hubs.values():
                for member in members:
                    session = Session(member=member, name=str(member), guild=GUILD, channel=n,
                                      instance=f"i-{n}", lang="en", until=9e9)  # fmt: skip
                    pages.append(await hub.open(session))
        service.tables.subscribe(receive)
        for _ in range(hands):
            for n in range(tables):
                await service.hands.deal(GUILD, n)
            busy = True
            while busy:
                busy = False
                for n in range(tables):
                    state = service.tables.state(f"{GUILD}:{n}")
                    if state.turn is not None:
                        busy = True
                        move = random_move(state.turn.legal, rng)
                        await service.hands.act(GUILD, n, state.turn.member, move.kind, move.amount)
                for page in pages:
                    while not page.queue.empty():
                        page.queue.get_nowait()
        await store.close()
    return cpu


async def streams_alone(routes: Any, hubs: Any) -> float:
    """CPU µs of this process per view sent to one stream, with the routes and hub modules
    given (their pages, their queues, their streams)."""
    from aiohttp import web
    from load_activity import HERE, SECRET, _free_port

    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "streams.sqlite3"))
        service = TableService(store, clock=time.time)
        hub = hubs.Hub(service, delay=0.0, clock=time.time)
        opened: list[Page] = []
        hub_open = hub.open

        async def open_page(session: Session) -> Page:  # the pages the routes open
            opened.append(await hub_open(session))
            return opened[-1]

        hub.open = open_page
        sessions = Sessions(SECRET)
        discord = DiscordApi("http://127.0.0.1:9", client_id=1, client_secret=SECRET, bot_token="")
        app = web.Application()
        activity = routes.Activity(service=service, store=store, discord=discord,
                                   sessions=sessions, hub=hub, clock=time.time)  # fmt: skip
        routes.add_routes(app, activity)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        port = _free_port()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        streams: dict[str, list[list[str]]] = {}
        for n in range(STREAMS):  # no table: each page's first view is the lobby
            session = Session(member=n, name=str(n), guild=GUILD, channel=n, instance=f"i-{n}",
                              lang="en", until=time.time() + 3600)  # fmt: skip
            streams[f"{GUILD}:{n}"] = [[sessions.issue(session), f"i-{n}"]]
        child = await asyncio.create_subprocess_exec(
            sys.executable, str(HERE), "--client", str(port),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write((json.dumps(streams) + "\n").encode())
        if (await child.stdout.readline()).strip() != b"ready":
            raise SystemExit("the pages did not open")
        pad = "x" * 1400
        start = time.process_time()
        for serial in range(1, VIEWS + 1):
            view = f'{{"view":{{"table":"t","serial": {serial},"pad":"{pad}"}},"you":{{}}}}'
            for page in opened:
                page.put(view, serial)
            await asyncio.sleep(0.02)
        await asyncio.sleep(1.0)
        cpu = time.process_time() - start
        child.stdin.write(b"stop\n")
        notes = json.loads(await child.stdout.read())
        await child.wait()
        got = sum(len(page) for pages in notes.values() for page in pages)
        if got != STREAMS * (VIEWS + 1):
            raise SystemExit(f"{got} views of {STREAMS * (VIEWS + 1)} reached the pages")
        await runner.cleanup()
        await store.close()
    return 1e6 * cpu / (STREAMS * VIEWS)


def compare(argv: list[str], fan_out: Callable[..., Awaitable[tuple[Any, Any, float]]]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args(argv)
    cpu = asyncio.run(hub_alone(args.tables, args.hands))
    rows = []
    for name, values in cpu.items():
        us = [v / 1000 for v in values]
        rows.append([f"{name} ({OLD_COMMIT})" if name == "old" else name, f"{len(us):,}",
                     f"{statistics.mean(us):.1f}", f"{statistics.median(us):.1f}"])  # fmt: skip
    print(f"the hub alone: {args.tables} tables x {SEATS} pages, {args.hands} hands each")
    print(table(["hub", "outcomes", "CPU µs per fan-out (mean)", "median"], rows))
    print(f"new / old (mean): {statistics.mean(cpu['new']) / statistics.mean(cpu['old']):.2f}")
    import bot.activity.hub
    import bot.activity.routes

    variants = {"old": (old_module("old_activity_routes", "bot/activity/routes.py"),
                        sys.modules["old_activity_hub"]),
                "new": (bot.activity.routes, bot.activity.hub)}  # fmt: skip
    streams: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for name, (routes, hubs) in variants.items():
            streams[name].append(asyncio.run(streams_alone(routes, hubs)))
            print(f"streams, {name}: {streams[name][-1]:.1f} CPU µs per view", flush=True)
    if args.rounds:
        print(f"the streams alone: {STREAMS} streams, {VIEWS} views each")
        rows = [[name, " ".join(f"{us:.1f}" for us in values), f"{statistics.median(values):.1f}"]
                for name, values in streams.items()]  # fmt: skip
        print(table(["stream code", "CPU µs per view sent, each round", "median"], rows))
    server: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for name in ("old", "new"):
            measures, _, ms = asyncio.run(fan_out(100, args.seconds, old=name == "old"))
            server[name].append(ms)
            p99 = next(value for measure, value in measures if measure.endswith("p99"))
            print(f"server, {name}: {ms:.2f} CPU ms per move (move to every page p99 {p99})",
                  flush=True)  # fmt: skip
    if args.rounds:
        rows = [[name, " ".join(f"{ms:.2f}" for ms in values), f"{statistics.median(values):.2f}"]
                for name, values in server.items()]  # fmt: skip
        print(table(["server code", "CPU ms per move, each round", "median"], rows))
    return 0
