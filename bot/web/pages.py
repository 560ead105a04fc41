"""The pages as HTML: one template (``templates/page.html``) around bodies built here, every
text escaped, every word from the catalogue (:mod:`bot.i18n`) in the reader's language.

Semantic HTML first (headings, tables with captions and header cells, a toolbar of real
buttons, live regions for what changes), so the page reads with a screen reader and works
by keyboard; the script (``static/web.js``) only fills in the state the server computed.
The data a script needs rides in a ``<script type="application/json">`` element, escaped
so no text of a hand can close it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from importlib.resources import files
from string import Template
from typing import Any
from urllib.parse import urlencode

from bot.i18n import CATALOGUE, LOCALES, Lang, format_number, t
from bot.store.records import HandSummary, LeaderboardRow
from bot.store.web_reads import GuildHand

__all__ = [
    "Where",
    "error_page",
    "home_page",
    "leaderboard_page",
    "live_page",
    "member_page",
    "replay_page",
]

_TEMPLATE = Template((files("bot.web") / "templates" / "page.html").read_text("utf-8"))
_LANGUAGE_NAMES = {"en": "English", "nb": "Norsk bokmål", "da": "Dansk"}


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


def _h(text: object) -> str:
    return escape(str(text), quote=True)


def _json(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _page(
    lang: Lang, title: str, body: str, *, where: Where | None, data: Mapping[str, Any] | None
) -> str:
    if where is None:
        nav = "<p></p>"
        languages = ""
    else:
        nav = (
            f'<nav aria-label="{_h(t(lang, "web.nav.home"))}"><ul>'
            f'<li><a href="{_h(where.url())}">{_h(t(lang, "web.nav.home"))}</a></li>'
            f'<li><a href="{_h(where.url("leaderboard"))}">{_h(t(lang, "leaderboard.title"))}'
            "</a></li></ul></nav>"
        )
        languages = "".join(
            f'<li><a href="{_h(_with_lang(where, code))}" hreflang="{code}" lang="{code}"'
            + (' aria-current="true"' if code == lang else "")
            + f">{_h(_LANGUAGE_NAMES[code])}</a></li>"
            for code in LOCALES
        )
    scripts = ""
    if data is not None:
        scripts = (
            f'<script type="application/json" id="page-data">{_json(data)}</script>\n'
            '<script src="/static/web.js" defer></script>'
        )
    return _TEMPLATE.substitute(
        lang=lang, title=_h(title), skip=_h(t(lang, "web.skip")), nav=nav,
        language_label=_h(t(lang, "web.nav.language")), languages=languages, body=body,
        scripts=scripts,
    )  # fmt: skip


def _with_lang(where: Where, lang: str) -> str:
    params = {"lang": lang, **({"k": where.key} if where.key else {})}
    return f"{where.path}?{urlencode(params)}"


def error_page(lang: Lang, msg_id: str) -> str:
    """A plain page that says what went wrong in one sentence and shows nothing else."""
    text = t(lang, msg_id)
    return _page(lang, text, f'<h1 class="error">{_h(text)}</h1>', where=None, data=None)


def _date(lang: Lang, when: float) -> str:
    return datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d %H:%M UTC")


def home_page(where: Where, tables: Sequence[str], hands: Sequence[GuildHand]) -> str:
    lang = where.lang
    table_items = "".join(
        f'<li><a href="{_h(where.url("table/" + table.split(":")[-1]))}">'
        f"{_h(t(lang, 'web.table.link', channel=table.split(':')[-1]))}</a></li>"
        for table in tables
    )
    hand_items = "".join(
        f'<li><a href="{_h(where.url(f"hand/{hand.hand_id}"))}">'
        f"{_h(t(lang, 'web.hand.link', number=hand.hand_id))}</a> "
        f"<span class=help>{_h(_date(lang, hand.started_at))}</span></li>"
        for hand in hands
    )
    body = (
        f"<h1>{_h(t(lang, 'web.home.title'))}</h1>"
        f"<h2>{_h(t(lang, 'web.home.tables'))}</h2>"
        + (f"<ul>{table_items}</ul>" if tables else f"<p>{_h(t(lang, 'web.home.no_tables'))}</p>")
        + f"<h2>{_h(t(lang, 'web.home.hands'))}</h2>"
        + (f"<ul>{hand_items}</ul>" if hands else f"<p>{_h(t(lang, 'web.home.no_hands'))}</p>")
    )
    return _page(lang, t(lang, "web.home.title"), body, where=where, data=None)


def _table_section(lang: Lang) -> str:
    """The board, the pot and the players' table, filled by the script step by step."""
    heads = (
        ("web.replay.player", ""), ("web.replay.stack", "num"),
        ("web.replay.bet", "num"), ("web.replay.cards", ""), ("web.replay.status", ""),
    )  # fmt: skip
    cells = "".join(f'<th scope="col" class="{c}">{_h(t(lang, k))}</th>' for k, c in heads)
    return (
        '<div class="facts">'
        f'<p>{_h(t(lang, "web.replay.board"))}: <span id="board" class="cards"></span></p>'
        f'<p id="board2-row" hidden>{_h(t(lang, "web.replay.board2"))}: '
        '<span id="board2" class="cards"></span></p>'
        f'<p>{_h(t(lang, "web.replay.pot"))}: <span id="pot"></span></p></div>'
        f'<div class="scroll"><table id="seats">'
        f"<caption>{_h(t(lang, 'web.replay.players'))}</caption>"
        f'<thead><tr>{cells}</tr></thead><tbody id="seats-body"></tbody></table></div>'
    )


def _labels(lang: Lang) -> dict[str, str]:
    return {
        "step": CATALOGUE.raw(lang, "web.replay.step"),  # a template: the script fills it
        "hidden": t(lang, "web.replay.hidden"),
        "noBoard": t(lang, "web.replay.no_board"),
        "folded": t(lang, "label.folded"),
        "allIn": t(lang, "label.all_in"),
        "toAct": t(lang, "web.replay.to_act"),
        "play": t(lang, "web.replay.play"),
        "pause": t(lang, "web.replay.pause"),
        "fairOk": t(lang, "web.fair.ok"),
        "fairBad": t(lang, "web.fair.bad"),
        "hand": CATALOGUE.raw(lang, "web.live.hand"),
        "lost": t(lang, "web.live.lost"),
    }


def replay_page(
    where: Where, replay: Mapping[str, Any], fair: Mapping[str, str] | None, started_at: float
) -> str:
    """The replayer of one finished hand: the table at each step with the controls, the
    whole story, the fair-deck check and the PHH download."""
    lang = where.lang
    number = replay["hand"]
    title = t(lang, "web.replay.title", number=number)
    buttons = "".join(
        f'<button type="button" id="{name}">{_h(t(lang, "web.replay." + name))}</button>'
        for name in ("first", "back", "play", "forward", "last")
    )
    streets = "".join(
        f'<button type="button" class="street" data-step="{s["step"]}">{_h(s["name"])}</button>'
        for s in replay["streets"]
    )
    story = "".join(
        f'<li data-step="{index}">{_h(line)}</li>'
        for index, step in enumerate(replay["steps"])
        for line in step["lines"]
    )
    body = (
        f"<h1>{_h(title)}</h1><p class=help>{_h(_date(lang, started_at))}</p>"
        f'<section aria-labelledby="where"><h2 id="where" aria-live="polite"></h2>'
        f"{_table_section(lang)}"
        f'<div id="controls" hidden><div class="toolbar" role="toolbar" '
        f'aria-label="{_h(t(lang, "web.replay.controls"))}">{buttons}</div>'
        f'<div class="toolbar" role="group" aria-label="{_h(t(lang, "web.replay.streets"))}">'
        f"{streets}</div>"
        f'<p class="help">{_h(t(lang, "web.replay.keys"))}</p></div>'
        f'<h3>{_h(t(lang, "web.replay.now"))}</h3><ul id="now" class="now"></ul></section>'
        f'<section aria-labelledby="story-title"><h2 id="story-title">'
        f'{_h(t(lang, "web.replay.story"))}</h2><ol id="story" class="story">{story}</ol></section>'
        f"{_odds_section(lang, replay['odds'])}"
        f"{_fair_section(where, number, fair)}"
    )
    data = {"kind": "replay", "labels": _labels(lang)}
    data.update((k, v) for k, v in replay.items() if k != "odds")
    return _page(lang, title, body, where=where, data=data)


def _odds_section(lang: Lang, odds: Sequence[Mapping[str, Any]]) -> str:
    """The all-in odds street by street, folded away: opened, they tell the board to come."""
    if not odds:
        return ""
    streets = "".join(
        f"<li><strong>{_h(o['street'])}</strong> {_h(o['board'])}<ul>"
        + "".join(f"<li>{_h(line)}</li>" for line in o["lines"])
        + "</ul></li>"
        for o in odds
    )
    return (
        f"<section><details><summary>{_h(t(lang, 'web.odds.title'))}</summary>"
        f"<ul>{streets}</ul></details></section>"
    )


def _fair_section(where: Where, number: int, fair: Mapping[str, str] | None) -> str:
    lang = where.lang
    phh = (
        f'<p><a href="{_h(where.url(f"hand/{number}.phh"))}" download>'
        f"{_h(t(lang, 'web.fair.phh'))}</a></p>"
        f'<p><a href="{_h(where.url(f"hand/{number}.txt"))}" download>'
        f"{_h(t(lang, 'web.fair.pokerstars'))}</a></p>"
    )
    title = _h(t(lang, "web.fair.title"))
    head = f'<section aria-labelledby="fair-title"><h2 id="fair-title">{title}</h2>'
    if fair is None:
        return f"{head}<p>{_h(t(lang, 'web.fair.none'))}</p>{phh}</section>"
    return (
        f"{head}<p>{_h(t(lang, 'web.fair.explain'))}</p>"
        f'<label for="fair-commitment">{_h(t(lang, "web.fair.commitment"))}</label>'
        f'<input id="fair-commitment" value="{_h(fair["commitment"])}" spellcheck="false">'
        f'<label for="fair-salt">{_h(t(lang, "web.fair.salt"))}</label>'
        f'<input id="fair-salt" value="{_h(fair["salt"])}" spellcheck="false">'
        f'<label for="fair-deck">{_h(t(lang, "web.fair.deck"))}</label>'
        f'<textarea id="fair-deck" spellcheck="false">{_h(fair["deck"])}</textarea>'
        f'<div class="toolbar"><button type="button" id="fair-check">'
        f"{_h(t(lang, 'web.fair.check'))}</button></div>"
        f'<p id="fair-result" class="result" role="status"></p>{phh}</section>'
    )


def live_page(where: Where, channel: int, delay: float) -> str:
    """A table as spectators see it, fed by server-sent events, the house delay behind."""
    lang = where.lang
    title = t(lang, "web.live.title")
    seconds = f"{delay:g}"
    body = (
        f"<h1>{_h(title)}</h1>"
        f'<p class="help">{_h(t(lang, "web.live.delay", seconds=seconds))}</p>'
        '<p id="live-status" role="status"></p>'
        '<section aria-labelledby="live-hand"><h2 id="live-hand" aria-live="polite"></h2>'
        f'<div id="live-table" hidden>{_table_section(lang)}'
        f'<h3>{_h(t(lang, "web.replay.now"))}</h3><ul id="now" class="now"></ul></div>'
        f'<p><a id="live-replay" hidden href="#">{_h(t(lang, "web.live.finished"))}</a></p>'
        "</section>"
    )
    data = {
        "kind": "live",
        "labels": _labels(lang),
        "events": where.url(f"table/{channel}/events"),
        "replay": where.url("hand/HAND"),
    }
    return _page(lang, title, body, where=where, data=data)


def leaderboard_page(
    where: Where, rows: Sequence[LeaderboardRow], names: Mapping[int, str], by: str
) -> str:
    lang = where.lang
    title = t(lang, "leaderboard.title")
    sorts = " · ".join(
        (f"<strong>{_h(t(lang, 'web.leaderboard.' + key))}</strong>" if key == by else
         f'<a href="{_h(where.url("leaderboard", by=key))}">'
         f"{_h(t(lang, 'web.leaderboard.' + key))}</a>")
        for key in ("chips", "net", "hands")
    )  # fmt: skip
    columns = (
        ("web.leaderboard.rank", "num"), ("web.replay.player", ""),
        ("web.leaderboard.chips", "num"), ("web.leaderboard.net", "num"),
        ("web.leaderboard.hands", "num"),
    )  # fmt: skip
    heads = "".join(f'<th scope="col" class="{c}">{_h(t(lang, k))}</th>' for k, c in columns)
    body_rows = "".join(
        f'<tr><td class="num">{place}</td><th scope="row"><a href="'
        f'{_h(where.url(f"member/{row.user_id}"))}">{_h(_name(names, row.user_id))}</a></th>'
        f'<td class="num">{_h(format_number(lang, row.balance))}</td>'
        f'<td class="num">{_h(format_number(lang, row.net))}</td>'
        f'<td class="num">{_h(format_number(lang, row.hands_played))}</td></tr>'
        for place, row in enumerate(rows, 1)
    )
    table = (
        f"<table><caption>{_h(title)}</caption><thead><tr>{heads}</tr></thead>"
        f"<tbody>{body_rows}</tbody></table>"
        if rows
        else f"<p>{_h(t(lang, 'leaderboard.empty'))}</p>"
    )
    body = f"<h1>{_h(title)}</h1><p>{_h(t(lang, 'web.leaderboard.by'))}: {sorts}</p>{table}"
    return _page(lang, title, body, where=where, data=None)


def _name(names: Mapping[int, str], member: int) -> str:
    return names.get(member) or f"#{str(member)[-4:]}"


def member_page(
    where: Where, name: str, stats_lines: Sequence[str], hands: Sequence[HandSummary]
) -> str:
    lang = where.lang
    items = "".join(f"<li>{_h(line)}</li>" for line in stats_lines[1:])
    recent = "".join(
        f'<li><a href="{_h(where.url(f"hand/{hand.hand_id}"))}">'
        f"{_h(t(lang, 'web.member.result', number=hand.hand_id, net=_signed(lang, hand.net)))}"
        "</a></li>"
        for hand in hands[:10]
    )
    body = (
        f"<h1>{_h(name)}</h1><h2>{_h(stats_lines[0] if stats_lines else name)}</h2>"
        f"<ul>{items}</ul>{_chart(lang, [hand.net or 0 for hand in reversed(hands)])}"
        f"<h2>{_h(t(lang, 'web.member.recent'))}</h2>"
        + (f"<ul>{recent}</ul>" if hands else f"<p>{_h(t(lang, 'web.home.no_hands'))}</p>")
    )
    return _page(lang, name, body, where=where, data=None)


_CHART_W, _CHART_H, _PAD = 600, 200, 8


def _chart(lang: Lang, nets: Sequence[int]) -> str:
    """The member's running result over their last hands, oldest first: an inline SVG (no
    script, no style attribute) with its title and a description in words."""
    if len(nets) < 2:
        return ""
    running = [0]
    for net in nets:
        running.append(running[-1] + net)
    low, high = min(running), max(running)
    span = (high - low) or 1
    step = (_CHART_W - 2 * _PAD) / (len(running) - 1)

    def y(value: int) -> float:
        return _PAD + (high - value) * (_CHART_H - 2 * _PAD) / span

    points = " ".join(f"{_PAD + k * step:.1f},{y(v):.1f}" for k, v in enumerate(running))
    title = t(lang, "web.member.chart_title", count=len(nets))
    words = t(
        lang, "web.member.chart_desc", last=_signed(lang, running[-1]),
        low=_signed(lang, low), high=_signed(lang, high),
    )  # fmt: skip
    return (
        f'<h2 id="chart-title">{_h(title)}</h2><p id="chart-desc">{_h(words)}</p>'
        f'<svg class="chart" viewBox="0 0 {_CHART_W} {_CHART_H}" role="img" '
        f'aria-labelledby="chart-title chart-desc"><title>{_h(title)}</title>'
        f'<line x1="{_PAD}" x2="{_CHART_W - _PAD}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        f'stroke="#767676" stroke-dasharray="4 4"/>'
        f'<polyline points="{points}" fill="none" stroke="#0b5d1e" stroke-width="3"/></svg>'
    )


def _signed(lang: Lang, net: int | None) -> str:
    value = net or 0
    return ("+" if value > 0 else "") + format_number(lang, value)
