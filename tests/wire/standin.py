"""A stand-in for Discord on 127.0.0.1: enough REST and gateway for the real bot to log in,
sync its commands, and play whole hands with several members.

REST lives under ``/api/v10``, the gateway at ``/gateway`` (a new connection after a restart
gets READY and GUILD_CREATE again; command ids stay stable across syncs, as Discord's do).
Every request is kept in :attr:`StandIn.requests` with its route template and whether it
counts against the bot's global rate limit (:attr:`Request.limited`: everything except
interaction callbacks and the interaction webhooks, which Discord does not limit that way).
A route the stand-in does not know is answered 404 (JSON, code 0) and kept in
:attr:`StandIn.unknown`.

Group DMs where members installed the app for themselves (:mod:`.anywhere`, made with
:meth:`StandIn.group_dm`) take nothing from the bot's own REST calls: each is refused (403,
50001) and kept in :attr:`StandIn.outside`.

The channels (:mod:`.channels`, served by :mod:`.rest_channels`; threads by :mod:`.rest_threads`,
read with :meth:`StandIn.thread` and :meth:`StandIn.threads`) follow every post, edit,
delete, interaction reply (types 4, 5, 6, 7: an update may upload new attachments), follow-up
(posted, edited and deleted through the interaction's webhook) and original-response edit
(served by :mod:`.rest_interactions`), with Discord's layout components (Components V2) and
the members each new message notifies; a body Discord would refuse is answered 400 (50035).
A modal shown (type 9) is kept on its interaction so a test can submit it.
:meth:`StandIn.fail` makes chosen calls fail the way Discord does (a 404 with a code, or a
429 with ``retry_after`` so discord.py's real retry runs); a failed interaction callback kills
that interaction's token, as a late answer does in Discord. Time-bound rules (a token's
15 minutes) follow :attr:`StandIn.clock`, which a test may move forward (:mod:`.clock`).
This module keeps the life cycle, the recording of every call, the start-up routes and the
gateway's READY.

Members act through :mod:`.members`. Only ever binds 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import payloads
from .anywhere import GroupDM
from .channels import Channel, Closed, Message, Refused, parse_body
from .clock import Clock
from .gateway import Gateway
from .payloads import Person, snowflake
from .records import ENTRY, Fault, Interaction, Request
from .records import json_response as _json
from .rest_interactions import InteractionRoutes
from .rest_oauth import OAuth
from .rest_scheduled_events import ScheduledEventRoutes
from .rest_threads import ThreadRoutes

__all__ = ["HOST", "Fault", "Interaction", "Request", "StandIn"]

HOST = "127.0.0.1"
log = logging.getLogger("holdem.tests.standin")
API = "/api/v10"


@dataclass
class StandIn(InteractionRoutes, ThreadRoutes, ScheduledEventRoutes):
    application_id: int
    guild_id: int
    channel_id: int = 1_200_000_000_000_000_002
    owner_id: int = 1_200_000_000_000_000_003
    people: list[Person] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    unknown: list[Request] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    interactions: dict[str, Interaction] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    synced: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    notified: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    """Every new message that notified someone: its id and whom, in order."""
    outside: list[Request] = field(default_factory=list)
    """The bot's own calls to a channel it is not in, each refused (403, 50001)."""
    sent: dict[str, Message] = field(default_factory=dict)
    """Every message the bot created, by id, deleted ones included (where and what it was)."""
    clock: Clock = field(default_factory=Clock)
    """Discord's time (:mod:`.clock`): a test moves it to age interaction tokens."""
    scheduled: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The guild's scheduled events by id (:mod:`.rest_scheduled_events`)."""
    interested: dict[str, list[int]] = field(default_factory=dict)
    bot_permissions: int = int(payloads.BOT_PERMISSIONS)
    """The bot's guild permissions the scheduled events' routes judge (a test may take some)."""
    port: int = 0

    def __post_init__(self) -> None:
        self.identified = asyncio.Event()
        self.guild_synced = asyncio.Event()
        self.changed = asyncio.Condition()
        self.channels[self.channel_id] = Channel(id=self.channel_id, guild_id=self.guild_id)
        self.bot = Person(id=self.application_id, name="Holdem Dealer", bot=True)
        self._command_ids: dict[str, str] = {}
        self._runner: web.AppRunner | None = None
        self.gateway = Gateway(self._identified)
        self.oauth = OAuth(self.application_id, self.people)
        """The Activity's sign-in: OAuth2 codes and tokens, Activity instances."""

    # ------------------------------------------------------------------ lifecycle
    @property
    def api_base(self) -> str:
        return f"http://{HOST}:{self.port}/api"

    @property
    def gateway_url(self) -> str:
        return f"ws://{HOST}:{self.port}/gateway"

    @property
    def channel(self) -> Channel:
        return self.channels[self.channel_id]

    async def start(self) -> None:
        app = web.Application(middlewares=[self._record])
        app.router.add_get("/gateway", self.gateway.handle)
        rest = self._rest
        for method, route, handler in (
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/gateway/bot", self._gateway_bot),
            ("GET", "/gateway", self._gateway_bot),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._sync),
            ("PUT", "/applications/{app}/commands", self._sync),
            ("POST", "/interactions/{interaction}/{token}/callback", self._callback),
            ("GET", "/webhooks/{app}/{token}/messages/@original", self._original),
            ("PATCH", "/webhooks/{app}/{token}/messages/@original", self._original),
            ("DELETE", "/webhooks/{app}/{token}/messages/@original", self._original),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._original),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._original),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._original),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._message),
            ("GET", "/channels/{channel}", self._get_channel),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/users/{user}", self._get_user),
            ("GET", "/guilds/{guild}/members/{user}", self._get_member),
            *self.thread_routes(),
            *self.scheduled_event_routes(),
            *self.oauth.routes(),
        ):
            app.router.add_route(method, API + route, rest(handler))
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ------------------------------------------------------------------ for tests
    def fail(
        self,
        method: str,
        route: str,
        *,
        status: int,
        code: int = 0,
        times: int = 1,
        when: Callable[[Request], bool] | None = None,
    ) -> Fault:
        """Make the next ``times`` matching calls fail; the fault records what it hit."""
        fault = Fault(method, route, status, code, times, when)
        self.faults.append(fault)
        return fault

    def calls(self, since: int = 0) -> list[Request]:
        return self.requests[since:]

    async def wait_for(self, check: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``check()`` is truthy (re-checked after every request); its value."""
        async with self.changed:
            return await asyncio.wait_for(self.changed.wait_for(check), timeout)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send a gateway event on the bot's current connection."""
        await self.gateway.dispatch(event, data)

    def command_id(self, name: str) -> str:
        return self._command_ids[name]

    def command(self, name: str, *, scope: int | None = None) -> dict[str, Any]:
        """A command as synced in the guild (``scope`` 0: the global commands)."""
        where = self.guild_id if scope is None else scope
        for command in self.synced.get(where, []):
            if command["name"] == name:
                return command
        raise LookupError(f"no /{name} in the sync of {where}")

    def group_dm(self, *members: Person) -> GroupDM:
        """A new group DM of ``members``; the bot is not in it."""
        channel = GroupDM(id=int(snowflake()), guild_id=None, recipients=[m.id for m in members])
        self.channels[channel.id] = channel
        return channel

    # ------------------------------------------------------------------ REST plumbing
    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        raw = await request.read() if request.can_read_body else b""
        body = parse_body(request.headers.get("Content-Type", ""), raw)
        resource = getattr(request.match_info.route, "resource", None)
        route = resource.canonical if resource is not None else request.path
        entry = Request(
            method=request.method,
            path=request.path,
            route=route.removeprefix(API),
            query=dict(request.query),
            body=body.json,
            files=body.files,
            at=time.monotonic(),
        )
        self.requests.append(entry)
        request[ENTRY] = entry
        fault = next((f for f in self.faults if f.matches(entry)), None)
        try:
            if fault is not None:
                fault.times -= 1
                fault.hits.append(entry)
                response: web.StreamResponse = self._failed(entry, fault)
            elif self._unreachable(request):
                self.outside.append(entry)
                response = _json(payloads.error_body(403, 50001), 403)
            else:
                response = await handler(request)
        except Refused as refused:
            invalid = {"_errors": [{"code": "COMPONENT_INVALID", "message": str(refused)}]}
            body = {"message": "Invalid Form Body", "code": 50035, "errors": {"data": invalid}}
            response = _json(body, 400)
        except Closed as closed:
            response = _json(payloads.error_body(400, closed.code), 400)
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            self.unknown.append(entry)
            message = f"404: no route {request.method} {request.path}"
            response = _json({"message": message, "code": 0}, 404)
        entry.status = response.status
        log.info("%s %s -> %s", request.method, request.path, response.status)
        async with self.changed:
            self.changed.notify_all()
        return response

    def _unreachable(self, request: web.Request) -> bool:
        """A channel the bot is not in (a group DM where members installed the app): its
        own REST calls there are refused; what goes through a token is not."""
        channel = request.match_info.get("channel")
        return channel is not None and isinstance(self.channels.get(int(channel)), GroupDM)

    def _failed(self, entry: Request, fault: Fault) -> web.Response:
        """A refused callback (not a 429, which is retried) ends the interaction: the bot
        tried to answer, and the token is dead from then on."""
        if entry.route.startswith("/interactions/") and fault.status != 429:
            interaction = self.interactions.get(entry.path.split("/")[-2])
            if interaction is not None:
                interaction.dead = True
                interaction.callbacks.append(entry)
                interaction.answered.set()
        return fault.response()

    def refuse(self, interaction: Interaction, *, status: int, code: int) -> Fault:
        """Refuse the bot's answer to ``interaction`` (e.g. 404, 10062: too late)."""
        return self.fail(
            "POST",
            "/interactions/{interaction}/{token}/callback",
            status=status,
            code=code,
            when=lambda r: r.path.split("/")[-2] == interaction.token,
        )

    def _rest(self, handler: Callable[[web.Request], Any]) -> Callable[[web.Request], Any]:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            result = await handler(request)
            return result if isinstance(result, web.StreamResponse) else _json(result)

        return wrapped

    # ------------------------------------------------------------------ REST: start-up
    async def _me(self, request: web.Request) -> Any:
        if request.headers.get("Authorization", "").startswith("Bearer "):
            return self.oauth.me(request)  # a member's OAuth2 token, not the bot's
        return {**payloads.user(self.bot), "mfa_enabled": False, "verified": True}

    async def _application(self, request: web.Request) -> Any:
        owner = Person(id=self.owner_id, name="owner")
        return {
            "id": str(self.application_id),
            "name": "Holdem Dealer",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": payloads.user(owner),
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "team": None,
            "bot": payloads.user(self.bot),
        }

    async def _gateway_bot(self, request: web.Request) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}

    async def _sync(self, request: web.Request) -> Any:
        guild = request.match_info.get("guild")
        echoed = []
        for command in request[ENTRY].body or []:
            name = command["name"]
            item = {"type": 1, "description": "", **command}
            item.update(
                id=self._command_ids.setdefault(name, snowflake()),
                application_id=str(self.application_id),
                version=snowflake(),
            )
            if guild is not None:
                item["guild_id"] = guild
            echoed.append(item)
        self.synced[int(guild) if guild else 0] = echoed
        if guild is not None and int(guild) == self.guild_id:
            self.guild_synced.set()
        return echoed

    # ------------------------------------------------------------------ gateway
    async def _identified(self) -> None:
        await self._ready()
        self.identified.set()

    async def _ready(self) -> None:
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": payloads.user(self.bot),
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": f"standin-session-{snowflake()}",
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        channels = [payloads.text_channel(self.channel_id, self.guild_id)]
        people = [self.bot, *(p for p in self.people if p.in_server)]
        threads = [
            t.to_json(me=self.bot.id)
            for t in self.threads()
            if t.guild_id == self.guild_id and not t.archived
        ]
        guild = payloads.guild(
            self.guild_id, owner=self.owner_id, channels=channels, people=people, threads=threads
        )
        guild["guild_scheduled_events"] = self.scheduled_events()
        await self.dispatch("GUILD_CREATE", guild)
