"""Benchmark of the card and table pictures (issues: "Card and table images with Pillow",
"Pictures for a phone, drawn twice as fast").

    .venv/bin/python benchmarks/bench_render.py           # full run, exit 1 if a target is missed
    .venv/bin/python benchmarks/bench_render.py --smoke   # a few seconds, no targets checked

Every picture kind is drawn by today's renderer (``bot.pictures``) and by the named peer, the
renderer of commit 2406b56 taken from git at run time (``benchmarks/peer_renderer.py``), each
in a fresh worker process of its own, as the bot's render worker draws; they take turns ten
pictures at a time in one run, so that a busy machine slows both alike. The table shows the
median CPU ms (the drawing thread's CPU time, which a shared machine disturbs far less than the
wall time) and the bytes of each, and the ratio. Where the commit is missing (a shallow clone)
the run says so in one line, measures today's renderer alone and exits non-zero (zero with
``--smoke``).

The run-out picture's peer is the table picture the bot drew for a run-out. Caches are warmed
first, as in a running bot; each timed table has other stacks and bets, so the text caches do
not hide the cost of new numbers.

Targets: the ten-seat table drawn in at most 1.15x the time of pasting its tiles (felt, board
and seat cards) and encoding the finished picture with the same PNG writer, measured side by
side (ratio of medians); hole cards within 3 ms and a ten-seat table within 20 ms (medians);
every PNG under 150 KB. The names of the example table are in five scripts with emoji (drawn
through the font fallback chain, with the host's fonts or with stand-ins when
``HOLDEM_FONT_DIRS`` is empty); a second measurement interleaves it with the same table under
Latin names: the fallback may cost at most 30 % more (target on the ratio of medians). The last
table compares PNG writers and compression levels on the ten-seat table.

Then a realistic stream (``picture_stream.py``: the pictures ``bench_load.py`` asks for at
2,000 tables, every table's deal, then the tables' streets and showdowns interleaved, 6,000
pictures) is drawn in the worker: CPU ms of the drawing and of the PNG writer per picture, the
bytes deflated and written, and beside today's writer the candidates of ``png_candidates.py``
(the zlib writer before, and the band cache with its hit rate and the memory it keeps), every
50th picture of each decoded and compared with the drawing pixel for pixel.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

    from bot.pictures.views import TableView

# Run as a script from anywhere: the repository root holds ``bot``, this folder the peer's
# worker and the timing both renderers share.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from peer_renderer import (
    PEER_COMMIT,
    ROOT,
    PeerFunction,
    RenderWorker,
    missing_peer,
    peer_tree,
)
from png_candidates import CANDIDATES, ISAL, ZLIB, compare_writers
from render_timing import StreamPicture, candidate_counts, stream_parts, timed_each

TARGETS_MS = {"hole cards": 3.0, "table, 10 seats": 20.0}
MAX_BYTES = 150_000
MAX_SCRIPTS_RATIO = 1.3
MAX_DRAW_RATIO = 1.15
LATIN_NAMES = (
    "Alice",
    "Bartholomew Maximilian Fitzgerald",
    "Li Xiaolong",
    "Joker",
    "Miriam",
    "Dana",
    "Evariste",
    "Frank",
    "Grace Hopper",
    "Okami",
)


def _tables(count: int, seat_count: int, names: tuple[str, ...] | None = None) -> list[TableView]:
    """Tables that differ in stacks and bets, as successive renders of one hand do."""
    from tests.bot.pictures.examples import NAMES, example_table

    base = example_table(seat_count, board=("As", "Kh", "7c", "Td"), names=names or NAMES)
    tables = []
    for i in range(count):
        seats = tuple(
            dataclasses.replace(seat, stack=seat.stack + 7 * i, bet=seat.bet + i if seat.bet else 0)
            for seat in base.seats
        )
        tables.append(dataclasses.replace(base, seats=seats))
    return tables


Timed = Callable[[list[Any]], list[tuple[int, float]]]
"""Renders of several views in turn, and what each cost: bytes, CPU seconds of the drawing
thread (``render_timing.timed_each``)."""

TURN = 10
"""Pictures a renderer draws in a row before the other takes its turn: woken from a pipe for
every picture, each worker would draw with caches the other had just cooled."""


def here(render: Callable[[Any], bytes]) -> Timed:
    """``render`` drawn in this process, timed by this thread's CPU time."""
    return lambda views: timed_each(render, views)


def drawn_in(worker: RenderWorker, render: Callable[[Any], bytes]) -> Timed:
    """Today's ``render`` (sent by name) drawn in ``worker``, timed there the same way."""
    return lambda views: worker.call(timed_each, render, views)  # type: ignore[no-any-return]


def peer(worker: RenderWorker | None, module: str, name: str) -> Timed | None:
    """The peer's ``bot.pictures.<module>.<name>`` drawn in its worker, timed there the same
    way; None without the peer."""
    if worker is None:
        return None
    function = PeerFunction(f"bot.pictures.{module}", name)
    return lambda views: worker.call(timed_each, function, views)  # type: ignore[no-any-return]


def _interleaved(
    renders: Sequence[Timed], views: Sequence[object], turn: int = 1
) -> tuple[list[list[float]], list[int]]:
    """CPU milliseconds of each render by each renderer (the drawing thread's CPU time: on a
    shared machine the wall time also counts the moments spent waiting for a core), taking
    turns every ``turn`` views, and the largest picture each produced."""
    for render in renders:
        render(list(views[:3]))  # warm the tile, font and felt caches
    times: list[list[float]] = [[] for _ in renders]
    largest = [0 for _ in renders]
    for first in range(0, len(views), turn):
        for k, render in enumerate(renders):
            for size, cpu in render(list(views[first : first + turn])):
                times[k].append(cpu * 1000)
                largest[k] = max(largest[k], size)
    return times, largest


def tiles_and_encode(view: TableView, picture: Image.Image) -> bytes:
    """The floor of a table picture: the felt copied and the board and seat cards pasted from
    the tile cache, then ``picture`` (the finished table of ``view``, drawn beforehand) encoded
    with the same PNG writer. What is left of a render above this is the drawing of everything
    that is not a tile: seat boxes, names, chips, pills, pots."""
    from bot.pictures.draw import paste_tile
    from bot.pictures.felt import felt
    from bot.pictures.png import encode_png
    from bot.pictures.seats import SEAT_CARD_WIDTH
    from bot.pictures.table import board_slots, table_layout
    from bot.pictures.tiles import card_tile, place_tile

    canvas = felt().copy()
    for i, slot in enumerate(board_slots()):
        tile = (
            card_tile(view.board[i], slot.width, four_colour=view.four_colour)
            if i < len(view.board)
            else place_tile(slot.width)
        )
        paste_tile(canvas, tile, (slot.left, slot.top))
    for spot, seat in zip(table_layout(len(view.seats)), view.seats, strict=True):
        cards = seat.cards or (("back", "back") if seat.shows_backs else ())
        cx = (spot.box.left + spot.box.right) // 2
        for i, card in enumerate(cards):
            tile = card_tile(card, SEAT_CARD_WIDTH, four_colour=view.four_colour)
            x = cx - SEAT_CARD_WIDTH - 2 + i * (SEAT_CARD_WIDTH + 4)
            paste_tile(canvas, tile, (x, spot.rect.top + 2))
    return encode_png(picture)


def _scripts_ratio(count: int) -> tuple[float, float]:
    """Median CPU ms of the ten-seat table with the example names and with Latin names,
    renders interleaved so that a busy machine slows both alike."""
    from bot.pictures import render_table

    other, latin = _tables(count, 10), _tables(count, 10, LATIN_NAMES)
    for view in other[:3] + latin[:3]:
        render_table(view)
    times: tuple[list[float], list[float]] = ([], [])
    for pair in zip(other, latin, strict=True):
        for view, samples in zip(pair, times, strict=True):
            start = time.thread_time()
            render_table(view)
            samples.append((time.thread_time() - start) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


def _runouts(count: int) -> list[TableView]:
    """A three-way all-in on the flop with odds under each seat, chances moving a little."""
    from bot.pictures.views import PotView, SeatOdds, SeatState, SeatView, TableView

    views = []
    for i in range(count):
        win = 0.40 + (i % 40) / 200
        seats = (
            SeatView(name="Alice", stack=0, state=SeatState.ALL_IN, cards=("As", "Ah"),
                     odds=SeatOdds(win=win, tie=0.03)),
            SeatView(name="Bob", stack=0, state=SeatState.ALL_IN, cards=("Kd", "Kc"),
                     odds=SeatOdds(win=0.9 - win, tie=0.03, side=((1, 0.7),))),
            SeatView(name="Cecilie", stack=140 + i, cards=("7h", "6h"),
                     odds=SeatOdds(win=0.04, side=((1, 0.3),))),
        )  # fmt: skip
        pots = (PotView(label="Pot", amount=150 + i), PotView(label="Side pot 1", amount=80))
        views.append(TableView(seats=seats, board=("Qs", "8h", "2c"), pots=pots, street="Flop"))
    return views


def _stream(current: RenderWorker, tables: int, pictures: int) -> None:
    """Draw a realistic stream in ``current`` and print what its pictures cost, by kind, and
    what every candidate writer would have cost on them."""
    from picture_stream import picture_stream

    items = picture_stream(tables, pictures)
    parts: list[StreamPicture] = []
    before: list[StreamPicture] = []
    counts: dict[str, tuple[int, int, int, int]] = {}
    zlib_worker = RenderWorker(ROOT)  # never runs ISA-L: see render_timing.stream_parts
    try:
        for first in range(0, len(items), 200):
            chunk = items[first : first + 200]
            parts += current.call(stream_parts, chunk, ISAL)
            before += zlib_worker.call(stream_parts, chunk, ZLIB, False)
        for worker, names in ((current, ISAL), (zlib_worker, ZLIB)):
            counted = worker.call(candidate_counts)
            counts |= {name: counted[name] for name in names if name in counted}
    finally:
        zlib_worker.close()
    for part, other in zip(parts, before, strict=True):
        part.candidates.update(other.candidates)
    print(
        f"\na realistic stream: {len(parts):,} pictures of {tables:,} tables (every deal, then "
        "streets and showdowns interleaved), CPU ms per picture in the worker:"
    )
    print(
        f"  {'pictures':<10} {'count':>6} {'drawing':>8} {'PNG':>6} {'total':>6} "
        f"{'KB deflated':>12} {'KB written':>11}"
    )
    for kind in ("table", "showdown", "all"):
        some = [p for p in parts if kind in ("all", p.kind)]
        if not some:
            continue
        draw = statistics.mean(p.draw for p in some) * 1000
        encode = statistics.mean(p.encode for p in some) * 1000
        print(
            f"  {kind:<10} {len(some):>6,} {draw:>8.2f} {encode:>6.2f} {draw + encode:>6.2f} "
            f"{statistics.mean(p.scanlines for p in some) / 1000:>12.0f} "
            f"{statistics.mean(p.png for p in some) / 1000:>11.1f}"
        )
    print(
        f"  PNG writers on the same pictures: {'CPU ms':>6} {'KB':>6} {'bands hit':>10} "
        f"{'KB deflated':>12} {'MB kept':>8}"
    )
    today = statistics.mean(p.encode for p in parts) * 1000
    print(
        f"  {'bot.pictures.png (ISA-L 1, whole picture)':<40} {today:>7.2f} "
        f"{statistics.mean(p.png for p in parts) / 1000:>6.1f}"
    )
    for name in CANDIDATES:
        cpu = statistics.mean(p.candidates[name][0] for p in parts) * 1000
        size = statistics.mean(p.candidates[name][1] for p in parts) / 1000
        line = f"  {name:<40} {cpu:>7.2f} {size:>6.1f}"
        if name in counts:
            bands, hits, deflated, kept = counts[name]
            line += (
                f" {hits / max(1, bands):>10.0%} {deflated / len(parts) / 1000:>12.0f} "
                f"{kept / 1e6:>8.1f}"
            )
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="a short run without targets")
    parser.add_argument("--runs", type=int, default=200, help="renders per picture")
    parser.add_argument("--stream-tables", type=int, default=2000, help="tables of the stream")
    parser.add_argument("--stream-pictures", type=int, default=6000, help="pictures of it")
    args = parser.parse_args(argv)
    runs = 10 if args.smoke else args.runs
    tree = peer_tree()
    if tree is None:
        print(missing_peer(), flush=True)
    current = RenderWorker(ROOT)
    worker = RenderWorker(tree) if tree is not None else None
    try:
        status = _measure(args.smoke, runs, current, worker)
        tables, pictures = (20, 80) if args.smoke else (args.stream_tables, args.stream_pictures)
        _stream(current, tables, pictures)
        return status
    finally:
        for each in (current, worker):
            if each is not None:
                each.close()


def _measure(smoke: bool, runs: int, current: RenderWorker, worker: RenderWorker | None) -> int:
    """Run every measurement, today's renderer in ``current`` beside the peer's ``worker``
    (alone without it); 1 when a target is missed or the peer is missing, outside a smoke run."""
    from bot.pictures import render_hole_cards, render_runout, render_showdown, render_table
    from bot.pictures.chart import render_chart
    from bot.pictures.replay import render_replay
    from tests.bot.pictures.examples import (
        example_chart,
        example_hole_cards,
        example_replay,
        example_showdown,
    )

    def now(render: Callable[[Any], bytes]) -> Timed:
        return drawn_in(current, render)

    def old(module: str, name: str) -> Timed | None:
        return peer(worker, module, name)

    hole = [dataclasses.replace(example_hole_cards(), four_colour=bool(i % 2)) for i in range(runs)]
    showdowns = [example_showdown()] * max(3, runs // 2)
    charts = [example_chart()] * max(3, runs // 4)
    replays = [example_replay()] * max(3, runs // 20)
    cases: list[tuple[str, Timed, Timed | None, Sequence[object]]] = [
        ("hole cards", now(render_hole_cards), old("holecards", "render_hole_cards"), hole),
        ("table, 2 seats", now(render_table), old("table", "render_table"), _tables(runs, 2)),
        ("table, 10 seats", now(render_table), old("table", "render_table"), _tables(runs, 10)),
        ("run-out on the table", now(render_table), old("table", "render_table"), _runouts(runs)),
        ("run-out picture", now(render_runout), old("table", "render_table"), _runouts(runs)),
        ("showdown, 3 hands", now(render_showdown), old("showdown", "render_showdown"), showdowns),
        ("chart, 4 players", now(render_chart), old("chart", "render_chart"), charts),
        ("replay GIF, 4 frames", now(render_replay), old("replay", "render_replay"), replays),
    ]  # fmt: skip
    print(
        f"python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, {runs} renders each"
        f"{' (smoke)' if smoke else ''}; {PEER_COMMIT} = the peer renderer"
        f"{'' if worker else ' (missing)'}"
    )
    print(
        f"{'picture':<22} {'median ms':>10} {'p90 ms':>8} {'2406b56 ms':>11} {'faster':>7} "
        f"{'KB':>7} {'2406b56 KB':>11}  target"
    )
    missed = []
    for name, render, old, views in cases:
        renders = [render] if old is None else [render, old]
        times_each, largest_each = _interleaved(renders, views, TURN)
        times, largest = times_each[0], largest_each[0]
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        target = TARGETS_MS.get(name)
        ok = (target is None or median <= target) and (largest < MAX_BYTES or "GIF" in name)
        if not ok:
            missed.append(name)
        goal = f"<= {target:g} ms, " if target else ""
        if old is None:
            versus = f"{'-':>11} {'-':>7} {largest / 1000:>7.1f} {'-':>11}"
        else:
            old_median = statistics.median(times_each[1])
            versus = (
                f"{old_median:>11.2f} {old_median / median:>6.2f}x {largest / 1000:>7.1f} "
                f"{largest_each[1] / 1000:>11.1f}"
            )
        print(
            f"{name:<22} {median:>10.2f} {p90:>8.2f} {versus}  "
            f"{goal}{'' if 'GIF' in name else '< 150 KB: '}{'ok' if ok else 'MISSED'}"
        )
    from bot.pictures.table import draw_table

    pairs = [(view, draw_table(view)) for view in _tables(runs, 10)]
    (drawn, floor), _ = _interleaved(
        [here(lambda pair: render_table(pair[0])), here(lambda pair: tiles_and_encode(*pair))],
        pairs,
    )
    ratio = statistics.median(drawn) / statistics.median(floor)
    print(
        f"\nten-seat table {statistics.median(drawn):.2f} ms, its tiles pasted and the "
        f"picture encoded "
        f"{statistics.median(floor):.2f} ms: {ratio:.2f}x, target <= {MAX_DRAW_RATIO}x: "
        f"{'ok' if ratio <= MAX_DRAW_RATIO else 'MISSED'}"
    )
    if ratio > MAX_DRAW_RATIO:
        missed.append("drawing over tiles and encoding")
    other, latin = _scripts_ratio(runs)
    ratio = other / latin
    fonts_seen = "host fonts" if os.environ.get("HOLDEM_FONT_DIRS", None) != "" else "stand-ins"
    print(
        f"names in five scripts and emoji ({fonts_seen}) {other:.2f} ms, Latin names "
        f"{latin:.2f} ms: {ratio:.2f}x, target <= {MAX_SCRIPTS_RATIO}x: "
        f"{'ok' if ratio <= MAX_SCRIPTS_RATIO else 'MISSED'}"
    )
    if ratio > MAX_SCRIPTS_RATIO:
        missed.append("names in other scripts")
    print("\nPNG writers on the ten-seat table (in a fresh worker, zlib's first):")
    writers = RenderWorker(ROOT)
    try:
        compared = writers.call(compare_writers, 5 if smoke else 40)
    finally:
        writers.close()
    for name, median, size in compared:
        print(f"  {name:<40} {median:>7.2f} ms {size / 1000:>8.1f} KB")
    if missed and not smoke:
        print(f"missed targets: {', '.join(missed)}")
    if worker is None and not smoke:
        print(missing_peer())
    return 1 if (missed or worker is None) and not smoke else 0


if __name__ == "__main__":
    raise SystemExit(main())
