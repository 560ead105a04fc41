"""One log line per event, ``key=value``, with the guild, channel and table; no secrets.

A line looks like::

    2026-11-29T21:57:48.123Z level=INFO logger=bot.table event="hand started" guild=1 \
        channel=2 table=t7 hand=42

(one line in the log; wrapped here).

Context goes in ``extra`` (or through :func:`table_logger`, which adds it to every call).
:class:`RedactingFilter` sits on the handler, so it covers discord.py's own loggers too: the
token (and anything shaped like a bot token) becomes ``[redacted]``, and the fields and
phrases that could carry hole cards or the deck become ``[hidden]``. Logging a hole card is a
bug; the filter is the net under it, not the place to rely on.

Other libraries' DEBUG lines carry payloads: aiosqlite logs every statement with its
parameters (the deck and salt of the hand being dealt), discord.py logs every REST body (a
member's hole cards in a private reply) and every gateway event. Below INFO, a record from any
logger but the bot's own keeps its message and its plain arguments (methods, URLs, ids,
numbers) and loses the rest: a statement shows as its SQL without its parameters, a body or
an event as its type (:func:`opaque`). A run of three or more cards written together (the
stored deck, ``AsKd7c…``) is hidden at every level.
"""

from __future__ import annotations

import functools
import logging
import re
import sys
import time
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any, TextIO

__all__ = [
    "HIDDEN_FIELDS",
    "OWN_LOGGERS",
    "KeyValueFormatter",
    "RedactingFilter",
    "TableLogger",
    "opaque",
    "redact",
    "setup_logging",
    "table_logger",
]

HIDDEN_FIELDS = frozenset(
    {"token", "hole", "holes", "hole_cards", "cards", "deck", "seed", "salt", "deck_salt"}
)
"""``extra`` keys whose values are never written, whatever they hold."""
OWN_LOGGERS = ("holdem", "bot")
"""The bot's own loggers (``holdem.*``, ``bot.*``): their DEBUG lines keep their arguments."""

_CONTEXT = ("guild", "channel", "table")
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}")
_CARD = r"(?:10|[2-9TJQKA])[shdc♠♥♦♣](?![A-Za-z0-9])"
_CARD_RUN = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9TJQKA])[shdc]){3,}(?![A-Za-z0-9])")
_PLAIN = re.compile(r"[\w.:/?&=%+@#-]{0,200}")
_HOLE_PHRASE = re.compile(
    rf"(\b(?:hole(?:[ _-]?cards?)?|holes|deck)\b\W*)((?:{_CARD}[\s,/\[\]()'\"]*)+)",
    re.IGNORECASE,
)
# Every attribute a plain LogRecord has: anything else on a record came from ``extra``.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with each secret and anything token-shaped as ``[redacted]``, and cards after
    "hole cards" or "deck" as ``[hidden]``.

    >>> redact("login with abc123secret", ["abc123secret"])
    'login with [redacted]'
    >>> redact("p3 hole cards: As Kd, acts first")
    'p3 hole cards: [hidden], acts first'
    >>> redact("deck='AsKd7c2h'")
    "deck='[hidden]'"
    """
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[redacted]")
    text = _TOKEN_SHAPE.sub("[redacted]", text)
    text = _CARD_RUN.sub("[hidden]", text)
    return _HOLE_PHRASE.sub(lambda m: m.group(1) + "[hidden]" + _trailing(m.group(2)), text)


def _trailing(cards: str) -> str:
    """Keep the separator that followed the last card (``", acts"`` stays readable)."""
    stripped = cards.rstrip(" ,/[]()'\"\t")
    return cards[len(stripped) :]


def opaque(value: object) -> object:
    """What a DEBUG line of another library may show of one argument: numbers and plain
    words (a method, a URL, an id) as they are; a call (aiosqlite's statement) as its name and
    SQL, without parameters; anything else as its type and size.

    >>> import functools, sqlite3
    >>> call = functools.partial(sqlite3.Cursor.execute, "SELECT deck FROM hands WHERE id=?", (7,))
    >>> opaque("POST"), opaque(42), opaque(call)
    ('POST', 42, "execute('SELECT deck FROM hands WHERE id=?', 1 parameters)")
    >>> opaque({"content": "Your cards: A♠ K♦"}), opaque("Your cards: A♠ K♦")
    ('[dict]', '[text, 17 characters]')
    """
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return value if _PLAIN.fullmatch(value) else f"[text, {len(value)} characters]"
    if isinstance(value, functools.partial):
        name = getattr(value.func, "__name__", type(value.func).__name__)
        args = value.args
        if args and isinstance(args[0], str):
            sql = " ".join(args[0].split())[:300]
            count = sum(len(a) if isinstance(a, list | tuple) else 1 for a in args[1:2])
            return f"{name}({sql!r}, {count} parameters)"
        return f"{name}(…)"
    return f"[{type(value).__name__}]"


def _own(name: str) -> bool:
    return any(name == own or name.startswith(own + ".") for own in OWN_LOGGERS)


class RedactingFilter(logging.Filter):
    """Rewrites every record in place before any formatter sees it; never drops one."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and record.args and not _own(record.name):
            if isinstance(record.args, Mapping):
                record.args = {key: opaque(value) for key, value in record.args.items()}
            else:
                record.args = tuple(opaque(arg) for arg in record.args)
        record.msg = redact(record.getMessage(), self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        record.exc_info = None
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        for key in list(vars(record)):
            if key in _STANDARD:
                continue
            if key in HIDDEN_FIELDS:
                setattr(record, key, "[hidden]")
            elif isinstance(value := getattr(record, key), str):
                setattr(record, key, redact(value, self.secrets))
        return True


class KeyValueFormatter(logging.Formatter):
    """``time level=… logger=… event="…" guild=… channel=… table=… other=…`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        fields: list[tuple[str, object]] = [
            ("level", record.levelname),
            ("logger", record.name),
            ("event", record.getMessage()),
        ]
        extras = {k: v for k, v in vars(record).items() if k not in _STANDARD}
        fields += [(key, extras.pop(key)) for key in _CONTEXT if key in extras]
        fields += sorted(extras.items())
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            fields.append(("exc", record.exc_text))
        body = " ".join(f"{key}={_value(value)}" for key, value in fields if value is not None)
        return f"{stamp}.{int(record.msecs):03d}Z {body}"


def _value(value: object) -> str:
    text = str(value)
    if text and not re.search(r"[\s\"=\\]", text):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + '"'


class TableLogger(logging.LoggerAdapter[logging.Logger]):
    """Adds the table's context to every call, merged with the call's own ``extra``."""

    def process(
        self, msg: Any, kwargs: MutableMapping[str, Any]
    ) -> tuple[Any, MutableMapping[str, Any]]:
        kwargs["extra"] = {**(self.extra or {}), **kwargs.get("extra", {})}
        return msg, kwargs


def table_logger(
    logger: logging.Logger,
    *,
    guild: int | None,
    channel: int | None,
    table: str | None,
    **context: object,
) -> TableLogger:
    """``log = table_logger(logger, guild=g, channel=c, table=t)``, then ``log.info("...")``."""
    extra: Mapping[str, object] = {"guild": guild, "channel": channel, "table": table, **context}
    return TableLogger(logger, extra)


def setup_logging(
    level: str = "INFO",
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
) -> logging.Handler:
    """Send every logger (discord.py's too) through one redacting ``key=value`` handler.

    Replaces the root logger's handlers, so call it once at start, and start the client with
    ``log_handler=None`` so discord.py does not add its own.
    """
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(KeyValueFormatter())
    handler.addFilter(RedactingFilter(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # discord.py's gateway chatter at DEBUG drowns the bot's own lines.
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
    return handler
