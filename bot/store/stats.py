"""Statistics SQL (``stats_hours``, ``hand_sessions``): counters kept as hands finish, and the
queries that sum them: functions that take the transaction they run in, and :class:`Stats`,
the store's part that runs each in its own (``store.stats.of_member(...)``).

:func:`record_hand` runs inside :meth:`~bot.store.store.Store.finish_hand`'s transaction: it takes
each player's :class:`~bot.stats.counters.HandFacts` of the live hand (a backfill, which has none,
rebuilds the hand from its stored config, deck and actions) and adds them to the player's row
of ``stats_hours`` for that hour, table and session (an upsert), and notes the hand's session
in ``hand_sessions``. A member's stats for any period are then one ``SUM`` over their rows
(one per hour they played, not one per hand), so 100,000 hands cost the same to read as a
hundred (``benchmarks/bench_stats.py`` measures both sides).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from bot.stats.counters import HandFacts, Period, PlayerStats, hand_facts
from bot.store.backend import Backend, Row, Tx
from bot.store.codec import decode_action, decode_config, decode_deck, loads
from bot.store.errors import HandStateError
from bot.store.records import SessionHand
from engine import replay

__all__ = [
    "HOUR",
    "WEEK_HOURS",
    "Stats",
    "add_hand",
    "last_counted_hand",
    "latest_session",
    "member_stats",
    "record_hand",
    "session_hands",
    "session_of",
    "uncounted_hands",
]

HOUR = 3600.0
WEEK_HOURS = 7 * 24
_COUNTERS = tuple(f.name for f in fields(PlayerStats))
_SUMS = ", ".join(
    f"COALESCE({'MAX' if name == 'biggest_pot' else 'SUM'}({name}), 0)" for name in _COUNTERS
)
_UPSERT = (
    f"INSERT INTO stats_hours (guild_id, user_id, hour, table_id, session, last_hand, "
    f"{', '.join(_COUNTERS)}) VALUES ({', '.join('?' * (6 + len(_COUNTERS)))}) "
    "ON CONFLICT (guild_id, user_id, hour, table_id, session) DO UPDATE SET "
    + ", ".join(
        # CASE rather than the two-argument MAX(), which is SQLite's alone (GREATEST is
        # PostgreSQL's); the stored row is named by its table, as PostgreSQL requires.
        f"{n} = CASE WHEN excluded.{n} > stats_hours.{n} THEN excluded.{n} ELSE stats_hours.{n} END"
        if n in ("last_hand", "biggest_pot")
        else f"{n} = stats_hours.{n} + excluded.{n}"
        for n in ("last_hand", *_COUNTERS)
    )
)


def session_of(table_state: Mapping[str, Any] | None) -> int | None:
    """The session number in a table snapshot (:func:`engine.codec.table_to_dict`)."""
    if table_state is None:
        return None
    session = table_state.get("session")
    return session if isinstance(session, int) else None


async def record_hand(
    tx: Tx,
    hand_id: int,
    *,
    now: float,
    session: int | None,
    facts: Sequence[HandFacts] | None = None,
) -> None:
    """Add the finished hand ``hand_id`` to its players' counters, in the caller's transaction.

    ``session`` is the table's session number; ``None`` reads it from the stored table.
    ``facts`` are the hand's own (:func:`bot.stats.counters.hand_facts` of the live hand, which
    :meth:`~bot.store.store.Store.finish_hand` is given as it settles): without them, the hand is
    rebuilt from its stored config, deck and actions, as a backfill must.
    """
    row = await tx.fetchone(
        "SELECT h.guild_id, h.table_id, h.players_json, h.config_json, h.deck, h.run_count, "
        "t.state_json "
        "FROM hands h JOIN tables t ON t.table_id = h.table_id WHERE h.hand_id = ?",
        (hand_id,),
    )
    if row is None:
        raise HandStateError(f"no hand {hand_id}")
    guild_id, table_id, players_json, config_json, deck, run_count, state_json = row
    if facts is None:
        actions = await tx.fetch(
            "SELECT action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
        )
        hand = replay(
            decode_config(config_json),
            decode_deck(deck),
            [decode_action(a[0]) for a in actions],
            run_count=run_count,  # a hand run twice paid each board half its pots
        )
        facts = hand_facts(hand)
    number = session if session is not None else (session_of(loads(state_json)) or 0)
    await add_hand(
        tx, hand_id, guild_id=guild_id, table_id=table_id, players=loads(players_json), now=now,
        session=number, facts=facts,
    )  # fmt: skip


async def add_hand(
    tx: Tx,
    hand_id: int,
    *,
    guild_id: int,
    table_id: str,
    players: Sequence[int],
    now: float,
    session: int,
    facts: Sequence[HandFacts],
) -> None:
    """:func:`record_hand` once the hand's row is known: add each player's ``facts`` to the
    row of ``stats_hours`` for that hour, table and session, and note the hand's session.
    :meth:`~bot.store.store.Store.finish_hand` calls it with what it wrote itself."""
    if not facts:
        return  # voided (or, impossibly, unfinished): it counts for nobody
    if len(facts) != len(players):
        raise ValueError("one set of hand facts per player of the hand")
    hour = int(now // HOUR)
    await tx.executemany(
        _UPSERT,
        [
            (guild_id, user, hour, table_id, session, hand_id, *_values(PlayerStats.of_hand(f)))
            for user, f in zip(players, facts, strict=True)
        ],
    )
    await tx.execute(
        "INSERT INTO hand_sessions (hand_id, table_id, session) VALUES (?, ?, ?)",
        (hand_id, table_id, session),
    )


def _values(stats: PlayerStats) -> tuple[int, ...]:
    return tuple(getattr(stats, name) for name in _COUNTERS)


def _stats(row: Sequence[Any]) -> PlayerStats:
    return PlayerStats(**{name: int(value) for name, value in zip(_COUNTERS, row, strict=True)})


async def uncounted_hands(tx: Tx, *, after: int, batch: int) -> list[Row]:
    """(hand id, finished at) of up to ``batch`` finished hands after ``after`` that the
    stats do not hold yet, leaving out those finished uncounted on purpose: voided ones, and
    those of practice tables (a computer player's, whose settings say ``practice``)."""
    voided = tx.dialect.json_text("h.result_json", "voided")
    practice = tx.dialect.json_text("t.settings_json", "practice")
    return await tx.fetch(
        "SELECT h.hand_id, h.finished_at FROM hands h "
        "JOIN tables t ON t.table_id = h.table_id "
        "LEFT JOIN hand_sessions s ON s.hand_id = h.hand_id "
        "WHERE h.hand_id > ? AND h.finished = 1 AND s.hand_id IS NULL "
        f"AND (h.result_json IS NULL OR {voided} IS NULL) "
        f"AND COALESCE(CAST({practice} AS TEXT), '') NOT IN ('1', 'true') "
        "ORDER BY h.hand_id LIMIT ?",
        (after, batch),
    )


async def member_stats(
    tx: Tx, guild_id: int, user_id: int, period: Period, *, now: float
) -> PlayerStats:
    """The member's counters over ``period``: their latest table session, the last
    7 x 24 hours (to the hour), or all time. Empty counters when they played none."""
    where = "guild_id = ? AND user_id = ?"
    params: list[Any] = [guild_id, user_id]
    if period is Period.WEEK:
        where += " AND hour > ?"
        params.append(int(now // HOUR) - WEEK_HOURS)
    elif period is Period.SESSION:
        latest = await tx.fetchone(
            "SELECT table_id, session FROM stats_hours WHERE guild_id = ? AND user_id = ? "
            "ORDER BY hour DESC, last_hand DESC LIMIT 1",
            (guild_id, user_id),
        )
        if latest is None:
            return PlayerStats()
        where += " AND table_id = ? AND session = ?"
        params += [latest[0], latest[1]]
    rows = await tx.fetch(f"SELECT {_SUMS} FROM stats_hours WHERE {where}", params)
    return _stats(rows[0])


async def latest_session(tx: Tx, table_id: str) -> int | None:
    """The number of the table's newest session with a finished hand, if any."""
    rows = await tx.fetch("SELECT MAX(session) FROM hand_sessions WHERE table_id = ?", (table_id,))
    return None if rows[0][0] is None else int(rows[0][0])


async def last_counted_hand(
    tx: Tx, *, table_id: str | None, guild_id: int | None, user_id: int | None
) -> int | None:
    """The newest counted (finished, not voided) hand of the table, or of the member."""
    if table_id is not None:
        rows = await tx.fetch(
            "SELECT MAX(hand_id) FROM hand_sessions WHERE table_id = ?", (table_id,)
        )
    else:
        rows = await tx.fetch(
            "SELECT MAX(p.hand_id) FROM hand_players p JOIN hand_sessions s "
            "ON s.hand_id = p.hand_id WHERE p.guild_id = ? AND p.user_id = ?",
            (guild_id, user_id),
        )
    return None if rows[0][0] is None else int(rows[0][0])


async def session_hands(tx: Tx, table_id: str, session: int) -> list[SessionHand]:
    """The session's counted (finished, not voided) hands, oldest first, with stacks; two
    reads: run them in a snapshot."""
    rows = await tx.fetch(
        "SELECT h.hand_id, h.players_json, h.config_json FROM hand_sessions s "
        "JOIN hands h ON h.hand_id = s.hand_id "
        "WHERE s.table_id = ? AND s.session = ? ORDER BY s.hand_id",
        (table_id, session),
    )
    nets: dict[int, list[int]] = {}
    for hand_id, net in await tx.fetch(
        "SELECT p.hand_id, p.net FROM hand_sessions s "
        "JOIN hand_players p ON p.hand_id = s.hand_id "
        "WHERE s.table_id = ? AND s.session = ? ORDER BY p.hand_id, p.player",
        (table_id, session),
    ):
        nets.setdefault(hand_id, []).append(int(net or 0))
    out = []
    for hand_id, players, config in rows:
        before = tuple(int(s) for s in loads(config)["stacks"])
        after = tuple(b + n for b, n in zip(before, nets[hand_id], strict=True))
        out.append(
            SessionHand(hand_id=hand_id, players=tuple(loads(players)), before=before,
                        after=after)
        )  # fmt: skip
    return out


class Stats:
    """The store's statistics part (``store.stats``): each method is one transaction (or
    snapshot) around the function above it names, on the store's own backend."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def backfill(self, *, batch: int = 500) -> int:
        """Count the finished hands the stats do not hold yet (hands that ended before
        migration 4); how many were looked at. Cheap when there are none: one query.

        Their table session is unknown, so they count in session 0 of their table. Hands
        that were finished uncounted on purpose stay out: voided ones, and those of practice
        tables (see :func:`uncounted_hands`).
        """
        seen, after = 0, 0
        while True:
            async with self._backend.autocommit() as tx:
                rows = await uncounted_hands(tx, after=after, batch=batch)
            if not rows:
                return seen
            async with self._backend.transaction() as tx:
                for hand_id, finished_at in rows:
                    await record_hand(tx, hand_id, now=float(finished_at or 0.0), session=0)
            seen += len(rows)
            after = rows[-1][0]

    async def of_member(
        self, guild_id: int, user_id: int, period: Period, *, now: float
    ) -> PlayerStats:
        """The member's counters over ``period``: their latest table session, the last
        7 x 24 hours (to the hour), or all time. Empty counters when they played none."""
        async with self._backend.autocommit() as tx:
            return await member_stats(tx, guild_id, user_id, period, now=now)

    async def latest_session(self, table_id: str) -> int | None:
        """The number of the table's newest session with a finished hand, if any."""
        async with self._backend.autocommit() as tx:
            return await latest_session(tx, table_id)

    async def last_counted_hand(
        self, *, table_id: str | None = None, guild_id: int | None = None,
        user_id: int | None = None,
    ) -> int | None:  # fmt: skip
        """The newest counted (finished, not voided) hand of the table, or of the member."""
        async with self._backend.autocommit() as tx:
            return await last_counted_hand(
                tx, table_id=table_id, guild_id=guild_id, user_id=user_id
            )

    async def session_hands(self, table_id: str, session: int) -> list[SessionHand]:
        """The session's counted (finished, not voided) hands, oldest first, with stacks."""
        async with self._backend.snapshot() as tx:
            return await session_hands(tx, table_id, session)
