"""The Activity: a move from a page to every open page of its table, its page's weight, and
its first paint at phone size.

- **Fan-out**: a server process (this script with ``--serve``) holds ``TABLES`` four-handed
  tables in one :class:`bot.tables.service.TableService` on an SQLite file, with the
  Activity's routes (:mod:`bot.activity.routes`) on a local port; it deals the next hand as
  soon as one ends, as the bot's table loop would. This process opens four pages per table
  (server-sent event streams with the members' sessions: ``4 × TABLES`` streams) and keeps
  every table busy: at each table the member to act checks or calls, as their page's view
  offers, about once a second (0.5 to 1.5 s, uniform). A move is timed from the ``POST`` of
  ``api/move`` until every one of its table's four pages has received a view at least as new
  as the move's outcome (the answer names its outcome number).
- **Weight**: the page and its own files (HTML, style sheet, our modules), without the SDK's
  bundle, which Discord's client keeps cached per application; gzip sizes beside.
- **First paint**: headless Chromium (the tests' browser) at 390 × 844 opens the page
  directly and reads ``first-contentful-paint``; median of five loads.

Checked (non-zero exit): every move answered 200, every page received every move, the weight
under 60 KB. The time targets (p99 ≤ 100 ms at 100 busy tables with 4 pages each; first
paint ≤ 500 ms) are reported, not asserted. ``--smoke``: 3 tables for 2 seconds.

``--cpu``: what a fan-out costs in CPU time, which the machine's load does not change, the
hub of commit :data:`OLD_COMMIT` (before the views were kept; its source taken from git at
run time, nothing of it committed) against today's, alternately in one run:

- **the hub alone**: both hubs listen to one table service in this process, each with its
  own four pages per table; each outcome goes to both, in turns first, and each hub's
  ``receive`` is timed with the process's CPU clock (the views built and queued for 4 pages);
- **the streams alone**: 400 event streams served by this process (today's routes or those
  of :data:`OLD_COMMIT`) to a child process, the same view queued to each 50 times; this
  process's CPU time per view sent (``fanout_cpu.py``);
- **the server**: the fan-out run above, old code and today's by turns (``--rounds``), the
  server's CPU time (user + system, from ``/proc``) over the timed window per move made:
  the move itself, its four views built, and the four streams written.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import types
from importlib.resources import files
from pathlib import Path
from typing import Any

import aiohttp
from _common import ROOT, parse_args, table  # first: puts the repository on sys.path

from bot.activity.sessions import Session, Sessions

SECRET = "bench-client-secret"
GUILD = 1_400_000_000_000_000_001
SEATS = 4
BUY_IN = 100
WEIGHT_BUDGET = 60 * 1024
SDK = "discord-sdk.js"
SHARED_FILES = ("table.js", "table.css")
"""The drawing of a table the web companion's pages share, served to the page too."""
OLD_COMMIT = "0146d10"
"""The hub and the event stream before the views were kept: every page's hole cards read
from the table at every outcome, a timer per spectator, ``wait_for`` per view sent."""


def _channel(n: int) -> int:
    return 1_400_000_000_000_001_000 + n


def _member(n: int, seat: int) -> int:
    return 1_400_000_000_000_100_000 + n * 10 + seat


def _instance(n: int) -> str:
    return f"i-bench-{n}"


def old_module(name: str, path: str) -> types.ModuleType:
    """``path`` as it was at :data:`OLD_COMMIT`, imported as the module ``name``."""
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{OLD_COMMIT}:{path}"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if shown.returncode != 0:
        raise SystemExit(f"--cpu compares with commit {OLD_COMMIT}, not in this clone's history "
                         "(a shallow clone? git fetch --unshallow)")  # fmt: skip
    source = shown.stdout
    module = types.ModuleType(name)
    module.__file__ = f"{OLD_COMMIT}:{path}"
    sys.modules[name] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


async def serve(db: str, port: int, tables: int, old: bool = False) -> None:
    """The server side: the tables, a deal after each hand, the Activity's routes (the
    hub's and the stream's code of :data:`OLD_COMMIT` if ``old``)."""
    from dataclasses import replace

    if old:  # the routes import the hub by name: the old one takes its place first
        old_module("bot.activity.hub", "bot/activity/hub.py")
        old_module("bot.activity.routes", "bot/activity/routes.py")

    from aiohttp import web

    from bot.activity.discord_api import DiscordApi
    from bot.activity.hub import Hub
    from bot.activity.routes import Activity, add_routes
    from bot.store.store import Store
    from bot.tables.outcomes import Outcome
    from bot.tables.service import TableService
    from bot.web import pages
    from engine import EmptyStackPolicy, preset

    rules = replace(preset("no-limit"), empty_stack=EmptyStackPolicy.REBUY, turn_seconds=600)
    store = await Store.open(db)
    service = TableService(store, clock=time.time)
    hub = Hub(service, delay=0.0, clock=time.time)
    service.tables.subscribe(hub.receive)
    loop = asyncio.get_running_loop()

    def deal_again(outcome: Outcome) -> None:
        if outcome.hand_over and not outcome.closed:
            guild, channel = outcome.state.guild_id, outcome.state.channel_id
            loop.call_later(0.05, lambda: loop.create_task(service.hands.deal(guild, channel)))

    for n in range(tables):
        members = [_member(n, s) for s in range(SEATS)]
        await service.seats.open_table(
            GUILD, _channel(n), members[0], rules, BUY_IN, preset="no-limit"
        )
        for member in members[1:]:
            await service.seats.join(GUILD, _channel(n), member, BUY_IN)
        await service.hands.deal(GUILD, _channel(n))
    service.tables.subscribe(deal_again)
    activity = Activity(
        service=service, store=store, sessions=Sessions(SECRET), hub=hub, clock=time.time,
        discord=DiscordApi("http://127.0.0.1:9", client_id=1, client_secret=SECRET, bot_token=""),
    )  # fmt: skip
    app = web.Application()
    pages.setup(app)  # the web companion's templates: the page extends its layout
    add_routes(app, activity)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print("ready", flush=True)
    await asyncio.Event().wait()


class Page:
    """One member's page: its stream, its newest view and the outcome number it shows."""

    def __init__(self, n: int, seat: int) -> None:
        self.member = _member(n, seat)
        self.instance = _instance(n)
        session = Session(
            member=self.member, name=f"p{seat}", guild=GUILD, channel=_channel(n),
            instance=self.instance, lang="en", until=time.time() + 3600,
        )  # fmt: skip
        self.session = Sessions(SECRET).issue(session)
        self.serial = -1
        self.you: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.views = 0

    async def read(self, http: aiohttp.ClientSession, root: str) -> None:
        query = {"session": self.session, "instance": self.instance}
        async with http.get(f"{root}/activity/api/events", params=query) as stream:
            async for line in stream.content:
                if not line.startswith(b"data: "):
                    continue
                message = json.loads(line[6:])
                self.serial = message["view"]["serial"]
                self.you = message.get("you") or {}
                self.views += 1
                self.changed.set()
                self.changed = asyncio.Event()


async def _until_serial(pages: list[Page], serial: int) -> None:
    for page in pages:
        while page.serial < serial:
            await page.changed.wait()


async def play(http: aiohttp.ClientSession, root: str, pages: list[Page], stop: float,
               times: list[float], rng: random.Random) -> int:  # fmt: skip
    """One busy table: the member to act checks or calls about once a second."""
    moves = 0
    while time.perf_counter() < stop:
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        actor = next((p for p in pages if p.you.get("legal")), None)
        if actor is None:
            continue
        legal = actor.you["legal"]
        move = {
            "do": "act", "kind": "check" if legal["check"] else "call", "hand": legal["hand"],
            "seq": legal["seq"], "instance": actor.instance,
        }  # fmt: skip
        start = time.perf_counter()
        async with http.post(
            f"{root}/activity/api/move", json=move,
            headers={"Authorization": f"Bearer {actor.session}"},
        ) as answer:  # fmt: skip
            body = await answer.json()
            if answer.status != 200:
                if answer.status == 409:  # a hand that ended meanwhile: the next view says
                    continue
                raise SystemExit(f"move refused: {answer.status} {body}")
        await asyncio.wait_for(_until_serial(pages, body["serial"]), 30)
        times.append((time.perf_counter() - start) * 1000)
        moves += 1
    return moves


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def fan_out(
    tables: int, seconds: float, *, old: bool = False
) -> tuple[list[list[str]], bytes, float]:
    """The fan-out run: its figures, the page as served, the server's CPU ms per move."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(Path(folder) / "b.sqlite3"), str(port),
             str(tables), "old" if old else "new"],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            if server.stdout.readline().strip() != "ready":
                raise SystemExit("the server did not start")
            root = f"http://127.0.0.1:{port}"
            connector = aiohttp.TCPConnector(limit=0)
            timeout = aiohttp.ClientTimeout(total=None)
            async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
                async with http.get(f"{root}/activity/") as got:
                    html = await got.read()
                pages = [[Page(n, s) for s in range(SEATS)] for n in range(tables)]
                readers = [
                    asyncio.create_task(p.read(http, root)) for table in pages for p in table
                ]
                await asyncio.wait_for(asyncio.gather(*(_until_serial(t, 0) for t in pages)), 60)
                times: list[float] = []
                rng = random.Random(20261206)
                stop = time.perf_counter() + seconds
                cpu = _cpu_seconds(server.pid)
                moves = await asyncio.gather(
                    *(play(http, root, t, stop, times, random.Random(rng.random())) for t in pages)
                )
                cpu = _cpu_seconds(server.pid) - cpu
                for reader in readers:
                    reader.cancel()
            peak = _peak_kb(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    if not times:
        raise SystemExit("no move was timed")
    views = statistics.median(p.views for t in pages for p in t)
    return (
        [
            ["tables x pages", f"{tables} x {SEATS}"],
            ["moves timed", f"{len(times)} in {seconds:.0f} s ({sum(moves) / seconds:.0f}/s)"],
            ["move to every page p50", f"{_pct(times, 0.5):.1f} ms"],
            ["move to every page p99", f"{_pct(times, 0.99):.1f} ms"],
            ["move to every page max", f"{max(times):.1f} ms"],
            ["views per page (median)", f"{views:.0f}"],
            ["server peak memory", f"{peak / 1024:.1f} MiB"],
            ["server CPU per move", f"{1000 * cpu / max(1, sum(moves)):.2f} ms"],
        ],
        html,
        1000 * cpu / max(1, sum(moves)),
    )


def weight(html: bytes) -> tuple[list[list[str]], int]:
    """The page as served (``/activity/``) and its own files; the SDK's bundle beside."""
    static = files("bot.activity") / "static"
    shared = files("bot.web") / "static"
    own = sorted(
        f.name for f in static.iterdir() if f.name.endswith((".js", ".css")) and f.name != SDK
    )  # every file of the page's own: what it loads, and never less
    rows, total, zipped = [], 0, 0
    for name, body in [
        ("the page (/activity/)", html),
        *((name, (static / name).read_bytes()) for name in own),
        *((name, (shared / name).read_bytes()) for name in SHARED_FILES),
    ]:
        total += len(body)
        zipped += len(gzip.compress(body))
        rows.append([name, f"{len(body):,}", f"{len(gzip.compress(body)):,}"])
    rows.append(["the page without the SDK", f"{total:,}", f"{zipped:,}"])
    sdk = static / SDK
    if sdk.is_file():
        body = sdk.read_bytes()
        rows.append(["(the SDK's bundle)", f"{len(body):,}", f"{len(gzip.compress(body)):,}"])
    return rows, total


async def first_paint(loads: int) -> float:
    from tests.web.browser import Browser, Tab

    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(Path(folder) / "b.sqlite3"), str(port), "1"],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        browser = Browser()
        try:
            assert server.stdout is not None
            server.stdout.readline()
            query = "frame_id=f&instance_id=i-bench-0&platform=mobile&guild_id=1&channel_id=2"
            url = f"http://127.0.0.1:{port}/activity/?{query}"
            paints = []
            async with Tab(browser) as tab:
                await tab.size(390, 844, mobile=True)
                for _ in range(loads):
                    await tab.open("about:blank")
                    await tab.open(url)
                    paint = await tab.until(
                        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime"
                    )
                    paints.append(float(paint))
        finally:
            browser.close()
            server.terminate()
            server.wait(10)
    return statistics.median(paints)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        db, port, tables = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        asyncio.run(serve(db, port, tables, old=sys.argv[5:] == ["old"]))
        return 0
    if "--cpu" in sys.argv:
        from fanout_cpu import compare

        return compare(sys.argv[1:], fan_out)
    args = parse_args(__doc__.splitlines()[0])
    tables, seconds = (3, 2.0) if args.smoke else (100, 30.0)
    measures, html, _ = asyncio.run(fan_out(tables, seconds))
    rows, total = weight(html)
    print(table(["file", "bytes", "gzip"], rows))
    print()
    print(table(["measure", "value"], measures))
    if not args.smoke:
        paint = asyncio.run(first_paint(5))
        print(f"\nfirst contentful paint at 390 x 844 (median of 5): {paint:.0f} ms")
    if total > WEIGHT_BUDGET:
        print(f"the page weighs {total:,} bytes without the SDK: over {WEIGHT_BUDGET:,}")
        return 1
    return 0


if __name__ == "__main__":
    os.environ.setdefault("HOLDEM_I18N_STRICT", "0")
    sys.exit(main())
