"""The store's foundation: the backend it runs on, start-up checks and migrations.

:meth:`StoreCore.open` picks the backend from what it is given (or ``$HOLDEM_DATABASE_URL``,
else ``$HOLDEM_DB``): a ``postgresql://`` URL is a PostgreSQL server
(:mod:`bot.store.postgres`), anything else an SQLite file (:mod:`bot.store.sqlite`). Every way the
database can be unusable becomes one :class:`~bot.store.errors.StartupError` with a one-line
message. The SQL of the queries lives in :mod:`bot.store.store`, :mod:`bot.store.hands` and
:mod:`bot.store.wallets`, written once for both (:mod:`bot.store.backend`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Self

from bot.store.backend import Backend, Dialect, PerDialect, Row, Tx, is_postgres_url, pg_ddl
from bot.store.errors import BackupFailed, SchemaTooNew, StartupError
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.sqlite import SqliteBackend, Synchronous, backup_database, sqlite_path, startup_error

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "URL_VAR",
    "StoreCore",
    "backup_database",
    "database_path",
    "startup_error",
]

ENV_VAR = "HOLDEM_DB"
URL_VAR = "HOLDEM_DATABASE_URL"
DEFAULT_PATH = "./holdem.sqlite3"


def database_path(environ: Mapping[str, str] | None = None) -> str:
    """The database: ``$HOLDEM_DATABASE_URL`` (a ``postgresql://`` URL, an ``sqlite:///``
    one or a file), else the file ``$HOLDEM_DB``, else ``./holdem.sqlite3``."""
    env = os.environ if environ is None else environ
    return env.get(URL_VAR, "").strip() or env.get(ENV_VAR, "").strip() or DEFAULT_PATH


def migration_statements(version: int, dialect: Dialect) -> tuple[str, ...]:
    """Migration ``version`` as ``dialect`` runs it: a plain statement in its column types
    (:func:`~bot.store.backend.pg_ddl`), a :class:`PerDialect` one as written for it."""
    out: list[str] = []
    for step in MIGRATIONS[version]:
        if isinstance(step, PerDialect):
            out.extend(step.for_dialect(dialect))
        else:
            out.append(pg_ddl(step) if dialect is Dialect.POSTGRESQL else step)
    return tuple(out)


class StoreCore:
    """The backend, start-up and migrations; :class:`~bot.store.store.Store` adds the queries.

    Subclasses reach the database only through :meth:`_write` (one transaction),
    :meth:`_snapshot` (consistent reads), :meth:`_autocommit`, :meth:`_read` (one query) and
    :meth:`_execute` (one statement, committed on its own).
    """

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self.dialect: Dialect = backend.dialect
        self.path = backend.where

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

        ``path`` is a file, a ``file:`` URI (``file:x.sqlite3?mode=ro``), an ``sqlite:///``
        URL or a ``postgresql://`` URL; ``None`` reads :func:`database_path`. For SQLite,
        ``exclusive`` keeps the file locked while the store is open, so a second copy of the
        bot on the same file gets :class:`DatabaseLocked` instead of dealing the same
        tables; ``synchronous`` and ``busy_timeout`` are its PRAGMAs. PostgreSQL serves
        several processes (which of them drives a table is :mod:`bot.tables.leases`' business).
        Raises a :class:`StartupError` subclass with a one-line message.
        """
        target = database_path() if path is None else path
        backend: Backend
        if is_postgres_url(target):
            from bot.store.postgres import PgBackend

            backend = await PgBackend.open(target)
        else:
            backend = await SqliteBackend.open(
                sqlite_path(target),
                synchronous=synchronous,
                busy_timeout=busy_timeout,
                exclusive=exclusive,
            )
        store = cls(backend)
        try:
            await store._migrate()
        except StartupError:
            await backend.close()
            raise
        except Exception as error:
            found = backend.startup_error(error)
            await backend.close()
            if found is None:
                raise
            raise found from None
        return store

    async def _migrate(self) -> None:
        async with self._write() as tx:
            lock = self.dialect.migration_lock
            if lock is not None:
                await tx.fetch(lock)
            await tx.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, applied_at REAL)"
                if self.dialect is Dialect.SQLITE
                else "CREATE TABLE IF NOT EXISTS schema_version "
                "(version BIGINT PRIMARY KEY, applied_at DOUBLE PRECISION)"
            )
            rows = await tx.fetch("SELECT version FROM schema_version")
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
                for statement in migration_statements(version, self.dialect):
                    await tx.execute(statement)
                await tx.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                    (version, float(int(time.time()))),
                )

    async def backup(self, target: str | os.PathLike[str]) -> int:
        """Copy the whole database, as it stands between two transactions, into the new file
        ``target``; the size of the copy in bytes. An SQLite feature: on PostgreSQL it raises
        :class:`BackupFailed` saying to use ``pg_dump``.

        The copy runs through the store's own connection (the only one the exclusive lock
        allows) on its worker thread, off the event loop, with no transaction caught half
        way; it is checked (``quick_check``) and becomes ``target`` in one rename, so a
        partial file never carries the final name. The copy is one self-contained file (no
        ``-wal`` beside it): copy it to ``HOLDEM_DB`` to restore. Raises
        :class:`BackupFailed` if ``target`` exists or cannot be written.
        """
        if not isinstance(self._backend, SqliteBackend):
            raise BackupFailed(
                f"the database is PostgreSQL ({self.path}): back it up with pg_dump "
                "(pg_dump -Fc -f holdem.dump URL), not the bot's SQLite backups",
                path=self.path,
            )
        return await self._backend.backup(target)

    @property
    def backs_up_itself(self) -> bool:
        """Whether :meth:`backup` works here (SQLite); PostgreSQL is backed up by pg_dump."""
        return isinstance(self._backend, SqliteBackend)

    async def schema_version(self) -> int:
        rows = await self._read("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0])

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ plumbing

    def _write(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction; committed when the block ends, rolled back if it raises."""
        return self._backend.transaction()

    def _snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """Several reads that see one state of the database."""
        return self._backend.snapshot()

    def _autocommit(self) -> AbstractAsyncContextManager[Tx]:
        """Statements each committed on its own: one read needs no transaction around it."""
        return self._backend.autocommit()

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._autocommit() as tx:
            return await tx.fetch(sql, params)

    async def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement, committed on its own; the rows it changed."""
        async with self._autocommit() as tx:
            return await tx.execute(sql, params)
