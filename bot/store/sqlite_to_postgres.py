"""Moving a bot from SQLite to PostgreSQL: every row of every table, copied and checked in one
transaction (``python -m bot --migrate-to URL``).

Both stores are open and migrated to the same schema version, so the tables and columns
match. The copy runs in one PostgreSQL transaction: the target must be empty; the tables are
filled in foreign-key order with their ids as they were (hand numbers, ledger rows), with the
user triggers off meanwhile (the action log's sequence check would refuse the actions of a
finished hand); the identity sequences move past the copied ids, so the next hand gets the
next number; and before the commit every table's row count is compared with the source's and
the wallet audit (every balance equals the sum of its ledger) runs on the copy. Anything
wrong and the transaction rolls back: the target is left empty, the source untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.backend import Dialect, Tx
from bot.store.errors import MigrationRefused
from bot.store.store import Store
from bot.store.wallets import audit

__all__ = ["Migrated", "migrate_to_postgres"]

_BATCH = 2000
_INTEGERS = frozenset({"bigint", "integer", "smallint"})
_FLOATS = frozenset({"double precision", "real", "numeric"})


@dataclass(frozen=True, kw_only=True)
class Migrated:
    """What was copied: rows per table, in the order they were filled."""

    rows: Mapping[str, int]
    wallets: int

    @property
    def total(self) -> int:
        return sum(self.rows.values())


async def migrate_to_postgres(source: Store, target: Store) -> Migrated:
    """Copy the SQLite store ``source`` into the empty PostgreSQL store ``target``; see the
    module docstring. Raises :class:`MigrationRefused` saying why, with nothing kept."""
    if source.dialect is not Dialect.SQLITE or target.dialect is not Dialect.POSTGRESQL:
        raise MigrationRefused("the copy goes from an SQLite file to a PostgreSQL database")
    order = await _tables_in_order(source)
    copied: dict[str, int] = {}
    async with target._write() as tx:
        types = await _column_types(tx)
        filled = [t for t in order if await tx.fetchone(f'SELECT 1 FROM "{t}" LIMIT 1')]
        if filled:
            raise MigrationRefused(
                f"the target {target.path} already holds data (in {', '.join(filled)}): "
                "migrate into a new, empty database"
            )
        for table in order:
            await tx.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER USER')
        for table in order:
            copied[table] = await _copy(source, tx, table, types.get(table, {}))
        for table in order:
            await tx.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER USER')
        await _advance_sequences(tx)
        for table, count in copied.items():
            row = await tx.fetchone(f'SELECT COUNT(*) FROM "{table}"')
            if row is None or int(row[0]) != count:
                raise MigrationRefused(f"{table}: {count} rows read, {row and row[0]} written")
        mismatches = await audit(tx, None)
        if mismatches:
            raise MigrationRefused(
                f"the audit failed on the copy: {len(mismatches)} wallets whose balance is not "
                f"their ledger's sum (first: {mismatches[0]}); nothing was kept"
            )
    return Migrated(rows=copied, wallets=copied.get("wallets", 0))


async def _tables_in_order(source: Store) -> list[str]:
    """The source's tables, each after the tables its foreign keys name."""
    rows = await source._read(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'schema_version' ORDER BY name"
    )
    names = [str(r[0]) for r in rows]
    needs = {
        name: {str(fk[2]) for fk in await source._read(f'PRAGMA foreign_key_list("{name}")')}
        for name in names
    }
    order: list[str] = []
    while len(order) < len(names):
        ready = [n for n in names if n not in order and needs[n] <= {*order, n}]
        if not ready:
            raise MigrationRefused(
                f"a circle of foreign keys among {sorted(set(names) - {*order})}"
            )
        order.extend(ready)
    return order


async def _column_types(tx: Tx) -> dict[str, dict[str, str]]:
    rows = await tx.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema()"
    )
    types: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        types.setdefault(str(table), {})[str(column)] = str(kind)
    return types


async def _copy(source: Store, tx: Tx, table: str, types: Mapping[str, str]) -> int:
    columns = [str(c[1]) for c in await source._read(f'PRAGMA table_info("{table}")')]
    missing = [c for c in columns if c not in types]
    if missing:
        raise MigrationRefused(f"the target's {table} has no column {', '.join(missing)}")
    names = ", ".join(f'"{c}"' for c in columns)
    rows = await source._read(f'SELECT {names} FROM "{table}"')
    insert = f'INSERT INTO "{table}" ({names}) VALUES ({", ".join("?" * len(columns))})'
    kinds = [types[c] for c in columns]
    for start in range(0, len(rows), _BATCH):
        batch = rows[start : start + _BATCH]
        await tx.executemany(insert, [_converted(row, kinds) for row in batch])
    return len(rows)


def _converted(row: Sequence[Any], kinds: Sequence[str]) -> tuple[Any, ...]:
    """SQLite's loosely typed values as the PostgreSQL columns take them (an ``int`` stored
    in a REAL column becomes a ``float``, a 0/1 flag stays an integer)."""
    out: list[Any] = []
    for value, kind in zip(row, kinds):
        if value is None:
            out.append(None)
        elif kind in _INTEGERS:
            out.append(int(value))
        elif kind in _FLOATS:
            out.append(float(value))
        else:
            out.append(value)
    return tuple(out)


async def _advance_sequences(tx: Tx) -> None:
    """Every identity column's sequence to just past the largest id copied."""
    rows = await tx.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in rows:
        await tx.fetch(
            f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
            f'COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)'
        )
