"""The embedded backend: one SQLite file on one connection, in a thread of its own.

The connection lives in the database's one thread (:class:`_Thread`), which runs the functions
handed to it in the order they were handed over. A whole write (a hand's start, an action, a
hand's end with its ledger rows and stats) is one such function, :meth:`SqliteBackend.run`:
one hand-off from the event loop and back, however many statements it holds, and handed over
at once, so the writes of many tables queue in the thread side by side instead of waiting for
each other's round trips through the loop. The store's SQL stays written once for both
backends: a job's queries are the same ``async`` functions of a :class:`~bot.store.backend.Tx`,
driven to their end in the database thread by a Tx that never waits (:func:`_complete`).
Why not aiosqlite, as before: it hands each statement over on its own and queues a call only
once its coroutine runs, so a hand's end of about 25 statements made 25 round trips through a
busy loop while every other table's write waited (``benchmarks/README.md``, "one job per
write"); the standard library's :mod:`sqlite3` in one thread of ours does the same job whole.

Blocks of statements (:meth:`SqliteBackend.transaction`, ``snapshot``, ``autocommit``) hand
each statement over on its own and hold an :class:`asyncio.Lock` meanwhile, so that no other
statement or job runs inside them; a job handed over while none is held goes straight to the
queue, behind the statements of the block that held it last. Start-up turns every way a file
can be unusable (locked by another process, read-only, not SQLite or damaged, impossible to
open) into one :class:`~bot.store.errors.StartupError` with a one-line message. Backups
(:meth:`SqliteBackend.backup`, :func:`backup_database`) are SQLite's online backup API.

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
import sys
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from queue import SimpleQueue
from typing import Any, Literal, TypeVar

from bot.store.backend import ConstraintViolation, Dialect, Row, Tx
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

SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the interpreter while another asks for it (CPython's default is
5 ms). The database thread runs Python (a job's statements and their parameters) beside the
event loop and the picture worker; at 5 ms the loop, back from each wait for I/O, queued up to
5 ms behind it every time, and at 2,000 busy tables the action p99 went from 4.6 s to 0.1 s
with 0.5 ms (0.2 ms was worse again: ``benchmarks/README.md``, the capacity section)."""

log = logging.getLogger("holdem.store")

T = TypeVar("T")


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


def _settle(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():  # the awaiting task may have been cancelled meanwhile
        future.set_result(result)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)


class _Thread:
    """The database's one thread: runs the functions handed to it, in the order handed over,
    and answers each on the event loop that handed it over."""

    def __init__(self, name: str) -> None:
        self._queue: SimpleQueue[tuple[asyncio.Future[Any], Callable[[], Any]] | None]
        self._queue = SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()
        self.stopped = False
        """Whether :meth:`stop` was called: nothing more is taken."""

    def submit(self, function: Callable[[], T]) -> asyncio.Future[T]:
        """Queue ``function`` now (before any later call's); its result, to await."""
        if self.stopped:
            raise ValueError("the database is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put((future, function))
        return future

    def _serve(self) -> None:
        while (item := self._queue.get()) is not None:
            future, function = item
            try:
                result = function()
            except BaseException as error:  # handed to the caller, whatever it is
                answer: tuple[Callable[..., None], Any] = (_fail, error)
            else:
                answer = (_settle, result)
            # A loop closed meanwhile (a process ending) waits for no answer; the thread goes
            # on with what else was handed over.
            with contextlib.suppress(RuntimeError):
                future.get_loop().call_soon_threadsafe(answer[0], future, answer[1])

    async def stop(self) -> None:
        """End the thread once everything handed over before has run."""
        self.stopped = True
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)


def _complete(step: Coroutine[Any, Any, T]) -> T:
    """Run a job's coroutine to its end in the database thread. Its statements never wait (a
    :class:`_JobTx` runs them where it stands), so it ends at its first step; one that waits
    on anything else is a bug, refused rather than left half done."""
    try:
        step.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    step.close()
    raise RuntimeError("a database job waited on something other than its own statements")


class _JobTx:
    """A job's statements, run at once on the connection in the database thread."""

    dialect = Dialect.SQLITE

    def __init__(self, connection: sqlite3.Connection, where: str) -> None:
        self._db = connection
        self._where = where

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        log.debug("executing %s", sql)
        with _statement(self._where):
            return self._db.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        log.debug("executing %s", sql)
        with _statement(self._where):
            self._db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        log.debug("executing %s", sql)
        with _statement(self._where):
            return self._db.execute(sql, params).fetchall()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None


class _SqliteTx:
    """Statements of a block, each handed to the database thread on its own; the backend
    holds its lock meanwhile."""

    dialect = Dialect.SQLITE

    def __init__(self, thread: _Thread, statements: _JobTx) -> None:
        self._thread = thread
        self._statements = statements

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._thread.submit(lambda: _complete(self._statements.execute(sql, params)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)  # read here, not in the database thread
        await self._thread.submit(lambda: _complete(self._statements.executemany(sql, rows)))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._thread.submit(lambda: _complete(self._statements.fetch(sql, params)))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None


class SqliteBackend:
    """The database file ``where``; make one with :meth:`open`."""

    dialect = Dialect.SQLITE

    def __init__(self, thread: _Thread, connection: sqlite3.Connection, path: str) -> None:
        self._thread = thread
        self._db = connection  # used in the database thread only
        self._lock = asyncio.Lock()
        self._statements = _JobTx(connection, path)
        self._tx = _SqliteTx(thread, self._statements)
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
        # the database thread starts.
        await asyncio.to_thread(_probe, path, uri, busy_timeout)
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        thread = _Thread(f"sqlite {path}")

        def connect() -> sqlite3.Connection:
            db = sqlite3.connect(path, isolation_level=None, timeout=busy_timeout, uri=uri)
            try:
                # PRAGMAs that answer with a row must be read to the end: an unread cursor
                # keeps a statement open, and the first COMMIT then fails.
                db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}").fetchall()
                if exclusive:
                    db.execute("PRAGMA locking_mode = EXCLUSIVE").fetchall()
                db.execute("PRAGMA journal_mode = WAL").fetchall()
                db.execute(f"PRAGMA synchronous = {synchronous}").fetchall()
                db.execute("PRAGMA foreign_keys = ON").fetchall()
            except BaseException:
                db.close()
                raise
            return db

        try:
            connection = await thread.submit(connect)
        except BaseException as error:
            await thread.stop()
            if isinstance(error, sqlite3.Error):
                raise startup_error(error, path) from None
            raise
        return cls(thread, connection, path)

    def startup_error(self, error: Exception) -> StartupError | None:
        """The start-up message for a driver error met while migrating, if it is one."""
        return startup_error(error, self.where) if isinstance(error, sqlite3.Error) else None

    async def run(
        self, work: Callable[[Tx], Coroutine[Any, Any, T]], *, transaction: bool = True
    ) -> T:
        """See :meth:`bot.store.backend.Backend.run`: here one hand-off to the database
        thread, made at once, unless a block holds the connection: then as soon as that
        block ends."""
        if self._lock.locked():
            async with self._lock:
                done = self._thread.submit(lambda: self._job(work, transaction))
        else:
            done = self._thread.submit(lambda: self._job(work, transaction))
        return await done

    def _job(self, work: Callable[[Tx], Coroutine[Any, Any, T]], transaction: bool) -> T:
        """In the database thread: BEGIN, the job's statements, COMMIT (ROLLBACK if any
        raises); without ``transaction``, the statements each committed on its own."""
        if not transaction:
            return _complete(work(self._statements))
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            result = _complete(work(self._statements))
            with _statement(self.where):  # a full disk may refuse the commit itself
                db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return result

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            await self._tx.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
                await self._tx.execute("COMMIT")  # a full disk may refuse the commit itself
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
        def rollback() -> None:
            # Cancelled while COMMIT was queued: the COMMIT ran first and ended the
            # transaction, so there is nothing to roll back.
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

        await self._thread.submit(rollback)

    async def close(self) -> None:
        async with self._lock:
            if self._thread.stopped:
                return  # closed already
            await self._thread.submit(self._db.close)
            await self._thread.stop()

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
                    await self._thread.submit(lambda: self._db.backup(copy))
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
