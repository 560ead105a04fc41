"""Which database the bot uses, and opening it: the backend picked from the target, the
schema brought up to date, every way it can be unusable turned into one start-up error.

A ``postgresql://`` URL is a PostgreSQL server (:mod:`bot.store.postgres`); anything else an
SQLite file (:mod:`bot.store.sqlite`). :meth:`bot.store.store.Store.open` holds what
:func:`open_backend` returns.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from bot.store.backend import Backend, is_postgres_url
from bot.store.errors import StartupError
from bot.store.migrations import migrate
from bot.store.sqlite import SqliteBackend, Synchronous, sqlite_path

__all__ = ["DEFAULT_PATH", "ENV_VAR", "URL_VAR", "database_path", "is_postgres_url", "open_backend"]

ENV_VAR = "HOLDEM_DB"
URL_VAR = "HOLDEM_DATABASE_URL"
DEFAULT_PATH = "./holdem.sqlite3"


def database_path(environ: Mapping[str, str] | None = None) -> str:
    """The database: ``$HOLDEM_DATABASE_URL`` (a ``postgresql://`` URL, an ``sqlite:///``
    one or a file), else the file ``$HOLDEM_DB``, else ``./holdem.sqlite3``."""
    env = os.environ if environ is None else environ
    return env.get(URL_VAR, "").strip() or env.get(ENV_VAR, "").strip() or DEFAULT_PATH


async def open_backend(
    target: str, *, synchronous: Synchronous, busy_timeout: float, exclusive: bool
) -> Backend:
    """The backend for ``target``, open and migrated (see :meth:`bot.store.store.Store.open`
    for the arguments). Raises a :class:`StartupError` subclass with a one-line message."""
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
    try:
        async with backend.transaction() as tx:
            await migrate(tx, backend.where)
    except StartupError:
        await backend.close()
        raise
    except Exception as error:
        found = backend.startup_error(error)
        await backend.close()
        if found is None:
            raise
        raise found from None
    return backend
