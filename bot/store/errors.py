"""What can go wrong in the store, as one tree; every message is one line a host can act on.

The tree::

    StoreError
    ├── StartupError            the database cannot be used; the bot should not start
    │   ├── DatabaseLocked      another process holds the file
    │   ├── DatabaseReadOnly    the file or its folder cannot be written
    │   ├── DatabaseCorrupt     not an SQLite database, or a damaged one
    │   ├── DatabaseUnavailable the file (or the PostgreSQL server) cannot be opened at all
    │   └── SchemaTooNew        written by a newer version of the bot
    ├── WalletError
    │   ├── NoWallet            the member has no wallet in this guild yet
    │   └── InsufficientChips   a movement would take the balance below zero
    ├── HandStateError          an action out of sequence, a finished or unknown hand/table
    │   ├── LeaseLost           the table's lease names another process: the write is fenced
    │   └── EventConflict       an event's input numbered as one already written (or not next)
    ├── StoreUnavailable        the database cannot be reached just now (a server restart,
    │   │                       a dropped connection): nothing of the request was kept
    │   └── DatabaseFull        the database's disk (or its size limit) is full: nothing of
    │                           the request was kept, and nothing is until space is freed
    ├── TableTaken              a table is open in the channel already (or another process
    │                           holds its lease): nothing was opened
    ├── MemberSeated            a member's data cannot be removed while they sit at a table
    ├── BackupFailed            a backup could not be written where asked
    └── MigrationRefused        the copy to PostgreSQL cannot be made; nothing was kept

Outside the tree, on purpose: :class:`bot.store.backend.ConstraintViolation`, a backend's
constraint or trigger failure, which the store's SQL turns into one of the errors above
(``HandStateError`` for an action out of sequence) and never lets out.
"""

from __future__ import annotations

__all__ = [
    "BackupFailed",
    "DatabaseCorrupt",
    "DatabaseDamaged",
    "DatabaseFull",
    "DatabaseLocked",
    "DatabaseReadOnly",
    "DatabaseUnavailable",
    "EventConflict",
    "HandStateError",
    "InsufficientChips",
    "LeaseLost",
    "MemberSeated",
    "MigrationRefused",
    "NoWallet",
    "SchemaTooNew",
    "StartupError",
    "StoreError",
    "StoreUnavailable",
    "TableTaken",
    "WalletError",
]


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class StartupError(StoreError):
    """The database cannot be used; ``str(error)`` is the message to print at start-up."""

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(message)
        self.path = path


class DatabaseLocked(StartupError):
    pass


class DatabaseReadOnly(StartupError):
    pass


class DatabaseCorrupt(StartupError):
    pass


class DatabaseDamaged(DatabaseCorrupt):
    """A database file that opens but fails SQLite's quick check (a damaged page)."""


class DatabaseUnavailable(StartupError):
    pass


class SchemaTooNew(StartupError):
    def __init__(self, message: str, *, path: str, found: int, known: int) -> None:
        super().__init__(message, path=path)
        self.found = found
        self.known = known


class WalletError(StoreError):
    pass


class NoWallet(WalletError):
    pass


class InsufficientChips(WalletError):
    """Carries the balance so the bot can say how many chips the member has."""

    def __init__(self, message: str, *, balance: int, delta: int) -> None:
        super().__init__(message)
        self.balance = balance
        self.delta = delta


class HandStateError(StoreError):
    pass


class MemberSeated(StoreError):
    """The member is at an open table, or (``event``) in an open tournament: their data is
    removed once it is over."""

    def __init__(self, message: str, *, event: bool = False) -> None:
        super().__init__(message)
        self.event = event


class BackupFailed(StoreError):
    """``str(error)`` names the file and the cause in one line."""

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(message)
        self.path = path


class MigrationRefused(StoreError):
    """The copy to PostgreSQL (:mod:`bot.store.sqlite_to_postgres`) cannot be made or did not
    check out; nothing was kept in the target."""


class LeaseLost(HandStateError):
    """The table's lease names another process: the database refused the write (the fence
    of :mod:`bot.store.leases`), so nothing of it was kept."""


class TableTaken(StoreError):
    """Opening a table found one open in the channel already, or its lease held by another
    live process (``leased``): nothing was written."""

    def __init__(self, message: str, /, *, table_id: str, leased: bool) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.leased = leased


class StoreUnavailable(StoreError):
    """The database could not be reached for one request (its server stopped or restarts,
    the connection was cut): the request's transaction did not commit, unless the cut came
    after the commit, which the caller finds out by reading again. A member is told to try
    again in a moment."""

    code = "store_unavailable"


class DatabaseFull(StoreUnavailable):
    """The database's disk is full (SQLite's ``SQLITE_FULL``: the disk, or the file's size
    limit): the request's transaction was rolled back, so the table stands where it stood, and
    reads still work. Like an outage, it passes once the host frees space; a member is told
    the database is full, the log says it once per write refused."""

    code = "database_full"


class EventConflict(HandStateError):
    """An event's input was not the next in its log: another writer wrote that number first
    (two processes driving one event, or a retry after a commit). Nothing of the refused
    write was kept; ``expected`` is the number the log is at."""

    def __init__(self, message: str, /, *, event_id: int, seq: int, expected: int) -> None:
        super().__init__(message)
        self.event_id = event_id
        self.seq = seq
        self.expected = expected
