"""``python -m bot --check``: is this host ready to run the bot? No Discord connection.

:func:`run_check` returns the problems, one line each (``[]`` means ready): the database
opens (via :meth:`bot.store.store.Store.open`, whose start-up errors already name the cause), an
SQLite file passes SQLite's own integrity check (:func:`check_integrity`: a restored backup
with a damaged page opens, and would fail at its first write), its folder and the
heartbeat's folder can be written. :func:`summary` describes what the bot would run with,
without the token, and the permissions its invite asks for (the server grants them to the
bot's role; ``--check`` cannot see a server, so it names them for the host to compare).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.pictures import font_report
from bot.settings import Settings
from bot.store.backend import is_postgres_url, redacted
from bot.store.errors import DatabaseDamaged, StartupError
from bot.store.store import Store

__all__ = [
    "check_database",
    "check_folder",
    "check_folders",
    "check_integrity",
    "permission_label",
    "run_check",
    "summary",
]

DAMAGE_SHOWN = 5
"""How many of SQLite's integrity messages ``--check`` prints (it finds up to 100)."""


def check_folder(path: str, setting: str) -> str | None:
    """A problem line if the folder that will hold ``path`` is missing or not writable.

    Writes and removes a scratch file rather than trusting ``os.access`` (which says yes to
    root even on a read-only mount).
    """
    if path.startswith("file:") or path == ":memory:":
        return None
    folder = _folder(path)
    if not folder.exists():
        return (
            f"{setting}: the folder {folder} does not exist: create it or set {setting} to a "
            "file in an existing folder"
        )
    if not folder.is_dir():
        return f"{setting}: {folder} is not a folder: set {setting} to a file in a folder"
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".holdem-check-"):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return (
            f"{setting}: cannot write in the folder {folder} ({reason}): the bot's user needs "
            "write access there"
        )
    return None


def _folder(path: str) -> Path:
    return Path(path).expanduser().absolute().parent


async def check_database(path: str, *, busy_timeout: float = 5.0) -> list[str]:
    """Problems with the database: a file's folder, then opening and migrating it (waiting
    up to ``busy_timeout`` seconds for a lock, as the bot would); a server is reached and
    migrated."""
    server = is_postgres_url(path)
    name = "HOLDEM_DATABASE_URL" if "://" in path else "HOLDEM_DB"
    problem = None if server else check_folder(path.removeprefix("sqlite:///"), name)
    if problem:
        return [problem]
    try:
        store = await Store.open(path, busy_timeout=busy_timeout)
    except DatabaseDamaged as error:  # the bot refuses it: name where the damage is
        if server or path.startswith("file:"):
            return [f"{name}: {error}"]
        found = await asyncio.to_thread(check_integrity, path.removeprefix("sqlite:///"), name)
        return found or [f"{name}: {error}"]
    except StartupError as error:
        return [f"{name}: {error}"]
    except (sqlite3.Error, OSError) as error:
        return [f"{name}: cannot open the database {redacted(path)}: {error}"]
    await store.close()
    if server or path.startswith("file:") or path == ":memory:":
        return []
    return await asyncio.to_thread(check_integrity, path.removeprefix("sqlite:///"), name)


def check_integrity(path: str, setting: str = "HOLDEM_DB") -> list[str]:
    """SQLite's ``PRAGMA integrity_check`` of the file at ``path``: ``[]`` if it is sound,
    else one line naming the damage (the tables it is in, SQLite's first messages) and what
    to do. Reads only; run it on a stopped bot's file (the running bot holds it)."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    except sqlite3.Error as error:
        return [f"{setting}: cannot read {path} to check it: {error}"]
    try:
        found = _integrity(con, "")
        damaged = [] if found == ["ok"] else _damaged_tables(con)
    except sqlite3.Error as error:  # the schema itself cannot be read
        found, damaged = [str(error)], []
    finally:
        con.close()
    if found == ["ok"]:
        return []
    where = f" in {', '.join(damaged)}" if damaged else ""
    shown = "; ".join(found[:DAMAGE_SHOWN]) + (" …" if len(found) > DAMAGE_SHOWN else "")
    return [
        f"{setting}: {path} is damaged{where}: SQLite's integrity check says {shown}; do not "
        "start the bot on it: restore an older backup (run python -m bot --check on each until "
        "one passes) and keep this file for inspection"
    ]


def _integrity(con: sqlite3.Connection, table: str) -> list[str]:
    """SQLite's integrity messages for the whole file (``table`` empty) or one table; a
    page too damaged for the check to go on is its one message."""
    pragma = f'PRAGMA integrity_check("{table}")' if table else "PRAGMA integrity_check(100)"
    try:
        return [str(row[0]) for row in con.execute(pragma)]
    except sqlite3.DatabaseError as error:
        return [str(error)]


def _damaged_tables(con: sqlite3.Connection) -> list[str]:
    """The tables whose own check fails (each table is checked on its own, so one broken
    page does not hide where it is)."""
    tables = [
        str(row[0]) for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    ]
    return sorted(name for name in tables if _integrity(con, name.replace('"', '""')) != ["ok"])


async def run_check(settings: Settings) -> list[str]:
    """Every problem with the host for these settings, one line each; ``[]`` is ready."""
    problems = await check_database(settings.db_path)
    return problems + check_folders(
        settings.db_path, heartbeat=settings.heartbeat_path, backups=settings.backup_dir
    )


def check_folders(db_path: str, *, heartbeat: str, backups: str | None) -> list[str]:
    """Problems with the folders the heartbeat and the backups are written in (the
    database's own is :func:`check_database`'s)."""
    problems = []
    if _folder(heartbeat) != _folder(db_path):
        problem = check_folder(heartbeat, "HOLDEM_HEARTBEAT")
        if problem:
            problems.append(problem)
    if backups:
        # Backups go inside the folder; a missing one is created if its parent allows it.
        probe = os.path.join(backups, "backup") if os.path.isdir(backups) else backups
        problem = check_folder(probe, "HOLDEM_BACKUP_DIR")
        if problem:
            problems.append(problem)
    return problems


def permission_label(name: str) -> str:
    """A permission as the server's settings show it: ``manage_threads`` -> Manage Threads
    (discord.py's ``read_messages`` is View Channels there)."""
    if name in ("read_messages", "view_channel"):
        return "View Channels"
    return " ".join(word if word == "in" else word.capitalize() for word in name.split("_"))


def summary(
    settings: Settings,
    *,
    invite: Callable[[int], str] | None = None,
    permissions: Sequence[str] = (),
) -> list[str]:
    """What the bot would run with, one line each, never the token itself; with ``invite``
    (:func:`bot.discord.invite.invite_url`, passed in so that operations import no Discord)
    the link that adds the bot to a server, and with ``permissions``
    (:func:`bot.discord.invite.permission_names`) what that link asks for: a tournament's
    tables need the thread permissions in its channel, which a server that added the bot
    with an older link has not granted."""
    lines = [
        f"token: set ({len(settings.token)} characters, application id {settings.application_id})",
        "database: "
        + (
            redacted(settings.db_path)
            if "://" in settings.db_path
            else os.path.abspath(settings.db_path)
        ),
        f"heartbeat: {os.path.abspath(settings.heartbeat_path)}",
        f"log level: {settings.log_level}",
        "commands: published at start when they changed, globally"
        + (f" and to guild {settings.dev_guild}" if settings.dev_guild else ""),
        (
            f"backups: every {settings.backup_every / 3600:g} h into "
            f"{os.path.abspath(settings.backup_dir)}, the newest {settings.backup_keep} kept"
            if settings.backup_dir
            else "backups: none scheduled (set HOLDEM_BACKUP_DIR)"
        ),
    ]
    if settings.sharded:
        count = settings.shard_count or "Discord's recommendation"
        ids = ",".join(map(str, settings.shard_ids)) if settings.shard_ids else "all"
        lines.append(f"sharding: auto-sharded client, {count} shards, running {ids}")
    else:
        lines.append("sharding: off (one connection)")
    if settings.api_base or settings.gateway_url:
        lines.append(
            f"discord: API {settings.api_base or 'discord.com'}, gateway "
            f"{settings.gateway_url or 'Discord'}"
        )
    if settings.application_id is not None and invite is not None:
        lines.append(f"invite: {invite(settings.application_id)}")
    if permissions:
        names = ", ".join(permission_label(name) for name in permissions)
        lines.append(f"permissions: the bot's role needs {names} in the channels it plays in")
    # Which scripts of players' names will draw: a host without CJK fonts shows codes instead.
    lines.append(font_report())
    return lines
