"""League points per finish, by the formula the season's admin chose.

- ``field`` (the default): the PokerStars Tournament Leader Board formula, the one home
  leagues most often borrow because it rewards both the place and the size of the field:
  ``10 * sqrt(n) / sqrt(k) * (1 + log10(b + 0.25))``, ``n`` the entries, ``k`` the place,
  ``b`` the buy-in (here in chips; a free event counts ``b = 0``). Published with worked
  examples (150 entries, third place, 20 buy-in: 163.09 points), quoted in docs/players.md.
  Unlike the card room, every finisher scores (a home field is small).
- ``table``: a table of points per place the admin writes, best first (``"10/7/5/3/1"``);
  places past its end score nothing.

Players who share places (busted together and tied) share those places' points equally.
Points are kept in hundredths, whole numbers, so a season's table adds up the same way on
every recompute.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.seasons.results import EventResult

__all__ = ["Formula", "PointsRule", "event_points", "field_points", "parse_table"]


class Formula(Enum):
    FIELD = "field"
    TABLE = "table"


@dataclass(frozen=True, kw_only=True, slots=True)
class PointsRule:
    """A season's points: the ``formula``, and for ``TABLE`` its points per place."""

    formula: Formula = Formula.FIELD
    table: tuple[int, ...] = ()


def field_points(entries: int, place: int, buy_in: int) -> float:
    """The Tournament Leader Board points of ``place`` among ``entries`` for ``buy_in``.

    >>> round(field_points(150, 3, 20), 2), round(field_points(900, 25, 0), 2)
    (163.09, 23.88)
    """
    return 10 * math.sqrt(entries) / math.sqrt(place) * (1 + math.log10(buy_in + 0.25))


def parse_table(text: str) -> tuple[int, ...]:
    """``"10/7/5/3/1"``: whole points per place, best first (1 to 50 places, each 0 to
    100000, never more for a worse place). Raises ValueError for anything else.

    >>> parse_table(" 10 / 7/5 ")
    (10, 7, 5)
    """
    if not re.fullmatch(r"\s*\d{1,6}(\s*/\s*\d{1,6}){0,49}\s*", text):
        raise ValueError(text)
    points = tuple(int(p) for p in text.split("/"))
    if any(p > 100_000 for p in points) or any(a < b for a, b in itertools.pairwise(points)):
        raise ValueError(text)
    return points


def _place_points(rule: PointsRule, result: EventResult, place: int) -> float:
    if rule.formula is Formula.TABLE:
        return float(rule.table[place - 1]) if place <= len(rule.table) else 0.0
    return field_points(max(result.field, place), place, result.buy_in)


def event_points(rule: PointsRule, result: EventResult) -> dict[int, int]:
    """Each member's points from the event, in hundredths."""
    points: dict[int, int] = {}
    for finish in result.finishes:
        places: Sequence[int] = range(finish.best, finish.worst + 1)
        share = sum(_place_points(rule, result, p) for p in places) / len(places)
        points[finish.player] = round(share * 100)
    return points
