"""The lease rows' SQL (migration 8) and the fence that refuses a hand's writes to any process
but the table's lease owner; the decisions are :mod:`bot.tables.leases`'.

A claim is one upsert per table whose ``WHERE`` is :func:`bot.tables.leases.judge`: the row is
taken only if it is free, already ours, or expired, and the epoch moves on when the owner
changes. Under concurrent processes the database serialises the upserts of one row, so of two
processes racing for an expired lease exactly one gets a row back.

The fence: every write of a table a process makes (its row: opening, seats, buy-ins,
cash-outs, closing; a new hand, a hand update, an action) is refused (``lease lost``) inside
the same statement when the table has a lease row naming another owner; so is every write of
a tournament (an input to its log, an update of its row), whose lease is ``event:<id>``
(:mod:`bot.store.events`). A
table with no lease row (a single process that runs no leases) is written as before. On
PostgreSQL the trigger of migration 8 compares the lease with the session setting
``holdem.owner``, which every pooled connection sends as it opens (the store is opened on
:func:`fenced_target`, so a reconnect carries it too); a session without it may write no
leased table. On SQLite, :func:`install_fence` puts ``TEMP`` triggers carrying the owner's id
on the store's one connection.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

from bot.store import tables
from bot.store.backend import Dialect, Row, is_postgres_url
from bot.store.errors import TableTaken
from bot.store.events import lease_key
from bot.store.store import Store
from bot.tables.leases import Lease

__all__ = [
    "claim",
    "claim_event",
    "fenced_target",
    "install_fence",
    "leases",
    "open_table",
    "open_tables",
    "release",
    "renew",
]

_SETTING = "holdem.owner"

_CLAIM = (
    "INSERT INTO leases (table_id, owner, epoch, expires_at) VALUES (?, ?, 1, ?) "
    "ON CONFLICT (table_id) DO UPDATE SET "
    "epoch = CASE WHEN leases.owner = excluded.owner THEN leases.epoch ELSE leases.epoch + 1 END, "
    "owner = excluded.owner, expires_at = excluded.expires_at "
    "WHERE leases.owner = excluded.owner OR leases.expires_at <= ? "
    "RETURNING table_id, owner, epoch, expires_at"
)


async def open_table(
    store: Store,
    table_id: str,
    *,
    guild_id: int,
    channel_id: int,
    state: Mapping[str, Any],
    settings: Mapping[str, Any],
    now: float,
) -> None:
    """Open a table, never over an open one, and (on a fenced store) take its lease in the
    same transaction. Raises :class:`~bot.store.errors.TableTaken`, writing nothing, when
    the channel's table is open or another live process holds its lease."""
    async with store._write() as tx:
        owner = store.lease_owner
        if owner is not None and not await tx.fetch(
            _CLAIM, (table_id, owner, now + store.lease_ttl, now)
        ):
            raise TableTaken(
                f"table {table_id!r} is leased by another process", table_id=table_id, leased=True
            )
        await tables.open_table(
            tx, table_id, guild_id=guild_id, channel_id=channel_id, state=state, now=now,
            settings=settings,
        )  # fmt: skip


async def claim(
    store: Store, table_ids: Iterable[str], *, owner: str, now: float, ttl: float
) -> list[Lease]:
    """Take or renew the leases of ``table_ids`` that are free, ours or expired, in one
    transaction; the leases granted (a table leased by a live other process is left out)."""
    granted: list[Lease] = []
    async with store._write() as tx:
        for table_id in table_ids:
            rows = await tx.fetch(_CLAIM, (table_id, owner, now + ttl, now))
            granted.extend(_lease(row) for row in rows)
    return granted


async def claim_event(store: Store, event_id: int, *, now: float) -> bool:
    """Take or renew event ``event_id``'s lease as the store's fenced owner
    (:func:`install_fence`), for the store's ``lease_ttl``; whether this process holds it
    (always, on a store that runs no leases)."""
    owner = store.lease_owner
    if owner is None:
        return True
    granted = await claim(store, [lease_key(event_id)], owner=owner, now=now, ttl=store.lease_ttl)
    return bool(granted)


async def renew(store: Store, *, owner: str, now: float, ttl: float) -> set[str]:
    """Push every lease ``owner`` still holds on an open table to ``now + ttl``; those
    tables (a lease another process took over is no longer the owner's row to renew, and a
    closed table's lease lapses)."""
    async with store._write() as tx:
        rows = await tx.fetch(
            "UPDATE leases SET expires_at = ? WHERE owner = ? AND table_id IN "
            "(SELECT table_id FROM tables WHERE open = 1) RETURNING table_id",
            (now + ttl, owner),
        )
        return {str(row[0]) for row in rows}


async def release(store: Store, *, owner: str, now: float) -> int:
    """End ``owner``'s leases now (a clean shutdown): the next process takes the tables over
    at once. The owner stays on the rows, so the fence still refuses this process."""
    return await store._execute(
        "UPDATE leases SET expires_at = ? WHERE owner = ? AND expires_at > ?", (now, owner, now)
    )


async def leases(store: Store) -> list[Lease]:
    """Every lease row, by table."""
    rows = await store._read(
        "SELECT table_id, owner, epoch, expires_at FROM leases ORDER BY table_id"
    )
    return [_lease(row) for row in rows]


async def open_tables(store: Store) -> dict[str, int]:
    """Every open table and its guild (what the lease timer plans from; no table state)."""
    rows = await store._read("SELECT table_id, guild_id FROM tables WHERE open = 1")
    return {str(row[0]): int(row[1]) for row in rows}


def fenced_target(target: str, owner: str) -> str:
    """The database to open for a process that holds leases as ``owner``: a PostgreSQL URL
    with the session setting the fence reads (on every connection, reconnects included); an
    SQLite path as it is (:func:`install_fence` does the work there).

    >>> fenced_target("postgresql://bot@db/holdem?sslmode=require", "b:1:f")
    'postgresql://bot@db/holdem?sslmode=require&holdem.owner=b%3A1%3Af'
    """
    if not is_postgres_url(target):
        return target
    return f"{target}{'&' if '?' in target else '?'}{_SETTING}={quote(owner, safe='')}"


async def install_fence(store: Store, owner: str, *, ttl: float | None = None) -> None:
    """Refuse, from now on, every write through this store to a table (its row, its hands,
    their actions) or an event (its row, its inputs) whose lease names someone other than
    ``owner``. On PostgreSQL the store
    must have been opened on :func:`fenced_target` (checked: a ``RuntimeError`` otherwise).

    The store then opens a table by taking its lease in the same transaction
    (:func:`open_table`), for ``ttl`` seconds (the keeper renews it)."""
    store.lease_owner = owner
    if ttl is not None:
        store.lease_ttl = ttl
    if store.dialect is Dialect.POSTGRESQL:
        rows = await store._read(f"SELECT current_setting('{_SETTING}', true)")
        if not rows or rows[0][0] != owner:
            store.lease_owner = None
            raise RuntimeError("open the store on fenced_target(url, owner) to fence it")
        return
    literal = "'" + owner.replace("'", "''") + "'"
    other = f"l.owner <> {literal}"
    triggers = {
        "lease_fence_action": (
            "BEFORE INSERT ON main.hand_actions",
            "SELECT 1 FROM main.hands h JOIN main.leases l ON l.table_id = h.table_id "
            f"WHERE h.hand_id = NEW.hand_id AND {other}",
        ),
        "lease_fence_deal": (
            "BEFORE INSERT ON main.hands",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
        "lease_fence_hand": (
            "BEFORE UPDATE ON main.hands",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
        "lease_fence_open": (
            "BEFORE INSERT ON main.tables",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
        "lease_fence_table": (
            "BEFORE UPDATE ON main.tables",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
        # A tournament's log and its row (migration 10): their table_id is "event:<id>".
        "lease_fence_event_input": (
            "BEFORE INSERT ON main.event_inputs",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
        "lease_fence_event": (
            "BEFORE UPDATE ON main.events",
            f"SELECT 1 FROM main.leases l WHERE l.table_id = NEW.table_id AND {other}",
        ),
    }
    async with store._write() as tx:
        for name, (when, exists) in triggers.items():
            await tx.execute(f"DROP TRIGGER IF EXISTS temp.{name}")
            await tx.execute(
                f"CREATE TEMP TRIGGER {name} {when} BEGIN "
                f"SELECT RAISE(ABORT, 'lease lost') WHERE EXISTS ({exists}); END"
            )


def _lease(row: Row) -> Lease:
    table_id, owner, epoch, expires_at = row
    return Lease(
        table_id=str(table_id), owner=str(owner), epoch=int(epoch), expires_at=float(expires_at)
    )
