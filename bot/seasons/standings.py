"""A season's table: which events count, and each member's points, events, wins and best
finish over them, computed from the events' results alone (so the same results always give
the same table, in the same order).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.seasons.points import Formula, PointsRule, event_points
from bot.seasons.results import EventResult
from bot.store.records import SeasonRecord

__all__ = ["Line", "SeasonRule", "counts", "rule_from_dict", "rule_to_dict", "table", "to_rows"]


@dataclass(frozen=True, kw_only=True, slots=True)
class SeasonRule:
    """What a season counts: the ``points`` rule, whether practice events (with computer
    players) count, and, when ``named`` is given, only events whose name holds it (any case)."""

    points: PointsRule = field(default_factory=PointsRule)
    practice: bool = False
    named: str | None = None


def rule_to_dict(rule: SeasonRule) -> dict[str, Any]:
    return {
        "formula": rule.points.formula.value,
        "table": list(rule.points.table),
        "practice": rule.practice,
        "named": rule.named,
    }


def rule_from_dict(data: Mapping[str, Any]) -> SeasonRule:
    named = data.get("named")
    return SeasonRule(
        points=PointsRule(
            formula=Formula(data.get("formula", Formula.FIELD.value)),
            table=tuple(int(p) for p in data.get("table") or ()),
        ),
        practice=bool(data.get("practice")),
        named=str(named) if named else None,
    )


@dataclass(frozen=True, kw_only=True, slots=True)
class Line:
    """A member's line in the table: ``points`` in hundredths."""

    member: int
    points: int
    events: int
    wins: int
    best: int


def counts(season: SeasonRecord, rule: SeasonRule, result: EventResult) -> bool:
    """Whether the event counts in the season: the guild's, ended within the season, and as
    its rule says."""
    if result.guild_id != season.guild_id:
        return False
    if not season.starts_at <= result.ended_at < season.ends_at:
        return False
    if result.practice and not rule.practice:
        return False
    return rule.named is None or rule.named.casefold() in result.name.casefold()


def table(season: SeasonRecord, results: Iterable[EventResult]) -> list[Line]:
    """The season's standings: most points first, then most wins, then the better best
    finish, then the member id (so a tie lists the same way every time)."""
    rule = rule_from_dict(season.rule)
    totals: dict[int, list[int]] = {}
    for result in results:
        if not counts(season, rule, result):
            continue
        points = event_points(rule.points, result)
        for finish in result.finishes:
            line = totals.setdefault(finish.player, [0, 0, 0, finish.best])
            line[0] += points[finish.player]
            line[1] += 1
            line[2] += 1 if finish.best == 1 else 0
            line[3] = min(line[3], finish.best)
    lines = [
        Line(member=m, points=p, events=e, wins=w, best=b) for m, (p, e, w, b) in totals.items()
    ]
    return sorted(lines, key=lambda x: (-x.points, -x.wins, x.best, x.member))


def to_rows(lines: Iterable[Line]) -> list[dict[str, int]]:
    """The table as JSON values (the copy the store keeps)."""
    return [asdict(line) for line in lines]
