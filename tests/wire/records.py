"""The stand-in's records: each REST call, each injected fault, each interaction a member
made and what the bot answered on it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import payloads
from .payloads import Person

__all__ = ["ENTRY", "Fault", "Gone", "Interaction", "Request", "json_response"]


@dataclass
class Request:
    method: str
    path: str
    route: str
    """The route template, e.g. ``/channels/{channel}/messages``."""
    query: dict[str, str]
    body: Any
    files: dict[str, int]
    at: float
    status: int = 0

    @property
    def limited(self) -> bool:
        """Whether the call counts against the bot's global REST rate limit."""
        return not self.route.startswith(("/interactions/", "/webhooks/"))

    @property
    def key(self) -> str:
        return f"{self.method} {self.route}"


@dataclass
class Fault:
    """Answer matching calls with ``status`` (and Discord's ``code``), ``times`` times."""

    method: str
    route: str
    status: int
    code: int = 0
    times: int = 1
    when: Callable[[Request], bool] | None = None
    retry_after: float = 0.2
    hits: list[Request] = field(default_factory=list)

    def matches(self, request: Request) -> bool:
        if self.times <= 0 or self.method not in ("*", request.method):
            return False
        if self.route != request.route:
            return False
        return self.when is None or self.when(request)

    def response(self) -> web.Response:
        body = payloads.error_body(self.status, self.code)
        headers = {"Via": "1.1 google"}
        if self.status == 429:
            body["retry_after"] = self.retry_after
            headers.update(
                {
                    "Retry-After": str(max(1, round(self.retry_after))),
                    "X-RateLimit-Limit": "1",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
                    "X-RateLimit-Bucket": "standin-injected",
                    "X-RateLimit-Scope": "user",
                }
            )
        return json_response(body, self.status, headers)


@dataclass
class Interaction:
    """One interaction a member made, and everything the bot answered on it."""

    id: str
    token: str
    kind: int
    person: Person
    channel_id: int
    message_id: str | None = None
    """The message whose button was clicked (type 3)."""
    callbacks: list[Request] = field(default_factory=list)
    original: str | None = None
    """The message the answer created or updated."""
    modal: dict[str, Any] | None = None
    followups: list[str] = field(default_factory=list)
    edited: bool = False
    """Whether the bot edited the original response's text (how a deferred answer shows)."""
    loading: bool = False
    """A deferred answer (type 5) still showing "thinking": the next follow-up fills it."""
    dead: bool = False
    owners: dict[str, str] = field(default_factory=dict)
    """``authorizing_integration_owners``: ``{"0": guild}`` in a server, ``{"1": user}`` where
    only a member's own install authorized it."""
    created: float = 0.0
    """When the member made it, on the stand-in's clock (:mod:`.clock`): its token expires
    :data:`~.clock.TOKEN_LIFETIME` seconds later."""

    def __post_init__(self) -> None:
        self.answered = asyncio.Event()

    @property
    def user_install_only(self) -> bool:
        """Only a user install authorized it (its follow-ups are limited)."""
        return set(self.owners) == {"1"}


def json_response(
    payload: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py compares the header verbatim
    # and treats anything else (such as "application/json; charset=utf-8") as text.
    merged = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(payload).encode(), status=status, headers=merged)


ENTRY = web.RequestKey("entry", Request)
"""The request's :class:`Request` record, put on it by the stand-in's recording middleware."""


class Gone(Exception):
    """An interaction token that is unknown, dead or expired: ``body`` is Discord's error,
    ``status`` its HTTP status."""

    def __init__(self, body: dict[str, Any], status: int = 404) -> None:
        super().__init__(body["message"])
        self.body = body
        self.status = status
