"""A server's own rows, run inside a connection or transaction
:class:`~bot.store.store.Store` has opened: its house rules and language (``guilds``), and the
slash commands last published per scope (``command_syncs``: the global scope or one server).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.backend import Tx
from bot.store.codec import dumps, loads
from bot.store.records import CommandSync

__all__ = [
    "command_syncs",
    "language",
    "record_command_sync",
    "rules",
    "set_language",
    "set_rules",
    "update_rules",
]


async def rules(tx: Tx, guild_id: int) -> dict[str, Any] | None:
    """The guild's house rules as stored (the engine's ``HouseRules.to_dict()``)."""
    row = await tx.fetchone("SELECT rules_json FROM guilds WHERE guild_id = ?", (guild_id,))
    return loads(row[0]) if row is not None and row[0] is not None else None


async def set_rules(tx: Tx, guild_id: int, data: Mapping[str, Any], now: float) -> None:
    await tx.execute(
        "INSERT INTO guilds (guild_id, rules_json, updated_at) VALUES (?,?,?) "
        "ON CONFLICT (guild_id) DO UPDATE SET rules_json = excluded.rules_json, "
        "updated_at = excluded.updated_at",
        (guild_id, dumps(dict(data)), now),
    )


async def update_rules(tx: Tx, guild_id: int, changes: Mapping[str, Any], now: float) -> None:
    """Set some top-level keys of the stored rules and keep the others (the preset and rules
    beside the server's choice of who reads its web pages), read and written under the row's
    lock so two admins' changes at once both stay."""
    await tx.execute(
        "INSERT INTO guilds (guild_id, updated_at) VALUES (?,?) ON CONFLICT (guild_id) DO NOTHING",
        (guild_id, now),
    )
    row = await tx.fetchone(
        "SELECT rules_json FROM guilds WHERE guild_id = ?" + tx.dialect.for_update, (guild_id,)
    )
    data = loads(row[0]) if row is not None and row[0] is not None else {}
    data.update(changes)
    await tx.execute(
        "UPDATE guilds SET rules_json = ?, updated_at = ? WHERE guild_id = ?",
        (dumps(data), now, guild_id),
    )


async def language(tx: Tx, guild_id: int) -> str | None:
    row = await tx.fetchone("SELECT language FROM guilds WHERE guild_id = ?", (guild_id,))
    return row[0] if row is not None else None


async def set_language(tx: Tx, guild_id: int, language: str, now: float) -> None:
    await tx.execute(
        "INSERT INTO guilds (guild_id, language, updated_at) VALUES (?,?,?) "
        "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
        "updated_at = excluded.updated_at",
        (guild_id, language, now),
    )


async def command_syncs(tx: Tx) -> list[CommandSync]:
    """Every scope's last published commands, by scope."""
    rows = await tx.fetch(
        "SELECT scope, payload_hash, commands, synced_at FROM command_syncs ORDER BY scope"
    )
    return [CommandSync(scope=r[0], payload_hash=r[1], commands=r[2], synced_at=r[3]) for r in rows]


async def record_command_sync(tx: Tx, sync: CommandSync) -> None:
    """Remember what was just published to ``sync.scope``."""
    await tx.execute(
        "INSERT INTO command_syncs (scope, payload_hash, commands, synced_at) "
        "VALUES (?,?,?,?) ON CONFLICT (scope) DO UPDATE SET "
        "payload_hash = excluded.payload_hash, commands = excluded.commands, "
        "synced_at = excluded.synced_at",
        (sync.scope, sync.payload_hash, sync.commands, sync.synced_at),
    )
