"""A member's session in the Activity: who they are (from Discord's answer to the OAuth2
code, never from the page), in which server, channel and Activity instance, until when.

A session is a signed token the page sends with every request: its fields in base64url
JSON and an HMAC-SHA256 of them, keyed from the application's client secret, so any
process of the bot with the same ``.env`` can check it and none has to remember it. A
token whose signature does not match (forged or altered), whose time is past, or used for
another instance than its own is refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import asdict, dataclass
from enum import Enum

from bot.i18n import Lang

__all__ = ["SESSION_SECONDS", "Session", "SessionCheck", "Sessions"]

SESSION_SECONDS = 3600.0
"""How long a sign-in lasts; the page signs in again through the SDK after that."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Session:
    """One member signed in to one Activity instance, in one server's channel."""

    member: int
    name: str
    guild: int
    channel: int
    instance: str
    lang: Lang
    until: float


class SessionCheck(Enum):
    """Why a token was refused (a good one is a :class:`Session`)."""

    FORGED = "forged"
    EXPIRED = "expired"
    ELSEWHERE = "elsewhere"
    """Signed for another Activity instance than the one the request names."""


class Sessions:
    """Issues and checks the tokens; ``secret`` is the application's client secret."""

    def __init__(self, secret: str) -> None:
        if not secret:
            raise ValueError("a session key needs the client secret")
        self._key = hmac.new(secret.encode(), b"holdem activity session", hashlib.sha256).digest()

    def _sign(self, body: bytes) -> str:
        digest = hmac.new(self._key, body, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def issue(self, session: Session) -> str:
        body = base64.urlsafe_b64encode(json.dumps(asdict(session)).encode()).rstrip(b"=")
        return f"{body.decode()}.{self._sign(body)}"

    def check(self, token: str, *, instance: str, now: float) -> Session | SessionCheck:
        """The session of ``token`` if it is ours, current and for ``instance``."""
        body, _, signature = token.partition(".")
        if not body or not hmac.compare_digest(signature, self._sign(body.encode())):
            return SessionCheck.FORGED
        try:
            fields = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            session = Session(**fields)
        except (ValueError, TypeError):
            return SessionCheck.FORGED
        if now >= session.until:
            return SessionCheck.EXPIRED
        if session.instance != instance:
            return SessionCheck.ELSEWHERE
        return session
