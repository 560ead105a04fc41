"""The Activity's routes under ``/activity/``: the page and its files, the sign-in, the
stream of views and the moves.

- ``POST api/token``: the SDK's OAuth2 code, exchanged here with the client secret; the
  member is read from Discord's answer and the instance's server and channel from Discord
  (never from the page); the answer holds the member's access token (for the SDK's
  ``authenticate``) and the session token.
- ``GET api/events``: server-sent events, the session's table as it changes
  (:mod:`bot.activity.hub`); ``EventSource`` sends no header, so the session comes in the
  query.
- ``POST api/move``: a move, only from a session and only through the table service (the
  same calls the channel's commands make, under the table's lock, committed before the
  answer); a refusal is the member's alone, in their language, and changes nothing.
- ``POST api/coach``: the learning mode's figures for the session's member on their own turn
  (:mod:`bot.activity.coach`), asked by the page once per decision, never in the stream.

Every path is relative in the page, so it works at ``/activity/`` and behind Discord's URL
mapping proxy (``https://<client id>.discordsays.com/.proxy/``) alike.

A move is parsed and made by :mod:`bot.activity.moves`. A move for a table another process
drives (several processes on PostgreSQL) is relayed to it and answered with its answer
(:mod:`bot.activity.relay`); the body's optional ``request`` (a short token) names it, so the
same request sent again gets the first answer. (A move made here needs no such id: a move at
the table names the decision it was made for, and made again it is refused as out of date.)
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.activity import moves, relay
from bot.activity.coach import learning_figures
from bot.activity.discord_api import DiscordApi, Unauthorized
from bot.activity.hub import BEAT, END, Hub
from bot.activity.sessions import SESSION_SECONDS, Session, SessionCheck, Sessions
from bot.activity.views import texts
from bot.i18n import Lang, resolve_locale, t
from bot.present.refusals import error_text
from bot.store.store import Store
from bot.tables.service import TableService

__all__ = ["CSP", "Activity", "add_routes"]

log = logging.getLogger("holdem.activity")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self' "
    "https://discord.com https://*.discord.com https://discordapp.com https://*.discordapp.com "
    "https://*.discordsays.com"
)
"""Only our own files ('self' is the URL-mapping proxy's origin inside Discord), framed only
by Discord's clients (and a page of our own origin)."""
_HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}
_STATIC = files("bot.activity") / "static"
_SHARED = files("bot.web") / "static"
_SHARED_NAMES = frozenset({"table.js", "table.css"})
SDK_FILE = "discord-sdk.js"


@dataclass(frozen=True, kw_only=True)
class Activity:
    """What the routes need: the table service, Discord, the sessions, the pages, a clock;
    the relay to the tables other processes drive (``None``: this process drives them all)."""

    service: TableService
    store: Store
    discord: DiscordApi
    sessions: Sessions
    hub: Hub
    clock: Callable[[], float]
    relay: relay.Relay | None = None


_ACTIVITY: web.AppKey[Activity] = web.AppKey("activity", Activity)


def _answer(status: int, body: dict[str, Any]) -> web.Response:
    return web.json_response(body, status=status, headers=_HEADERS)


def _refusal(status: int, text: str) -> web.Response:
    return _answer(status, {"error": text})


async def _index(request: web.Request) -> web.Response:
    """The page, from the web companion's layout (``activity.html`` extends ``base.html``):
    in English until the member is known, then the script writes their language's words."""
    activity = request.app[_ACTIVITY]
    lang: Lang = "en"
    context = {
        "lang": lang,
        "t": functools.partial(t, lang),
        "title": "Holdem Dealer",
        "client_id": activity.discord.client_id,
    }
    response = aiohttp_jinja2.render_template("activity.html", request, context)
    response.headers.update(_HEADERS)
    return response


def _static_file(name: str) -> Traversable:
    """The page's file ``name``: its own, or the drawing of a table every page shares, served
    from the web companion's files (through the URL-mapping proxy only ``/activity/`` is
    reachable, so the page cannot fetch ``/static/`` itself)."""
    return (_SHARED if name in _SHARED_NAMES else _STATIC) / name


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    kind = name.rsplit(".", 1)[-1]
    found = _static_file(name)
    if kind not in _TYPES or "/" in name or not found.is_file():
        raise web.HTTPNotFound()
    return web.Response(
        body=found.read_bytes(),
        headers={**_HEADERS, "Content-Type": _TYPES[kind], "Cache-Control": "max-age=300"},
    )


async def _token(request: web.Request) -> web.Response:
    """Sign-in: the code becomes a session bound to the member, server, channel, instance."""
    activity = request.app[_ACTIVITY]
    lang: Lang = "en"
    try:
        body = await request.json()
        code, instance_id = str(body["code"]), str(body["instance"])
        access = await activity.discord.exchange(code)
        member = await activity.discord.member(access)
        lang = resolve_locale(member.locale)
        instance = await activity.discord.instance(instance_id)
    except (ValueError, KeyError, TypeError, Unauthorized) as error:
        log.info("activity: sign-in refused (%s)", error)
        return _refusal(401, t(lang, "activity.refused_sign_in"))
    if instance.guild is None or member.id not in instance.users:
        log.info("activity: %s is not in instance %s", member.id, instance.id)
        return _refusal(403, t(lang, "activity.refused_instance"))
    session = Session(
        member=member.id, name=member.name, guild=instance.guild, channel=instance.channel,
        instance=instance.id, lang=lang, until=activity.clock() + SESSION_SECONDS,
    )  # fmt: skip
    return _answer(
        200,
        {
            "access_token": access,
            "session": activity.sessions.issue(session),
            "member": str(member.id),
            "lang": lang,
            "texts": texts(lang),
        },
    )


def _session(request: web.Request, token: str, instance: str) -> Session | web.Response:
    activity = request.app[_ACTIVITY]
    checked = activity.sessions.check(token, instance=instance, now=activity.clock())
    if isinstance(checked, Session):
        return checked
    lang = resolve_locale(request.query.get("lang", "en"))
    status = 403 if checked is SessionCheck.ELSEWHERE else 401
    return _refusal(status, t(lang, f"activity.refused_{checked.value}"))


async def _events(request: web.Request) -> web.StreamResponse:
    found = _session(request, request.query.get("session", ""), request.query.get("instance", ""))
    if isinstance(found, web.Response):
        return found
    activity = request.app[_ACTIVITY]
    page = await activity.hub.open(found)
    response = web.StreamResponse(
        headers={**_HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
    )
    try:
        await response.prepare(request)
        while True:
            view = await page.queue.get()  # a view, or the hub's beat when there was none
            if view == END or activity.clock() >= found.until:
                break
            chunk = b": still here\n\n" if view == BEAT else f"data: {view}\n\n".encode()
            await response.write(chunk)
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        activity.hub.close(page)
    return response


async def _move(request: web.Request) -> web.Response:
    token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    try:
        body = await request.json()
        if not isinstance(body, dict):
            raise ValueError(body)
    except ValueError:
        body = {}
    found = _session(request, token, str(body.get("instance", "")))
    if isinstance(found, web.Response):
        return found
    activity = request.app[_ACTIVITY]
    try:
        move = moves.parse(
            body, guild=found.guild, channel=found.channel, member=found.member,
            name=found.name, lang=found.lang,
        )  # fmt: skip
        key = relay.request_key(body.get("request"))
    except ValueError:
        return _refusal(400, t(found.lang, "activity.refused_move"))
    relayed = activity.relay
    try:
        if relayed is not None and await relayed.elsewhere(move.table_id):
            status, answer = await relayed.send(move, key)  # the table's driver makes it
            return _answer(status, answer)
        outcome = await moves.make(activity.service, activity.store, move)
    except Exception as error:  # every refusal is a typed error: told to the member alone
        return _refusal(409, error_text(found.lang, error))
    return _answer(200, {"ok": True, "serial": outcome.serial})


async def _coach(request: web.Request) -> web.Response:
    """``POST api/coach``: the learning mode's figures for the session's member on their own
    turn (:mod:`bot.activity.coach`); an empty list when there are none to give."""
    token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    try:
        body = await request.json()
    except ValueError:
        body = None
    instance = str(body.get("instance", "")) if isinstance(body, dict) else ""
    found = _session(request, token, instance)
    if isinstance(found, web.Response):
        return found
    activity = request.app[_ACTIVITY]
    return _answer(200, await learning_figures(activity.service, activity.store, found))


async def _to_folder(request: web.Request) -> web.Response:
    """``/activity`` to ``/activity/``: the page's addresses are relative to its folder."""
    raise web.HTTPPermanentRedirect(f"/activity/?{request.query_string}")


def add_routes(app: web.Application, activity: Activity) -> None:
    """The Activity's routes on the web companion's application."""
    app[_ACTIVITY] = activity

    async def stop(app: web.Application) -> None:
        activity.hub.stop()
        await activity.discord.close()

    app.on_shutdown.append(stop)
    app.router.add_get("/activity", _to_folder)
    app.router.add_get("/activity/", _index)
    app.router.add_get("/activity/static/{name}", _static)
    app.router.add_post("/activity/api/token", _token)
    app.router.add_get("/activity/api/events", _events)
    app.router.add_post("/activity/api/move", _move)
    app.router.add_post("/activity/api/coach", _coach)
