"""Load: many tables playing at once in one process, from an action to its reply payload.

N six-handed no-limit tables (100, then 500) live in one :class:`bot.tables.service.TableService`
on one event loop and one SQLite file (``synchronous=NORMAL``, as the store opens it). One asyncio
task per table plays it: a seeded random legal action (``tests.engine.simulate.random_move``)
for the member whose turn it is, a new hand when one ends. Each action is timed from the call
of ``HandCommands.act`` to its reply payload being ready, which is the bot's own work before it
sends anything (``bot/discord/table/dealer.py``), built by the same pure functions (``present``):

- the action committed to SQLite (``act`` returns only after ``append_action`` committed);
- the public log lines (``bot.present.outcome_lines`` of the outcome);
- when a street is dealt (a ``BoardDealt`` event): the table picture
  (``render_table(table_view(...))``) and its alt text (``table_alt``);
- when the hand ends: the showdown picture (``render_showdown(showdown_view(...))``) and alt.

Pictures are drawn in the bot's own render workers, handed to them as the bot does
(``bot.pictures.pool.RenderPool``: processes at a lower priority, one per core by
default, ``--render-processes N`` for another count), as the dealer does. A deal builds its
payload too (log lines and the table picture), timed separately. Hole-card pictures are not
drawn (the bot draws them only for members who asked for their cards or take them by DM).

Two arrival patterns, reported apart:

- ``realistic``: each table waits a think time of 1-3 s (uniform) before every action and
  before every deal, so N tables make about N/2.5 actions a second; the target is judged here.
- ``overload``: every table acts as fast as it can, a fixed number of actions each. Latency is
  then mostly queueing (behind the render workers, the single SQLite connection and the event
  loop); the figure that matters is the throughput.

Memory per table: the Python heap (``tracemalloc``) of N open tables, each in a hand, divided
by N, in a separate run (``--heap-only``: that run alone); and the resident set growth over
the load run divided by N.

``--computers M``: M more six-handed practice tables seat only computer players (easy, normal
and hard by turns), played by :class:`bot.tables.computers.ComputerPlayers` subscribed to the same
service as the bot subscribes it (its pause, its decisions in a worker thread), dealt again
as soon as a hand ends, their moves' payloads built like the humans'. They play in alternate
windows after the warm-up, so the human tables' latency with and without them comes from the
same run; the report adds the computer tables' hands a second and the decision time (measured
in the worker thread, off the loop). Their pictures are drawn only with ``--computer-pictures``:
at ``--computer-pause 0`` they would be hundreds a second, which no Discord channel takes.

``--activity-tables K --pages P``: the first K tables are each watched by P open Activity pages
(real event streams from a child process, served by this process: ``load_activity.py``); the
report adds the move-to-every-page p50/p99 beside the channel's figures.

``--renderers 2406b56 current`` runs every configuration once per renderer, in the order given:
``current`` draws with ``bot.pictures``, ``2406b56`` with the renderer before the phone
pictures, taken from git at run time and drawing in a worker process of its own
(``benchmarks/peer_renderer.py``), so both are measured in one invocation. Each render worker
times each picture with its own thread's CPU time (``render_timing.timed``); the report's
*capacity* is pictures per CPU second of drawing times the number of workers: the rate at which
they would saturate, each with a core of its own (on this 2-core machine the event loop holds
one, so two workers together get less). *Busy* is the share of the run each worker spent on a
picture, the wall time of its drawing summed over the workers and divided by the run's length
times their number; a worker at a lower priority waiting for a core counts as busy.
Where the commit is missing (a shallow clone) the run says so in one line and measures
``current`` alone, then exits non-zero (zero with ``--smoke``).

The cycle collector runs as the bot runs it (``bot.ops.collector``: what start-up made frozen
once the tables are open, then a step every quarter of a second); ``--collector cpython`` runs
with CPython's own thresholds instead, ``--collector cpython steps`` both in one invocation. The
report counts the collector's pauses during the run by generation (young, middle, full: the
steps are full collections of what is not frozen) and gives the longest of each, in the thread
CPU time of the collection (``gc.callbacks``), which load on the machine inflates little.

The script checks that every timed action is in the database after the run and that every
picture is a PNG, and exits non-zero otherwise. ``--smoke``: 10 tables, a few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import itertools
import os
import pstats
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from _common import table  # first: puts the repository on sys.path
from load_activity import watch
from peer_renderer import PEER_COMMIT, PeerExecutor, missing_peer, peer_tree
from render_timing import RENDERERS, renderer, timed

from bot.computers import Level
from bot.i18n import Lang
from bot.ops.collector import Collector
from bot.pictures.pool import RenderPool
from bot.pictures.worker import default_workers
from bot.present import outcome_lines, showdown_alt, showdown_view, table_alt, table_view
from bot.store.store import Store
from bot.tables.computers import ComputerPlayers
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService
from engine import EmptyStackPolicy, preset
from engine.events import BoardDealt
from tests.engine.simulate import random_deck, random_move

SEED = 20261129
SEATS = 6
BUY_IN = 100
LANG: Lang = "en"
PNG = b"\x89PNG\r\n\x1a\n"
# Rebuys keep every table dealing for as long as the run lasts (with the preset's sit-out
# policy the busted players would stop the session after a few dozen hands).
RULES = replace(preset("no-limit"), empty_stack=EmptyStackPolicy.REBUY)


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Pauses:
    """The cycle collector's pauses while it is installed (``gc.callbacks``), by generation
    (young, middle, full): how many, and the longest in the collecting thread's CPU time,
    which a busy machine inflates little."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        generation = info["generation"]
        self.count[generation] += 1
        ms = (time.thread_time() - self._started) * 1000
        self.longest[generation] = max(self.longest[generation], ms)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class Stats:
    action_ms: list[float] = field(default_factory=list)
    action_at: list[float] = field(default_factory=list)  # perf_counter at the call
    commit_ms: list[float] = field(default_factory=list)
    deal_ms: list[float] = field(default_factory=list)
    deal_at: list[float] = field(default_factory=list)  # perf_counter at the call
    street_ms: list[float] = field(default_factory=list)  # actions that drew a table picture
    end_ms: list[float] = field(default_factory=list)  # actions that ended the hand
    pictures: int = 0
    render_busy: float = 0.0
    render_cpu: float = 0.0  # CPU seconds of the drawing itself, in the worker
    hands: int = 0


class Bench:
    """The bot's work after a move, without Discord: service, log lines, pictures."""

    def __init__(
        self,
        service: TableService,
        stats: Stats,
        workers: int = 0,
        drawer: str = "current",
        peer: Path | None = None,
        processes: int = 1,
    ) -> None:
        self.service = service
        self.stats = stats
        self.render_table, self.render_showdown = renderer(drawer)
        # 0: the bot's own render workers, ``processes`` of them; N: N threads, for comparison.
        # The peer draws in its own worker processes (one, or N): its code is not this process's.
        self.pool: Executor | RenderPool
        self.drawers = workers or processes
        """How many pictures can be drawn at once (the workers, processes or threads)."""
        if drawer == PEER_COMMIT:
            assert peer is not None, "the peer renderer needs its tree (peer_renderer.peer_tree)"
            self.drawers = max(1, workers)
            self.pool = PeerExecutor(peer, self.drawers)
        elif workers:
            self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="render")
        else:
            self.pool = RenderPool(in_process=True, workers=processes)

    async def render(self, function: Callable[[Any], bytes], view: Any) -> bytes:
        if isinstance(self.pool, RenderPool):
            png, cpu, wall = await self.pool.run(timed, function, view)
        else:
            loop = asyncio.get_running_loop()
            png, cpu, wall = await loop.run_in_executor(self.pool, timed, function, view)
        self.stats.render_cpu += cpu
        self.stats.render_busy += wall
        if not png.startswith(PNG):
            raise SystemExit("a picture is not a PNG")
        self.stats.pictures += 1
        return png

    async def table_payload(self, outcome: Outcome) -> tuple[bytes, str]:
        view = table_view(outcome.state, LANG)
        png = await self.render(self.render_table, view)
        return png, table_alt(LANG, view)

    async def showdown_payload(self, outcome: Outcome) -> tuple[bytes, str] | None:
        if outcome.showdown is None:
            return None
        view = showdown_view(outcome.showdown, LANG)
        png = await self.render(self.render_showdown, view)
        return png, showdown_alt(LANG, view)

    async def deal(self, guild: int, channel: int) -> None:
        start = time.perf_counter()
        result = await self.service.hands.deal(guild, channel)
        outcome_lines(LANG, result)
        await self.table_payload(result)
        self.stats.deal_ms.append((time.perf_counter() - start) * 1000)
        self.stats.deal_at.append(start)
        self.stats.hands += 1

    async def act(self, guild: int, channel: int, rng: random.Random) -> bool:
        """One random legal move and its payload; False when the hand is over."""
        turn = self.service.tables.state(f"{guild}:{channel}").turn
        if turn is None:
            return False
        action = random_move(turn.legal, rng)
        start = time.perf_counter()
        result = await self.service.hands.act(
            guild, channel, turn.member, action.kind, action.amount
        )
        committed = time.perf_counter()
        outcome_lines(LANG, result)
        kind = None
        if result.hand_over:
            await self.showdown_payload(result)
            kind = self.stats.end_ms
        elif any(isinstance(e, BoardDealt) for e in result.events):
            await self.table_payload(result)
            kind = self.stats.street_ms
        done = time.perf_counter()
        ms = (done - start) * 1000
        self.stats.action_ms.append(ms)
        self.stats.action_at.append(start)
        self.stats.commit_ms.append((committed - start) * 1000)
        if kind is not None:
            kind.append(ms)
        return not result.hand_over


def seat_ids(t: int) -> tuple[int, int, list[int]]:
    # Member ids from 10,000 up: ids under 1,000 are computer players (bot.tables.computers).
    guild, channel = 1000 + t % 10, 10_000 + t
    return guild, channel, [100 * (t + 100) + k for k in range(SEATS)]


async def open_tables(service: TableService, count: int) -> None:
    await open_tables_from(service, 0, count)


async def drive(
    bench: Bench,
    t: int,
    *,
    think: tuple[float, float] | None,
    actions: int | None,
    until: float | None,
) -> int:
    """Play table ``t``: a think time before every move, until the deadline or the count."""
    rng = random.Random(SEED * 1000 + t)
    guild, channel, _ = seat_ids(t)
    done = 0

    async def pause() -> None:
        if think is not None:
            await asyncio.sleep(rng.uniform(*think))
        else:
            await asyncio.sleep(0)

    if think is not None:
        await asyncio.sleep(rng.uniform(0, think[1]))  # tables do not all start at once
    while True:
        if until is not None and time.perf_counter() >= until:
            return done
        if not bench.service.tables.state(f"{guild}:{channel}").in_hand:
            await bench.deal(guild, channel)
            await pause()
            continue
        await bench.act(guild, channel, rng)
        done += 1
        if actions is not None and done >= actions:
            return done
        await pause()


class TimedExecutor(Executor):
    """One worker thread that also records how long each call ran in it, in ms."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="decide")
        self.ms: list[float] = []

    def _timed(self, fn: Callable[..., Any], *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.ms.append((time.perf_counter() - start) * 1000)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self.pool.submit(self._timed, fn, *args)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)


LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)
COMPUTER_TABLES_FROM = 100_000
"""Computer tables are numbered from here (their channels never meet a human table's)."""


@dataclass
class Computers:
    """M practice tables of computer players, switched on and off between windows."""

    bench: Bench
    tables: list[tuple[int, int]]
    pause: float
    pictures: bool
    on: bool = False
    hands: int = 0
    on_seconds: float = 0.0
    executor: TimedExecutor = field(default_factory=TimedExecutor)
    ended: dict[str, asyncio.Event] = field(default_factory=dict)
    payloads: set[asyncio.Task[None]] = field(default_factory=set)

    async def open(self) -> ComputerPlayers:
        service = self.bench.service
        players = ComputerPlayers(service.hands, service.computers.view_of, pause=self.pause,
                                  executor=self.executor)  # fmt: skip
        for i, (guild, channel) in enumerate(self.tables):
            host = 9_000_000 + i  # a person opens the table, seats six computers, leaves
            await service.seats.open_table(guild, channel, host, RULES, BUY_IN, preset="no-limit")
            for k in range(SEATS):
                await service.computers.add_computer(
                    guild, channel, LEVELS[(i + k) % 3], name_of=str
                )
            await service.seats.leave(guild, channel, host)
            self.ended[f"{guild}:{channel}"] = asyncio.Event()
        service.tables.subscribe(self.receive)
        service.tables.subscribe(players.receive)
        return players

    def receive(self, outcome: Outcome) -> None:
        """The listener: note a computer table's hand ending and build its payload."""
        event = self.ended.get(outcome.state.table_id)
        if event is None:
            return
        if outcome.hand_over:
            self.hands += 1
            event.set()
        task = asyncio.get_running_loop().create_task(self.payload(outcome))
        self.payloads.add(task)
        task.add_done_callback(self.payloads.discard)

    async def payload(self, outcome: Outcome) -> None:
        outcome_lines(LANG, outcome)
        if not self.pictures:
            return
        if outcome.hand_over:
            await self.bench.showdown_payload(outcome)
        elif any(isinstance(e, BoardDealt) for e in outcome.events):
            await self.bench.table_payload(outcome)

    async def drive(self, guild: int, channel: int, until: float) -> None:
        """Deal the table's next hand whenever the last one ended and the window is on."""
        event = self.ended[f"{guild}:{channel}"]
        while time.perf_counter() < until:
            if not self.on:
                await asyncio.sleep(0.05)
                continue
            event.clear()
            if not (await self.bench.service.hands.deal(guild, channel)).hand_over:
                await event.wait()

    async def windows(
        self, start: float, seconds: float, count: int, warm_up: float
    ) -> list[tuple[float, float]]:
        """Off during the warm-up, then off and on by turns: the on windows' spans."""
        await asyncio.sleep(max(0.0, start + warm_up - time.perf_counter()))
        span = (seconds - warm_up) / count
        spans = []
        for w in range(count):
            self.on = w % 2 == 1
            began = time.perf_counter()
            await asyncio.sleep(max(0.0, start + warm_up + (w + 1) * span - began))
            if self.on:
                spans.append((began, time.perf_counter()))
                self.on_seconds += spans[-1][1] - began
        self.on = False
        return spans


@dataclass
class Run:
    tables: int
    pattern: str
    seconds: float
    actions: int
    stats: Stats
    rss_per_table: float
    started: float
    computers: Computers | None = None
    on_spans: list[tuple[float, float]] = field(default_factory=list)
    warm_up: float = 0.0
    drawer: str = "current"
    drawers: int = 1
    collector: str = "steps"
    pauses: Pauses = field(default_factory=Pauses)


async def load_run(
    folder: Path,
    tables: int,
    pattern: str,
    *,
    seconds: float,
    actions: int,
    think: tuple[float, float] = (1.0, 3.0),
    workers: int = 0,
    drawer: str = "current",
    peer: Path | None = None,
    processes: int = 1,
    profile: cProfile.Profile | None = None,
    computers: int = 0,
    computer_pause: float = 0.0,
    computer_pictures: bool = False,
    windows: int = 4,
    warm_up: float = 10.0,
    activity: tuple[int, int] = (0, 0),
    collector: str = "steps",
) -> Run:
    path = folder / f"load-{tables}-{pattern}-{drawer}-{collector}.sqlite3"
    store = await Store.open(str(path))
    deck_rng = random.Random(SEED)
    service = TableService(
        store, clock=time.time, deck_source=lambda: random_deck(deck_rng), rng=random.Random(SEED)
    )
    stats = Stats()
    bench = Bench(service, stats, workers, drawer, peer, processes)
    # Warm the renderer's caches (fonts, card tiles, felt) as a running bot has them.
    await open_tables(service, 1)
    await bench.deal(*seat_ids(0)[:2])
    gc.collect()
    rss0 = rss_bytes()
    await open_tables_from(service, 1, tables)
    if isinstance(bench.pool, RenderPool):  # as python -m bot does once its tables are resumed
        await bench.pool.start_for(tables)
    extra = None
    pages = None  # the Activity's pages (load_activity.py): (tables, pages each)
    if activity[0]:
        pages = await watch(service, store, [seat_ids(t) for t in range(activity[0])], activity[1])
    if computers:
        spots = [seat_ids(COMPUTER_TABLES_FROM + i)[:2] for i in range(computers)]
        extra = Computers(bench, spots, computer_pause, computer_pictures)
        players = await extra.open()
    stepping = None
    if collector == "steps":  # as python -m bot does once its tables are resumed
        policy = Collector()
        policy.settle()
        stepping = asyncio.create_task(policy.run())
    pauses = Pauses()
    gc.callbacks.append(pauses)
    stats.__init__()  # type: ignore[misc]
    if profile is not None:
        profile.enable()
    start = time.perf_counter()
    if pattern == "realistic":
        kw: dict[str, Any] = {"think": think, "actions": None, "until": start + seconds}
    else:
        kw = {"think": None, "actions": actions, "until": None}
    humans = asyncio.gather(*(drive(bench, t, **kw) for t in range(tables)))
    spans: list[tuple[float, float]] = []
    if extra is not None:
        until = start + seconds
        driven = asyncio.gather(*(extra.drive(g, c, until) for g, c in extra.tables))
        spans = await extra.windows(start, seconds, windows, warm_up)
        await driven
    counts = await humans
    elapsed = time.perf_counter() - start
    gc.callbacks.remove(pauses)
    if pages is not None:
        print(await pages.stop(), flush=True)
    if extra is not None:
        await players.idle()
        await asyncio.gather(*list(extra.payloads))
        await players.aclose()
        extra.executor.shutdown()
    if profile is not None:
        profile.disable()
    if stepping is not None:
        stepping.cancel()
        gc.unfreeze()  # the next run starts from CPython's own policy
    gc.collect()
    rss_per_table = (rss_bytes() - rss0) / tables
    if isinstance(bench.pool, RenderPool):
        bench.pool.close(wait=True)
    else:
        bench.pool.shutdown()
    await store.close()
    with sqlite3.connect(path) as db:
        (stored,) = db.execute("SELECT COUNT(*) FROM hand_actions").fetchone()
    timed = sum(counts)
    if stored < timed or len(stats.action_ms) != timed:
        raise SystemExit(f"{timed} actions timed but {stored} in the database")
    if extra is not None and extra.hands and stored <= timed:
        raise SystemExit("computer tables ended hands but no computer move was stored")
    return Run(tables, pattern, elapsed, timed, stats, rss_per_table, start, extra, spans, warm_up,
               drawer, bench.drawers, collector, pauses)  # fmt: skip


async def open_tables_from(service: TableService, first: int, last: int) -> None:
    for t in range(first, last):
        guild, channel, users = seat_ids(t)
        await service.seats.open_table(guild, channel, users[0], RULES, BUY_IN, preset="no-limit")
        for user in users[1:]:
            await service.seats.join(guild, channel, user, BUY_IN)


async def heap_per_table(folder: Path, tables: int) -> tuple[float, float]:
    """Python heap per open table (tracemalloc): between hands, and in a hand 8 moves in."""
    store = await Store.open(str(folder / f"heap-{tables}.sqlite3"))
    deck_rng = random.Random(SEED)
    service = TableService(
        store, clock=time.time, deck_source=lambda: random_deck(deck_rng), rng=random.Random(SEED)
    )
    await open_tables(service, 1)  # the first table pays for lazy imports and caches
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    await open_tables_from(service, 1, tables + 1)
    gc.collect()
    seated = tracemalloc.get_traced_memory()[0] - base
    rng = random.Random(SEED)
    for t in range(1, tables + 1):
        guild, channel, _ = seat_ids(t)
        await service.hands.deal(guild, channel)
        for _ in range(8):
            turn = service.tables.state(f"{guild}:{channel}").turn
            if turn is None:
                break
            action = random_move(turn.legal, rng)
            await service.hands.act(guild, channel, turn.member, action.kind, action.amount)
    gc.collect()
    playing = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    await store.close()
    return seated / tables, playing / tables


WARM_UP = 10.0
"""Realistic runs: every table deals its first hand within the first 3 s (a burst of pictures
no steady state has); latencies of actions and deals called after this many seconds are
also shown."""


def steady(run: Run, deals: bool = False) -> str:
    if run.pattern != "realistic":
        return "-"
    s = run.stats
    timed = zip(s.deal_ms, s.deal_at) if deals else zip(s.action_ms, s.action_at)
    a = [ms for ms, at in timed if at >= run.started + WARM_UP]
    if not a:
        return "-"
    return f"{statistics.median(a):.1f} / {percentile(a, 0.99):.1f}"


def split(run: Run) -> tuple[list[float], list[float]]:
    """The human actions after the warm-up: without and with the computer tables playing."""
    off, on = [], []
    for ms, at in zip(run.stats.action_ms, run.stats.action_at):
        if at < run.started + run.warm_up:
            continue
        (on if any(a <= at < b for a, b in run.on_spans) else off).append(ms)
    return off, on


def computer_row(run: Run) -> list[str]:
    extra = run.computers
    assert extra is not None
    off, on = split(run)

    def figures(a: list[float]) -> str:
        if not a:
            return "-"
        return f"{len(a):,} / {statistics.median(a):.1f} / {percentile(a, 0.99):.1f}"

    d = extra.executor.ms
    return [
        f"{run.tables}",
        f"{len(extra.tables)}",
        f"{extra.pause:g}",
        "yes" if extra.pictures else "no",
        figures(off),
        figures(on),
        f"{extra.hands / max(extra.on_seconds, 1e-9):,.1f}",
        f"{len(d):,}",
        f"{statistics.median(d):.1f} / {percentile(d, 0.99):.1f}" if d else "-",
    ]


COMPUTER_HEADER = [
    "human tables",
    "computer tables",
    "pause s",
    "their pictures",
    "humans alone: actions / p50 / p99 ms",
    "with computers: actions / p50 / p99 ms",
    "computer hands/s",
    "decisions",
    "decision p50 / p99 ms",
]


def row(run: Run) -> list[str]:
    s = run.stats
    a = s.action_ms
    return [
        f"{run.tables}",
        run.pattern,
        run.drawer,
        f"{run.actions:,}",
        f"{run.actions / run.seconds:,.0f}",
        f"{statistics.median(a):.1f}",
        f"{percentile(a, 0.99):.1f}",
        f"{max(a):.1f}",
        steady(run),
        f"{statistics.median(s.commit_ms):.2f} / {percentile(s.commit_ms, 0.99):.1f}",
        f"{percentile(s.street_ms, 0.5):.1f} / {percentile(s.street_ms, 0.99):.1f}"
        if s.street_ms
        else "-",
        f"{percentile(s.deal_ms, 0.5):.1f} / {percentile(s.deal_ms, 0.99):.1f}"
        if s.deal_ms
        else "-",
        steady(run, deals=True),
        f"{s.pictures / run.seconds:,.0f}",
        f"{1000 * s.render_busy / max(1, s.pictures):.1f}",
        f"{1000 * s.render_cpu / max(1, s.pictures):.2f}",
        f"{run.drawers}",
        f"{run.drawers * s.pictures / max(s.render_cpu, 1e-9):,.0f}",
        f"{100 * s.render_busy / (run.seconds * run.drawers):.0f}%",
        f"{run.rss_per_table / 1024:,.0f}",
        run.collector,
        "/".join(f"{n}" for n in run.pauses.count),
        "/".join(f"{ms:.1f}" for ms in run.pauses.longest),
    ]


HEADER = [
    "tables",
    "pattern",
    "renderer",
    "actions",
    "actions/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    f"p50 / p99 ms after {WARM_UP:.0f} s",
    "commit p50/p99 ms",
    "street p50/p99 ms",
    "deal p50/p99 ms",
    f"deal p50 / p99 ms after {WARM_UP:.0f} s",
    "pictures/s",
    "ms/picture",
    "CPU ms/picture",
    "render workers",
    "capacity pictures/s",
    "render workers busy",
    "RSS KB/table",
    "collector",
    "its pauses young/middle/full",
    "longest pause ms young/middle/full",
]


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="10 tables, a few seconds")
    parser.add_argument("--tables", type=int, nargs="*", help="table counts (100 500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="realistic run length")
    parser.add_argument("--actions", type=int, default=20, help="overload: actions per table")
    parser.add_argument("--only", choices=["realistic", "overload"], help="one pattern only")
    parser.add_argument(
        "--render-workers",
        type=int,
        default=0,
        help="0: the bot's render processes (--render-processes); N: N render threads instead",
    )
    parser.add_argument(
        "--render-processes",
        type=int,
        default=default_workers(),
        help="how many render processes, as HOLDEM_RENDER_WORKERS (default: the bot's, "
        f"one per core: {default_workers()} here)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the event loop")
    parser.add_argument(
        "--renderers",
        nargs="+",
        choices=RENDERERS,
        default=["current"],
        help=f"draw with bot.pictures (current) and/or the peer renderer of commit {PEER_COMMIT} "
        "(taken from git); each configuration runs once per renderer, in the order given",
    )
    parser.add_argument(
        "--computers",
        type=int,
        default=0,
        help="M more tables of six computer players, on and off by windows (realistic only)",
    )
    parser.add_argument("--computer-pause", type=float, default=0.0, help="their pause, s")
    parser.add_argument(
        "--computer-pictures",
        action="store_true",
        help="draw the computer tables' pictures too (a street, a showdown), as the bot does",
    )
    parser.add_argument("--windows", type=int, default=4, help="off/on windows after warm-up")
    parser.add_argument("--activity-tables", type=int, default=0, help="tables with pages open")
    parser.add_argument("--pages", type=int, default=4, help="Activity pages on each of them")
    parser.add_argument(
        "--heap-only", action="store_true", help="only the heap per table, no load run"
    )
    parser.add_argument(
        "--collector",
        nargs="+",
        choices=["steps", "cpython"],
        default=["steps"],
        help="steps: the bot's (bot.ops.collector); cpython: CPython's own thresholds alone; "
        "each configuration runs once per collector, in the order given",
    )
    args = parser.parse_args()
    think = (1.0, 3.0)
    if args.smoke:  # a shorter think time, so that a second sees some streets and hands
        counts, seconds, actions, think = [10], 1.0, 8, (0.02, 0.08)
        warm_up = 0.5
        args.activity_tables = args.activity_tables or 2  # so load_activity.py never rots
        if args.computers:  # four windows of half a second after a short warm-up
            seconds = 2.5
    else:
        counts, seconds, actions = args.tables or [100, 500], args.seconds, args.actions
        warm_up = WARM_UP
    renderers, peer, missing = list(args.renderers), None, False
    if PEER_COMMIT in renderers and (peer := peer_tree()) is None:
        print(missing_peer(), flush=True)
        missing = True
        renderers = [r for r in renderers if r != PEER_COMMIT] or ["current"]
    patterns = [args.only] if args.only else ["realistic", "overload"]
    if args.computers:
        patterns = ["realistic"]
    with tempfile.TemporaryDirectory(
        prefix=".bench-load-", dir=Path(__file__).resolve().parent
    ) as tmp:
        folder = Path(tmp)
        rows = []
        runs = (
            [] if args.heap_only else itertools.product(counts, patterns, renderers, args.collector)
        )
        for n, pattern, drawer, collector in runs:
            profile = cProfile.Profile() if args.profile else None
            run = await load_run(
                folder,
                n,
                pattern,
                seconds=seconds,
                actions=actions,
                think=think,
                workers=args.render_workers,
                drawer=drawer,
                peer=peer,
                processes=args.render_processes,
                profile=profile,
                computers=args.computers,
                computer_pause=args.computer_pause,
                computer_pictures=args.computer_pictures,
                windows=args.windows,
                warm_up=warm_up,
                activity=(args.activity_tables, args.pages),
                collector=collector,
            )
            rows.append(row(run))
            print(table(HEADER, [rows[-1]]), flush=True)
            if run.computers is not None:
                print(table(COMPUTER_HEADER, [computer_row(run)]), flush=True)
            if profile is not None:
                out = io.StringIO()
                stats = pstats.Stats(profile, stream=out).sort_stats("cumulative")
                stats.print_stats(35)
                stats.sort_stats("tottime").print_stats(25)
                print(out.getvalue())
        if rows:
            print()
            print(table(HEADER, rows))
            print()
        heap_rows = []
        for n in counts:
            seated, playing = await heap_per_table(folder, n)
            heap_rows.append([f"{n}", f"{seated / 1024:,.1f}", f"{playing / 1024:,.1f}"])
        print(table(["tables", "heap KB/table, seated", "heap KB/table, in a hand"], heap_rows))
    if missing and not args.smoke:
        print(missing_peer())
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
