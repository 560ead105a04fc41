"""Benchmark of the card and table pictures (issue: "Card and table images with Pillow").

    python benchmarks/bench_render.py           # full run, exit 1 if a target is missed
    python benchmarks/bench_render.py --smoke   # a few seconds, no targets checked

Targets: hole cards within 3 ms and a ten-seat table within 20 ms (medians, card tiles
cached), every PNG under 150 KB. Caches are warmed first, as in a running bot; each timed
render gets a view with other amounts, so the text caches do not hide the cost of new numbers.
The names of the example table are in five scripts with emoji (drawn through the font fallback
chain, with the host's fonts or with stand-ins when ``HOLDEM_FONT_DIRS`` is empty); a second
measurement interleaves it with the same table under Latin names: the fallback may cost at most
30 % more (target on the ratio of medians). The last table compares PNG writers and compression
levels on the ten-seat table.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.pictures.views import TableView

# Run as a script from anywhere: the repository root holds the ``render`` package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGETS_MS = {"hole cards": 3.0, "table, 10 seats": 20.0}
MAX_BYTES = 150_000
MAX_SCRIPTS_RATIO = 1.3
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


def _time(render: Callable[[object], bytes], views: Sequence[object]) -> tuple[list[float], int]:
    """Milliseconds of each render, and the largest PNG produced."""
    for view in views[:3]:
        render(view)  # warm the tile, font and felt caches
    times, largest = [], 0
    for view in views:
        start = time.perf_counter()
        data = render(view)
        times.append((time.perf_counter() - start) * 1000)
        largest = max(largest, len(data))
    return times, largest


def _writers(image_count: int) -> list[tuple[str, float, int]]:
    """Encode the same ten-seat table with several writers: (name, median ms, bytes)."""
    from PIL import Image

    from bot.pictures.png import encode_png
    from bot.pictures.table import draw_table

    image = draw_table(_tables(1, 10)[0])

    def pillow(level: int) -> Callable[[], bytes]:
        def run() -> bytes:
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", compress_level=level)
            return buffer.getvalue()

        return run

    def quantized() -> bytes:
        buffer = io.BytesIO()
        image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
            buffer, format="PNG", compress_level=1
        )
        return buffer.getvalue()

    def ours(level: int) -> Callable[[], bytes]:
        return lambda: encode_png(image, level=level)

    candidates = [(f"bot.pictures.png, zlib level {level}", ours(level)) for level in (1, 3, 6)]
    candidates += [(f"Pillow PNG, compress_level {level}", pillow(level)) for level in (1, 6)]
    candidates.append(("Pillow quantize(256) + PNG level 1", quantized))
    results = []
    for name, run in candidates:
        times = []
        for _ in range(image_count):
            start = time.perf_counter()
            data = run()
            times.append((time.perf_counter() - start) * 1000)
        results.append((name, statistics.median(times), len(data)))
    return results


def _scripts_ratio(count: int) -> tuple[float, float]:
    """Median ms of the ten-seat table with the example names and with Latin names, renders
    interleaved so that a busy machine slows both alike."""
    from bot.pictures import render_table

    other, latin = _tables(count, 10), _tables(count, 10, LATIN_NAMES)
    for view in other[:3] + latin[:3]:
        render_table(view)
    times: tuple[list[float], list[float]] = ([], [])
    for pair in zip(other, latin, strict=True):
        for view, samples in zip(pair, times, strict=True):
            start = time.perf_counter()
            render_table(view)
            samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="a short run without targets")
    parser.add_argument("--runs", type=int, default=300, help="renders per picture")
    args = parser.parse_args(argv)
    from bot.pictures import render_hole_cards, render_showdown, render_table
    from tests.bot.pictures.examples import example_hole_cards, example_showdown

    runs = 10 if args.smoke else args.runs

    hole = [dataclasses.replace(example_hole_cards(), four_colour=bool(i % 2)) for i in range(runs)]
    cases: list[tuple[str, Callable[[object], bytes], Sequence[object]]] = [
        ("hole cards", render_hole_cards, hole),  # type: ignore[list-item]
        ("table, 2 seats", render_table, _tables(runs, 2)),  # type: ignore[list-item]
        ("table, 10 seats", render_table, _tables(runs, 10)),  # type: ignore[list-item]
        (
            "showdown, 3 hands",
            render_showdown,  # type: ignore[list-item]
            [example_showdown()] * max(3, runs // 3),
        ),
    ]
    print(
        f"python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {runs} renders each{' (smoke)' if args.smoke else ''}"
    )
    print(f"{'picture':<20} {'median ms':>10} {'p90 ms':>8} {'largest PNG':>12}  target")
    missed = []
    for name, render, views in cases:
        times, largest = _time(render, views)
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        target = TARGETS_MS.get(name)
        ok = (target is None or median <= target) and largest < MAX_BYTES
        if not ok:
            missed.append(name)
        goal = f"<= {target:g} ms, " if target else ""
        print(
            f"{name:<20} {median:>10.2f} {p90:>8.2f} {largest / 1000:>9.1f} KB  "
            f"{goal}< 150 KB: {'ok' if ok else 'MISSED'}"
        )
    other, latin = _scripts_ratio(runs)
    ratio = other / latin
    fonts_seen = "host fonts" if os.environ.get("HOLDEM_FONT_DIRS", None) != "" else "stand-ins"
    print(
        f"\nnames in five scripts and emoji ({fonts_seen}) {other:.2f} ms, Latin names "
        f"{latin:.2f} ms: {ratio:.2f}x, target <= {MAX_SCRIPTS_RATIO}x: "
        f"{'ok' if ratio <= MAX_SCRIPTS_RATIO else 'MISSED'}"
    )
    if ratio > MAX_SCRIPTS_RATIO:
        missed.append("names in other scripts")
    print("\nPNG writers on the ten-seat table:")
    for name, median, size in _writers(5 if args.smoke else 40):
        print(f"  {name:<36} {median:>7.2f} ms {size / 1000:>8.1f} KB")
    if missed and not args.smoke:
        print(f"missed targets: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
