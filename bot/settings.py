"""The bot's settings, read once from the environment (and ``.env``) into a frozen value.

:func:`load_settings` checks every setting and raises one :class:`ConfigError` that lists
*all* the problems, one line each, so a host fixes them in one pass instead of one per start.
Every setting is documented in ``.env.example`` and the operators' guide (``docs/operators.md``,
Settings).

>>> s = load_settings({"DISCORD_TOKEN": FAKE_TOKEN, "SHARD_COUNT": "4", "SHARD_IDS": "0-1"})
>>> s.shard_count, s.shard_ids, s.sharded, s.log_level
(4, (0, 1), True, 'INFO')
>>> b = load_settings({"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_BACKUP_DIR": "/backups",
...                    "HOLDEM_BACKUP_EVERY": "90m", "HOLDEM_BACKUP_KEEP": "3"})
>>> b.backup_dir, b.backup_every, b.backup_keep
('/backups', 5400.0, 3)
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from dotenv import dotenv_values

__all__ = [
    "DEFAULT_BACKUP_EVERY",
    "DEFAULT_BACKUP_KEEP",
    "DEFAULT_DB",
    "DEFAULT_LEASE_SECONDS",
    "LOG_LEVELS",
    "UPLOAD_LIMIT",
    "ConfigError",
    "Settings",
    "application_id_from_token",
    "default_heartbeat_path",
    "font_dirs_problem",
    "load_settings",
    "load_web_settings",
    "read_environment",
    "web_serving",
]

DEFAULT_DB = "./holdem.sqlite3"
DEFAULT_BACKUP_EVERY = 6 * 3600.0
DEFAULT_BACKUP_KEEP = 8
DEFAULT_LEASE_SECONDS = 30.0
DEFAULT_DEAL_PAUSE = 5.0
DEFAULT_COMPUTER_PAUSE = 2.0
_LEASE_RANGE = (3.0, 3600.0)
_MIN_BACKUP_EVERY = 5 * 60.0
_UNITS = {"m": 60.0, "h": 3600.0, "d": 86400.0}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"", "0", "false", "no", "off"})
# Discord bot tokens are three base64url parts: the application id, a timestamp, an HMAC.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}")
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's default upload limit for a bot's message, 10 MiB (a server's boosts raise it; an
interaction says its own as ``attachment_size_limit``): the one figure the pictures' budgets
are set from."""
_WHERE_TOKEN = "Developer Portal → your application → Bot → Reset Token"
_SNOWFLAKE_MAX = 2**64 - 1
_DATABASE_SCHEMES = ("postgresql://", "postgres://", "sqlite:///")
_MAX_SHARDS = 100_000

# A well-formed but fake token (application id 123456789012345678) for doctests and examples.
FAKE_TOKEN = (
    base64.urlsafe_b64encode(b"123456789012345678").decode().rstrip("=")
    + ".GabcDe.fake-token-for-tests-only_0123456789ab"
)


class ConfigError(Exception):
    """The settings cannot be used; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems: tuple[str, ...] = tuple(problems)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything the bot reads from its environment, checked.

    ``token`` is left out of ``repr`` so a settings object can be logged or printed.
    """

    token: str = field(repr=False)
    db_path: str = DEFAULT_DB
    dev_guild: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    shard_count: int | None = None
    """``None``: one unsharded client; ``0``: auto-sharded with Discord's recommended count."""
    shard_ids: tuple[int, ...] | None = None
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    """How long a table's lease lasts when several processes share the database: a process
    that dies leaves its tables for this long before another takes them over."""
    i18n_strict: bool = False
    heartbeat_path: str = ""
    backup_dir: str | None = None
    """The folder for the running bot's scheduled backups; ``None``: no scheduled backups."""
    backup_every: float = DEFAULT_BACKUP_EVERY
    """Seconds between two scheduled backups."""
    backup_keep: int = DEFAULT_BACKUP_KEEP
    """How many scheduled backups to keep (the oldest beyond are deleted)."""
    deal_pause: float = DEFAULT_DEAL_PAUSE
    """Seconds between the end of a hand and the next deal (and before a tournament table's
    first hand): time to read the result."""
    computer_pause: float = DEFAULT_COMPUTER_PAUSE
    """Seconds a computer player waits before it acts, so people can follow the table."""
    runout_pause: float | None = None
    """Seconds between the streets of an all-in run-out at every table, instead of each
    server's house rule (``None``: the house rule; for demos and tests)."""
    render_workers: int | None = None
    """How many processes draw the pictures (``None``: one per core, at most four)."""

    @property
    def sharded(self) -> bool:
        """Whether to run discord.py's ``AutoShardedClient`` (``SHARD_COUNT`` is set)."""
        return self.shard_count is not None

    @property
    def application_id(self) -> int | None:
        """The application id encoded in the token (for the invite link), if readable."""
        return application_id_from_token(self.token)


def read_environment(dotenv_path: str | os.PathLike[str] = ".env") -> dict[str, str]:
    """The process environment over the values of ``.env`` (the environment wins)."""
    values = {k: v for k, v in dotenv_values(dotenv_path).items() if v is not None}
    values.update(os.environ)
    return values


def application_id_from_token(token: str) -> int | None:
    """The application (client) id a bot token starts with, or ``None`` if not a token.

    >>> application_id_from_token(FAKE_TOKEN)
    123456789012345678
    >>> application_id_from_token("nonsense") is None
    True
    """
    head = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(decoded) if decoded.isdigit() and 0 < int(decoded) <= _SNOWFLAKE_MAX else None


def default_heartbeat_path(db_path: str) -> str:
    """``HOLDEM_HEARTBEAT``'s default: beside the database (``/data/holdem.sqlite3-heartbeat``),
    or in the working folder for a database that is not a file (a PostgreSQL server)."""
    db_path = db_path.removeprefix("sqlite:///")
    if "://" in db_path:
        return "./holdem-heartbeat"
    if db_path.startswith("file:") or db_path == ":memory:":
        return "./holdem.sqlite3-heartbeat"
    return db_path + "-heartbeat"


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Read and check every setting; raise :class:`ConfigError` listing all problems.

    ``environ`` defaults to :func:`read_environment` (the environment over ``.env``); tests
    pass a plain dict and no file is read.
    """
    env = read_environment() if environ is None else environ
    problems: list[str] = []

    def get(name: str) -> str:
        return env.get(name, "").strip()

    token = _token(get("DISCORD_TOKEN"), problems)
    # A database URL (PostgreSQL, or sqlite:///file) wins over the plain SQLite file.
    db_path = get("HOLDEM_DATABASE_URL") or get("HOLDEM_DB") or DEFAULT_DB
    if get("HOLDEM_DATABASE_URL") and not db_path.startswith(_DATABASE_SCHEMES):
        problems.append(
            "HOLDEM_DATABASE_URL must start with postgresql:// (a PostgreSQL database, like "
            "postgresql://holdem:password@localhost:5432/holdem) or sqlite:/// (an SQLite file); "
            f"got {db_path.split('://', 1)[0]}:// (leave it empty to use HOLDEM_DB)"
        )
    dev_guild = _snowflake("HOLDEM_DEV_GUILD", get("HOLDEM_DEV_GUILD"), problems)
    log_level = _log_level(get("LOG_LEVEL"), problems)
    api_base = _url("DISCORD_API_BASE", get("DISCORD_API_BASE"), ("http", "https"), problems)
    gateway = _url("DISCORD_GATEWAY_URL", get("DISCORD_GATEWAY_URL"), ("ws", "wss"), problems)
    shard_count = _shard_count(get("SHARD_COUNT"), problems)
    shard_ids = _shard_ids(get("SHARD_IDS"), shard_count, problems)
    lease_seconds = _lease_seconds(get("HOLDEM_LEASE_SECONDS"), problems)
    i18n_strict = _flag("HOLDEM_I18N_STRICT", get("HOLDEM_I18N_STRICT"), problems)
    heartbeat = get("HOLDEM_HEARTBEAT") or default_heartbeat_path(db_path)
    backup_dir = get("HOLDEM_BACKUP_DIR") or None
    backup_every = _duration("HOLDEM_BACKUP_EVERY", get("HOLDEM_BACKUP_EVERY"), problems)
    backup_keep = _count("HOLDEM_BACKUP_KEEP", get("HOLDEM_BACKUP_KEEP"), problems)
    deal_pause = _pause("HOLDEM_DEAL_PAUSE", get("HOLDEM_DEAL_PAUSE"), DEFAULT_DEAL_PAUSE, problems)
    computer_pause = _pause(
        "HOLDEM_COMPUTER_PAUSE", get("HOLDEM_COMPUTER_PAUSE"), DEFAULT_COMPUTER_PAUSE, problems
    )
    raw_runout = get("HOLDEM_RUNOUT_PAUSE")
    runout_pause = _pause("HOLDEM_RUNOUT_PAUSE", raw_runout, 0.0, problems) if raw_runout else None
    render_workers = _render_workers(get("HOLDEM_RENDER_WORKERS"), problems)
    if problems:
        raise ConfigError(problems)
    return Settings(
        token=token,
        db_path=db_path,
        dev_guild=dev_guild,
        log_level=log_level,
        api_base=api_base,
        gateway_url=gateway,
        shard_count=shard_count,
        shard_ids=shard_ids,
        lease_seconds=lease_seconds,
        i18n_strict=i18n_strict,
        heartbeat_path=heartbeat,
        backup_dir=backup_dir,
        backup_every=backup_every,
        backup_keep=backup_keep,
        deal_pause=deal_pause,
        computer_pause=computer_pause,
        runout_pause=runout_pause,
        render_workers=render_workers,
    )


# ---------------------------------------------------------------------- one check per setting
# Each returns the parsed value (or a harmless default) and appends its problems in words.
# A message never repeats the token itself.


def _token(raw: str, problems: list[str]) -> str:
    token = raw.strip("'\"").strip()
    if not token:
        problems.append(
            "DISCORD_TOKEN is not set: put your bot token in .env, a file in the folder the bot "
            "starts in, as DISCORD_TOKEN=<token> (or set it in the environment); the token is "
            f"under {_WHERE_TOKEN}"
        )
        return ""
    if token.lower().startswith("bot "):
        problems.append("DISCORD_TOKEN starts with 'Bot ': put the token alone, without 'Bot '")
    elif _digits(token):
        problems.append(
            "DISCORD_TOKEN looks like an application id, not a token: the token is under "
            f"{_WHERE_TOKEN}"
        )
    elif re.fullmatch(r"[0-9a-f]{64}", token):
        problems.append(
            "DISCORD_TOKEN looks like the application's public key, not a token: the token is "
            f"under {_WHERE_TOKEN}"
        )
    elif "." not in token and re.fullmatch(r"[A-Za-z0-9_-]{20,40}", token):
        problems.append(
            "DISCORD_TOKEN looks like an OAuth2 client secret, not a bot token: the token is "
            f"under {_WHERE_TOKEN}"
        )
    elif not _TOKEN.fullmatch(token) or application_id_from_token(token) is None:
        problems.append(
            f"DISCORD_TOKEN is not a Discord bot token ({len(token)} characters; a token is "
            f"three dot-separated parts, about 70 characters): copy it again from {_WHERE_TOKEN}"
        )
    return token


def _snowflake(name: str, raw: str, problems: list[str]) -> int | None:
    if not raw:
        return None
    if _digits(raw) and 0 < int(raw) <= _SNOWFLAKE_MAX:
        return int(raw)
    problems.append(
        f"{name} must be a server id, a number like 123456789012345678 (Discord settings → "
        f"Advanced → Developer Mode, then right-click the server → Copy Server ID); got {raw!r}"
    )
    return None


def _log_level(raw: str, problems: list[str]) -> str:
    level = raw.upper() or "INFO"
    if level == "WARN":
        level = "WARNING"
    if level not in LOG_LEVELS:
        problems.append(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; got {raw!r}")
        return "INFO"
    return level


def _url(name: str, raw: str, schemes: tuple[str, ...], problems: list[str]) -> str | None:
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in schemes or not parts.netloc:
        wanted = " or ".join(f"{s}://" for s in schemes)
        problems.append(
            f"{name} must be a URL starting with {wanted}, such as {schemes[0]}://127.0.0.1:8080;"
            f" got {raw!r} (leave it empty to use Discord itself)"
        )
        return None
    return raw.rstrip("/")


def _shard_count(raw: str, problems: list[str]) -> int | None:
    if not raw:
        return None
    if raw.lower() == "auto":
        return 0
    if _digits(raw) and 1 <= int(raw) <= _MAX_SHARDS:
        return int(raw)
    problems.append(
        f"SHARD_COUNT must be a whole number of shards from 1 (or 'auto' for Discord's "
        f"recommendation); got {raw!r}"
    )
    return None


def _shard_ids(raw: str, count: int | None, problems: list[str]) -> tuple[int, ...] | None:
    if not raw:
        return None
    ids: list[int] = []
    for part in (p.strip() for p in raw.split(",")):
        low, dash, high = part.partition("-")
        if _digits(low) and (not dash or _digits(high)):
            ids.extend(range(int(low), int(high if dash else low) + 1))
            if not dash or int(high) >= int(low):
                continue
        problems.append(
            f"SHARD_IDS must be shard numbers separated by commas, ranges allowed "
            f"(like 0,1,2 or 0-3); got {raw!r}"
        )
        return None
    if not count:
        problems.append(
            "SHARD_IDS needs SHARD_COUNT set to the total number of shards across all processes"
        )
        return None
    if len(set(ids)) != len(ids):
        problems.append(f"SHARD_IDS lists a shard twice; got {raw!r}")
        return None
    outside = [i for i in ids if i >= count]
    if outside:
        problems.append(
            f"SHARD_IDS {', '.join(map(str, outside))} not below SHARD_COUNT={count} "
            f"(shards are numbered 0 to {count - 1})"
        )
        return None
    return tuple(ids)


def _lease_seconds(raw: str, problems: list[str]) -> float:
    if not raw:
        return DEFAULT_LEASE_SECONDS
    low, high = _LEASE_RANGE
    if re.fullmatch(r"[0-9]+(\.[0-9]+)?", raw) and low <= float(raw) <= high:
        return float(raw)
    problems.append(
        f"HOLDEM_LEASE_SECONDS must be seconds from {low:.0f} to {high:.0f} (how long a dead "
        f"process's tables wait before another takes them over); got {raw!r}"
    )
    return DEFAULT_LEASE_SECONDS


def _duration(name: str, raw: str, problems: list[str]) -> float:
    """``90m``, ``6h``, ``1d`` (a bare number is hours), at least five minutes."""
    if not raw:
        return DEFAULT_BACKUP_EVERY
    text = raw.lower().replace(" ", "")
    unit = _UNITS.get(text[-1:])
    number = text[:-1] if unit is not None else text
    if re.fullmatch(r"[0-9]+(\.[0-9]+)?", number):
        seconds = float(number) * (unit or _UNITS["h"])
        if seconds >= _MIN_BACKUP_EVERY:
            return seconds
    problems.append(
        f"{name} must be a time of at least 5 minutes, like 30m, 6h or 1d (a bare number is "
        f"hours); got {raw!r}"
    )
    return DEFAULT_BACKUP_EVERY


def _pause(name: str, raw: str, default: float, problems: list[str]) -> float:
    """Seconds from 0 to 60 (a faster or slower table for a server, or a test)."""
    if not raw:
        return default
    if re.fullmatch(r"[0-9]+(\.[0-9]+)?", raw) and float(raw) <= 60:
        return float(raw)
    problems.append(f"{name} must be a number of seconds from 0 to 60; got {raw!r}")
    return default


def _count(name: str, raw: str, problems: list[str]) -> int:
    if not raw:
        return DEFAULT_BACKUP_KEEP
    if _digits(raw) and 1 <= int(raw) <= 10_000:
        return int(raw)
    problems.append(f"{name} must be how many backups to keep, a whole number from 1; got {raw!r}")
    return DEFAULT_BACKUP_KEEP


def _render_workers(raw: str, problems: list[str]) -> int | None:
    if not raw:
        return None
    if _digits(raw) and 1 <= int(raw) <= 64:
        return int(raw)
    problems.append(f"HOLDEM_RENDER_WORKERS must be a whole number from 1 to 64; got {raw!r}")
    return None


def _flag(name: str, raw: str, problems: list[str]) -> bool:
    value = raw.lower()
    if value in _TRUE:
        return True
    if value not in _FALSE:
        problems.append(f"{name} must be 1 or 0 (true/false, yes/no, on/off); got {raw!r}")
    return False


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts "１２３" and "²")."""
    return re.fullmatch(r"[0-9]+", text) is not None


def font_dirs_problem(raw: str | None) -> str | None:
    """A problem line for ``HOLDEM_FONT_DIRS`` (folders of host fonts for members' names,
    separated by ``os.pathsep``; set empty, the bundled fonts only), or ``None``: every folder
    it names must exist.

    >>> font_dirs_problem(None), font_dirs_problem(""), font_dirs_problem("/")
    (None, None, None)
    """
    if not raw:
        return None
    missing = [part for part in raw.split(os.pathsep) if part and not os.path.isdir(part)]
    if not missing:
        return None
    return (
        f"HOLDEM_FONT_DIRS names {', '.join(map(repr, missing))}, not a folder: list folders "
        f"of font files separated by {os.pathsep!r} (empty: the bundled fonts only; unset: the "
        "system's font folders)"
    )


# ---------------------------------------------------------------------- the web companion
# ``python -m bot.web`` reads its own settings: it needs no Discord token, so it has its own
# value and loader rather than fields of :class:`Settings`.

DEFAULT_WEB_PORT = 8080
DEFAULT_WEB_DELAY = 5.0
DEFAULT_WEB_LINK_DAYS = 7.0
_MIN_WEB_SECRET = 16


@dataclass(frozen=True, kw_only=True)
class WebSettings:
    """The web companion's settings (``HOLDEM_WEB_*``); the secret is left out of ``repr``.

    ``public`` lists the servers whose pages anyone may read; every other server's pages need
    a link signed with ``secret`` (HMAC, scoped to that server, with an expiry). Without a
    secret no link can be made or checked, so only the public servers' pages are served.
    """

    db_path: str = DEFAULT_DB
    host: str = "127.0.0.1"
    port: int = DEFAULT_WEB_PORT
    secret: bytes = field(default=b"", repr=False)
    public: frozenset[int] = frozenset()
    delay: float = DEFAULT_WEB_DELAY
    """Seconds a spectator's live view runs behind the table (the house delay)."""
    base_url: str = ""
    """The address the pages are reached at from outside (behind the reverse proxy), for the
    links the bot hands out; empty: ``http://host:port``."""
    link_days: float = DEFAULT_WEB_LINK_DAYS
    """How long a signed link stays good."""
    beside: bool = False
    """``HOLDEM_WEB=1``: ``python -m bot`` serves the pages itself, from its own store (the
    way to serve them from an SQLite file, which the bot holds alone)."""

    @property
    def root(self) -> str:
        return self.base_url or f"http://{self.host}:{self.port}"


def load_web_settings(
    environ: Mapping[str, str] | None = None, *, serving: bool = False
) -> WebSettings:
    """Read and check the web companion's settings; raise :class:`ConfigError` listing all
    problems. ``serving``: for the process that serves the pages, which refuses to start with
    neither a secret nor a public server, since it would then refuse every page (a secret is
    never made up here: the bot signs the links the pages check, so both must be given the
    same one).

    >>> w = load_web_settings({"HOLDEM_WEB_PORT": "9000", "HOLDEM_WEB_PUBLIC": "12, 34",
    ...                        "HOLDEM_WEB_SECRET": "x" * 32})
    >>> w.port, sorted(w.public), len(w.secret), w.delay
    (9000, [12, 34], 32, 5.0)
    """
    env = read_environment() if environ is None else environ
    problems: list[str] = []

    def get(name: str) -> str:
        return env.get(name, "").strip()

    db_path = get("HOLDEM_DATABASE_URL") or get("HOLDEM_DB") or DEFAULT_DB
    port_text = get("HOLDEM_WEB_PORT")
    port = DEFAULT_WEB_PORT
    if port_text:
        if _digits(port_text) and 1 <= int(port_text) <= 65535:
            port = int(port_text)
        else:
            problems.append(f"HOLDEM_WEB_PORT must be a port from 1 to 65535; got {port_text!r}")
    secret = get("HOLDEM_WEB_SECRET")
    if secret and len(secret) < _MIN_WEB_SECRET:
        problems.append(
            f"HOLDEM_WEB_SECRET must be at least {_MIN_WEB_SECRET} characters (make one with "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )
    public: set[int] = set()
    for part in filter(None, (p.strip() for p in get("HOLDEM_WEB_PUBLIC").split(","))):
        guild = _snowflake("HOLDEM_WEB_PUBLIC", part, problems)
        if guild is not None:
            public.add(guild)
    delay = _web_seconds("HOLDEM_WEB_DELAY", get("HOLDEM_WEB_DELAY"), DEFAULT_WEB_DELAY, problems)
    days = _web_seconds(
        "HOLDEM_WEB_LINK_DAYS", get("HOLDEM_WEB_LINK_DAYS"), DEFAULT_WEB_LINK_DAYS, problems
    )
    base_url = _url("HOLDEM_WEB_BASE_URL", get("HOLDEM_WEB_BASE_URL"), ("https", "http"), problems)
    beside = _flag("HOLDEM_WEB", get("HOLDEM_WEB"), problems)
    if serving and not secret and not public:
        problems.append(
            "HOLDEM_WEB_SECRET is not set and HOLDEM_WEB_PUBLIC names no server, so every "
            "page would be refused: set HOLDEM_WEB_SECRET to the same secret as the bot's (make "
            "one with python3 -c 'import secrets; print(secrets.token_urlsafe(32))'), or list "
            "the servers whose pages are public in HOLDEM_WEB_PUBLIC"
        )
    host = get("HOLDEM_WEB_HOST") or "127.0.0.1"
    if not _host(host):
        problems.append(
            f"HOLDEM_WEB_HOST must be an address to listen on, such as 127.0.0.1 (this machine "
            f"only) or 0.0.0.0 (every interface, as in a container); got {host!r}"
        )
    if problems:
        raise ConfigError(problems)
    return WebSettings(
        db_path=db_path,
        host=host,
        port=port,
        secret=secret.encode("utf-8"),
        public=frozenset(public),
        delay=delay,
        base_url=base_url or "",
        link_days=days,
        beside=beside,
    )


def web_serving(environ: Mapping[str, str]) -> bool:
    """Whether ``python -m bot`` serves the pages itself (``HOLDEM_WEB`` is on)."""
    return environ.get("HOLDEM_WEB", "").strip().lower() in _TRUE


def _host(text: str) -> bool:
    """An IP address or a host name (letters, digits and hyphens between dots)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        label = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        return re.fullmatch(rf"{label}(\.{label})*\.?", text) is not None
    return True


def _web_seconds(name: str, raw: str, default: float, problems: list[str]) -> float:
    if not raw:
        return default
    if re.fullmatch(r"[0-9]+(\.[0-9]+)?", raw) and float(raw) <= 3600:
        return float(raw)
    problems.append(f"{name} must be a number from 0 to 3600; got {raw!r}")
    return default
