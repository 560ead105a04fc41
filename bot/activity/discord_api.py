"""The three calls the Activity makes to Discord, all from the server: the OAuth2 code
exchanged for the member's access token (with the client secret, which never reaches the
page), the member read with that token, and the Activity instance read with the bot's
token, which says where the instance runs (server and channel) and who is in it.

Each answers a value or raises :class:`Unauthorized` with a short reason for the log; the
page is only told that sign-in failed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiohttp

__all__ = ["DiscordApi", "Instance", "Member", "Unauthorized"]


class Unauthorized(Exception):
    """Discord refused the code, the token or the instance."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Member:
    id: int
    name: str
    locale: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Instance:
    """An Activity instance as Discord describes it: its place and its users."""

    id: str
    guild: int | None
    channel: int
    users: frozenset[int]


class DiscordApi:
    """Discord's REST API at ``api`` (``…/api/v10``) for the application ``client_id``."""

    def __init__(self, api: str, *, client_id: int, client_secret: str, bot_token: str) -> None:
        self.api = api
        self.client_id = client_id
        self._secret = client_secret
        self._bot = bot_token
        self._http: aiohttp.ClientSession | None = None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        async with self._session().request(method, self.api + path, **kwargs) as answer:
            if answer.status != 200:
                raise Unauthorized(f"{method} {path}: {answer.status}")
            return await answer.json()

    async def exchange(self, code: str) -> str:
        """The access token for an authorization code (``/oauth2/token``)."""
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        got = await self._json("POST", "/oauth2/token", data=form)
        token = got.get("access_token") if isinstance(got, dict) else None
        if not isinstance(token, str) or not token:
            raise Unauthorized("no access token in the answer")
        return token

    async def member(self, access_token: str) -> Member:
        """The member the access token belongs to (``/users/@me``, scope ``identify``)."""
        got = await self._json(
            "GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"}
        )
        try:
            name = got.get("global_name") or got["username"]
            return Member(id=int(got["id"]), name=str(name), locale=str(got.get("locale") or ""))
        except (KeyError, TypeError, ValueError) as error:
            raise Unauthorized(f"a user without {error}") from None

    async def instance(self, instance_id: str) -> Instance:
        """Where the Activity instance runs and who is in it (the bot's token)."""
        got = await self._json(
            "GET",
            f"/applications/{self.client_id}/activity-instances/{instance_id}",
            headers={"Authorization": f"Bot {self._bot}"},
        )
        try:
            where = got["location"]
            guild = where.get("guild_id")
            return Instance(
                id=str(got["instance_id"]),
                guild=int(guild) if guild else None,
                channel=int(where["channel_id"]),
                users=frozenset(int(u) for u in got.get("users", [])),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise Unauthorized(f"an instance without {error}") from None
