"""All-in odds per street for 2 to 9 face-up hands, against the 250 ms budget.

For each hand count, two spots: everyone all-in for the same amount (one pot) and a ladder of
all-ins (a side pot per extra stack, up to three pots). Each is timed pre-flop, on the flop
and on the turn; the river is a lookup. Every figure is checked against ``engine.equity`` for
the same pot (exact where the odds are exact, within four standard errors where they are a
Monte Carlo estimate), so a fast but wrong answer fails the run.

    .venv/bin/python benchmarks/bench_odds.py [--smoke]
"""

from __future__ import annotations

import random
import sys
from functools import partial

from _common import median_cpu, parse_args, table

from engine.cards import CARDS
from engine.equity import equity
from engine.odds import RunoutOdds, runout_odds
from engine.pots import Pot

BUDGET = 0.250
STREETS = (("pre-flop", 0), ("flop", 3), ("turn", 4))


def spot(n: int, seed: int) -> tuple[dict[int, tuple[int, ...]], list[int]]:
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    hands = {p: (deck[2 * p], deck[2 * p + 1]) for p in range(n)}
    return hands, deck[2 * n : 2 * n + 5]


def pots_for(n: int, *, ladder: bool) -> list[Pot]:
    everyone = tuple(range(n))
    if not ladder or n < 3:
        return [Pot(amount=100 * n, eligible=everyone)]
    layers = min(3, n - 1)
    return [Pot(amount=50 * (n - k), eligible=everyone[k:]) for k in range(layers)]


def check(odds: RunoutOdds, hands: dict[int, tuple[int, ...]]) -> bool:
    """Every pot's win figures against equity over the same pot (others' cards dead)."""
    for chances in odds.pots:
        if len(chances.players) < 2:
            continue
        dead = [c for p, h in hands.items() if p not in chances.players for c in h]
        truth = equity([hands[p] for p in chances.players], list(odds.board), dead=dead)
        for k in range(len(chances.players)):
            expected = truth.wins[k] / truth.boards
            if odds.exact and chances.win[k] != expected:
                return False
            if not odds.exact and abs(chances.win[k] - expected) > 4 * odds.std_error:
                return False
    return True


def main() -> None:
    args = parse_args(__doc__ or "")
    counts = (2, 6, 9) if args.smoke else tuple(range(2, 10))
    repeats = 1 if args.smoke else 3
    rows: list[list[object]] = []
    failures: list[str] = []
    missed = 0
    for n in counts:
        hands, deck_board = spot(n, seed=n)
        for ladder in (False, True) if n >= 3 else (False,):
            pots = pots_for(n, ladder=ladder)
            for street, size in STREETS:
                board = deck_board[:size]
                seconds, wall, odds = median_cpu(
                    partial(runout_odds, hands, board, pots=pots, seed=n), repeats
                )
                ok = check(odds, hands)
                if not ok:
                    failures.append(f"{n} hands, {len(pots)} pots, {street}")
                verdict = "ok" if seconds <= BUDGET else "MISSED"
                missed += seconds > BUDGET
                how = "exact" if odds.exact else f"MC {odds.boards:,}, SE {odds.std_error:.2%}"
                rows.append([
                    n, len(pots), street, f"{seconds * 1000:.1f}", f"{wall * 1000:.1f}", verdict,
                    how,
                    "agrees" if ok else "DIFFERS",
                ])  # fmt: skip
    header = [
        "hands", "pots", "street", "CPU ms", "wall ms", "250 ms", "method", "vs engine.equity",
    ]  # fmt: skip
    print(f"median of {repeats} run(s)\n")
    print(table(header, rows))
    if failures:
        sys.exit("\nMISMATCH: " + "; ".join(failures))
    print(f"\n{len(rows) - missed} of {len(rows)} spots within the 250 ms budget")


if __name__ == "__main__":
    main()
