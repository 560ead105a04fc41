"""The learning mode's time per decision, 1 to 9 opponents on every street, against its budget.

Each row is one decision as the cards panel computes it (``bot.present.coach.spot_advice``: pot
odds, outs and equity against random hands, :data:`engine.coach.COACH_SAMPLES` deals), timed
in CPU seconds, since it runs on one core in a worker thread and a shared machine's other
processes do not count against it. The budget is ``bot.discord.table.hole_cards.COACH_BUDGET``, the
wait before the panel goes without the figures.

The figures are checked heads-up against ``engine.equity`` over every hand the opponent can
hold: on the turn and the river, where the coach counts exactly, they must be equal; on the
flop (not in ``--smoke``: the check takes seconds), the estimate must lie within four
standard errors. A fast but wrong answer fails the run.

    .venv/bin/python benchmarks/bench_coach.py [--smoke]
"""

from __future__ import annotations

import itertools
import random
import sys
from functools import partial

from _common import median_cpu, parse_args, table

from bot.discord.table.hole_cards import COACH_BUDGET
from bot.present.coach import CoachSpot, spot_advice
from engine.cards import CARDS
from engine.coach import COACH_SAMPLES
from engine.equity import equity

STREETS = (("pre-flop", 0), ("flop", 3), ("turn", 4), ("river", 5))


def spot(opponents: int, board_size: int, seed: int) -> CoachSpot:
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return CoachSpot(
        hole=(deck[0], deck[1]),
        board=tuple(deck[2 : 2 + board_size]),
        pot=20 * (opponents + 1),
        to_call=10,
        opponents=opponents,
        seed=seed,
        decision=(1, seed),
    )


def exact_heads_up(hole: tuple[int, ...], board: tuple[int, ...]) -> float:
    """The share against one opponent holding any two unseen cards, by ``engine.equity``."""
    unseen = [c for c in CARDS if c not in {*hole, *board}]
    shares = [
        equity([hole, other], board).equities[0] for other in itertools.combinations(unseen, 2)
    ]
    return sum(shares) / len(shares)


def check(seed: int, streets: tuple[tuple[str, int], ...]) -> list[str]:
    """Heads-up on the given streets: equal where exact, else within 4 standard errors."""
    failures = []
    for name, size in streets:
        s = spot(1, size, seed)
        advice = spot_advice(s)
        truth = exact_heads_up(s.hole, s.board)
        if advice.exact:
            ok = abs(advice.equity - truth) < 1e-9
        else:
            ok = abs(advice.equity - truth) <= 4 * advice.equity_error
        if not ok:
            failures.append(f"{name}: {advice.equity:.4f} against {truth:.4f}")
    return failures


def main() -> None:
    args = parse_args(__doc__ or "")
    counts = (1, 5, 9) if args.smoke else tuple(range(1, 10))
    repeats = 1 if args.smoke else 3
    rows: list[list[object]] = []
    times: list[float] = []
    for opponents in counts:
        for street, size in STREETS:
            s = spot(opponents, size, seed=opponents * 10 + size)
            seconds, _, advice = median_cpu(partial(spot_advice, s), repeats)
            times.append(seconds)
            how = (
                "exact" if advice.exact else f"MC {advice.samples:,}, SE {advice.equity_error:.2%}"
            )
            rows.append([
                opponents, street, f"{seconds * 1000:.1f}",
                f"{seconds / COACH_BUDGET:.1%}", how,
            ])  # fmt: skip
    checked = STREETS[2:] if args.smoke else STREETS[1:]
    failures = check(3, checked)
    print(f"median of {repeats} run(s), {COACH_SAMPLES:,} samples, budget {COACH_BUDGET:.1f} s\n")
    print(table(["opponents", "street", "CPU ms", "of budget", "equity"], rows))
    within = sum(seconds <= COACH_BUDGET for seconds in times)
    print(f"\nslowest {max(times) * 1000:.1f} ms; {within} of {len(times)} within the budget")
    if failures:
        sys.exit("\nMISMATCH with engine.equity: " + "; ".join(failures))
    names = ", ".join(name for name, _ in checked)
    print(f"heads-up equity agrees with engine.equity on the {names}")


if __name__ == "__main__":
    main()
