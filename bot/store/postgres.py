"""The server backend: PostgreSQL through asyncpg, for bots that outgrow one machine.

Why asyncpg rather than psycopg 3: it is asyncio-native end to end (no thread, no sync core
under an async shell), speaks PostgreSQL's binary protocol and caches each statement as a
prepared one per connection, which is what the one-INSERT durable action wants; and its
numbered ``$N`` placeholders map one to one onto SQLite's ``?N``, so every query keeps one
text (:func:`bot.store.backend.pg_placeholders`). psycopg's ``%s`` cannot name a parameter twice,
and several queries do. Both ship wheels; asyncpg needs no libpq on the host.

Concurrency: a small pool of connections, every write a ``READ COMMITTED`` transaction. No
update is ever lost between processes: balances change by ``balance = balance + ?`` with the
``balance >= 0`` guard in the same UPDATE (PostgreSQL re-checks it on the row a concurrent
transaction left), and where a transaction reads a row before changing it (a refill reads
its last time) the read takes the row lock (``FOR UPDATE``). Several wallets change in one
transaction in member-id order, so two transactions never wait for each other in a circle.
Migrations take an advisory lock: two processes starting together migrate once.

Durability is the server's: a commit returns once PostgreSQL has written its WAL (with the
default ``synchronous_commit = on``, flushed), so a bot process killed after
``append_action`` returned has lost nothing. Backups are the server's too: ``pg_dump``.

PostgreSQL-compatible distributed databases: YugabyteDB runs this as it is (its PL/pgSQL
triggers, identity columns and advisory locks are PostgreSQL's). CockroachDB would need three
changes: its transactions are SERIALIZABLE and may fail with SQLSTATE 40001 under contention,
so each write method would retry its transaction; the migration lock would be a lock row
rather than ``pg_advisory_xact_lock``; and the two triggers of migration 1 need its PL/pgSQL
trigger support (v24.3 and later) or become checks in :meth:`~bot.store.store.Store.append_action`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any, TypeVar

import asyncpg

from bot.store.backend import ConstraintViolation, Dialect, Row, Tx, pg_placeholders, redacted
from bot.store.errors import DatabaseUnavailable, StartupError, StoreUnavailable

__all__ = ["POOL_SIZE", "Listening", "PgBackend"]

T = TypeVar("T")

POOL_SIZE = 4
"""Connections per bot process: enough for the tables of one process to commit side by side,
few enough that many shards stay far below the server's ``max_connections``."""

_UNREACHABLE = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
)
"""A connection that could not be made or was lost: the server is down, restarting, or
ended the session (``pg_terminate_backend``)."""

_CONSTRAINT_STATES = ("23", "P0001")
"""SQLSTATE classes of a refused statement: integrity violations, and a trigger's RAISE."""


def _refused(error: asyncpg.PostgresError) -> bool:
    return str(error.sqlstate or "").startswith(_CONSTRAINT_STATES)


class _PgTx:
    """Statements on one pooled connection, inside whatever transaction it holds."""

    dialect = Dialect.POSTGRESQL

    def __init__(self, connection: asyncpg.pool.PoolConnectionProxy[Any]) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self._connection.execute(pg_placeholders(sql), *params)
        except asyncpg.PostgresError as error:
            if _refused(error):
                raise ConstraintViolation(str(error)) from None
            raise
        # The command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0"; its last word is the count.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._connection.executemany(pg_placeholders(sql), list(rows))
        except asyncpg.PostgresError as error:
            if _refused(error):
                raise ConstraintViolation(str(error)) from None
            raise

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._connection.fetch(pg_placeholders(sql), *params))
        except asyncpg.PostgresError as error:
            if _refused(error):
                raise ConstraintViolation(str(error)) from None
            raise

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None


class Listening:
    """A connection of its own (never the pool's: a pooled connection goes back to other
    work) that listens (``LISTEN``) on some channels; :attr:`alive` turns false when it is lost."""

    def __init__(self, connection: asyncpg.Connection[asyncpg.Record]) -> None:
        self._connection = connection

    @property
    def alive(self) -> bool:
        return not self._connection.is_closed()

    async def close(self) -> None:
        with contextlib.suppress(*_UNREACHABLE, asyncpg.PostgresError, TimeoutError):
            await asyncio.wait_for(self._connection.close(), timeout=5.0)


class PgBackend:
    """A PostgreSQL database named by a ``postgresql://`` URL; make one with :meth:`open`."""

    dialect = Dialect.POSTGRESQL

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str) -> None:
        self._pool = pool
        self._url = url
        self.where = redacted(url)

    @classmethod
    async def open(
        cls, url: str, *, connect_timeout: float = 10.0, pool_size: int = POOL_SIZE
    ) -> PgBackend:
        """Connect (``pool_size`` connections at most) or raise :class:`DatabaseUnavailable`
        naming the server and the cause in one line."""
        where = redacted(url)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, timeout=connect_timeout
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnavailable(
                f"cannot connect to the PostgreSQL database {where}: {error}", path=where
            ) from None
        except TimeoutError:
            raise DatabaseUnavailable(
                f"the PostgreSQL server of {where} did not answer in {connect_timeout:g} s",
                path=where,
            ) from None
        return cls(pool, url)

    def startup_error(self, error: Exception) -> StartupError | None:
        """The start-up message for a server error met while migrating, if it is one."""
        if isinstance(error, asyncpg.PostgresError | OSError):
            return DatabaseUnavailable(
                f"the PostgreSQL database {self.where} refused the schema: {error}",
                path=self.where,
            )
        return None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PgTx]:
        with self._reachable():
            async with self._pool.acquire() as connection, connection.transaction():
                yield _PgTx(connection)

    async def run(
        self, work: Callable[[Tx], Coroutine[Any, Any, T]], *, transaction: bool = True
    ) -> T:
        """See :meth:`bot.store.backend.Backend.run`: here the block of :meth:`transaction`
        (or :meth:`autocommit`) around ``work``, the same transaction as before."""
        block = self.transaction() if transaction else self.autocommit()
        async with block as tx:
            return await work(tx)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_PgTx]:
        with self._reachable():
            async with (
                self._pool.acquire() as connection,
                connection.transaction(isolation="repeatable_read", readonly=True),
            ):
                yield _PgTx(connection)

    @asynccontextmanager
    async def autocommit(self) -> AsyncIterator[_PgTx]:
        with self._reachable():
            async with self._pool.acquire() as connection:
                yield _PgTx(connection)

    async def listen(
        self, channels: Sequence[str], callback: Callable[[str, str], None]
    ) -> Listening:
        """``LISTEN`` on ``channels`` on a new connection: ``callback(channel, payload)`` for
        each notification, on the event loop. A notification sent while the connection is
        down is lost: whoever listens also polls (raises :class:`StoreUnavailable`)."""

        def deliver(_: object, __: int, channel: str, payload: object) -> None:
            callback(channel, str(payload))

        with self._reachable():
            try:
                connection = await asyncpg.connect(self._url, timeout=10.0)
            except TimeoutError as error:
                raise StoreUnavailable(f"{self.where} did not answer in 10 s") from error
            for channel in channels:
                await connection.add_listener(channel, deliver)
        return Listening(connection)

    @contextmanager
    def _reachable(self) -> Iterator[None]:
        """A lost or refused connection (the server stopped, restarts, or ended the session)
        as :class:`StoreUnavailable`; the pool opens a new connection for the next request."""
        try:
            yield
        except _UNREACHABLE as error:
            raise StoreUnavailable(
                f"the PostgreSQL database {self.where} cannot be reached: "
                f"{type(error).__name__}: {error}"
            ) from error

    async def close(self) -> None:
        await asyncio.wait_for(self._pool.close(), timeout=10.0)
