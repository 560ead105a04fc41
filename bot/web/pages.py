"""The pages: which template (``templates/``) each one is and the values it shows, every word
from the catalogue (:mod:`bot.i18n`) in the reader's language.

The HTML itself is in the templates, rendered by Jinja2 with autoescape on (:func:`setup`):
every value is escaped where it is written, so a name like ``<script>`` is shown as text on
every page without a call here to forget. A page extends ``base.html`` (the layout: the
header, the languages, the main landmark, the page's data) and is built of small includes
(``_seats.html``, ``_fair.html``, ...) another page may reuse.

Semantic HTML first (headings, tables with captions and header cells, a toolbar of real
buttons, live regions for what changes), so the page reads with a screen reader and works
by keyboard; the script (``static/web.js``) only fills in the state the server computed.
The data a script needs rides in a ``<script type="application/json">`` element, written by
Jinja2's ``tojson``, which escapes ``<``, ``>``, ``&`` and ``'`` so no text of a hand can close it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.i18n import CATALOGUE, LOCALES, Lang, format_number, t
from bot.present.league import points_text, season_heading
from bot.seasons.standings import Line
from bot.store.records import HandSummary, SeasonRecord, stand_in_name
from bot.store.web_reads import GuildHand, Standing
from bot.web.steps import table_words

__all__ = [
    "Page",
    "Where",
    "error_page",
    "home_page",
    "leaderboard_page",
    "live_page",
    "member_page",
    "render",
    "replay_page",
    "season_page",
    "setup",
]

_LANGUAGE_NAMES = {"en": "English", "nb": "Norsk bokmål", "da": "Dansk"}


def setup(app: web.Application) -> jinja2.Environment:
    """The templates for ``app``, from the package's ``templates/`` folder."""
    # Jinja2 with autoescape through aiohttp-jinja2: every value a template writes is escaped
    # unless marked safe, so no page depends on an escape call someone may forget.
    env = aiohttp_jinja2.setup(
        app, loader=jinja2.PackageLoader("bot.web", "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        default_helpers=False,
    )  # fmt: skip
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "separators": (",", ":")}
    return env


@dataclass(frozen=True, slots=True)
class Page:
    """A page to render: its template and the values it shows."""

    template: str
    context: Mapping[str, Any]


def render(request: web.Request, page: Page, *, status: int = 200) -> web.Response:
    """The page as an answer (never cached: a page may hold a key)."""
    response = aiohttp_jinja2.render_template(
        page.template, request, dict(page.context), status=status
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@dataclass(frozen=True, slots=True)
class Where:
    """Where a page sits: its server, the reader's language and key, and the addresses of
    the server's other pages (each carrying the key, so a signed link opens them too)."""

    guild_id: int
    lang: Lang
    key: str | None
    path: str

    def url(self, page: str = "", **query: str) -> str:
        """The address of another of the server's pages, in the same language and key."""
        params = {**query, "lang": self.lang}
        if self.key:
            params["k"] = self.key
        tail = f"?{urlencode(params)}" if params else ""
        return f"/g/{self.guild_id}/{page}{tail}"

    def in_lang(self, lang: str) -> str:
        """This page's own address in another language."""
        params = {"lang": lang, **({"k": self.key} if self.key else {})}
        return f"{self.path}?{urlencode(params)}"


def _layout(
    lang: Lang, title: str, where: Where | None, data: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """What ``base.html`` needs: the language and its words, the title, the server's
    navigation and languages (none on an error page), the data for the script."""
    languages = (
        []
        if where is None
        else [
            {"code": code, "name": _LANGUAGE_NAMES[code], "href": where.in_lang(code)}
            for code in LOCALES
        ]
    )
    return {
        "lang": lang,
        "t": functools.partial(t, lang),
        "n": functools.partial(format_number, lang),
        "signed": functools.partial(_signed, lang),
        "title": title,
        "where": where,
        "languages": languages,
        "data": data,
    }


def error_page(lang: Lang, msg_id: str) -> Page:
    """A plain page that says what went wrong in one sentence and shows nothing else."""
    return Page("error.html", _layout(lang, t(lang, msg_id), None))


def _date(when: float) -> str:
    return datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d %H:%M UTC")


def home_page(where: Where, tables: Sequence[str], hands: Sequence[GuildHand]) -> Page:
    lang = where.lang
    context = _layout(lang, t(lang, "web.home.title"), where)
    context["channels"] = [table.split(":")[-1] for table in tables]
    context["hands"] = [{"id": hand.hand_id, "date": _date(hand.started_at)} for hand in hands]
    return Page("home.html", context)


def _labels(lang: Lang) -> dict[str, str]:
    return {
        **table_words(lang),
        "step": CATALOGUE.raw(lang, "web.replay.step"),  # a template: the script fills it
        "play": t(lang, "web.replay.play"),
        "pause": t(lang, "web.replay.pause"),
        "fairOk": t(lang, "web.fair.ok"),
        "fairBad": t(lang, "web.fair.bad"),
        "hand": CATALOGUE.raw(lang, "web.live.hand"),
        "lost": t(lang, "web.live.lost"),
    }


def replay_page(
    where: Where, replay: Mapping[str, Any], fair: Mapping[str, str] | None, started_at: float
) -> Page:
    """The replayer of one finished hand: the table at each step with the controls, the
    whole story, the fair-deck check and the PHH download."""
    lang = where.lang
    number = replay["hand"]
    data = {"kind": "replay", "labels": _labels(lang)}
    data.update((k, v) for k, v in replay.items() if k != "odds")
    context = _layout(lang, t(lang, "web.replay.title", number=number), where, data)
    context.update(
        number=number, date=_date(started_at), streets=replay["streets"],
        story=[(index, line) for index, step in enumerate(replay["steps"])
               for line in step["lines"]],
        odds=replay["odds"], fair=fair,
    )  # fmt: skip
    return Page("replay.html", context)


def live_page(where: Where, channel: int, delay: float) -> Page:
    """A table as spectators see it, fed by server-sent events, the house delay behind."""
    lang = where.lang
    data = {
        "kind": "live",
        "labels": _labels(lang),
        "events": where.url(f"table/{channel}/events"),
        "replay": where.url("hand/HAND"),
    }
    context = _layout(lang, t(lang, "web.live.title"), where, data)
    form = "one" if delay == 1 else "other"  # the catalogue's plural rule, for a float
    context["delay"] = t(lang, f"web.live.delay.{form}", seconds=f"{delay:g}")
    return Page("live.html", context)


def leaderboard_page(
    where: Where, rows: Sequence[Standing], names: Mapping[int, str], by: str
) -> Page:
    """The server's members best first; their chips are the wallet and the stacks at open
    tables (the page says so under the table)."""
    lang = where.lang
    context = _layout(lang, t(lang, "leaderboard.title"), where)
    context["by"] = by
    context["sorts"] = ("chips", "net", "hands")
    context["rows"] = [
        {"place": place, "member": row.member, "name": _name(names, row.member),
         "chips": row.chips, "net": row.net, "hands": row.hands_played}
        for place, row in enumerate(rows, 1)
    ]  # fmt: skip
    return Page("leaderboard.html", context)


def season_page(
    where: Where, season: SeasonRecord | None, lines: Sequence[Line], names: Mapping[int, str]
) -> Page:
    """The server's newest season: its standings, best first (or that there is none)."""
    lang = where.lang
    title = season_heading(lang, season) if season is not None else t(lang, "web.season.title")
    context = _layout(lang, title, where)
    context["season"] = season is not None
    context["rows"] = [
        {"place": place, "member": line.member, "name": _name(names, line.member),
         "points": points_text(lang, line.points), "events": line.events, "wins": line.wins,
         "best": line.best}
        for place, line in enumerate(lines, 1)
    ]  # fmt: skip
    return Page("season.html", context)


def _name(names: Mapping[int, str], member: int) -> str:
    return names.get(member) or stand_in_name(member)


HANDS_A_PAGE = 10
"""How many of a member's hands their page lists; the older ones are a link away."""


def member_page(
    where: Where,
    member: int,
    name: str,
    stats_lines: Sequence[str],
    *,
    charted: Sequence[HandSummary],
    listed: Sequence[HandSummary],
    paged: bool,
) -> Page:
    """A member's stats, the chart of their running result over ``charted`` (newest first)
    and one page of their hands: ``listed`` holds one more than a page when there are older
    ones, and ``paged`` says the page is not the newest."""
    lang = where.lang
    shown = listed[:HANDS_A_PAGE]
    context = _layout(lang, name, where)
    context.update(
        name=name,
        heading=stats_lines[0] if stats_lines else name,
        stats=stats_lines[1:],
        chart=_chart(lang, [hand.net or 0 for hand in reversed(charted)]),
        hands=[{"id": hand.hand_id, "net": hand.net} for hand in shown],
        newest=where.url(f"member/{member}") if paged else None,
        older=(
            where.url(f"member/{member}", before=str(shown[-1].hand_id))
            if len(listed) > HANDS_A_PAGE
            else None
        ),
    )
    return Page("member.html", context)


_CHART_W, _CHART_H = 500, 240
_LEFT, _RIGHT, _TOP, _BOTTOM = 70, 14, 14, 52
"""The plot's margins in the chart's own units: the values on the left, the hands below."""


def _chart(lang: Lang, nets: Sequence[int]) -> dict[str, Any] | None:
    """The member's running result over their last hands, oldest first, as the inline SVG
    of ``_chart.html`` draws it (no script, no style attribute): the line, the axes with
    their titles, the lowest, zero and highest results on the one and the hands counted on
    the other, a title and a description in words; ``None`` under two hands."""
    if len(nets) < 2:
        return None
    running = [0]
    for net in nets:
        running.append(running[-1] + net)
    low, high = min(running), max(running)
    span = (high - low) or 1
    right, bottom = _CHART_W - _RIGHT, _CHART_H - _BOTTOM
    step = (right - _LEFT) / (len(running) - 1)

    def x(hand: int) -> str:
        return f"{_LEFT + hand * step:.1f}"

    def y(value: int) -> str:
        return f"{_TOP + (high - value) * (bottom - _TOP) / span:.1f}"

    count = len(nets)
    return {
        "width": _CHART_W, "height": _CHART_H, "left": _LEFT, "right": right, "top": _TOP,
        "bottom": bottom, "zero": y(0),
        "points": " ".join(f"{x(k)},{y(v)}" for k, v in enumerate(running)),
        "values": [{"y": y(v), "text": _signed(lang, v)} for v in _ticks(low, high, span)],
        "hands": [{"x": x(k), "text": format_number(lang, k)}
                  for k in sorted({0, count // 2, count} if count >= 4 else {0, count})],
        "x_title": t(lang, "web.member.chart_x"), "y_title": t(lang, "web.member.chart_y"),
        "title": t(lang, "web.member.chart_title", count=count),
        "words": t(
            lang, "web.member.chart_desc", last=_signed(lang, running[-1]),
            low=_signed(lang, low), high=_signed(lang, high),
        ),
    }  # fmt: skip


def _ticks(low: int, high: int, span: int) -> list[int]:
    """The results written on the chart's side: the lowest and the highest, and zero where
    it is clear of both (a tenth of the height)."""
    ends = sorted({low, high})
    clear = all(abs(end) * 10 >= span for end in ends if end)
    return sorted({*ends, 0}) if clear and low <= 0 <= high else ends


def _signed(lang: Lang, net: int | None) -> str:
    value = net or 0
    return ("+" if value > 0 else "") + format_number(lang, value)
