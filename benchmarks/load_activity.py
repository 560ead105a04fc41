"""``bench_load.py --activity-tables K --pages P``: the Activity's open pages in the load run.

The first K of the run's tables are each watched by P Activity pages, the pages of P of
their seated members (players: no house delay). The bench's process is the bot's: it holds
the Activity's hub (subscribed to the run's table service, as ``bot.activity.setup`` does)
and serves the Activity's routes (:mod:`bot.activity.routes`) on 127.0.0.1, on the same event
loop as the tables, so the views' building and the streams' writes are paid on the measured
path as in the bot. The pages are real ``GET api/events`` streams (aiohttp client
connections) held by a child process (this script with ``--client``), so what a browser
spends reading them is not this process's: the child notes when each view arrives and sends
the notes back when the run ends.

A move is timed from the call of ``HandCommands.act`` (the same call a page's ``POST
api/move`` makes, and the channel's commands: the run's moves are made by the bench as the
channel's are) until every page of its table has received a view at least as new as the
move's outcome. Both processes read ``time.perf_counter``, which on Linux is the system's
monotonic clock, one clock for both. Moves whose view some page never received are counted
and reported (the run fails on them: a page must see every move).
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SECRET = "load-activity-secret"
SERIAL = re.compile(rb'"serial": (\d+)')
HERE = Path(__file__).resolve()


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Watch:
    """The pages of a load run: the hub, the web app serving them, the child reading them."""

    tables: dict[str, int]
    """Each watched table's number of pages."""
    runner: Any
    client: subprocess.Popen[str]
    moves: list[tuple[str, int, float]] = field(default_factory=list)
    """Each timed move: its table, its outcome's number, when ``act`` was called."""

    async def stop(self) -> str:
        """End the pages (after a second for the last views), and the report's lines."""
        await asyncio.sleep(1.0)
        assert self.client.stdin is not None and self.client.stdout is not None
        self.client.stdin.write("stop\n")
        self.client.stdin.flush()
        notes: dict[str, list[list[list[float]]]] = json.loads(
            await asyncio.to_thread(self.client.stdout.readline)
        )
        self.client.wait(30)
        await self.runner.cleanup()
        times, missed = [], 0
        for table_id, serial, start in self.moves:
            arrivals = []
            for page in notes.get(table_id, []):
                found = next((at for s, at in page if s >= serial), None)
                if found is None:
                    break
                arrivals.append(found)
            if len(arrivals) < self.tables[table_id]:
                missed += 1
                continue
            times.append((max(arrivals) - start) * 1000)
        views = sum(len(page) for pages in notes.values() for page in pages)
        pages = sum(self.tables.values())
        rows = [
            ["tables x pages", f"{len(self.tables)} x {pages // max(1, len(self.tables))}"],
            ["moves timed / not seen by every page", f"{len(times):,} / {missed}"],
            ["views received", f"{views:,}"],
        ]
        if times:
            rows += [
                ["move to every page p50", f"{statistics.median(times):.1f} ms"],
                ["move to every page p99", f"{_pct(times, 0.99):.1f} ms"],
                ["move to every page max", f"{max(times):.1f} ms"],
            ]
        width = max(len(r[0]) for r in rows)
        lines = [f"{name:<{width}}  {value}" for name, value in rows]
        if missed or not times:
            why = f"{missed} moves never reached every page" if missed else "no move was timed"
            raise SystemExit("\n".join([*lines, why]))
        return "\n".join(["the Activity's pages:", *lines])


async def watch(
    service: Any, store: Any, tables: Sequence[tuple[int, int, Sequence[int]]], pages: int
) -> Watch:
    """Open ``pages`` pages on each of ``tables`` (guild, channel, seated members) of the
    run's table ``service`` on ``store``."""
    from aiohttp import web

    from bot.activity.discord_api import DiscordApi
    from bot.activity.hub import Hub
    from bot.activity.routes import Activity, add_routes
    from bot.activity.sessions import Session, Sessions

    hub = Hub(service, delay=0.0, clock=time.time)
    service.tables.subscribe(hub.receive)
    sessions = Sessions(SECRET)
    activity = Activity(
        service=service, store=store, sessions=sessions, hub=hub, clock=time.time,
        discord=DiscordApi("http://127.0.0.1:9", client_id=1, client_secret=SECRET, bot_token=""),
    )  # fmt: skip
    app = web.Application()
    add_routes(app, activity)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    port = _free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    streams: dict[str, list[list[str]]] = {}
    for guild, channel, members in tables:
        tokens = []
        for member in members[:pages]:
            session = Session(
                member=member, name=str(member), guild=guild, channel=channel,
                instance=f"i-{channel}", lang="en", until=time.time() + 1e5,
            )  # fmt: skip
            tokens.append([sessions.issue(session), f"i-{channel}"])
        streams[f"{guild}:{channel}"] = tokens
    client = subprocess.Popen(
        [sys.executable, str(HERE), "--client", str(port)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert client.stdin is not None and client.stdout is not None
    client.stdin.write(json.dumps(streams) + "\n")
    client.stdin.flush()
    if (await asyncio.to_thread(client.stdout.readline)).strip() != "ready":
        raise SystemExit("the Activity's pages did not open")
    found = Watch({t: len(s) for t, s in streams.items()}, runner, client)
    _time_moves(service, found)
    return found


def _time_moves(service: Any, found: Watch) -> None:
    """Note the call time and outcome number of each move at a watched table."""
    act: Callable[..., Awaitable[Any]] = service.hands.act

    async def timed(guild: int, channel: int, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        outcome = await act(guild, channel, *args, **kwargs)
        if outcome.table_id in found.tables:
            found.moves.append((outcome.table_id, outcome.serial, start))
        return outcome

    service.hands.act = timed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def client(port: int) -> None:
    """The child: every page's stream, the arrival of each view, sent back on ``stop``."""
    import aiohttp

    streams: dict[str, list[list[str]]] = json.loads(sys.stdin.readline())
    notes: dict[str, list[list[tuple[int, float]]]] = {t: [] for t in streams}
    opened: list[asyncio.Event] = []

    async def read(http: aiohttp.ClientSession, token: str, instance: str, into: list[Any],
                   first: asyncio.Event) -> None:  # fmt: skip
        query = {"session": token, "instance": instance}
        async with http.get(f"http://127.0.0.1:{port}/activity/api/events", params=query) as got:
            async for line in got.content:
                if line.startswith(b"data: "):
                    found = SERIAL.search(line, 0, 200)
                    if found is not None:
                        into.append((int(found[1]), time.perf_counter()))
                    first.set()

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        readers = []
        for table_id, tokens in streams.items():
            for token, instance in tokens:
                page: list[tuple[int, float]] = []
                notes[table_id].append(page)
                opened.append(asyncio.Event())
                readers.append(asyncio.create_task(read(http, token, instance, page, opened[-1])))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), 120)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        for reader in readers:
            reader.cancel()
    print(json.dumps(notes), flush=True)


if __name__ == "__main__" and sys.argv[1:2] == ["--client"]:
    asyncio.run(client(int(sys.argv[2])))
