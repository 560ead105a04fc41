"""The store's foundation: the connection, its lock, start-up checks and migrations.

Start-up turns every way a database file can be unusable (locked by another process,
read-only, not SQLite or damaged, from a newer bot, impossible to open) into one
:class:`~app.store_errors.StartupError` with a one-line message. The SQL of the queries
lives in :mod:`app.store`, :mod:`app.store_hands` and :mod:`app.store_wallets`.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, Self

import aiosqlite

from .migrations import LATEST, MIGRATIONS
from .store_errors import (
    BackupFailed,
    DatabaseCorrupt,
    DatabaseLocked,
    DatabaseReadOnly,
    DatabaseUnavailable,
    SchemaTooNew,
    StartupError,
)

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "StoreCore",
    "backup_database",
    "database_path",
    "startup_error",
]

ENV_VAR = "HOLDEM_DB"
DEFAULT_PATH = "./holdem.sqlite3"

Synchronous = Literal["NORMAL", "FULL"]


def database_path(environ: Mapping[str, str] | None = None) -> str:
    """The database file from ``$HOLDEM_DB``, else ``./holdem.sqlite3``."""
    env = os.environ if environ is None else environ
    return env.get(ENV_VAR) or DEFAULT_PATH


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
            f"{ENV_VAR} to another file",
            path=path,
        )
    return DatabaseUnavailable(f"cannot open the database {path}: {error}", path=path)


def _probe(path: str, uri: bool, busy_timeout: float) -> None:
    """Open the file and take the write lock for a moment, or raise a :class:`StartupError`."""
    try:
        probe = sqlite3.connect(path, uri=uri, timeout=busy_timeout, isolation_level=None)
    except sqlite3.Error as error:
        raise startup_error(error, path) from None
    try:
        probe.execute("BEGIN IMMEDIATE")
        (version,) = probe.execute("PRAGMA user_version").fetchone()
        probe.execute(f"PRAGMA user_version = {int(version)}")  # a write, rolled back
        probe.execute("ROLLBACK")
    except sqlite3.Error as error:
        raise startup_error(error, path) from None
    finally:
        probe.close()


async def backup_database(
    path: str, target: str | os.PathLike[str], *, busy_timeout: float = 2.0
) -> int:
    """Copy the database file at ``path`` (of a bot that is not running) into the new file
    ``target``, as :meth:`StoreCore.backup` does; the size of the copy in bytes.

    Nothing is migrated or written in ``path``: a copy taken before an upgrade is the old
    version's database. Raises :class:`DatabaseLocked` when a running bot holds the file,
    another :class:`StartupError` when it is not a usable database, :class:`BackupFailed`
    when ``target`` exists or cannot be written.
    """
    final = Path(target)
    if final.exists():
        raise BackupFailed(f"{final} already exists: choose a new file", path=str(final))
    if not Path(path).is_file():
        raise DatabaseUnavailable(f"there is no database at {path}", path=path)
    partial = final.with_name(final.name + ".partial")

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
                raise BackupFailed(
                    f"cannot write the backup {final}: {error}", path=str(final)
                ) from None
        finally:
            source.close()
        return final.stat().st_size

    return await asyncio.to_thread(copy_file)


def _open_copy(path: Path) -> sqlite3.Connection:
    """A fresh file for a backup; used from the store's worker thread, hence not tied to
    this one."""
    path.unlink(missing_ok=True)  # a partial copy a crash left behind
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False)


def _seal_copy(copy: sqlite3.Connection) -> None:
    """Make the copy one self-contained file and check it."""
    copy.execute("PRAGMA journal_mode = DELETE").fetchall()
    (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise sqlite3.DatabaseError(f"the copy fails its check: {verdict}")


class StoreCore:
    """The connection, its lock, start-up and migrations; :class:`~app.store.Store` adds the
    queries."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | None = None,
        *,
        synchronous: Synchronous = "NORMAL",
        busy_timeout: float = 5.0,
        exclusive: bool = True,
    ) -> Self:
        """Open (or create) the database, migrate it, and hold it.

        ``exclusive`` keeps the file locked while the store is open, so a second copy of the
        bot on the same file gets :class:`DatabaseLocked` instead of dealing the same tables.
        ``path`` may be a ``file:`` URI (``file:x.sqlite3?mode=ro``). Raises a
        :class:`StartupError` subclass with a one-line message.
        """
        path = database_path() if path is None else path
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
        store = cls(db, path)
        try:
            # PRAGMAs that answer with a row must be read to the end: an unread cursor keeps
            # a statement open, and the first COMMIT then fails until the cursor is collected.
            await db.execute_fetchall(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            if exclusive:
                await db.execute_fetchall("PRAGMA locking_mode = EXCLUSIVE")
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            await db.execute_fetchall(f"PRAGMA synchronous = {synchronous}")
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            await store._migrate()
        except sqlite3.Error as error:
            await db.close()
            raise startup_error(error, path) from None
        except StartupError:
            await db.close()
            raise
        return store

    async def _migrate(self) -> None:
        async with self._write() as db:
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, applied_at REAL)"
            )
            rows = await db.execute_fetchall("SELECT version FROM schema_version")
            applied = {int(row[0]) for row in rows}
            current = max(applied, default=0)
            if current > LATEST:
                raise SchemaTooNew(
                    f"the database {self.path} has schema version {current}, newer than this "
                    f"bot's {LATEST}: update the bot",
                    path=self.path,
                    found=current,
                    known=LATEST,
                )
            # Numbers are reserved ahead and land in any order, so a gap is normal: apply
            # every migration not yet recorded, lowest first, not just those above the top.
            for version in sorted(MIGRATIONS.keys() - applied):
                for statement in MIGRATIONS[version]:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, applied_at) "
                    "VALUES (?, strftime('%s','now'))",
                    (version,),
                )

    async def backup(self, target: str | os.PathLike[str]) -> int:
        """Copy the whole database, as it stands between two transactions, into the new file
        ``target``; the size of the copy in bytes.

        The copy runs through the store's own connection (the only one the exclusive lock
        allows) on its worker thread, off the event loop, with the store's lock held so no
        transaction is caught half way; it is checked (``quick_check``) and becomes
        ``target`` in one rename, so a partial file never carries the final name. The copy
        is one self-contained file (no ``-wal`` beside it): copy it to ``HOLDEM_DB`` to
        restore. Raises :class:`BackupFailed` if ``target`` exists or cannot be written.
        """
        final = Path(target)
        if final.exists():
            raise BackupFailed(f"{final} already exists: choose a new file", path=str(final))
        partial = final.with_name(final.name + ".partial")
        try:
            copy = await asyncio.to_thread(_open_copy, partial)
        except (sqlite3.Error, OSError) as error:
            raise BackupFailed(
                f"cannot write the backup {final}: {error}", path=str(final)
            ) from None
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
            raise BackupFailed(
                f"cannot write the backup {final}: {error}", path=str(final)
            ) from None
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return final.stat().st_size

    async def schema_version(self) -> int:
        rows = await self._read("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0])

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ plumbing

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction; committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

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

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))
