"""Equity speed against the targets, with every figure checked against a peer.

Targets (median, 2-core machine): heads-up pre-flop exact under 1 s; any flop exact under
20 ms; six hands pre-flop by Monte Carlo under 250 ms at a standard error under 0.5 points.

Peers: a brute force over every board scored by eval7's C evaluator (exact figures), eval7's
heads-up Monte Carlo, and pokerkit's ``calculate_equities`` (Monte Carlo, multiway).

    .venv/bin/python benchmarks/bench_equity.py [--smoke]
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from functools import partial
from itertools import combinations

from _common import median_time, parse_args, table

from engine.cards import CARDS, parse_cards
from engine.equity import EquityResult, equity

HEADS_UP = [("AsAh", "KdKc"), ("AhKh", "2c2d"), ("AsKs", "QhJh"), ("AsKs", "QsJs")]
SIX = ("AsAh", "KdKc", "QsJs", "7c2d", "9h9c", "Td8d")
FLOPS = [
    (("AsKs", "QdQc"), "Qs 7s 2d"),
    (("AsKs", "QdQc", "JhTh", "5c5d"), "9h 8h 2s"),
    (SIX, "Jd 9d 2c"),
    (SIX + ("3c4c", "5h6h", "8s8c", "2s2h"), "Jd 9d 3h"),
]


def spot(texts: Sequence[str]) -> list[tuple[int, ...]]:
    return [tuple(parse_cards(t)) for t in texts]


def brute_eval7(hands: Sequence[Sequence[int]], board: Sequence[int] = ()) -> list[float]:
    """Exact equities by dealing every board and scoring it with eval7 (C)."""
    import eval7

    as_e7 = [eval7.Card(str(c)) for c in CARDS]
    used = {c for h in hands for c in h} | set(board)
    deck = [as_e7[c] for c in range(52) if c not in used]
    holes = [[as_e7[c] for c in (*h, *board)] for h in hands]
    share = [0.0] * len(hands)
    boards = 0
    for rest in combinations(deck, 5 - len(board)):
        tail = list(rest)
        values = [eval7.evaluate(h + tail) for h in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            share[i] += 1 / len(winners)
        boards += 1
    return [s / boards for s in share]


def close(a: Sequence[float], b: Sequence[float], tolerance: float) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def main() -> None:
    args = parse_args(__doc__ or "")
    repeats = 1 if args.smoke else 5
    failures: list[str] = []
    rows: list[list[object]] = []

    def record(name: str, seconds: float, target: float, result: EquityResult, peer: str) -> None:
        verdict = "ok" if seconds <= target else "MISSED"
        eq = " / ".join(f"{e:.4f}" for e in result.equities)
        rows.append([name, f"{seconds * 1000:.1f}", f"{target * 1000:.0f}", verdict, eq, peer])

    # Heads-up pre-flop, exact.
    for texts in HEADS_UP[:1] if args.smoke else HEADS_UP:
        hands = spot(texts)
        seconds, result = median_time(partial(equity, hands), repeats)
        peer = "-"
        if not args.smoke:
            start = time.perf_counter()
            truth = brute_eval7(hands)
            peer = f"eval7 brute force {time.perf_counter() - start:.1f} s, equal"
            if not close(result.equities, truth, 1e-12):
                failures.append(f"{texts}: {result.equities} != {truth}")
                peer = "eval7 brute force DIFFERS"
        record(f"{' v '.join(texts)} pre-flop exact", seconds, 1.0, result, peer)

    # Flops, exact (990 boards heads-up).
    for texts, flop in FLOPS:
        hands, board = spot(texts), parse_cards(flop)
        seconds, result = median_time(partial(equity, hands, board), repeats * 4)
        truth = brute_eval7(hands, board)
        ok = close(result.equities, truth, 1e-12)
        if not ok:
            failures.append(f"{texts} on {flop}")
        name = f"{len(hands)} hands on {flop} exact"
        record(name, seconds, 0.020, result, f"eval7 brute force, {'equal' if ok else 'DIFFERS'}")

    # Six hands pre-flop: Monte Carlo (the target) and exact (for the truth).
    six = spot(SIX)
    samples = 20_000
    seconds, mc = median_time(
        lambda: equity(six, rng=random.Random(1), exact_limit=0, samples=samples), repeats
    )
    exact_seconds, exact = median_time(lambda: equity(six), repeats)
    within = close(mc.equities, exact.equities, 4 * mc.std_error)
    if not within or mc.std_error >= 0.005:
        failures.append("six-hand Monte Carlo")
    record(
        f"6 hands pre-flop MC {samples:,} (SE {mc.std_error * 100:.2f} pt)", seconds, 0.25, mc,
        f"ours exact: within 4 SE {'yes' if within else 'NO'}",
    )  # fmt: skip
    record("6 hands pre-flop exact (658,008 boards)", exact_seconds, 0.25, exact, "-")

    # pokerkit's Monte Carlo on the same six hands (slow: few samples).
    pk_samples = 100 if args.smoke else 2_000
    try:
        from pokerkit import Deck, StandardHighHand, calculate_equities, parse_range

        start = time.perf_counter()
        pk = calculate_equities(
            [parse_range(t) for t in SIX], (), 2, 5, Deck.STANDARD, (StandardHighHand,),
            sample_count=pk_samples,
        )  # fmt: skip
        pk_seconds = time.perf_counter() - start
        pk_error = max(math.sqrt(e * (1 - e) / pk_samples) for e in exact.equities)
        agrees = close(pk, exact.equities, 4 * pk_error + 1e-9)
        if not agrees and not args.smoke:
            failures.append("pokerkit six-hand Monte Carlo")
        rows.append([
            f"pokerkit calculate_equities, 6 hands, {pk_samples:,} samples",
            f"{pk_seconds * 1000:.0f}", "-", "-", " / ".join(f"{e:.4f}" for e in pk),
            f"vs ours exact: within 4 SE {'yes' if agrees else 'NO'}",
        ])  # fmt: skip
    except ImportError:
        pass

    # eval7's heads-up Monte Carlo (C) for scale.
    try:
        import eval7

        hero = [eval7.Card(c) for c in ("As", "Ah")]
        start = time.perf_counter()
        e7 = eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("KdKc"), [], 100_000)
        e7_seconds = time.perf_counter() - start
        truth = equity(spot(HEADS_UP[0])).equities[0]
        agrees = abs(e7 - truth) < 4 * math.sqrt(truth * (1 - truth) / 100_000)
        if not agrees:
            failures.append("eval7 Monte Carlo")
        rows.append([
            "eval7 hand_vs_range_monte_carlo AsAh v KdKc, 100,000 samples",
            f"{e7_seconds * 1000:.1f}", "-", "-", f"{e7:.4f}",
            f"vs ours exact: within 4 SE {'yes' if agrees else 'NO'}",
        ])  # fmt: skip
    except ImportError:
        pass

    header = ["spot", "median ms", "target ms", "", "equities", "checked against"]
    print(f"median of {repeats} run(s) (flops: {repeats * 4})\n")
    print(table(header, rows))
    if failures:
        sys.exit("\nMISMATCH: " + "; ".join(failures))
    print("\nall figures agree with their peers")


if __name__ == "__main__":
    main()
