"""Backups of the database: scheduled ones by the running bot, and ``python -m bot --backup``.

The running bot holds its database file exclusively (a second process cannot even read it),
so it makes its own backups: every ``HOLDEM_BACKUP_EVERY`` into ``HOLDEM_BACKUP_DIR``, named
``holdem-YYYYMMDD-HHMMSS.sqlite3`` (UTC, so names sort by time), keeping the newest
``HOLDEM_BACKUP_KEEP``. The copy is :meth:`bot.store.store.Store.backup`: SQLite's backup API on the
store's own worker thread, off the event loop. The schedule follows the newest backup in the
folder, so a bot that restarts often does not back up at every start.

``--backup PATH`` copies the file of a bot that is *not* running (before an upgrade, say)
without migrating it; next to a running bot it says so and how to get a backup instead. A
``PATH`` that is a folder gets a backup named as the scheduled ones inside it; a ``PATH`` in a
folder that does not exist is refused in words, before SQLite says "unable to open".
"""

from __future__ import annotations

import asyncio
import calendar
import logging
import re
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.store.backend import is_postgres_url, redacted
from bot.store.errors import BackupFailed, DatabaseLocked, StartupError
from bot.store.sqlite import backup_database
from bot.store.store import Store, database_path

__all__ = [
    "BackupPolicy",
    "backup_command",
    "backup_loop",
    "backup_name",
    "backup_time",
    "scheduled_backup",
    "to_prune",
]

log = logging.getLogger("holdem.backup")

_NAME = re.compile(r"holdem-(\d{8}-\d{6})\.sqlite3")
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, kw_only=True, slots=True)
class BackupPolicy:
    """Where the running bot backs up, how often (seconds) and how many it keeps."""

    folder: Path
    every: float
    keep: int


def backup_name(now: float) -> str:
    """The file name of a backup taken at ``now``.

    >>> backup_name(0.0)
    'holdem-19700101-000000.sqlite3'
    """
    return f"holdem-{time.strftime(_STAMP, time.gmtime(now))}.sqlite3"


def backup_time(name: str) -> float | None:
    """When the backup called ``name`` was taken, or ``None`` if it is not one of ours.

    >>> backup_time("holdem-19700101-000130.sqlite3"), backup_time("notes.txt")
    (90.0, None)
    """
    match = _NAME.fullmatch(name)
    if match is None:
        return None
    return float(calendar.timegm(time.strptime(match.group(1), _STAMP)))


def _backups(folder: Path) -> list[Path]:
    """Our backups in ``folder``, oldest first (other files are left alone)."""
    return sorted(p for p in folder.iterdir() if backup_time(p.name) is not None)


def to_prune(backups: list[Path], keep: int) -> list[Path]:
    """The backups to delete so that the newest ``keep`` remain (``backups`` oldest first)."""
    return backups[: max(len(backups) - keep, 0)]


async def scheduled_backup(store: Store, policy: BackupPolicy, now: float) -> Path:
    """Take one backup into the policy's folder and prune the oldest; the new file."""
    policy.folder.mkdir(parents=True, exist_ok=True)
    target = policy.folder / backup_name(now)
    started = time.perf_counter()
    size = await store.backup(target)
    pruned = to_prune(await asyncio.to_thread(_backups, policy.folder), policy.keep)
    for old in pruned:
        old.unlink(missing_ok=True)
    log.info(
        "backup written",
        extra={
            "path": str(target),
            "bytes": size,
            "seconds": round(time.perf_counter() - started, 3),
            "pruned": len(pruned),
        },
    )
    return target


async def backup_loop(
    store: Store,
    policy: BackupPolicy,
    clock: Callable[[], float],
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> None:
    """Back up on the policy's schedule until cancelled; a failure is logged, and retried at
    the next turn, never the end of the loop."""
    while True:
        try:
            existing = await asyncio.to_thread(_newest, policy.folder)
            due = policy.every if existing is None else existing + policy.every - clock()
            if existing is None or due <= 0:
                await scheduled_backup(store, policy, clock())
                due = policy.every
        except (BackupFailed, OSError) as error:
            log.warning("backup failed", extra={"error": str(error)})
            due = policy.every
        await sleep(due)


def _newest(folder: Path) -> float | None:
    if not folder.is_dir():
        return None
    times = [t for p in folder.iterdir() if (t := backup_time(p.name)) is not None]
    return max(times, default=None)


async def backup_command(target: str, environ: Mapping[str, str]) -> int:
    """``--backup PATH``: copy the stopped bot's database to ``PATH``; the exit code (a
    problem is one line on stderr)."""
    path = database_path(environ)
    if is_postgres_url(path):
        print(
            f"error: the database is PostgreSQL ({redacted(path)}): back it up with the "
            'server\'s pg_dump (pg_dump -Fc -f holdem.dump "$HOLDEM_DATABASE_URL"); '
            "--backup copies SQLite files",
            file=sys.stderr,
        )
        return 1
    final = Path(target)
    if final.is_dir():
        final = final / backup_name(time.time())
    elif not final.parent.is_dir():
        missing = "is not a folder" if final.parent.exists() else "does not exist"
        print(
            f"error: cannot write the backup {final}: the folder {final.parent} {missing}; "
            "create it first, or give a file in an existing folder (or a folder: the backup "
            "is then named by its time inside it)",
            file=sys.stderr,
        )
        return 1
    try:
        size = await backup_database(path, final)
    except DatabaseLocked:
        print(
            f"error: the bot is running on {path} and holds it, so it cannot be copied from "
            "outside: set HOLDEM_BACKUP_DIR to have the running bot write backups itself, or "
            "stop the bot and run --backup again",
            file=sys.stderr,
        )
        return 1
    except (StartupError, BackupFailed) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"backed up {path} to {final} ({size:,} bytes)")
    return 0
