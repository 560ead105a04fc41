"""A small stand-in for Discord on 127.0.0.1: just enough REST and gateway for the bot to log
in, sync its commands to one guild and answer one slash command.

REST lives under ``/api/v10``, the gateway at ``/gateway``. Every request is logged in
:attr:`StandIn.requests`; a route the stand-in does not know is answered 404 (JSON, code 0)
and also recorded in :attr:`StandIn.unknown`. The first interaction callback is answered 429
with ``retry_after`` so discord.py's real retry path runs; the retry gets a 200.

Only ever binds 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

__all__ = ["HOST", "Request", "StandIn"]

HOST = "127.0.0.1"
log = logging.getLogger("holdem.tests.standin")

_EVERYONE_PERMISSIONS = "2248473465835073"  # view, send, embed, attach, history, use commands …
_ids = itertools.count(1_300_000_000_000_000_001)


def snowflake() -> str:
    return str(next(_ids))


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 0


_ENTRY = web.RequestKey("entry", Request)


@dataclass
class StandIn:
    application_id: int
    guild_id: int
    channel_id: int = 1_200_000_000_000_000_002
    owner_id: int = 1_200_000_000_000_000_003
    player_id: int = 1_200_000_000_000_000_004
    retry_after: float = 0.1
    requests: list[Request] = field(default_factory=list)
    unknown: list[Request] = field(default_factory=list)
    gateway_frames: list[dict[str, Any]] = field(default_factory=list)
    synced: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    callbacks: list[Request] = field(default_factory=list)
    port: int = 0

    def __post_init__(self) -> None:
        self.identified = asyncio.Event()
        self.guild_synced = asyncio.Event()
        self.answered = asyncio.Event()  # a callback was accepted (after the 429)
        self.interaction_id = snowflake()
        self.interaction_token = "standin-interaction-token"
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sequence = 0

    # ------------------------------------------------------------------ lifecycle
    @property
    def api_base(self) -> str:
        return f"http://{HOST}:{self.port}/api"

    @property
    def gateway_url(self) -> str:
        return f"ws://{HOST}:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._record])
        app.router.add_get("/gateway", self._gateway)
        api = "/api/v10"
        app.router.add_get(api + "/users/@me", self._me)
        app.router.add_get(api + "/oauth2/applications/@me", self._application)
        app.router.add_get(api + "/gateway/bot", self._gateway_bot)
        app.router.add_get(api + "/gateway", self._gateway_bot)
        app.router.add_put(api + "/applications/{app}/guilds/{guild}/commands", self._sync)
        app.router.add_put(api + "/applications/{app}/commands", self._sync)
        app.router.add_post(api + "/interactions/{id}/{token}/callback", self._callback)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ------------------------------------------------------------------ REST
    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        body: Any = None
        if request.can_read_body:
            raw = await request.read()
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
        entry = Request(request.method, request.path, dict(request.query), body)
        self.requests.append(entry)
        request[_ENTRY] = entry
        try:
            response: web.StreamResponse = await handler(request)
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            self.unknown.append(entry)
            message = f"404: no route {request.method} {request.path}"
            response = _json({"message": message, "code": 0}, 404)
        entry.status = response.status
        log.info("%s %s -> %s", request.method, request.path, response.status)
        return response

    def _user(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "username": "Holdem Dealer",
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "flags": 0,
            "mfa_enabled": False,
            "verified": True,
        }

    async def _me(self, request: web.Request) -> web.Response:
        return _json(self._user())

    async def _application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": "Holdem Dealer",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {
                    "id": str(self.owner_id),
                    "username": "owner",
                    "discriminator": "0",
                    "avatar": None,
                    "global_name": None,
                },
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "team": None,
                "bot": self._user(),
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _sync(self, request: web.Request) -> web.Response:
        body = request[_ENTRY].body or []
        guild = request.match_info.get("guild")
        echoed = []
        for command in body:
            item = dict(command)
            item.setdefault("type", 1)
            item.setdefault("description", "")
            item.update(
                id=snowflake(), application_id=str(self.application_id), version=snowflake()
            )
            if guild is not None:
                item["guild_id"] = guild
            echoed.append(item)
        self.synced[int(guild) if guild else 0] = echoed
        if guild is not None and int(guild) == self.guild_id:
            self.guild_synced.set()
        return _json(echoed)

    async def _callback(self, request: web.Request) -> web.Response:
        entry: Request = request[_ENTRY]
        self.callbacks.append(entry)
        headers = {
            "Via": "1.1 google",
            "X-RateLimit-Bucket": "standin-interaction-callback",
            "X-RateLimit-Limit": "1",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Scope": "user",
        }
        if len(self.callbacks) == 1:
            headers["X-RateLimit-Remaining"] = "0"
            headers["Retry-After"] = "1"
            return _json(
                {
                    "message": "You are being rate limited.",
                    "retry_after": self.retry_after,
                    "global": False,
                },
                429,
                headers,
            )
        headers["X-RateLimit-Remaining"] = "0"
        self.answered.set()
        message_id = snowflake()
        data = entry.body.get("data", {}) if isinstance(entry.body, dict) else {}
        return _json(
            {
                "interaction": {
                    "id": request.match_info["id"],
                    "type": 2,
                    "response_message_id": message_id,
                    "response_message_loading": False,
                    "response_message_ephemeral": bool(data.get("flags", 0) & 64),
                }
            },
            200,
            headers,
        )

    # ------------------------------------------------------------------ gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await self._send(ws, {"op": 10, "d": {"heartbeat_interval": 45_000}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.gateway_frames.append(frame)
                op = frame.get("op")
                if op == 1:
                    await self._send(ws, {"op": 11})
                elif op == 2:
                    self.identified.set()
                    await self._ready(ws)
                    task = asyncio.create_task(self._interact_when_synced(ws))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
        finally:
            self._sockets.discard(ws)
        return ws

    async def _send(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        payload.setdefault("s", None)
        payload.setdefault("t", None)
        await ws.send_str(json.dumps(payload))

    async def _dispatch(self, ws: web.WebSocketResponse, event: str, data: Any) -> None:
        self._sequence += 1
        await self._send(ws, {"op": 0, "t": event, "s": self._sequence, "d": data})

    async def _ready(self, ws: web.WebSocketResponse) -> None:
        await self._dispatch(
            ws,
            "READY",
            {
                "v": 10,
                "user": self._user(),
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": "standin-session",
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        await self._dispatch(ws, "GUILD_CREATE", self.guild_payload())

    def guild_payload(self) -> dict[str, Any]:
        gid = str(self.guild_id)
        return {
            "id": gid,
            "name": "Stand-in Casino",
            "icon": None,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": 3,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "preferred_locale": "en-US",
            "features": [],
            "mfa_level": 0,
            "verification_level": 0,
            "explicit_content_filter": 0,
            "default_message_notifications": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
            "roles": [
                {
                    "id": gid,
                    "name": "@everyone",
                    "permissions": _EVERYONE_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [
                {
                    "id": str(self.channel_id),
                    "type": 0,
                    "name": "poker",
                    "position": 0,
                    "permission_overwrites": [],
                    "guild_id": gid,
                    "nsfw": False,
                    "parent_id": None,
                    "topic": None,
                    "rate_limit_per_user": 0,
                }
            ],
            "members": [
                {
                    "user": self._user(),
                    "roles": [],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def holdem_command_id(self) -> str:
        for command in self.synced.get(self.guild_id, []):
            if command["name"] == "holdem":
                return str(command["id"])
        raise LookupError("no /holdem in the guild sync")

    async def _interact_when_synced(self, ws: web.WebSocketResponse) -> None:
        await self.guild_synced.wait()
        gid = str(self.guild_id)
        await self._dispatch(
            ws,
            "INTERACTION_CREATE",
            {
                "id": self.interaction_id,
                "application_id": str(self.application_id),
                "type": 2,
                "token": self.interaction_token,
                "version": 1,
                "data": {
                    "id": self.holdem_command_id(),
                    "name": "holdem",
                    "type": 1,
                    "guild_id": gid,
                    "options": [{"name": "help", "type": 1, "options": []}],
                },
                "guild_id": gid,
                "guild": {"id": gid, "locale": "en-US", "features": []},
                "channel_id": str(self.channel_id),
                "channel": {
                    "id": str(self.channel_id),
                    "type": 0,
                    "name": "poker",
                    "guild_id": gid,
                    "position": 0,
                    "permission_overwrites": [],
                },
                "member": {
                    "user": {
                        "id": str(self.player_id),
                        "username": "player",
                        "discriminator": "0",
                        "global_name": "Player",
                        "avatar": None,
                    },
                    "roles": [],
                    "permissions": _EVERYONE_PERMISSIONS,
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                },
                "locale": "en-US",
                "guild_locale": "en-US",
                "app_permissions": _EVERYONE_PERMISSIONS,
                "entitlements": [],
                "authorizing_integration_owners": {"0": gid},
                "context": 0,
                "attachment_size_limit": 10 * 1024 * 1024,
            },
        )


def _json(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py compares the header verbatim
    # and treats anything else (such as "application/json; charset=utf-8") as text.
    merged = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(payload).encode(), status=status, headers=merged)
