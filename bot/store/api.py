"""The store as the application layer sees it: one interface, whatever database is behind.

:class:`TableService`, :class:`GuildService`, :class:`StatsService` and :class:`MemberData`
are typed against :class:`StoreApi`, never against :class:`bot.store.store.Store` itself, so they
cannot lean on what only one backend has (SQLite's backups, its file). :class:`Store`
implements it on SQLite and on PostgreSQL alike (:mod:`bot.store.core` picks the backend);
``mypy --strict`` checks that it does wherever a ``Store`` is passed as a ``StoreApi``.

Every write commits before it returns; ``now`` is always passed in (seconds since the epoch).
A method the application layer starts to call is added here, with the same signature.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal, Protocol

from bot.guilds.wallets import Reason
from bot.stats.counters import HandFacts, Period, PlayerStats
from bot.store.records import (
    Erasure,
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
from bot.store.stats import SessionHand
from engine import Action, HandConfig, HouseRules

__all__ = ["StoreApi"]


class StoreApi(Protocol):
    """House rules, wallets and their ledger, tables, hands and their history, statistics."""

    # ------------------------------------------------------------------ guilds and members

    async def get_guild_rules(self, guild_id: int) -> dict[str, Any] | None: ...

    async def set_guild_rules(self, guild_id: int, data: Mapping[str, Any], now: float) -> None: ...

    async def get_language(self, guild_id: int) -> str | None: ...

    async def set_language(self, guild_id: int, language: str, now: float) -> None: ...

    async def get_member_settings(self, guild_id: int, user_id: int) -> MemberSettings: ...

    async def set_member_settings(
        self,
        guild_id: int,
        user_id: int,
        *,
        dm: bool | None = None,
        four_colour: bool | None = None,
        coach: bool | None = None,
        now: float,
    ) -> MemberSettings: ...

    async def erase_member(self, guild_id: int, user_id: int, *, now: float) -> Erasure: ...

    # ------------------------------------------------------------------ wallets

    async def ensure_wallet(
        self, guild_id: int, user_id: int, *, starting_grant: int, now: float
    ) -> int: ...

    async def move(
        self,
        guild_id: int,
        user_id: int,
        delta: int,
        reason: Reason,
        *,
        ref: str | None = None,
        now: float,
    ) -> int: ...

    async def buy_in(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        table_id: str,
        now: float,
        table_state: Mapping[str, Any] | None = None,
    ) -> int: ...

    async def cash_out(
        self,
        guild_id: int,
        user_id: int,
        amount: int,
        *,
        table_id: str,
        now: float,
        table_state: Mapping[str, Any] | None = None,
    ) -> int: ...

    async def refill(
        self, guild_id: int, user_id: int, *, rules: HouseRules, on_tables: int = 0, now: float
    ) -> int: ...

    async def balance(self, guild_id: int, user_id: int) -> int | None: ...

    async def total_balance(self, guild_id: int | None = None) -> int: ...

    async def ledger(self, guild_id: int, user_id: int) -> list[tuple[int, str, str | None]]: ...

    async def leaderboard(
        self, guild_id: int, *, by: Literal["chips", "net", "hands"] = "chips", limit: int = 10
    ) -> list[LeaderboardRow]: ...

    async def audit(self, guild_id: int | None = None) -> list[Mismatch]: ...

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
    ) -> None: ...

    async def close_table(
        self, table_id: str, *, now: float, state: Mapping[str, Any] | None = None
    ) -> None: ...

    async def load_table(self, table_id: str) -> TableRecord | None: ...

    async def load_open_tables(self) -> list[TableRecord]: ...

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
    ) -> int: ...

    async def append_action(
        self, hand_id: int, seq: int, action: Action, *, deadline: float | None = None
    ) -> None: ...

    async def set_run_count(self, hand_id: int, runs: int) -> None: ...

    async def set_deadline(self, hand_id: int, deadline: float | None) -> None: ...

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
    ) -> None: ...

    async def load_hand(self, hand_id: int) -> HandRecord: ...

    async def open_hands(self) -> list[HandRecord]: ...

    async def last_hands(
        self, guild_id: int, user_id: int, count: int = 10
    ) -> list[HandSummary]: ...

    async def table_hands(self, table_id: str, count: int = 5) -> list[TableHandSummary]: ...

    async def export_phh(
        self,
        hand_id: int,
        hidden: HiddenCards = HiddenCards.UNSHOWN,
        *,
        names: Mapping[int, str] | None = None,
    ) -> str: ...

    # ------------------------------------------------------------------ statistics

    async def backfill_stats(self, *, batch: int = 500) -> int: ...

    async def member_stats(
        self, guild_id: int, user_id: int, period: Period, *, now: float
    ) -> PlayerStats: ...

    async def latest_session(self, table_id: str) -> int | None: ...

    async def last_counted_hand(
        self,
        *,
        table_id: str | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> int | None: ...

    async def session_hands(self, table_id: str, session: int) -> list[SessionHand]: ...
