"""The bot's one database: house rules, wallets, live tables and hands, history, statistics.

One :class:`Store` runs on one backend, which :meth:`Store.open` picks from what it is given
(or ``$HOLDEM_DATABASE_URL``, else ``$HOLDEM_DB``; :mod:`bot.store.database`): a
``postgresql://`` URL is a PostgreSQL server (:mod:`bot.store.postgres`), anything else an
SQLite file (:mod:`bot.store.sqlite`). Every way the database can be unusable becomes one
:class:`~bot.store.errors.StartupError` with a one-line message.

The store holds the backend and decides the transactions; the SQL lives in one module of
functions per subject, each taking the transaction it runs in: :mod:`bot.store.guilds`,
:mod:`bot.store.members`, :mod:`bot.store.wallets`, :mod:`bot.store.tables`,
:mod:`bot.store.hands`, :mod:`bot.store.stats`, :mod:`bot.store.events` and
:mod:`bot.store.stats`, whose classes the store holds as its parts ``store.events`` and
``store.stats``; and
:mod:`bot.store.leases`, which the table leases call with the store), written once for both
backends (:mod:`bot.store.backend`); the schema is :mod:`bot.store.migrations`. Every write
method is one transaction, committed before it returns: when ``append_action`` returns, the
action survives a process kill (see :mod:`bot.store.sqlite` and :mod:`bot.store.postgres` for
what each backend promises beyond that).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from functools import partial
from typing import Any, Literal, Self

from bot.guilds.wallets import Reason
from bot.stats.counters import HandFacts
from bot.store import guilds, hands, members, tables, wallets
from bot.store.backend import Backend, Dialect, Row, Tx
from bot.store.database import database_path, open_backend
from bot.store.errors import BackupFailed
from bot.store.events import Events
from bot.store.records import (
    CommandSync,
    Erasure,
    HandEnd,
    HandRecord,
    HandSummary,
    HiddenCards,
    LeaderboardRow,
    MemberSettings,
    Mismatch,
    TableHandSummary,
    TableRecord,
    WalletMove,
)
from bot.store.seasons import Seasons
from bot.store.series import SeriesRows
from bot.store.sqlite import SqliteBackend, Synchronous
from bot.store.stats import Stats
from engine import Action, HandConfig, HouseRules, Refill

__all__ = ["Store", "database_path"]


class Store:
    """The database; make one with ``await Store.open(path)``, end with :meth:`close`.

    Every write method is one transaction, committed before it returns; ``now`` is always
    passed in (seconds since the epoch), never read here. A subject with a part of its own
    is reached through it: the tournaments through :attr:`events`
    (:class:`~bot.store.events.Events`, ``store.events.append(...)``), the statistics through
    :attr:`stats` (:class:`~bot.store.stats.Stats`, ``store.stats.of_member(...)``).
    """

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self.dialect: Dialect = backend.dialect
        self.path = backend.where
        self.events = Events(backend)
        self.stats = Stats(backend)
        # The process whose leases fence this store's table writes, and how long the lease a
        # table is opened with lasts (bot.store.leases.install_fence; None: no leases).
        self.lease_owner: str | None = None
        self.lease_ttl = 30.0
        self.seasons = Seasons(backend)
        self.series = SeriesRows(backend)

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | None = None,
        *,
        synchronous: Synchronous = "NORMAL",
        busy_timeout: float = 5.0,
        exclusive: bool = True,
    ) -> Self:
        """Open (or create) the database, migrate it, and hold it.

        ``path`` is a file, a ``file:`` URI (``file:x.sqlite3?mode=ro``), an ``sqlite:///``
        URL or a ``postgresql://`` URL; ``None`` reads :func:`database_path`. For SQLite,
        ``exclusive`` keeps the file locked while the store is open, so a second copy of the
        bot on the same file gets :class:`DatabaseLocked` instead of dealing the same
        tables; ``synchronous`` and ``busy_timeout`` are its PRAGMAs. PostgreSQL serves
        several processes (which of them drives a table is :mod:`bot.tables.leases`' business).
        Raises a :class:`StartupError` subclass with a one-line message.
        """
        target = database_path() if path is None else path
        opening = open_backend(target, synchronous=synchronous, busy_timeout=busy_timeout,
                               exclusive=exclusive)  # fmt: skip
        return cls(await opening)

    async def backup(self, target: str | os.PathLike[str]) -> int:
        """Copy the whole database, as it stands between two transactions, into the new file
        ``target``; the size of the copy in bytes. An SQLite feature: on PostgreSQL it raises
        :class:`BackupFailed` saying to use ``pg_dump``.

        The copy runs through the store's own connection (the only one the exclusive lock
        allows) on its worker thread, off the event loop, with no transaction caught half
        way; it is checked (``quick_check``) and becomes ``target`` in one rename, so a
        partial file never carries the final name. The copy is one self-contained file (no
        ``-wal`` beside it): copy it to ``HOLDEM_DB`` to restore. Raises
        :class:`BackupFailed` if ``target`` exists or cannot be written.
        """
        if not isinstance(self._backend, SqliteBackend):
            raise BackupFailed(
                f"the database is PostgreSQL ({self.path}): back it up with pg_dump "
                "(pg_dump -Fc -f holdem.dump URL), not the bot's SQLite backups",
                path=self.path,
            )
        return await self._backend.backup(target)

    @property
    def backs_up_itself(self) -> bool:
        """Whether :meth:`backup` works here (SQLite); PostgreSQL is backed up by pg_dump."""
        return isinstance(self._backend, SqliteBackend)

    async def schema_version(self) -> int:
        rows = await self._read("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0])

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ transactions
    # The store's own modules (bot.store.leases, bot.store.sqlite_to_postgres) and the
    # tests reach the database through these too.

    def _write(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction; committed when the block ends, rolled back if it raises."""
        return self._backend.transaction()

    def _snapshot(self) -> AbstractAsyncContextManager[Tx]:
        """Several reads that see one state of the database."""
        return self._backend.snapshot()

    def _autocommit(self) -> AbstractAsyncContextManager[Tx]:
        """Statements each committed on its own: one read needs no transaction around it."""
        return self._backend.autocommit()

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._autocommit() as tx:
            return await tx.fetch(sql, params)

    async def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement, committed on its own; the rows it changed."""
        async with self._autocommit() as tx:
            return await tx.execute(sql, params)

    # ------------------------------------------------------------------ guilds

    async def get_guild_rules(self, guild_id: int) -> dict[str, Any] | None:
        """The guild's house rules as stored (the engine's ``HouseRules.to_dict()``)."""
        async with self._autocommit() as tx:
            return await guilds.rules(tx, guild_id)

    async def set_guild_rules(self, guild_id: int, data: Mapping[str, Any], now: float) -> None:
        async with self._write() as tx:
            await guilds.set_rules(tx, guild_id, data, now)

    async def update_guild_rules(
        self, guild_id: int, changes: Mapping[str, Any], now: float
    ) -> None:
        """Change some top-level keys of the stored rules, keeping the others."""
        async with self._write() as tx:
            await guilds.update_rules(tx, guild_id, changes, now)

    async def get_language(self, guild_id: int) -> str | None:
        async with self._autocommit() as tx:
            return await guilds.language(tx, guild_id)

    async def set_language(self, guild_id: int, language: str, now: float) -> None:
        async with self._write() as tx:
            await guilds.set_language(tx, guild_id, language, now)

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
        async with self._autocommit() as tx:
            return await guilds.command_syncs(tx)

    async def record_command_sync(self, sync: CommandSync) -> None:
        """Remember what was just published to ``sync.scope``."""
        async with self._write() as tx:
            await guilds.record_command_sync(tx, sync)

    # ------------------------------------------------------------------ wallets

    async def ensure_wallet(
        self, guild_id: int, user_id: int, *, starting_grant: int, now: float
    ) -> int:
        """The member's balance, creating the wallet with its one starting grant if new."""
        async with self._write() as tx:
            return await wallets.ensure_wallet(
                tx, guild_id, user_id, starting_grant=starting_grant, now=now
            )

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
        settings: Mapping[str, Any] | None = None,
    ) -> int:
        """Wallet to table; ``table_state`` (with the new stack) and the table's ``settings``
        (if given) commit in the same transaction, so the chips are always in exactly one
        place."""
        if amount <= 0:
            raise ValueError("a buy-in must be positive")
        async with self._write() as tx:
            balance = await wallets.move(
                tx, guild_id=guild_id, user_id=user_id, delta=-amount, reason=Reason.BUY_IN,
                ref=f"table:{table_id}", now=now,
            )  # fmt: skip
            if table_state is not None:
                await tables.update_state(tx, table_id, table_state, now, settings=settings)
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
                balance = await wallets.wallet_balance(tx, guild_id, user_id)
            if table_state is not None:
                await tables.update_state(tx, table_id, table_state, now)
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
        async with self._autocommit() as tx:
            return await wallets.balance(tx, guild_id, user_id)

    async def total_balance(self, guild_id: int | None = None) -> int:
        """The sum of all wallets (of one guild): half of the chip-conservation check."""
        async with self._autocommit() as tx:
            return await wallets.total_balance(tx, guild_id)

    async def ledger(self, guild_id: int, user_id: int) -> list[tuple[int, str, str | None]]:
        """(delta, reason, ref) of every movement, oldest first."""
        async with self._autocommit() as tx:
            return await wallets.ledger(tx, guild_id, user_id)

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

    # ------------------------------------------------------------------ tables

    async def save_table(
        self,
        table_id: str,
        *,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        now: float,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Create or update a table (it is open afterwards); ``settings`` kept if ``None``."""
        await self._backend.run(
            partial(
                tables.save_table, table_id=table_id, guild_id=guild_id, channel_id=channel_id,
                state=state, now=now, settings=settings,
            )
        )  # fmt: skip

    async def close_table(
        self, table_id: str, *, now: float, state: Mapping[str, Any] | None = None
    ) -> None:
        await self._backend.run(
            partial(tables.close_table, table_id=table_id, now=now, state=state)
        )

    async def load_table(self, table_id: str) -> TableRecord | None:
        async with self._autocommit() as tx:
            return await tables.load_table(tx, table_id)

    async def load_open_tables(self) -> list[TableRecord]:
        async with self._autocommit() as tx:
            return await tables.load_open_tables(tx)

    # ------------------------------------------------------------------ hands

    async def start_hand(
        self,
        *,
        table_id: str,
        config: HandConfig,
        deck: Sequence[int],
        players: Sequence[int],
        now: float,
        deadline: float | None = None,
        table_state: Mapping[str, Any] | None = None,
        deck_salt: bytes | None = None,
        hold_run_out: bool = False,
        end: HandEnd | None = None,
    ) -> int:
        """Record a new hand (and, atomically, the table state it starts from); its id.

        ``deck_salt`` is the salt of the deck's commitment (:mod:`engine.fair`), kept secret
        until the history reveals it; ``hold_run_out`` records that an all-in run-out waits
        for the players' choice of runs (house rule ``run_it_twice``), see
        :meth:`set_run_count`. ``end``: the hand ended at the deal (everyone all-in from the
        blinds), and its end (:meth:`finish_hand`) is written in the same transaction.
        """
        if len(players) != config.player_count:
            raise ValueError("one member id per player of the hand")
        return await self._backend.run(
            partial(
                hands.start_hand, table_id=table_id, config=config, deck=deck, players=players,
                now=now, deadline=deadline, table_state=table_state, deck_salt=deck_salt,
                hold_run_out=hold_run_out, end=end,
            )
        )  # fmt: skip

    async def append_action(
        self, hand_id: int, seq: int, *actions: Action, deadline: float | None = None
    ) -> None:
        """Make action number ``seq`` (0-based), and the ``actions`` after it, durable
        together, and set the next turn's deadline.

        One INSERT in its own transaction (triggers check the sequence and move the
        deadline); committed when this returns, so acknowledge the actions only after it.
        Raises :class:`HandStateError` for a wrong ``seq`` or a finished/unknown hand.
        """
        await self._backend.run(
            partial(
                hands.append_action, hand_id=hand_id, seq=seq, actions=actions, deadline=deadline
            ),
            transaction=len(actions) > 1,  # one statement is a transaction of its own
        )

    async def set_run_count(self, hand_id: int, runs: int) -> None:
        """Record the players' choice for a held run-out: 1 or 2 boards. Durable before the
        boards are dealt, so a restart deals the same; refused for a hand that holds none."""
        if runs not in (1, 2):
            raise ValueError("a board runs once or twice")
        await self._backend.run(partial(hands.set_run_count, hand_id=hand_id, runs=runs))

    async def set_deadline(self, hand_id: int, deadline: float | None) -> None:
        """A fresh turn time, e.g. after a restart found the old deadline passed."""
        await self._backend.run(partial(hands.set_deadline, hand_id=hand_id, deadline=deadline))

    async def finish_hand(
        self,
        hand_id: int,
        *,
        nets: Sequence[int],
        now: float,
        result: Mapping[str, Any] | None = None,
        table_state: Mapping[str, Any] | None = None,
        moves: Collection[WalletMove] = (),
        counted: bool = True,
        facts: Sequence[HandFacts] | None = None,
        actions: Sequence[Action] = (),
        seq: int = 0,
        runs: int | None = None,
    ) -> None:
        """End a hand in one transaction with everything that follows from it.

        ``nets[i]`` is engine player ``i``'s result (kept per hand and added to the members'
        net; ``counted=False`` for a voided hand leaves ``hands_played`` alone). The table's
        new stacks (``table_state``) and any wallet ``moves`` (hand results paid straight to
        wallets, refunds) commit together with it, or not at all; so do the players' stats
        of a counted hand (:func:`bot.store.stats.record_hand`), from ``facts`` when the caller
        has them (:func:`bot.stats.counters.hand_facts` of the live hand); without them the hand is
        replayed from the rows just written, which costs more than the rest of the write.

        ``actions`` (numbered from ``seq``) and ``runs`` (the choice of a held run-out, see
        :meth:`set_run_count`) are what ended the hand, written first in the same
        transaction: a failed write leaves the hand at the decision before them.
        """
        if runs not in (None, 1, 2):
            raise ValueError("a board runs once or twice")
        end = HandEnd(
            nets=nets, result=result, table_state=table_state, moves=moves, counted=counted,
            facts=facts,
        )  # fmt: skip
        await self._backend.run(
            partial(
                hands.finish_hand, hand_id=hand_id, now=now, end=end, actions=actions, seq=seq,
                runs=runs,
            )
        )  # fmt: skip

    async def load_hand(self, hand_id: int) -> HandRecord:
        """The hand's config, deck and actions (``.replay()`` rebuilds it) and its seats."""
        async with self._snapshot() as tx:
            return await hands.load_hand(tx, hand_id)

    async def open_hands(self) -> list[HandRecord]:
        """Every unfinished hand with its actions, in two queries (the start-up path)."""
        async with self._snapshot() as tx:
            return await hands.open_hands(tx)

    async def last_hands(self, guild_id: int, user_id: int, count: int = 10) -> list[HandSummary]:
        """The member's most recent finished hands, newest first."""
        async with self._autocommit() as tx:
            return await hands.last_hands(tx, guild_id, user_id, count)

    async def table_hands(self, table_id: str, count: int = 5) -> list[TableHandSummary]:
        """The table's most recent finished hands (voided ones too), newest first."""
        async with self._snapshot() as tx:
            return await hands.table_hands(tx, table_id, count)

    async def export_phh(
        self,
        hand_id: int,
        hidden: HiddenCards = HiddenCards.UNSHOWN,
        *,
        names: Mapping[int, str] | None = None,
        hero: int | None = None,
        pokerstars: bool = False,
    ) -> str:
        """The hand as PHH, or PokerStars text (see :func:`bot.store.hands.phh_text`)."""
        record = await self.load_hand(hand_id)
        text = hands.pokerstars_text if pokerstars else hands.phh_text
        return text(record, hidden, names, fields=await self.events.phh_fields(record), hero=hero)
