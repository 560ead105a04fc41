"""The bot's one database: house rules, wallets, live tables and hands, history.

One :class:`Store` runs on one backend (:mod:`bot.store.core` picks it): an SQLite file by
default, or a PostgreSQL server for bots that run several processes. The application layer
sees only :class:`bot.store.api.StoreApi`. Every write method commits before it returns:
when ``append_action`` returns, the action survives a process kill (see
:mod:`bot.store.sqlite` and :mod:`bot.store.postgres` for what each backend promises beyond that).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from bot.guilds.wallets import Reason
from bot.store import members, wallets
from bot.store.codec import dumps, loads
from bot.store.core import DEFAULT_PATH, ENV_VAR, URL_VAR, database_path
from bot.store.errors import NoWallet
from bot.store.hands import TablesAndHands
from bot.store.records import CommandSync, Erasure, LeaderboardRow, MemberSettings, Mismatch
from bot.store.stats import StatsQueries
from engine import HouseRules, Refill

__all__ = ["DEFAULT_PATH", "ENV_VAR", "URL_VAR", "Store", "database_path"]


class Store(TablesAndHands, StatsQueries):
    """The database; make one with ``await Store.open(path)``, end with :meth:`close`.

    Every write method is one transaction, committed before it returns; ``now`` is always
    passed in (seconds since the epoch), never read here.
    """

    # ------------------------------------------------------------------ guilds

    async def get_guild_rules(self, guild_id: int) -> dict[str, Any] | None:
        """The guild's house rules as stored (the engine's ``HouseRules.to_dict()``)."""
        rows = await self._read("SELECT rules_json FROM guilds WHERE guild_id = ?", (guild_id,))
        return loads(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_guild_rules(self, guild_id: int, data: Mapping[str, Any], now: float) -> None:
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO guilds (guild_id, rules_json, updated_at) VALUES (?,?,?) "
                "ON CONFLICT (guild_id) DO UPDATE SET rules_json = excluded.rules_json, "
                "updated_at = excluded.updated_at",
                (guild_id, dumps(dict(data)), now),
            )

    async def get_language(self, guild_id: int) -> str | None:
        rows = await self._read("SELECT language FROM guilds WHERE guild_id = ?", (guild_id,))
        return rows[0][0] if rows else None

    async def set_language(self, guild_id: int, language: str, now: float) -> None:
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO guilds (guild_id, language, updated_at) VALUES (?,?,?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at",
                (guild_id, language, now),
            )

    # ------------------------------------------------------------------ members

    async def get_member_settings(self, guild_id: int, user_id: int) -> MemberSettings:
        """The member's settings in the guild; the defaults (all off) if never set."""
        async with self._autocommit() as tx:
            return await members.read_settings(tx, guild_id, user_id)

    async def set_member_settings(
        self,
        guild_id: int,
        user_id: int,
        *,
        dm: bool | None = None,
        four_colour: bool | None = None,
        coach: bool | None = None,
        now: float,
    ) -> MemberSettings:
        """Change the settings given (``None`` keeps the current value); the new settings."""
        changes = {"dm": dm, "four_colour": four_colour, "coach": coach}
        async with self._write() as tx:
            return await members.write_settings(tx, guild_id, user_id, changes, now)

    async def erase_member(self, guild_id: int, user_id: int, *, now: float) -> Erasure:
        """Remove the member's data from the server in one transaction: their wallet, ledger
        and hand rows stay under an anonymous id (so audits and totals still add up), their
        settings go. Raises :class:`MemberSeated` while they sit at an open table; see
        :mod:`bot.store.members` for what is stored and why."""
        async with self._write() as tx:
            return await members.erase_member(tx, guild_id, user_id, now)

    # ------------------------------------------------------------------ slash commands

    async def command_syncs(self) -> list[CommandSync]:
        """Every scope's last published commands, by scope."""
        rows = await self._read(
            "SELECT scope, payload_hash, commands, synced_at FROM command_syncs ORDER BY scope"
        )
        return [
            CommandSync(scope=r[0], payload_hash=r[1], commands=r[2], synced_at=r[3]) for r in rows
        ]

    async def record_command_sync(self, sync: CommandSync) -> None:
        """Remember what was just published to ``sync.scope``."""
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO command_syncs (scope, payload_hash, commands, synced_at) "
                "VALUES (?,?,?,?) ON CONFLICT (scope) DO UPDATE SET "
                "payload_hash = excluded.payload_hash, commands = excluded.commands, "
                "synced_at = excluded.synced_at",
                (sync.scope, sync.payload_hash, sync.commands, sync.synced_at),
            )

    # ------------------------------------------------------------------ wallets

    async def ensure_wallet(
        self, guild_id: int, user_id: int, *, starting_grant: int, now: float
    ) -> int:
        """The member's balance, creating the wallet with its one starting grant if new."""
        async with self._write() as tx:
            if await wallets.create_wallet(tx, guild_id, user_id, now) and starting_grant > 0:
                return await wallets.move(
                    tx, guild_id=guild_id, user_id=user_id, delta=starting_grant,
                    reason=Reason.GRANT, ref=None, now=now,
                )  # fmt: skip
            row = await wallets.wallet_row(tx, guild_id, user_id)
            assert row is not None
            return row[0]

    async def move(
        self,
        guild_id: int,
        user_id: int,
        delta: int,
        reason: Reason,
        *,
        ref: str | None = None,
        now: float,
    ) -> int:
        """Change a balance with its ledger row in one transaction; returns the new balance.

        Raises :class:`InsufficientChips` (with the balance) rather than go below zero, and
        :class:`NoWallet`; a refused movement changes nothing.
        """
        if delta == 0:
            raise ValueError("a movement of 0 chips")
        async with self._write() as tx:
            return await wallets.move(
                tx, guild_id=guild_id, user_id=user_id, delta=delta, reason=reason, ref=ref,
                now=now,
            )  # fmt: skip

    async def buy_in(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        table_id: str,
        now: float,
        table_state: Mapping[str, Any] | None = None,
    ) -> int:
        """Wallet to table; ``table_state`` (with the new stack) commits in the same
        transaction, so the chips are always in exactly one place."""
        if amount <= 0:
            raise ValueError("a buy-in must be positive")
        async with self._write() as tx:
            balance = await wallets.move(
                tx, guild_id=guild_id, user_id=user_id, delta=-amount, reason=Reason.BUY_IN,
                ref=f"table:{table_id}", now=now,
            )  # fmt: skip
            if table_state is not None:
                await self._update_table(tx, table_id, table_state, now)
            return balance

    async def cash_out(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        table_id: str,
        now: float,
        table_state: Mapping[str, Any] | None = None,
    ) -> int:
        """Table to wallet (``amount`` may be 0 for a busted player leaving)."""
        if amount < 0:
            raise ValueError("a cash-out cannot be negative")
        async with self._write() as tx:
            if amount:
                balance = await wallets.move(
                    tx, guild_id=guild_id, user_id=user_id, delta=amount,
                    reason=Reason.CASH_OUT, ref=f"table:{table_id}", now=now,
                )  # fmt: skip
            else:
                row = await wallets.wallet_row(tx, guild_id, user_id)
                if row is None:
                    raise NoWallet(f"member {user_id} has no wallet in guild {guild_id}")
                balance = row[0]
            if table_state is not None:
                await self._update_table(tx, table_id, table_state, now)
            return balance

    async def refill(
        self, guild_id: int, user_id: int, *, rules: HouseRules, on_tables: int = 0, now: float
    ) -> int:
        """Grant what the house's refill policy owes the member now (``on_tables``: their
        chips on open tables); returns the grant, 0 when nothing is owed. Raises
        :class:`NoWallet`."""
        if rules.refill is Refill.NONE:
            return 0  # the default: no write transaction for nothing
        async with self._write() as tx:
            return await wallets.refill(
                tx, guild_id=guild_id, user_id=user_id, rules=rules, on_tables=on_tables,
                now=now,
            )  # fmt: skip

    async def balance(self, guild_id: int, user_id: int) -> int | None:
        rows = await self._read(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        return int(rows[0][0]) if rows else None

    async def total_balance(self, guild_id: int | None = None) -> int:
        """The sum of all wallets (of one guild): half of the chip-conservation check."""
        if guild_id is None:
            rows = await self._read("SELECT COALESCE(SUM(balance), 0) FROM wallets")
        else:
            rows = await self._read(
                "SELECT COALESCE(SUM(balance), 0) FROM wallets WHERE guild_id = ?", (guild_id,)
            )
        return int(rows[0][0])

    async def ledger(self, guild_id: int, user_id: int) -> list[tuple[int, str, str | None]]:
        """(delta, reason, ref) of every movement, oldest first."""
        rows = await self._read(
            "SELECT delta, reason, ref FROM ledger WHERE guild_id = ? AND user_id = ? ORDER BY id",
            (guild_id, user_id),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def leaderboard(
        self, guild_id: int, *, by: Literal["chips", "net", "hands"] = "chips", limit: int = 10
    ) -> list[LeaderboardRow]:
        """Best first by wallet chips, net result of hands, or hands played; ties by id."""
        async with self._autocommit() as tx:
            return await wallets.leaderboard(tx, guild_id, by, limit)

    async def audit(self, guild_id: int | None = None) -> list[Mismatch]:
        """Wallets whose balance is not the sum of their ledger, or negative; ``[]`` is good."""
        async with self._autocommit() as tx:
            return await wallets.audit(tx, guild_id)
