"""Shared helpers for the benchmark scripts: timing, order checks and a plain-text table."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

# Let `.venv/bin/python benchmarks/bench_x.py` find the engine package from a checkout.
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

T = TypeVar("T")


def parse_args(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a seconds-long run: small inputs, one repeat, correctness checks only",
    )
    return parser.parse_args()


def median_time(run: Callable[[], T], repeats: int) -> tuple[float, T]:
    """Median wall time of ``repeats`` calls, and the last call's result."""
    times = []
    result: T | None = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    assert result is not None
    return statistics.median(times), result


def median_cpu(run: Callable[[], T], repeats: int) -> tuple[float, float, T]:
    """Median CPU seconds and wall seconds of ``repeats`` calls, and the last result.

    The budget is judged on CPU time: what is timed runs on one core off the event loop, and CPU
    time does not count the time other processes on a shared machine hold the core.
    """
    cpu: list[float] = []
    wall: list[float] = []
    result: T | None = None
    for _ in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        result = run()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    assert result is not None
    return statistics.median(cpu), statistics.median(wall), result


def same_order(ours: Sequence[int], theirs: Sequence[object], *, higher_better: bool) -> bool:
    """True when both score lists rank the hands identically, ties included."""
    pairs = sorted(set(zip(ours, theirs)))
    if not len(pairs) == len(set(ours)) == len({t for _, t in pairs}):
        return False  # a tie on one side only
    seq = [t for _, t in pairs]
    return seq == sorted(seq, reverse=not higher_better)  # type: ignore[type-var]


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table, so that the output can go into the README as it is."""
    text = [[str(c) for c in row] for row in [header, *rows]]
    widths = [max(len(row[i]) for row in text) for i in range(len(header))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |" for row in text]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)
