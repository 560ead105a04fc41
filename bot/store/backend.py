"""The seam between the store's SQL and a database server: one SQL text, two backends.

The store's queries are written once, in the subset of SQL that SQLite and PostgreSQL share
(``INSERT … ON CONFLICT``, ``RETURNING``, ``CASE``, ``COALESCE``), with SQLite's ``?`` and
``?N`` placeholders. A backend (:mod:`bot.store.sqlite`, :mod:`bot.store.postgres`) runs that text,
after its :class:`Dialect` has rewritten what must differ: the placeholders, the column types
of the schema, and the row lock a read-then-write takes. What cannot be written once (the
triggers of migration 1) is a :class:`PerDialect` pair in :mod:`bot.store.migrations`.

A :class:`Tx` is what a query sees: rows out, a row count back, the backend's constraint
failures as :class:`ConstraintViolation`; never the driver's own types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from bot.store.errors import StartupError

__all__ = [
    "Backend",
    "ConstraintViolation",
    "Dialect",
    "PerDialect",
    "Row",
    "Tx",
    "is_postgres_url",
    "pg_ddl",
    "pg_placeholders",
    "redacted",
]

Row = Sequence[Any]
"""A result row: indexable and unpackable (a tuple or an asyncpg Record)."""

T = TypeVar("T")


class Dialect(Enum):
    """The SQL a backend speaks where the portable subset ends."""

    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"

    @property
    def for_update(self) -> str:
        """The suffix of a SELECT whose row the transaction then changes: PostgreSQL locks
        the row so a concurrent process waits (no lost update); SQLite's ``BEGIN IMMEDIATE``
        already holds the whole database."""
        return " FOR UPDATE" if self is Dialect.POSTGRESQL else ""

    def json_text(self, column: str, key: str) -> str:
        """The SQL for the top-level ``key`` of the JSON text in ``column``, or NULL (SQLite
        gives numbers and JSON true as 1, PostgreSQL text: cast to TEXT before comparing)."""
        if self is Dialect.POSTGRESQL:
            return f"(CAST({column} AS json) ->> '{key}')"
        return f"json_extract({column}, '$.{key}')"

    @property
    def migration_lock(self) -> str | None:
        """A statement that makes a second process starting at once wait for the first's
        migrations (SQLite's write lock does that by itself)."""
        if self is Dialect.POSTGRESQL:
            return "SELECT pg_advisory_xact_lock(7240411)"  # any constant; holdem's own
        return None


@dataclass(frozen=True, kw_only=True, slots=True)
class PerDialect:
    """A migration step whose SQL must differ: the statements each dialect runs instead."""

    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]

    def for_dialect(self, dialect: Dialect) -> tuple[str, ...]:
        return self.sqlite if dialect is Dialect.SQLITE else self.postgresql


class ConstraintViolation(Exception):
    """A statement broke a constraint or a trigger refused it (the message says which)."""


class Tx(Protocol):
    """Statements inside one transaction (or, from :meth:`Backend.autocommit`, each its own)."""

    dialect: Dialect

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement that returns no rows; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


class Backend(Protocol):
    """One database: SQLite in a database thread of its own, or PostgreSQL through asyncpg."""

    dialect: Dialect
    where: str
    """The database as a host names it (a path, or a URL without its password)."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One read-write transaction: committed when the block ends, rolled back if it
        raises."""
        ...

    async def run(
        self, work: Callable[[Tx], Coroutine[Any, Any, T]], *, transaction: bool = True
    ) -> T:
        """``work``'s statements as one read-write transaction (committed when it returns,
        rolled back if it raises), or with ``transaction=False`` each committed on its own;
        what it returns. ``work`` awaits nothing but its statements: SQLite runs it whole in
        its database thread, one hand-off however many statements it holds."""
        ...

    def snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """Several reads that see one consistent state of the database."""
        ...

    def autocommit(self) -> AbstractAsyncContextManager[Tx]:
        """Statements each committed on its own (one durable INSERT, one read)."""
        ...

    def startup_error(self, error: Exception) -> StartupError | None:
        """The one-line start-up message for a driver error met while migrating, or ``None``
        when ``error`` is not the database's (a bug, to be shown as one)."""
        ...

    async def close(self) -> None: ...


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL server rather than an SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """The URL with any password replaced by ``***``, fit for logs and messages."""
    return re.sub(r"^([a-z]+://[^:/@]*):[^@/]*@", r"\1:***@", url)


_PLACEHOLDER = re.compile(r"'[^']*'|\?(\d*)")


@lru_cache(maxsize=512)
def pg_placeholders(sql: str) -> str:
    """SQLite's ``?`` (the next parameter) and ``?N`` (parameter N) as PostgreSQL's ``$N``;
    a ``?`` inside a string literal stays.

    >>> pg_placeholders("SELECT ?, ?, 'a?' WHERE x = ?2")
    "SELECT $1, $2, 'a?' WHERE x = $2"
    """
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0).startswith("'"):
            return match.group(0)
        if match.group(1):
            return f"${match.group(1)}"
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


_PG_TYPES: Mapping[str, str] = {
    # SQLite's rowid alias: an id the database assigns when the INSERT gives none.
    r"\bINTEGER PRIMARY KEY\b": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    # SQLite's INTEGER is 64-bit (Discord ids need it), its REAL an 8-byte float.
    r"\bINTEGER\b": "BIGINT",
    r"\bREAL\b": "DOUBLE PRECISION",
    r"\)\s*WITHOUT ROWID": ")",
}


def pg_ddl(statement: str) -> str:
    """A schema statement written for SQLite in PostgreSQL's types.

    >>> pg_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, at REAL) WITHOUT ROWID")
    'CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at DOUBLE PRECISION)'
    """
    for pattern, replacement in _PG_TYPES.items():
        statement = re.sub(pattern, replacement, statement)
    return statement
