"""The league's texts: a season's table, a member's season line and rating, the ranked
leaderboard, the champion's announcement. Pure functions of the league's values and the
display names, in the member's or the server's language.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from bot.i18n import Lang, t
from bot.seasons.ratings import Rating
from bot.seasons.service import MemberLine
from bot.seasons.standings import Line
from bot.store.records import SeasonRecord

__all__ = [
    "champion_text",
    "day",
    "points_text",
    "ranked_lines",
    "rating_text",
    "season_heading",
    "season_lines",
    "season_stats_line",
]

SHOWN = 20
"""Lines of a table shown in one message (the rest: "and N more")."""


def day(seconds: float) -> str:
    """A season's boundary as a date (UTC), the way the admin typed it.

    >>> day(86400 * 365)
    '1971-01-01'
    """
    return time.strftime("%Y-%m-%d", time.gmtime(seconds))


def points_text(lang: Lang, hundredths: int) -> str:
    """Points kept in hundredths, as the member's language writes a decimal."""
    whole, cents = divmod(abs(hundredths), 100)
    sign = "-" if hundredths < 0 else ""
    return sign + t(lang, "league.points_value", whole=whole, cents=f"{cents:02d}")


def rating_text(lang: Lang, rating: Rating) -> str:
    """``mu ± sigma``, one decimal each."""
    return f"{_tenths(lang, rating.mu)} ± {_tenths(lang, rating.sigma)}"


def _tenths(lang: Lang, value: float) -> str:
    whole, tenth = divmod(round(abs(value) * 10), 10)
    sign = "-" if value < 0 and (whole or tenth) else ""
    return sign + t(lang, "stats.decimal", whole=whole, tenth=tenth)


def season_heading(lang: Lang, season: SeasonRecord) -> str:
    return t(
        lang, "league.title", name=season.name, number=season.season_id,
        start=day(season.starts_at), end=day(season.ends_at),
    )  # fmt: skip


def _line(lang: Lang, place: int, line: Line, name: str) -> str:
    return t(
        lang, "league.line", place=place, name=name, points=points_text(lang, line.points),
        events=line.events, wins=line.wins,
    )  # fmt: skip


def season_lines(lang: Lang, lines: Sequence[Line], names: Mapping[int, str]) -> list[str]:
    """The table, best first (at most :data:`SHOWN` lines)."""
    if not lines:
        return [t(lang, "league.empty")]
    out = [
        _line(lang, place, line, names.get(line.member, f"#{line.member}"))
        for place, line in enumerate(lines[:SHOWN], start=1)
    ]
    if len(lines) > SHOWN:
        out.append(t(lang, "league.more", count=len(lines) - SHOWN))
    return out


def season_stats_line(lang: Lang, found: MemberLine | None, rating: Rating | None) -> list[str]:
    """A member's lines in ``/holdem stats``: their season place and points, their rating."""
    out = []
    if found is not None:
        out.append(
            t(
                lang,
                "league.stats_season",
                season=found.season.name,
                place=found.place,
                points=points_text(lang, found.line.points),
                events=found.line.events,
            )
        )
    if rating is not None:
        out.append(t(lang, "league.stats_rating", rating=rating_text(lang, rating),
                     events=rating.events))  # fmt: skip
    return out


def ranked_lines(
    lang: Lang, listed: Sequence[tuple[int, Rating]], names: Mapping[int, str], minimum: int
) -> list[str]:
    """The ranked leaderboard: rating ± uncertainty and events, best conservative first."""
    if not listed:
        return [t(lang, "league.ranked_empty", minimum=minimum)]
    return [
        t(
            lang,
            "league.ranked_line",
            place=place,
            name=names.get(member, f"#{member}"),
            rating=rating_text(lang, rating),
            events=rating.events,
        )
        for place, (member, rating) in enumerate(listed[:SHOWN], start=1)
    ]


def champion_text(lang: Lang, season: SeasonRecord, lines: Sequence[Line], mention: str) -> str:
    """The announcement at the season's end (``mention``: the champion's)."""
    if not lines:
        return t(lang, "league.over_empty", name=season.name)
    return t(
        lang, "league.champion", name=season.name, champion=mention,
        points=points_text(lang, lines[0].points), events=lines[0].events,
    )  # fmt: skip
