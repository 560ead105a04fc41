"""Starting-hand strength: each class's equity against random hands, and an order by strength.

The figures come from :mod:`bot.computers._preflop_table` (written once by ``python -m
bot.computers.classes``), so a decision never pays for them. The order used for ranges ("the top
15 % of hands") blends the equity against one to four opponents, each weighted by the table size:
heads-up equity alone ranks ``K2o`` above ``76s``, which no player would.
"""

from __future__ import annotations

from bot.computers._preflop_table import EQUITY
from bot.computers.classes import ALL_CLASSES, MAX_OPPONENTS, combos_of

__all__ = ["CLASSES", "COMBOS", "class_equity", "class_percentile"]


def _order() -> tuple[str, ...]:
    def score(name: str) -> float:
        eq = EQUITY[name]
        return sum(eq[k] * (k + 2) for k in range(4))

    return tuple(sorted(ALL_CLASSES, key=score, reverse=True))


CLASSES: tuple[str, ...] = _order()
"""The 169 classes, strongest first."""

COMBOS: tuple[tuple[int, int], ...] = tuple(c for name in CLASSES for c in combos_of(name))
"""The 1,326 two-card combinations in the order of :data:`CLASSES`; a prefix is a range."""

_PERCENTILE: dict[str, float] = {}
_seen = 0
for _name in CLASSES:
    _count = 6 if len(_name) == 2 else (4 if _name[2] == "s" else 12)
    _PERCENTILE[_name] = (_seen + _count / 2) / len(COMBOS)
    _seen += _count


def class_percentile(name: str) -> float:
    """Where a class stands, 0.0 (best) to 1.0 (worst): the share of combinations above it,
    counting half of its own.

    >>> class_percentile("AA") < 0.01 < class_percentile("72o")
    True
    """
    return _PERCENTILE[name]


def class_equity(name: str, opponents: int) -> float:
    """Equity of a class against ``opponents`` random hands (1 to 9)."""
    return EQUITY[name][min(max(opponents, 1), MAX_OPPONENTS) - 1]
