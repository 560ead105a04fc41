"""Seven-card evaluation speed: ours against treys, eval7, phevaluator and pokerkit.

Every evaluator scores the same seeded random hands; the script checks that each one orders
them exactly as ours does (ties included) before it reports a rate. The machine is shared, so
ours and the peers are timed alternately in one process, round after round, each taking its
best CPU time (``time.process_time``) over the rounds: a load that comes and goes then touches
every evaluator alike, and the ratios stay fair.

    .venv/bin/python benchmarks/bench_evaluator.py [--smoke]
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from _common import ROOT, median_time, parse_args, same_order, table

from engine.cards import CARDS
from engine.evaluator import evaluate7

HANDS = 100_000
POKERKIT_HANDS = 2_000  # pokerkit manages a few thousand a second
REPEATS = 15


def import_time() -> float:
    """Seconds to execute engine/evaluator.py (its tables decoded) in a fresh interpreter.

    Taken from ``-X importtime`` (the module's own time, not what it imports); median of 5.
    """
    runs = []
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import engine.evaluator"],
            cwd=ROOT, check=True, capture_output=True, text=True,
        )  # fmt: skip
        for line in done.stderr.splitlines():
            fields = [f.strip() for f in line.removeprefix("import time:").split("|")]
            if fields[-1] == "engine.evaluator":
                runs.append(int(fields[0]) / 1e6)
    return sorted(runs)[len(runs) // 2]


TABLES_MEMORY = """
import tracemalloc
tracemalloc.start()
import engine.evaluator as e
e.evaluate(range(5)), e.evaluate(range(6))  # the five- and six-card tables, decoded on use
snapshot = tracemalloc.take_snapshot()
mine = snapshot.filter_traces([tracemalloc.Filter(True, "*/engine/evaluator*.py")])
print(sum(s.size for s in mine.statistics("filename")))
"""


def tables_memory() -> int:
    """Bytes the evaluator's modules hold after import, by ``tracemalloc`` (fresh process)."""
    done = subprocess.run(
        [sys.executable, "-c", TABLES_MEMORY], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return int(done.stdout)


def peers(hands: Sequence[Sequence[int]]) -> dict[str, tuple[Callable[[], list[int]], bool]]:
    """name -> (a run over ``hands`` returning scores, whether higher is better)."""
    runs: dict[str, tuple[Callable[[], list[int]], bool]] = {}
    try:
        import treys

        judge = treys.Evaluator()
        as_treys = [treys.Card.new(str(c)) for c in CARDS]
        split = [([as_treys[c] for c in h[:2]], [as_treys[c] for c in h[2:]]) for h in hands]
        runs["treys"] = (lambda: [judge.evaluate(hole, board) for hole, board in split], False)
    except ImportError:
        pass
    try:
        import eval7

        as_eval7 = [eval7.Card(str(c)) for c in CARDS]
        e7_hands = [[as_eval7[c] for c in h] for h in hands]
        runs["eval7"] = (lambda: [eval7.evaluate(h) for h in e7_hands], True)
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        # phevaluator numbers cards as we do (rank * 4 + suit, clubs first).
        runs["phevaluator"] = (lambda: [evaluate_cards(*h) for h in hands], False)
    except ImportError:
        pass
    return runs


def pokerkit_run(hands: Sequence[Sequence[int]]) -> Callable[[], list[object]] | None:
    try:
        from pokerkit import Card, StandardHighHand
    except ImportError:
        return None
    as_pk = [next(iter(Card.parse(str(c)))) for c in CARDS]
    split = [([as_pk[c] for c in h[:2]], [as_pk[c] for c in h[2:]]) for h in hands]
    return lambda: [StandardHighHand.from_game(hole, board) for hole, board in split]


def main() -> None:
    args = parse_args(__doc__ or "")
    count = 5_000 if args.smoke else HANDS
    pk_count = 200 if args.smoke else POKERKIT_HANDS
    repeats = 1 if args.smoke else REPEATS
    rng = random.Random(20261129)
    hands = [rng.sample(range(52), 7) for _ in range(count)]

    runs: dict[str, tuple[Callable[[], list[int]], bool]] = {
        "ours (engine.evaluator)": (lambda: [evaluate7(h) for h in hands], True),
        **peers(hands),
    }
    best = dict.fromkeys(runs, float("inf"))
    results: dict[str, list[int]] = {}
    for _round in range(repeats):
        for name, (run, _higher) in runs.items():
            start = time.process_time()
            results[name] = run()
            best[name] = min(best[name], time.process_time() - start)
    ours = results["ours (engine.evaluator)"]
    ours_rate = count / best["ours (engine.evaluator)"]
    rows: list[list[object]] = []
    failures = []
    for name, (_run, higher_better) in runs.items():
        if not same_order(ours, results[name], higher_better=higher_better):
            failures.append(name)
        rate = count / best[name]
        rows.append([name, count, f"{rate:,.0f}", f"{ours_rate / rate:.2f}"])
    pk = pokerkit_run(hands[:pk_count])
    if pk is not None:
        seconds, theirs = median_time(pk, 1 if args.smoke else 3)
        # pokerkit hands compare among themselves; turn them into dense ranks first.
        order = {h: i for i, h in enumerate(sorted(set(theirs)))}  # type: ignore[type-var]
        if not same_order(ours[:pk_count], [order[h] for h in theirs], higher_better=True):
            failures.append("pokerkit")
        rate = pk_count / seconds
        rows.append(["pokerkit", pk_count, f"{rate:,.0f}", f"{ours_rate / rate:.0f}"])

    print(
        f"{count:,} seeded random 7-card hands, best CPU time of {repeats} alternating round(s)"
        " (pokerkit: median wall time)\n"
    )
    print(table(["evaluator", "hands", "evaluations/s", "ours / theirs"], rows))
    if not args.smoke:
        print(f"\nimport of engine.evaluator, tables decoded: {import_time() * 1000:.1f} ms")
        print(f"memory of its tables: {tables_memory() / 1e6:.2f} MB (tracemalloc)")
    if failures:
        sys.exit(f"\nORDER MISMATCH with: {', '.join(failures)}")
    print("\nall evaluators order every hand identically")


if __name__ == "__main__":
    main()
