"""The stand-in's OAuth2 and Activity instances, modelled on Discord's documentation
(OAuth2: the authorization-code grant; Application: Get Application Activity Instance):

- ``POST /oauth2/token`` takes the form ``client_id``, ``client_secret``, ``grant_type``
  (``authorization_code``) and ``code``; a code works once, for the application it was
  granted to. The answer is ``access_token``, ``token_type`` (``Bearer``), ``expires_in``,
  ``refresh_token`` and ``scope``; a wrong client is 401 ``invalid_client``, a used or
  unknown code 400 ``invalid_grant``.
- ``GET /users/@me`` with ``Authorization: Bearer <access token>`` is the member the token
  was granted to, with their ``locale`` (scope ``identify``); an unknown token is 401.
- ``GET /applications/{app}/activity-instances/{instance}`` (the bot's token) is the
  instance: its ``location`` (``kind`` ``gc``, ``guild_id``, ``channel_id``) and ``users``.

A test grants codes the way the Discord client does when the Activity's page asks it to
authorize (:meth:`OAuth.grant`), opens instances (:meth:`OAuth.open_instance`) and may
expire a token (:meth:`OAuth.revoke`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import payloads
from .payloads import Person
from .records import json_response

__all__ = ["CLIENT_SECRET", "ActivityInstance", "OAuth"]

CLIENT_SECRET = "stand-in-client-secret-0123456789"


@dataclass
class ActivityInstance:
    id: str
    guild_id: int | None
    channel_id: int
    users: list[int] = field(default_factory=list)


class OAuth:
    """Codes, access tokens and instances of the stand-in's one application."""

    def __init__(self, application_id: int, people: list[Person]) -> None:
        self.application_id = application_id
        self.people = people
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.instances: dict[str, ActivityInstance] = {}
        self.exchanged: list[str] = []
        """Every code presented at the token endpoint, good or not."""

    def routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("POST", "/oauth2/token", self._token),
            ("GET", "/applications/{app}/activity-instances/{instance}", self._instance),
        ]

    def grant(self, member: int) -> str:
        code = secrets.token_urlsafe(12)
        self.codes[code] = member
        return code

    def revoke(self, token: str) -> None:
        self.tokens.pop(token, None)

    def open_instance(self, instance: ActivityInstance) -> ActivityInstance:
        self.instances[instance.id] = instance
        return instance

    def person(self, token: str) -> Person | None:
        member = self.tokens.get(token)
        return next((p for p in self.people if p.id == member), None)

    async def _token(self, request: web.Request) -> web.Response:
        form = await request.post()
        code = str(form.get("code", ""))
        self.exchanged.append(code)
        if (
            form.get("client_id") != str(self.application_id)
            or form.get("client_secret") != CLIENT_SECRET
        ):
            return json_response({"error": "invalid_client"}, 401)
        member = self.codes.pop(code, None)
        if form.get("grant_type") != "authorization_code" or member is None:
            body = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
            return json_response(body, 400)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = member
        return json_response(
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": 604800,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        )

    def me(self, request: web.Request) -> web.Response:
        """``/users/@me`` for a Bearer token (the bot's own is the stand-in's)."""
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        person = self.person(token)
        if person is None:
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        return json_response({**payloads.user(person), "locale": person.locale})

    async def _instance(self, request: web.Request) -> web.Response:
        found = self.instances.get(request.match_info["instance"])
        if not request.headers.get("Authorization", "").startswith("Bot ") or (
            request.match_info["app"] != str(self.application_id)
        ):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        if found is None:
            return json_response({"message": "Unknown Activity Instance", "code": 10001}, 404)
        kind = "gc" if found.guild_id else "pc"
        location = f"{kind}-{found.guild_id or ''}-{found.channel_id}"
        return json_response(
            {
                "application_id": str(self.application_id),
                "instance_id": found.id,
                "launch_id": payloads.snowflake(),
                "location": {
                    "id": location,
                    "kind": kind,
                    "channel_id": str(found.channel_id),
                    "guild_id": None if found.guild_id is None else str(found.guild_id),
                },
                "users": [str(u) for u in found.users],
            }
        )
