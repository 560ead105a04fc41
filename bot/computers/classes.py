"""The 169 starting-hand classes, and how their equity against random hands is measured.

Two cards before the flop are one of 169 classes (``AA``, ``AKs``, ``AKo`` ...): suits matter only
as suited or not. :func:`measure` deals seeded Monte Carlo boards, about a minute for all classes,
so it runs once: ``python -m bot.computers.classes > bot/computers/_preflop_table.py`` writes the
figures that :mod:`bot.computers.preflop` reads, and a test re-measures some classes and finds the
same figures.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations

from engine.cards import RANK_CHARS
from engine.evaluator import evaluate7

__all__ = ["ALL_CLASSES", "MAX_OPPONENTS", "SAMPLES", "combos_of", "hand_class", "measure"]

MAX_OPPONENTS = 9
"""A table seats ten: a player faces at most nine others."""

SAMPLES = 20_000
"""Monte Carlo deals per class in :func:`measure`: a standard error under 0.4 points."""


def hand_class(a: int, b: int) -> str:
    """The class of two hole cards, high rank first.

    >>> from engine.cards import parse_cards
    >>> hand_class(*parse_cards("7h Ah")), hand_class(*parse_cards("Kd Kc"))
    ('A7s', 'KK')
    """
    high, low = (a, b) if a >> 2 >= b >> 2 else (b, a)
    hi, lo = RANK_CHARS[high >> 2], RANK_CHARS[low >> 2]
    if hi == lo:
        return hi + lo
    return hi + lo + ("s" if a & 3 == b & 3 else "o")


def _all_classes() -> tuple[str, ...]:
    names = []
    for i in range(12, -1, -1):
        for j in range(i, -1, -1):
            r, s = RANK_CHARS[i], RANK_CHARS[j]
            names.extend([r + s] if i == j else [r + s + "s", r + s + "o"])
    return tuple(names)


ALL_CLASSES = _all_classes()
"""The 169 classes from ``AA`` down to ``32o``, in the order of a rank grid."""


def combos_of(name: str) -> list[tuple[int, int]]:
    """Every two-card combination of a class: 6 for a pair, 4 suited, 12 offsuit."""
    hi, lo = RANK_CHARS.index(name[0]), RANK_CHARS.index(name[1])
    out = []
    for a, b in combinations(range(52), 2):
        if {a >> 2, b >> 2} != {hi, lo} or (a >> 2 == b >> 2) != (hi == lo):
            continue
        if hi != lo and (a & 3 == b & 3) != (name[2] == "s"):
            continue
        out.append((a, b))
    return out


def measure(name: str, samples: int = SAMPLES) -> tuple[float, ...]:
    """Equity of class ``name`` against 1..9 random hands, seeded by the class name.

    Each deal gives the class nine opponents and a board at once; its share against the first
    ``k`` opponents is the figure for ``k`` (a split counts ``1 / winners``).
    """
    # The seed keeps the name the module had when the table was measured, so that the committed
    # figures stay reproducible.
    rng = random.Random(f"ai.preflop:{name}")
    hero = combos_of(name)[0]
    rest = [c for c in range(52) if c not in hero]
    share = [0.0] * MAX_OPPONENTS
    for _ in range(samples):
        drawn = rng.sample(rest, 5 + 2 * MAX_OPPONENTS)
        board = drawn[:5]
        mine = evaluate7([*hero, *board])
        best = -1
        ties = 0
        for k in range(MAX_OPPONENTS):
            theirs = evaluate7([drawn[5 + 2 * k], drawn[6 + 2 * k], *board])
            if theirs > best:
                best, ties = theirs, 1 if theirs == mine else 0
            elif theirs == best and theirs == mine:
                ties += 1
            if mine > best:
                share[k] += 1.0
            elif mine == best:
                share[k] += 1.0 / (ties + 1)
    return tuple(round(s / samples, 4) for s in share)


def _write_table() -> None:
    """Print :mod:`bot.computers._preflop_table`.

    Run as ``python -m bot.computers.classes > bot/computers/_preflop_table.py``.
    """
    print('"""Equity of each starting-hand class against 1..9 random hands.')
    print()
    print(
        f"Written by ``python -m bot.computers.classes`` ({SAMPLES:,} seeded deals a class);"
        " do not edit."
    )
    print('"""')
    print()
    print("EQUITY: dict[str, tuple[float, ...]] = {")
    for name in ALL_CLASSES:
        values = ", ".join(f"{v:.4f}" for v in measure(name))
        print(f'    "{name}": ({values}),')
        sys.stdout.flush()
    print("}")


if __name__ == "__main__":
    _write_table()
