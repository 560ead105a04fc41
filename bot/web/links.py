"""Signed links: a key that opens one server's pages until it expires.

A key is ``<expiry>.<mac>``: the expiry in whole seconds since the epoch and the first 32 hex
digits of HMAC-SHA256 over ``holdem-web:v1:<guild id>:<expiry>`` with the secret from the
settings. The server's id is inside the MAC, so a key made for one server opens nothing on
another; the expiry is too, so it cannot be stretched. A forged key and an expired one are
told apart only to say "ask for a new link": neither shows anything.

>>> key = sign(b"k" * 32, 42, expires=2_000)
>>> check(b"k" * 32, 42, key, now=1_000), check(b"k" * 32, 43, key, now=1_000)
(<Access.GRANTED: 'granted'>, <Access.FORGED: 'forged'>)
>>> check(b"k" * 32, 42, key, now=3_000)
<Access.EXPIRED: 'expired'>
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from enum import Enum
from urllib.parse import quote

from bot.settings import ConfigError, WebSettings, load_web_settings

__all__ = ["Access", "check", "expiry", "link", "page_link", "pages_public", "sign"]

_KEY = re.compile(r"([0-9]{1,12})\.([0-9a-f]{32})")


class Access(Enum):
    GRANTED = "granted"
    EXPIRED = "expired"
    FORGED = "forged"


def _mac(secret: bytes, guild_id: int, expires: int) -> str:
    message = f"holdem-web:v1:{guild_id}:{expires}".encode("ascii")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:32]


def sign(secret: bytes, guild_id: int, *, expires: int) -> str:
    """The key that opens ``guild_id``'s pages until ``expires``."""
    if not secret:
        raise ValueError("no secret: set HOLDEM_WEB_SECRET to make links")
    return f"{expires}.{_mac(secret, guild_id, expires)}"


def check(secret: bytes, guild_id: int, key: str, *, now: float) -> Access:
    """Whether ``key`` opens ``guild_id``'s pages at ``now`` (no secret: nothing does)."""
    found = _KEY.fullmatch(key)
    if not secret or found is None:
        return Access.FORGED
    expires = int(found[1])
    if not hmac.compare_digest(found[2], _mac(secret, guild_id, expires)):
        return Access.FORGED
    return Access.GRANTED if now < expires else Access.EXPIRED


def expiry(key: str) -> int | None:
    """When a key says it expires (checked or not: ask :func:`check` first); ``None`` for
    a text that is no key.

    >>> expiry(sign(b"k" * 32, 42, expires=2_000)), expiry("nonsense")
    (2000, None)
    """
    found = _KEY.fullmatch(key)
    return None if found is None else int(found[1])


def link(root: str, secret: bytes, guild_id: int, path: str, *, now: float, days: float) -> str:
    """A signed address of one of ``guild_id``'s pages: ``path`` is the page below the
    server's own (``hand/12``, ``leaderboard``, ``member/34``); for the bot's commands."""
    key = sign(secret, guild_id, expires=int(now + days * 86400))
    return f"{root.rstrip('/')}/g/{guild_id}/{quote(path)}?k={key}"


def _pages_on(environ: Mapping[str, str] | None) -> WebSettings | None:
    """The web settings when the pages are on (``HOLDEM_WEB`` or ``HOLDEM_WEB_BASE_URL`` set)
    and right; else ``None``."""
    try:
        settings = load_web_settings(environ)
    except ConfigError:
        return None
    return settings if settings.beside or settings.base_url else None


def pages_public(
    guild_id: int, *, chosen: bool, environ: Mapping[str, str] | None = None
) -> bool | None:
    """Whether anyone may read a server's pages: its admins chose so (``chosen``, the
    ``web_pages`` setting) or the operator lists it in ``HOLDEM_WEB_PUBLIC``; ``None`` when the
    pages are off.

    >>> env = {"HOLDEM_WEB_BASE_URL": "https://poker.example.org", "HOLDEM_WEB_PUBLIC": "7"}
    >>> [pages_public(g, chosen=c, environ=env) for g, c in ((7, False), (8, True), (8, False))]
    [True, True, False]
    >>> pages_public(8, chosen=True, environ={}) is None
    True
    """
    settings = _pages_on(environ)
    if settings is None:
        return None
    return chosen or guild_id in settings.public


def page_link(
    guild_id: int,
    path: str,
    *,
    now: float,
    environ: Mapping[str, str] | None = None,
    public: bool = False,
) -> str | None:
    """The address of one of a server's pages for the bot's replies (``/holdem replay``,
    ``/holdem stats``): plain for a public server (``public``: its admins chose so; or the
    operator lists it), signed otherwise; ``None`` when the pages are off (neither
    ``HOLDEM_WEB`` nor ``HOLDEM_WEB_BASE_URL`` set), their settings are wrong, or there is no
    secret to sign with.

    >>> env = {"HOLDEM_WEB_BASE_URL": "https://poker.example.org", "HOLDEM_WEB_PUBLIC": "7"}
    >>> page_link(7, "hand/3", now=0.0, environ=env)
    'https://poker.example.org/g/7/hand/3'
    >>> page_link(8, "hand/3", now=0.0, environ=env, public=True)
    'https://poker.example.org/g/8/hand/3'
    >>> page_link(8, "hand/3", now=0.0, environ=env) is None
    True
    """
    settings = _pages_on(environ)
    if settings is None:
        return None
    if public or guild_id in settings.public:
        return f"{settings.root.rstrip('/')}/g/{guild_id}/{quote(path)}"
    if not settings.secret:
        return None
    return link(settings.root, settings.secret, guild_id, path, now=now, days=settings.link_days)
