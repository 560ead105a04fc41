"""Table and hand SQL: live state, the action log, history and its PHH export."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot.stats.counters import HandFacts
from bot.store import wallets
from bot.store.backend import ConstraintViolation, Tx
from bot.store.codec import (
    decode_action,
    decode_config,
    decode_deck,
    dumps,
    encode_action,
    encode_config,
    encode_deck,
    loads,
)
from bot.store.core import StoreCore
from bot.store.errors import HandStateError
from bot.store.records import (
    HandRecord,
    HandSummary,
    HiddenCards,
    TableHandSummary,
    TableRecord,
    WalletMove,
)
from bot.store.stats import record_hand, session_of
from engine import Action, Hand, HandConfig
from engine.fair import FairDeck, fair_fields
from engine.phh import history_from_hand, write_history

__all__ = ["TablesAndHands"]


class TablesAndHands(StoreCore):
    """Tables, hands and history; see :class:`~bot.store.store.Store`."""

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
        async with self._write() as tx:
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

    async def _update_table(
        self, tx: Tx, table_id: str, state: Mapping[str, Any], now: float
    ) -> None:
        changed = await tx.execute(
            "UPDATE tables SET state_json = ?, updated_at = ? WHERE table_id = ?",
            (dumps(dict(state)), now, table_id),
        )
        if changed != 1:
            raise HandStateError(f"no table {table_id!r}")

    async def close_table(
        self, table_id: str, *, now: float, state: Mapping[str, Any] | None = None
    ) -> None:
        async with self._write() as tx:
            if state is not None:
                await self._update_table(tx, table_id, state, now)
            closed = await tx.execute(
                "UPDATE tables SET open = 0, updated_at = ? WHERE table_id = ?", (now, table_id)
            )
            if closed != 1:
                raise HandStateError(f"no table {table_id!r}")

    async def load_table(self, table_id: str) -> TableRecord | None:
        rows = await self._read(_TABLE_SELECT + "WHERE table_id = ?", (table_id,))
        return _table(rows[0]) if rows else None

    async def load_open_tables(self) -> list[TableRecord]:
        rows = await self._read(_TABLE_SELECT + "WHERE open = 1 ORDER BY table_id")
        return [_table(r) for r in rows]

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
    ) -> int:
        """Record a new hand (and, atomically, the table state it starts from); its id.

        ``deck_salt`` is the salt of the deck's commitment (:mod:`engine.fair`), kept secret
        until the history reveals it; ``hold_run_out`` records that an all-in run-out waits
        for the players' choice of runs (house rule ``run_it_twice``), see
        :meth:`set_run_count`.
        """
        if len(players) != config.player_count:
            raise ValueError("one member id per player of the hand")
        async with self._write() as tx:
            table = await tx.fetchone(
                "SELECT guild_id FROM tables WHERE table_id = ? AND open = 1", (table_id,)
            )
            if table is None:
                raise HandStateError(f"no open table {table_id!r}")
            guild_id = int(table[0])
            inserted = await tx.fetchone(
                "INSERT INTO hands (table_id, guild_id, config_json, deck, players_json, "
                "started_at, deadline, deck_salt, run_count) VALUES (?,?,?,?,?,?,?,?,?) "
                "RETURNING hand_id",
                (
                    table_id, guild_id, encode_config(config), encode_deck(deck),
                    dumps(list(players)), now, deadline,
                    None if deck_salt is None else deck_salt.hex(), 0 if hold_run_out else None,
                ),
            )  # fmt: skip
            assert inserted is not None
            hand_id = int(inserted[0])
            await tx.executemany(
                "INSERT INTO hand_players (hand_id, player, guild_id, user_id) VALUES (?,?,?,?)",
                [(hand_id, p, guild_id, user) for p, user in enumerate(players)],
            )
            if table_state is not None:
                await self._update_table(tx, table_id, table_state, now)
            return hand_id

    async def append_action(
        self, hand_id: int, seq: int, action: Action, *, deadline: float | None = None
    ) -> None:
        """Make action number ``seq`` (0-based) durable and set the next turn's deadline.

        One INSERT in its own transaction (triggers check the sequence and move the
        deadline); committed when this returns, so acknowledge the action only after it.
        Raises :class:`HandStateError` for a wrong ``seq`` or a finished/unknown hand.
        """
        try:
            await self._execute(
                "INSERT INTO hand_actions (hand_id, seq, action, deadline) VALUES (?,?,?,?)",
                (hand_id, seq, encode_action(action), deadline),
            )
        except ConstraintViolation as error:
            raise HandStateError(f"hand {hand_id}, action {seq}: {error}") from None

    async def set_run_count(self, hand_id: int, runs: int) -> None:
        """Record the players' choice for a held run-out: 1 or 2 boards. Durable before the
        boards are dealt, so a restart deals the same; refused for a hand that holds none."""
        if runs not in (1, 2):
            raise ValueError("a board runs once or twice")
        async with self._write() as tx:
            chosen = await tx.execute(
                "UPDATE hands SET run_count = ? WHERE hand_id = ? AND run_count = 0",
                (runs, hand_id),
            )
            if chosen != 1:
                raise HandStateError(f"hand {hand_id} holds no run-out waiting for a choice")

    async def set_deadline(self, hand_id: int, deadline: float | None) -> None:
        """A fresh turn time, e.g. after a restart found the old deadline passed."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE hands SET deadline = ? WHERE hand_id = ? AND finished = 0",
                (deadline, hand_id),
            )

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
    ) -> None:
        """End a hand in one transaction with everything that follows from it.

        ``nets[i]`` is engine player ``i``'s result (kept per hand and added to the members'
        net; ``counted=False`` for a voided hand leaves ``hands_played`` alone). The table's
        new stacks (``table_state``) and any wallet ``moves`` (hand results paid straight to
        wallets, refunds) commit together with it, or not at all; so do the players' stats
        of a counted hand (:func:`bot.store.stats.record_hand`), from ``facts`` when the caller
        has them (:func:`bot.stats.counters.hand_facts` of the live hand); without them the hand is
        replayed from the rows just written, which costs more than the rest of the write.
        """
        async with self._write() as tx:
            row = await tx.fetchone(
                "UPDATE hands SET finished = 1, finished_at = ?, result_json = ?, "
                "deadline = NULL WHERE hand_id = ? AND finished = 0 "
                "RETURNING guild_id, table_id, players_json",
                (now, None if result is None else dumps(dict(result)), hand_id),
            )
            if row is None:
                raise HandStateError(f"hand {hand_id} is unknown or already finished")
            guild_id, table_id, players_json = row
            players: list[int] = loads(players_json)
            if len(nets) != len(players):
                raise ValueError("one net result per player of the hand")
            await tx.executemany(
                "UPDATE hand_players SET net = ? WHERE hand_id = ? AND player = ?",
                [(net, hand_id, p) for p, net in enumerate(nets)],
            )
            # Wallets change in member-id order (here and in the moves below): two hands
            # ending at once on a server that runs several processes never wait for each
            # other's rows in a circle.
            await tx.executemany(
                "UPDATE wallets SET net = net + ?, hands_played = hands_played + ? "
                "WHERE guild_id = ? AND user_id = ?",
                sorted(
                    ((net, int(counted), guild_id, players[p]) for p, net in enumerate(nets)),
                    key=lambda update: update[3],
                ),
            )
            for m in sorted(moves, key=lambda move: move.user_id):
                await wallets.move(
                    tx, guild_id=guild_id, user_id=m.user_id, delta=m.delta, reason=m.reason,
                    ref=m.ref or f"hand:{hand_id}", now=now,
                )  # fmt: skip
            if table_state is not None:
                await self._update_table(tx, table_id, table_state, now)
            if counted:
                await record_hand(
                    tx, hand_id, now=now, session=session_of(table_state), facts=facts
                )

    async def load_hand(self, hand_id: int) -> HandRecord:
        """The hand's config, deck and actions (``.replay()`` rebuilds it) and its seats."""
        async with self._snapshot() as tx:
            row = await tx.fetchone(_HAND_SELECT + "WHERE hand_id = ?", (hand_id,))
            if row is None:
                raise HandStateError(f"no hand {hand_id}")
            actions = await tx.fetch(
                "SELECT action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
            )
        return _hand(row, [decode_action(a[0]) for a in actions])

    async def open_hands(self) -> list[HandRecord]:
        """Every unfinished hand with its actions, in two queries (the start-up path)."""
        async with self._snapshot() as tx:
            rows = await tx.fetch(_HAND_SELECT + "WHERE finished = 0 ORDER BY hand_id")
            actions = await tx.fetch(
                "SELECT a.hand_id, a.action FROM hand_actions a JOIN hands h "
                "ON h.hand_id = a.hand_id WHERE h.finished = 0 ORDER BY a.hand_id, a.seq"
            )
        by_hand: dict[int, list[Action]] = {}
        for hand_id, text in actions:
            by_hand.setdefault(hand_id, []).append(decode_action(text))
        return [_hand(r, by_hand.get(r[0], [])) for r in rows]

    async def last_hands(self, guild_id: int, user_id: int, count: int = 10) -> list[HandSummary]:
        """The member's most recent finished hands, newest first."""
        rows = await self._read(
            "SELECT h.hand_id, h.table_id, p.player, p.net, h.started_at, h.finished_at "
            "FROM hand_players p JOIN hands h ON h.hand_id = p.hand_id "
            "WHERE p.guild_id = ? AND p.user_id = ? AND h.finished = 1 "
            "ORDER BY p.hand_id DESC LIMIT ?",
            (guild_id, user_id, count),
        )
        return [
            HandSummary(hand_id=r[0], table_id=r[1], player=r[2], net=r[3], started_at=r[4],
                        finished_at=r[5])
            for r in rows
        ]  # fmt: skip

    async def table_hands(self, table_id: str, count: int = 5) -> list[TableHandSummary]:
        """The table's most recent finished hands (voided ones too), newest first."""
        async with self._snapshot() as tx:
            rows = await tx.fetch(
                "SELECT hand_id, started_at, finished_at, players_json, result_json "
                "FROM hands WHERE table_id = ? AND finished = 1 "
                "ORDER BY hand_id DESC LIMIT ?",
                (table_id, count),
            )
            nets: dict[int, list[int]] = {}
            if rows:
                marks = ",".join("?" * len(rows))
                for hand_id, net in await tx.fetch(
                    f"SELECT hand_id, net FROM hand_players WHERE hand_id IN ({marks}) "
                    "ORDER BY hand_id, player",
                    [r[0] for r in rows],
                ):
                    nets.setdefault(hand_id, []).append(int(net or 0))
        return [
            TableHandSummary(
                hand_id=r[0], started_at=r[1], finished_at=r[2], players=tuple(loads(r[3])),
                nets=tuple(nets.get(r[0], ())),
                voided=r[4] is not None and "voided" in loads(r[4]),
            )
            for r in rows
        ]  # fmt: skip

    async def export_phh(
        self,
        hand_id: int,
        hidden: HiddenCards = HiddenCards.UNSHOWN,
        *,
        names: Mapping[int, str] | None = None,
    ) -> str:
        """The hand as PHH text; with ``UNSHOWN`` the hole cards of everyone who did not show
        (folded or mucked) are ``????``. ``names`` maps member ids to display names."""
        record = await self.load_hand(hand_id)
        hand = record.replay()
        secret = (
            [p for p in range(hand.player_count) if not hand.shown[p]]
            if hidden is HiddenCards.UNSHOWN
            else []
        )
        labels = [(names or {}).get(user, str(user)) for user in record.players]
        history = history_from_hand(hand, players=labels, hidden=secret)
        extra = {**history.extra, **_fair_fields(record, hand)}
        return write_history(dataclasses.replace(history, extra=extra))


def _fair_fields(record: HandRecord, hand: Hand) -> dict[str, Any]:
    """The user-defined PHH fields that reveal a finished hand's deck and the salt behind its
    commitment (:mod:`engine.fair`); none for a hand dealt without a salt."""
    if record.deck_salt is None or not hand.is_over:
        return {}
    return fair_fields(
        FairDeck(
            deck=hand.deck,
            salt=record.deck_salt,
            burn=hand.config.burn,
            burn_hole=hand.config.burn_hole,
        )
    )


_TABLE_SELECT = (
    "SELECT table_id, guild_id, channel_id, state_json, settings_json, open, updated_at "
    "FROM tables "
)
_HAND_SELECT = (
    "SELECT hand_id, table_id, guild_id, config_json, deck, players_json, started_at, deadline, "
    "finished, result_json, deck_salt, run_count FROM hands "
)


def _table(row: Any) -> TableRecord:
    return TableRecord(
        table_id=row[0], guild_id=row[1], channel_id=row[2], state=loads(row[3]),
        settings=loads(row[4]), open=bool(row[5]), updated_at=row[6],
    )  # fmt: skip


def _hand(row: Any, actions: list[Action]) -> HandRecord:
    return HandRecord(
        hand_id=row[0], table_id=row[1], guild_id=row[2], config=decode_config(row[3]),
        deck=decode_deck(row[4]), players=tuple(loads(row[5])), actions=actions,
        started_at=row[6], deadline=row[7], finished=bool(row[8]),
        result=None if row[9] is None else loads(row[9]),
        deck_salt=None if row[10] is None else bytes.fromhex(row[10]), run_count=row[11],
    )  # fmt: skip
