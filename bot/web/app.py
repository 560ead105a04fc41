"""The web companion's routes: who may read a server's pages, in which language, and the
plain answer to everything else.

Every page belongs to one server (``/g/<server id>/...``). A server whose admins made its
pages public (``/holdem-admin config web-pages``, read from the database and kept a few
seconds), or that the operator lists public in the settings, is open to anyone; any other
server's pages need the key of a signed link (:mod:`bot.web.links`) in ``?k=``. A missing,
forged or expired key is a plain 403 page, a number that is not a hand, member or table of
that server (another server's hand, a number too large, a negative one) a plain 404, and an
error inside is a plain 500 page with the traceback kept for the log: a page never says more
than its one sentence.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib.resources import files
from typing import Any

from aiohttp import web

from bot.guilds.house import WebPages, web_pages
from bot.i18n import LOCALES, Lang, resolve_locale
from bot.present.stats import stats_lines
from bot.seasons.service import League
from bot.settings import WebSettings
from bot.stats.counters import Period
from bot.store.records import HandRecord, HiddenCards, stand_in_name
from bot.store.store import Store
from bot.store.web_reads import (
    guild_hands,
    guild_names,
    guild_tables,
    hand_in_guild,
    member_hands,
    standings,
    table_names,
)
from bot.web import pages
from bot.web.links import Access, check, expiry
from bot.web.live import END, Watchers
from bot.web.steps import fair_facts, hand_steps, player_names

__all__ = ["create_app"]

log = logging.getLogger("holdem.web")

_ID_MAX = 2**63 - 1
"""The largest id the database holds: every id column is a signed 64-bit integer (Discord's
ids fit, with room to spare)."""
_ID = r"[0-9]{1,20}"
_STATIC = {
    name: (files("bot.web") / "static" / name).read_bytes()
    for name in ("web.css", "web.js", "table.css", "table.js")
}
_TYPES = {"css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"}
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
_CACHED_REPLAYS = 256
_CHOICE_SECONDS = 5.0
"""How long a server's choice of public pages is kept before it is read again: a server that
takes its pages back is closed to readers without a link within these seconds."""
_CACHED_CHOICES = 4096
_STORE: web.AppKey[Store] = web.AppKey("store", Store)
_SETTINGS: web.AppKey[WebSettings] = web.AppKey("settings", WebSettings)
_WATCHERS: web.AppKey[Watchers] = web.AppKey("watchers", Watchers)
_CLOCK: web.AppKey[Callable[[], float]] = web.AppKey("clock")
_Replay = tuple[dict[str, Any], dict[str, str] | None]
"""A finished hand's replayer data and fair-deck facts, kept by hand, language and the names
its players were shown under."""
_REPLAYS: web.AppKey[OrderedDict[tuple[int, str, tuple[str, ...]], _Replay]] = web.AppKey("replays")

_CHOICES: web.AppKey[dict[int, tuple[float, bool]]] = web.AppKey("choices")
"""Each server's choice of public pages as last read, and until when it holds."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class _Refused(Exception):
    """Answer with a plain page: ``status`` and the catalogue id of its one sentence."""

    def __init__(self, status: int, msg_id: str) -> None:
        super().__init__(msg_id)
        self.status = status
        self.msg_id = msg_id


def _not_found() -> _Refused:
    return _Refused(404, "web.error.not_found")


def _lang_of(request: web.Request) -> Lang | None:
    """The reader's choice (``?lang=``), else their browser's if it is one of ours."""
    asked = request.query.get("lang", "")
    if asked in LOCALES:
        return asked
    first = request.headers.get("Accept-Language", "").split(",")[0].split(";")[0].strip()
    if first[:2].lower() in ("en", "nb", "nn", "no", "da"):
        return resolve_locale(first)
    return None


def _plain(request: web.Request, status: int, msg_id: str) -> web.Response:
    response = pages.render(request, pages.error_page(_lang_of(request) or "en", msg_id),
                            status=status)  # fmt: skip
    response.headers.update(_HEADERS)
    return response


@web.middleware
async def _answers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Plain pages for every refusal and failure; the security headers on every answer."""
    try:
        response = await handler(request)
    except _Refused as refused:
        return _plain(request, refused.status, refused.msg_id)
    except web.HTTPException as error:
        if error.status == 404:
            return _plain(request, 404, "web.error.not_found")
        if error.status < 400:
            raise
        return _plain(request, error.status, "web.error.failed")
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("web: %s %s failed", request.method, request.path)
        return _plain(request, 500, "web.error.failed")
    if not response.prepared:
        for name, value in _HEADERS.items():  # the Activity's pages set a CSP of their own
            response.headers.setdefault(name, value)
    return response


def _number(text: str) -> int:
    """A positive id from the address, or the 404 page (no id is 0 or past what the
    database holds: a larger number would overflow its column, not miss)."""
    value = int(text) if text.isdigit() and len(text) <= 20 else 0
    if not 0 < value <= _ID_MAX:
        raise _not_found()
    return value


async def _public(app: web.Application, guild_id: int) -> bool:
    """Whether anyone may read the server's pages: the operator lists it, or its admins
    chose so (read from the database, kept :data:`_CHOICE_SECONDS`)."""
    if guild_id in app[_SETTINGS].public:
        return True
    now = app[_CLOCK]()
    choices = app[_CHOICES]
    kept = choices.get(guild_id)
    if kept is not None and now < kept[0]:
        return kept[1]
    public = web_pages(await app[_STORE].get_guild_rules(guild_id)) is WebPages.PUBLIC
    if len(choices) >= _CACHED_CHOICES:
        choices.clear()
    choices[guild_id] = (now + _CHOICE_SECONDS, public)
    return public


async def _open(request: web.Request) -> pages.Where:
    """The server the page belongs to, if the reader may see it, and their language."""
    settings = request.app[_SETTINGS]
    guild_id = _number(request.match_info["guild"])
    key = request.query.get("k")
    if not await _public(request.app, guild_id):
        access = (
            Access.FORGED
            if key is None
            else check(settings.secret, guild_id, key, now=request.app[_CLOCK]())
        )
        if access is Access.EXPIRED:
            raise _Refused(403, "web.error.expired")
        if access is not Access.GRANTED:
            raise _Refused(403, "web.error.forbidden")
    lang = _lang_of(request)
    if lang is None:
        stored = await request.app[_STORE].get_language(guild_id)
        lang = resolve_locale(stored) if stored else "en"
    return pages.Where(guild_id, lang, key, request.path)


async def _home(request: web.Request) -> web.Response:
    where = await _open(request)
    store = request.app[_STORE]
    tables = await guild_tables(store, where.guild_id)
    hands = await guild_hands(store, where.guild_id)
    return pages.render(request, pages.home_page(where, tables, hands))


async def _finished_hand(request: web.Request, where: pages.Where) -> HandRecord:
    record = await hand_in_guild(
        request.app[_STORE], where.guild_id, _number(request.match_info["hand"])
    )
    if record is None:
        raise _not_found()
    if not record.finished:  # its deck and the cards to come are still secret
        raise _Refused(404, "web.replay.unfinished")
    return record


async def _replay(request: web.Request) -> web.Response:
    where = await _open(request)
    record = await _finished_hand(request, where)
    cache = request.app[_REPLAYS]
    # the names are read every time and are part of the key: a member forgotten since the
    # replay was built is named no more (the store may be another process's)
    names = await table_names(request.app[_STORE], record.table_id)
    key = (record.hand_id, where.lang, tuple(player_names(record, names)))
    replay = cache.get(key)
    if replay is None:
        replay = (hand_steps(record, names, where.lang), fair_facts(record))
        cache[key] = replay
        if len(cache) > _CACHED_REPLAYS:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    steps, fair = replay
    return pages.render(request, pages.replay_page(where, steps, fair, record.started_at))


async def _phh(request: web.Request) -> web.Response:
    """The hand's history as PHH, or (``.txt``) as PokerStars text, the trackers' format."""
    where = await _open(request)
    record = await _finished_hand(request, where)
    store = request.app[_STORE]
    names = await table_names(store, record.table_id)
    stars = request.path.endswith(".txt")
    text = await store.export_phh(
        record.hand_id, HiddenCards.UNSHOWN, names=names, pokerstars=stars
    )
    if not text:  # a voided hand: the PokerStars format has no word for it
        raise _not_found()
    name = f"hand-{record.hand_id}-pokerstars.txt" if stars else f"hand-{record.hand_id}.phh"
    return web.Response(
        text=text,
        content_type="text/plain",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


async def _leaderboard(request: web.Request) -> web.Response:
    where = await _open(request)
    by = request.query.get("by", "chips")
    if by not in ("chips", "net", "hands"):
        raise _not_found()
    store = request.app[_STORE]
    rows = await standings(store, where.guild_id, by=by, limit=50)
    names = await guild_names(store, where.guild_id)
    return pages.render(request, pages.leaderboard_page(where, rows, names, by))


async def _season(request: web.Request) -> web.Response:
    """The newest season's standings, computed from the stored results (nothing written)."""
    where = await _open(request)
    store = request.app[_STORE]
    league = League(store, clock=request.app[_CLOCK])
    season = await league.season(where.guild_id, None)
    lines = [] if season is None else await league.standings(season)
    names = {**await league.names(where.guild_id), **await guild_names(store, where.guild_id)}
    return pages.render(request, pages.season_page(where, season, lines, names))


async def _member(request: web.Request) -> web.Response:
    where = await _open(request)
    member = _number(request.match_info["member"])
    store = request.app[_STORE]
    if await store.balance(where.guild_id, member) is None:
        raise _not_found()
    names = await guild_names(store, where.guild_id)
    name = names.get(member) or stand_in_name(member)
    stats = await store.stats.of_member(
        where.guild_id, member, Period.ALL, now=request.app[_CLOCK]()
    )
    lines = stats_lines(where.lang, stats, name=name, period=Period.ALL)
    before = request.query.get("before")
    listed = await member_hands(
        store, where.guild_id, member, before=None if before is None else _number(before),
        count=pages.HANDS_A_PAGE + 1,
    )  # fmt: skip
    charted = await store.last_hands(where.guild_id, member, 50)
    page = pages.member_page(where, member, name, lines, charted=charted, listed=listed,
                             paged=before is not None)  # fmt: skip
    return pages.render(request, page)


async def _table_id(request: web.Request, where: pages.Where) -> tuple[str, int]:
    channel = _number(request.match_info["channel"])
    table_id = f"{where.guild_id}:{channel}"
    table = await request.app[_STORE].load_table(table_id)
    if table is None or table.guild_id != where.guild_id:
        raise _not_found()
    return table_id, channel


async def _live(request: web.Request) -> web.Response:
    where = await _open(request)
    _, channel = await _table_id(request, where)
    return pages.render(request, pages.live_page(where, channel, request.app[_SETTINGS].delay))


async def _events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: the table's view as each change is released, a comment every
    15 seconds to keep proxies from closing a quiet stream. A stream opened by a signed link
    ends when the link expires (within those 15 seconds): the browser's reconnection then
    gets the "expired" page. A stream opened without a key on a public server ends the same
    way once the server takes its pages back."""
    where = await _open(request)
    table_id, _ = await _table_id(request, where)
    keyed = where.key is not None and not await _public(request.app, where.guild_id)
    until = expiry(where.key) if keyed and where.key is not None else None
    clock = request.app[_CLOCK]
    # joined before anything is awaited: a watch whose last spectator leaves meanwhile stops,
    # and one joined after that would never hear from it again
    watch = request.app[_WATCHERS].watch(table_id, where.lang)
    queue = watch.join()
    response = web.StreamResponse(
        headers={
            **_HEADERS,
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
        }
    )
    try:
        await response.prepare(request)
        while True:
            try:
                view: str | None = await asyncio.wait_for(queue.get(), 15)
            except TimeoutError:
                view = None
            if view == END or (until is not None and clock() >= until):
                break
            if not keyed and not await _public(request.app, where.guild_id):
                break
            await response.write(
                b": still here\n\n" if view is None else f"data: {view}\n\n".encode()
            )
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        watch.leave(queue)
    return response


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    body = _STATIC.get(name)
    if body is None:
        raise _not_found()
    return web.Response(
        body=body,
        headers={"Content-Type": _TYPES[name.rsplit(".", 1)[1]], "Cache-Control": "max-age=3600"},
    )


async def _health(request: web.Request) -> web.Response:
    return web.Response(text="ok\n")


def create_app(
    store: Store, settings: WebSettings, *, clock: Callable[[], float] = time.time
) -> web.Application:
    """The application over an open store (the caller opens and closes it)."""
    if not settings.secret:
        log.warning(
            "web: HOLDEM_WEB_SECRET is not set: only the pages of the servers in "
            "HOLDEM_WEB_PUBLIC or whose admins made them public are served, and no link to "
            "another server's pages opens"
        )
    app = web.Application(middlewares=[_answers])
    pages.setup(app)
    app[_STORE] = store
    app[_SETTINGS] = settings
    app[_CLOCK] = clock
    app[_REPLAYS] = OrderedDict()
    app[_CHOICES] = {}
    watchers = Watchers(store, settings.delay)
    app[_WATCHERS] = watchers

    async def stop(app: web.Application) -> None:
        await watchers.close()

    app.on_shutdown.append(stop)
    guild = f"/g/{{guild:{_ID}}}"
    app.router.add_get("/healthz", _health)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get(f"{guild}/", _home)
    app.router.add_get(guild, _home)
    app.router.add_get(f"{guild}/hand/{{hand:{_ID}}}", _replay)
    app.router.add_get(f"{guild}/hand/{{hand:{_ID}}}.phh", _phh)
    app.router.add_get(f"{guild}/hand/{{hand:{_ID}}}.txt", _phh)
    app.router.add_get(f"{guild}/leaderboard", _leaderboard)
    app.router.add_get(f"{guild}/season", _season)
    app.router.add_get(f"{guild}/member/{{member:{_ID}}}", _member)
    app.router.add_get(f"{guild}/table/{{channel:{_ID}}}", _live)
    app.router.add_get(f"{guild}/table/{{channel:{_ID}}}/events", _events)
    return app
