"""The embedded backend: one SQLite file through one aiosqlite connection.

One connection (one worker thread) and an :class:`asyncio.Lock` that serialises every
statement through it, so a transaction is never interleaved with another coroutine's.
Start-up turns every way a file can be unusable (locked by another process, read-only, not
SQLite or damaged, impossible to open) into one :class:`~bot.store.errors.StartupError` with a
one-line message. Backups (:meth:`SqliteBackend.backup`, :func:`backup_database`) are SQLite's
online backup API.

Durability: WAL journal with ``synchronous=NORMAL``. A commit appends to the WAL with a
``write()``; ``NORMAL`` skips the ``fsync`` at each commit and syncs at checkpoints. A killed
process (SIGKILL, a crash, an OOM kill) loses nothing committed, because the data already
sits in the operating system's page cache and the next open replays the WAL; a power loss can
lose the last commits before the most recent sync, but never corrupts the file.
``synchronous=FULL`` (an ``fsync`` per commit) is there for hosts that want power-loss
durability, at a cost measured in ``benchmarks/README.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from bot.store.backend import ConstraintViolation, Dialect, Row
from bot.store.errors import (
    BackupFailed,
    DatabaseCorrupt,
    DatabaseDamaged,
    DatabaseFull,
    DatabaseLocked,
    DatabaseReadOnly,
    DatabaseUnavailable,
    StartupError,
)

__all__ = ["SqliteBackend", "Synchronous", "backup_database", "sqlite_path", "startup_error"]

Synchronous = Literal["NORMAL", "FULL"]

log = logging.getLogger("holdem.store")


def sqlite_path(target: str) -> str:
    """The file of an ``sqlite:///path`` URL (``sqlite:////abs/path`` for an absolute one),
    or ``target`` itself: a path or a ``file:`` URI."""
    return target.removeprefix("sqlite:///") if target.startswith("sqlite:///") else target


def startup_error(error: sqlite3.Error, path: str) -> StartupError:
    """Name what is wrong with the file in one line a host can act on."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseLocked(
            f"the database {path} is locked by another process "
            "(is another copy of the bot running on it?)",
            path=path,
        )
    if name.startswith("SQLITE_READONLY"):
        return DatabaseReadOnly(
            f"the database {path} is read-only: the bot needs write access to the file "
            "and to its folder",
            path=path,
        )
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        return DatabaseCorrupt(
            f"{path} is not a usable SQLite database ({error}); restore a backup or set "
            "HOLDEM_DB to another file",
            path=path,
        )
    return DatabaseUnavailable(f"cannot open the database {path}: {error}", path=path)


def create_private(path: str | os.PathLike[str]) -> None:
    """Create ``path`` empty, readable and writable by its owner only (0600), or make an
    existing file of ours so (one an older version created 0644, with its ``-wal`` and
    ``-shm``): a database holds every member's chips and the decks of the hands being played.
    SQLite gives the ``-wal`` and ``-shm`` files beside it the database's mode. Anything else
    (a missing folder, a file another user owns) is left for SQLite to name."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        for name in (os.fspath(path), f"{os.fspath(path)}-wal", f"{os.fspath(path)}-shm"):
            _make_private(name)
    except OSError:
        pass


def _make_private(name: str) -> None:
    with contextlib.suppress(OSError):
        found = os.stat(name)
        if found.st_mode & 0o077 and found.st_uid == os.geteuid():
            os.chmod(name, 0o600)
            log.warning("%s was readable by other users: it is now 0600", name)


def _probe(path: str, uri: bool, busy_timeout: float) -> None:
    """Open the file and take the write lock for a moment, or raise a :class:`StartupError`."""
    if not uri and path != ":memory:":
        create_private(path)
    try:
        probe = sqlite3.connect(path, uri=uri, timeout=busy_timeout, isolation_level=None)
    except sqlite3.Error as error:
        raise startup_error(error, path) from None
    try:
        probe.execute("BEGIN IMMEDIATE")
        (version,) = probe.execute("PRAGMA user_version").fetchone()
        probe.execute(f"PRAGMA user_version = {int(version)}")  # a write, rolled back
        probe.execute("ROLLBACK")
        # A damaged page (a bad restore) still opens, and every write would then fail with a
        # generic reply: refuse to start on it. The quick check reads each page once.
        (verdict,) = probe.execute("PRAGMA quick_check(1)").fetchone()
    except sqlite3.Error as error:
        raise startup_error(error, path) from None
    finally:
        probe.close()
    if verdict != "ok":
        said = "; ".join(str(verdict).splitlines())
        raise DatabaseDamaged(
            f"{path} is damaged (SQLite's quick check says {said}); run python -m bot "
            "--check to see where, and restore a backup that passes it",
            path=path,
        )


@contextlib.contextmanager
def _statement(where: str) -> Iterator[None]:
    """A driver error as the store's: a constraint as :class:`ConstraintViolation`, a full
    disk (``SQLITE_FULL``) as :class:`DatabaseFull`, said once in the log; others as they are."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise ConstraintViolation(str(error)) from None
    except sqlite3.OperationalError as error:
        if getattr(error, "sqlite_errorcode", None) != sqlite3.SQLITE_FULL:
            raise
        log.error("the database is full: a write was refused and nothing of it kept (%s: %s)",
                  where, error)  # fmt: skip
        raise DatabaseFull(f"the database {where} is full: {error}") from None


class _SqliteTx:
    """Statements on the backend's connection; the backend holds its lock meanwhile."""

    dialect = Dialect.SQLITE

    def __init__(self, db: aiosqlite.Connection, where: str) -> None:
        self._db = db
        self._where = where

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _statement(self._where):
            cursor = await self._db.execute(sql, params)
        # A statement without rows is done once executed: closing its cursor would cost one
        # more trip to the connection's thread on the durable-action path, for nothing.
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _statement(self._where):
            await self._db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _statement(self._where):
            return list(await self._db.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None


class SqliteBackend:
    """The database file ``where``; make one with :meth:`open`."""

    dialect = Dialect.SQLITE

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._tx = _SqliteTx(db, path)
        self.where = path

    @classmethod
    async def open(
        cls, path: str, *, synchronous: Synchronous, busy_timeout: float, exclusive: bool
    ) -> SqliteBackend:
        """Open (or create) the file. ``exclusive`` keeps it locked while open, so a second
        copy of the bot on the same file gets :class:`DatabaseLocked` instead of dealing the
        same tables. ``path`` may be a ``file:`` URI (``file:x.sqlite3?mode=ro``)."""
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError("synchronous must be NORMAL or FULL")
        uri = path.startswith("file:")
        # A plain sqlite3 probe first: it names a locked, read-only or foreign file before
        # aiosqlite starts its thread (a failed aiosqlite connect leaves that thread behind).
        await asyncio.to_thread(_probe, path, uri, busy_timeout)
        try:
            db = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout, uri=uri)
        except sqlite3.Error as error:
            raise startup_error(error, path) from None
        try:
            # PRAGMAs that answer with a row must be read to the end: an unread cursor keeps
            # a statement open, and the first COMMIT then fails until the cursor is collected.
            await db.execute_fetchall(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            if exclusive:
                await db.execute_fetchall("PRAGMA locking_mode = EXCLUSIVE")
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            await db.execute_fetchall(f"PRAGMA synchronous = {synchronous}")
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            await db.close()
            raise startup_error(error, path) from None
        return cls(db, path)

    def startup_error(self, error: Exception) -> StartupError | None:
        """The start-up message for a driver error met while migrating, if it is one."""
        return startup_error(error, self.where) if isinstance(error, sqlite3.Error) else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
                with _statement(self.where):  # a full disk may refuse the commit itself
                    await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_SqliteTx]:
        # The lock keeps this process's writes out; the exclusive lock everyone else's.
        async with self._lock:
            yield self._tx

    @asynccontextmanager
    async def autocommit(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            yield self._tx

    async def _rollback(self) -> None:
        if not self._db.in_transaction:
            return
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            # Cancelled while COMMIT was queued: the COMMIT ran first and ended the
            # transaction, so there is nothing to roll back. Anything else is a real error.
            if self._db.in_transaction:
                raise

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def backup(self, target: str | os.PathLike[str]) -> int:
        """See :meth:`bot.store.store.Store.backup`."""
        final, partial = _backup_target(target)
        try:
            copy = await asyncio.to_thread(_open_copy, partial)
        except (sqlite3.Error, OSError) as error:
            raise _cannot_write(final, error) from None
        try:
            try:
                async with self._lock:
                    await self._db.backup(copy)
                await asyncio.to_thread(_seal_copy, copy)
            finally:
                await asyncio.to_thread(copy.close)
            os.replace(partial, final)
        except (sqlite3.Error, OSError) as error:
            partial.unlink(missing_ok=True)
            raise _cannot_write(final, error) from None
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return final.stat().st_size


async def backup_database(
    path: str, target: str | os.PathLike[str], *, busy_timeout: float = 2.0
) -> int:
    """Copy the database file at ``path`` (of a bot that is not running) into the new file
    ``target``, as :meth:`SqliteBackend.backup` does; the size of the copy in bytes.

    Nothing is migrated or written in ``path``: a copy taken before an upgrade is the old
    version's database. Raises :class:`DatabaseLocked` when a running bot holds the file,
    another :class:`StartupError` when it is not a usable database, :class:`BackupFailed`
    when ``target`` exists or cannot be written.
    """
    path = sqlite_path(path)
    final, partial = _backup_target(target)
    if not Path(path).is_file():
        raise DatabaseUnavailable(f"there is no database at {path}", path=path)

    def copy_file() -> int:
        try:
            source = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise startup_error(error, path) from None
        try:
            try:
                source.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
            except sqlite3.Error as error:
                raise startup_error(error, path) from None
            try:
                copy = _open_copy(partial)
                try:
                    source.backup(copy)
                    _seal_copy(copy)
                finally:
                    copy.close()
                os.replace(partial, final)
            except (sqlite3.Error, OSError) as error:
                partial.unlink(missing_ok=True)
                raise _cannot_write(final, error) from None
        finally:
            source.close()
        return final.stat().st_size

    return await asyncio.to_thread(copy_file)


def _backup_target(target: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The backup's file and the ``.partial`` file it is written to first (renamed only
    once complete, so a backup file is never half a database); an existing file is refused."""
    final = Path(target)
    if final.exists():
        raise BackupFailed(f"{final} already exists: choose a new file", path=str(final))
    return final, final.with_name(final.name + ".partial")


def _cannot_write(final: Path, error: Exception) -> BackupFailed:
    return BackupFailed(f"cannot write the backup {final}: {error}", path=str(final))


def _open_copy(path: Path) -> sqlite3.Connection:
    """A fresh file for a backup; used from the store's worker thread, hence not tied to
    this one."""
    path.unlink(missing_ok=True)  # a partial copy a crash left behind
    create_private(path)
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


def _seal_copy(copy: sqlite3.Connection) -> None:
    """Make the copy one self-contained file and check it."""
    copy.execute("PRAGMA journal_mode = DELETE").fetchall()
    (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise sqlite3.DatabaseError(f"the copy fails its check: {verdict}")
