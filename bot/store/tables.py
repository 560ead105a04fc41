"""The live tables' rows (``tables``), run inside a connection or transaction
:class:`~bot.store.store.Store` has opened.

A row holds what the table service saves of a table: its seats, stacks, button, level and
clock (``state_json``, the caller's own dict) and its settings; a hand, a buy-in or a cash-out
that changes the stacks writes the new state in its own transaction (:func:`update_state`),
so the chips are always in exactly one place.

Every write here is fenced by the table's lease (:mod:`bot.store.leases`): a process the lease
does not name gets :class:`LeaseLost` and nothing changes. A table is opened by
:func:`open_table`, which never writes over an open one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.backend import ConstraintViolation, Row, Tx
from bot.store.codec import dumps, loads
from bot.store.errors import HandStateError, LeaseLost, TableTaken
from bot.store.records import TableRecord

__all__ = [
    "close_table",
    "deal_from",
    "load_open_tables",
    "load_table",
    "open_table",
    "save_table",
    "update_state",
]

_SELECT = (
    "SELECT table_id, guild_id, channel_id, state_json, settings_json, open, updated_at "
    "FROM tables "
)


async def open_table(
    tx: Tx,
    table_id: str,
    *,
    guild_id: int,
    channel_id: int,
    state: Mapping[str, Any],
    now: float,
    settings: Mapping[str, Any],
) -> None:
    """Open a table in its channel, unless one is open there already. Raises
    :class:`TableTaken`, having written nothing.

    The database decides, so of two processes opening the same channel at once exactly one
    wins: ``DO UPDATE … WHERE open = 0`` never touches an open table (the lease, taken first
    in the same transaction, is :func:`bot.store.leases.open_table`'s)."""
    try:
        opened = await tx.fetch(
            "INSERT INTO tables (table_id, guild_id, channel_id, state_json, settings_json, "
            "open, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) "
            "ON CONFLICT (table_id) DO UPDATE SET guild_id = ?2, channel_id = ?3, "
            "state_json = ?4, settings_json = ?5, open = 1, updated_at = ?6 "
            "WHERE tables.open = 0 RETURNING table_id",
            (table_id, guild_id, channel_id, dumps(dict(state)), dumps(dict(settings)), now),
        )
    except ConstraintViolation as error:
        raise _refusal(table_id, error) from None
    if not opened:
        raise TableTaken(f"table {table_id!r} is open already", table_id=table_id, leased=False)


async def save_table(
    tx: Tx,
    table_id: str,
    *,
    guild_id: int,
    channel_id: int,
    state: Mapping[str, Any],
    now: float,
    settings: Mapping[str, Any] | None,
) -> None:
    """Create or update a table (it is open afterwards); ``settings`` kept if ``None``."""
    try:
        await tx.execute(
            "INSERT INTO tables (table_id, guild_id, channel_id, state_json, settings_json, "
            "open, updated_at) VALUES (?1, ?2, ?3, ?4, COALESCE(?5, '{}'), 1, ?6) "
            "ON CONFLICT (table_id) DO UPDATE SET guild_id = ?2, channel_id = ?3, "
            "state_json = ?4, settings_json = COALESCE(?5, tables.settings_json), open = 1, "
            "updated_at = ?6",
            (
                table_id, guild_id, channel_id, dumps(dict(state)),
                None if settings is None else dumps(dict(settings)), now,
            ),
        )  # fmt: skip
    except ConstraintViolation as error:
        raise _refusal(table_id, error) from None


async def update_state(
    tx: Tx,
    table_id: str,
    state: Mapping[str, Any],
    now: float,
    *,
    settings: Mapping[str, Any] | None = None,
) -> None:
    """Replace the table's saved state (and its settings, if given); raises
    :class:`HandStateError` for no such table (:class:`LeaseLost` when another process holds
    its lease)."""
    try:
        changed = await tx.execute(
            "UPDATE tables SET state_json = ?, settings_json = COALESCE(?, settings_json), "
            "updated_at = ? WHERE table_id = ?",
            (
                dumps(dict(state)), None if settings is None else dumps(dict(settings)), now,
                table_id,
            ),
        )  # fmt: skip
    except ConstraintViolation as error:
        raise _refusal(table_id, error) from None
    if changed != 1:
        raise HandStateError(f"no table {table_id!r}")


async def deal_from(tx: Tx, table_id: str, state: Mapping[str, Any], now: float) -> int:
    """Save the state an open table deals its next hand from; the table's guild. Raises
    :class:`HandStateError` when no such table is open (:class:`LeaseLost` when another
    process holds its lease)."""
    try:
        row = await tx.fetchone(
            "UPDATE tables SET state_json = ?, updated_at = ? WHERE table_id = ? AND open = 1 "
            "RETURNING guild_id",
            (dumps(dict(state)), now, table_id),
        )
    except ConstraintViolation as error:
        raise _refusal(table_id, error) from None
    if row is None:
        raise HandStateError(f"no open table {table_id!r}")
    return int(row[0])


async def close_table(
    tx: Tx, table_id: str, *, now: float, state: Mapping[str, Any] | None
) -> None:
    if state is not None:
        await update_state(tx, table_id, state, now)
    try:
        closed = await tx.execute(
            "UPDATE tables SET open = 0, updated_at = ? WHERE table_id = ?", (now, table_id)
        )
    except ConstraintViolation as error:
        raise _refusal(table_id, error) from None
    if closed != 1:
        raise HandStateError(f"no table {table_id!r}")


async def load_table(tx: Tx, table_id: str) -> TableRecord | None:
    row = await tx.fetchone(_SELECT + "WHERE table_id = ?", (table_id,))
    return None if row is None else _table(row)


async def load_open_tables(tx: Tx) -> list[TableRecord]:
    return [_table(r) for r in await tx.fetch(_SELECT + "WHERE open = 1 ORDER BY table_id")]


def _table(row: Row) -> TableRecord:
    return TableRecord(
        table_id=row[0], guild_id=row[1], channel_id=row[2], state=loads(row[3]),
        settings=loads(row[4]), open=bool(row[5]), updated_at=row[6],
    )  # fmt: skip


def _refusal(table_id: str, error: ConstraintViolation) -> HandStateError:
    """The store's error for a refused table write: the fence's, or another constraint's."""
    if "lease lost" in str(error):
        return LeaseLost(f"table {table_id!r}: {error}")
    return HandStateError(f"table {table_id!r}: {error}")
