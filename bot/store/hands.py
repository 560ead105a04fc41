"""The hands' rows: a hand's start, its action log, its end and its history (``hands``,
``hand_players``, ``hand_actions``), run inside a connection or transaction
:class:`~bot.store.store.Store` has opened; and a stored hand as PHH or PokerStars text.

A hand is stored as its three defining facts (config, deck, actions, :mod:`bot.store.codec`)
plus who sat where; :meth:`~bot.store.records.HandRecord.replay` rebuilds it exactly.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from bot.store import stats, tables, wallets
from bot.store.backend import ConstraintViolation, Row, Tx
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
from bot.store.errors import HandStateError, LeaseLost
from bot.store.records import HandEnd, HandRecord, HandSummary, HiddenCards, TableHandSummary
from engine import Action, Hand, HandConfig
from engine.fair import FairDeck, fair_fields
from engine.phh import history_from_hand, write_history
from engine.phh.pokerstars import pokerstars_from_hand

__all__ = [
    "append_action",
    "finish_hand",
    "last_hands",
    "load_hand",
    "open_hands",
    "phh_text",
    "pokerstars_text",
    "set_deadline",
    "set_run_count",
    "start_hand",
    "table_hands",
]

_SELECT = (
    "SELECT hand_id, table_id, guild_id, config_json, deck, players_json, started_at, deadline, "
    "finished, result_json, deck_salt, run_count FROM hands "
)


async def start_hand(
    tx: Tx,
    *,
    table_id: str,
    config: HandConfig,
    deck: Sequence[int],
    players: Sequence[int],
    now: float,
    deadline: float | None,
    table_state: Mapping[str, Any] | None,
    deck_salt: bytes | None,
    hold_run_out: bool,
    end: HandEnd | None = None,
) -> int:
    """Insert the hand and its players (and the table state it starts from); its id. With
    ``end``, the hand ended at the deal (everyone all-in from the blinds) and its end is
    written too (:func:`finish_hand`).

    With ``table_state``, the table's row is written first and names the guild (one statement
    that also refuses a table that is not open, or whose lease is another process's)."""
    if table_state is not None:
        guild_id = await tables.deal_from(tx, table_id, table_state, now)
    else:
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
    if end is not None:
        await finish_hand(tx, hand_id, now=now, end=end)
    return hand_id


async def append_action(
    tx: Tx, hand_id: int, seq: int, actions: Sequence[Action], *, deadline: float | None
) -> None:
    """Actions ``seq``, ``seq + 1``, … in one INSERT (triggers check the sequence and move
    the deadline); raises :class:`HandStateError` for a wrong ``seq`` or a finished/unknown
    hand."""
    sql = "INSERT INTO hand_actions (hand_id, seq, action, deadline) VALUES (?,?,?,?)"
    rows = [(hand_id, seq + k, encode_action(a), deadline) for k, a in enumerate(actions)]
    try:
        if len(rows) == 1:
            await tx.execute(sql, rows[0])
        else:
            await tx.executemany(sql, rows)
    except ConstraintViolation as error:
        refused = LeaseLost if "lease lost" in str(error) else HandStateError
        raise refused(f"hand {hand_id}, action {seq}: {error}") from None


async def set_run_count(tx: Tx, hand_id: int, runs: int) -> None:
    chosen = await tx.execute(
        "UPDATE hands SET run_count = ? WHERE hand_id = ? AND run_count = 0", (runs, hand_id)
    )
    if chosen != 1:
        raise HandStateError(f"hand {hand_id} holds no run-out waiting for a choice")


async def set_deadline(tx: Tx, hand_id: int, deadline: float | None) -> None:
    await tx.execute(
        "UPDATE hands SET deadline = ? WHERE hand_id = ? AND finished = 0", (deadline, hand_id)
    )


async def finish_hand(
    tx: Tx,
    hand_id: int,
    *,
    now: float,
    end: HandEnd,
    actions: Sequence[Action] = (),
    seq: int = 0,
    runs: int | None = None,
) -> None:
    """Mark the hand finished with its results, and write what follows from it: the
    members' net and hands played, the wallet moves, the table's state and, for a counted
    hand, the players' stats (:func:`bot.store.stats.record_hand`). First, the hand's last
    ``actions`` (numbered from ``seq``) and the choice of ``runs`` of a held run-out, when
    they ended it: a hand's end is written with what ended it, or nothing is."""
    if actions:
        await append_action(tx, hand_id, seq, actions, deadline=None)
    if runs is not None:
        await set_run_count(tx, hand_id, runs)
    nets, result, table_state = end.nets, end.result, end.table_state
    moves, counted, facts = end.moves, end.counted, end.facts
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
    # Wallets change in member-id order (here and in the moves below): two hands ending at
    # once on a server that runs several processes never wait for each other's rows in a
    # circle.
    await tx.executemany(
        "UPDATE wallets SET net = net + ?, hands_played = hands_played + ? "
        "WHERE guild_id = ? AND user_id = ?",
        sorted(
            ((net, int(counted), guild_id, players[p]) for p, net in enumerate(nets)),
            key=lambda update: update[3],
        ),
    )
    await wallets.move_all(
        tx, guild_id=guild_id, moves=moves, ref=f"hand:{hand_id}", now=now
    )  # member-id order too
    if table_state is not None:
        await tables.update_state(tx, table_id, table_state, now)
    if not counted:
        return
    session = stats.session_of(table_state)
    if facts is None or session is None:
        await stats.record_hand(tx, hand_id, now=now, session=session, facts=facts)
    else:  # what the backfill reads back from the rows is known here
        await stats.add_hand(
            tx, hand_id, guild_id=guild_id, table_id=table_id, players=players, now=now,
            session=session, facts=facts,
        )  # fmt: skip


async def load_hand(tx: Tx, hand_id: int) -> HandRecord:
    """Two reads: run them in a snapshot."""
    row = await tx.fetchone(_SELECT + "WHERE hand_id = ?", (hand_id,))
    if row is None:
        raise HandStateError(f"no hand {hand_id}")
    actions = await tx.fetch(
        "SELECT action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
    )
    return _hand(row, [decode_action(a[0]) for a in actions])


async def open_hands(tx: Tx) -> list[HandRecord]:
    """Two reads: run them in a snapshot."""
    rows = await tx.fetch(_SELECT + "WHERE finished = 0 ORDER BY hand_id")
    actions = await tx.fetch(
        "SELECT a.hand_id, a.action FROM hand_actions a JOIN hands h "
        "ON h.hand_id = a.hand_id WHERE h.finished = 0 ORDER BY a.hand_id, a.seq"
    )
    by_hand: dict[int, list[Action]] = {}
    for hand_id, text in actions:
        by_hand.setdefault(hand_id, []).append(decode_action(text))
    return [_hand(r, by_hand.get(r[0], [])) for r in rows]


async def last_hands(tx: Tx, guild_id: int, user_id: int, count: int) -> list[HandSummary]:
    rows = await tx.fetch(
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


async def table_hands(tx: Tx, table_id: str, count: int) -> list[TableHandSummary]:
    """Two reads: run them in a snapshot."""
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


def phh_text(
    record: HandRecord,
    hidden: HiddenCards,
    names: Mapping[int, str] | None,
    *,
    fields: Mapping[str, Any] | None = None,
    hero: int | None = None,
) -> str:
    """The stored hand as PHH text, with the hole cards ``hidden`` says to hide as ``????``
    (never those of ``hero``, the member whose export it is) and members named by ``names``
    (their ids otherwise); ``fields`` are more of the spec's optional fields (a tournament
    hand's ``event``, ``table`` and ``level``)."""
    hand = record.replay()
    secret = _secret(record, hand, hidden, hero)
    labels = [(names or {}).get(user, str(user)) for user in record.players]
    history = history_from_hand(hand, players=labels, hidden=secret)
    extra = {**history.extra, **(fields or {}), **_fair_fields(record, hand)}
    return write_history(dataclasses.replace(history, extra=extra))


def pokerstars_text(
    record: HandRecord,
    hidden: HiddenCards,
    names: Mapping[int, str] | None,
    *,
    fields: Mapping[str, Any] | None = None,
    hero: int | None = None,
) -> str:
    """The stored, finished hand as PokerStars text (:mod:`engine.phh.pokerstars`), with the
    same cards hidden as :func:`phh_text` hides and ``hero``'s dealt to them; the hand's
    number, its table and its start (UTC) head it, and a tournament's id and buy-in. A hand
    voided by a table leader has no such history (the format has no word for it): empty."""
    hand = record.replay()
    if not hand.is_over or hand.voided:
        return ""
    secret = set(_secret(record, hand, hidden, hero))
    labels = [(names or {}).get(user, str(user)) for user in record.players]
    start = dt.datetime.fromtimestamp(record.started_at, dt.UTC)
    head: dict[str, Any] = {
        "hand": record.hand_id,
        "table": record.table_id,
        "year": start.year,
        "month": start.month,
        "day": start.day,
        "time": start.time().replace(microsecond=0),
        **(fields or {}),
    }
    return pokerstars_from_hand(
        hand,
        players=labels,
        known=[p for p in range(hand.player_count) if p not in secret],
        hero=record.players.index(hero) if hero in record.players else None,
        fields=head,
    )


def _secret(record: HandRecord, hand: Hand, hidden: HiddenCards, hero: int | None) -> list[int]:
    """The players whose hole cards an export hides: with ``UNSHOWN`` everyone who did not
    show, except ``hero`` (a member id), whose own export it is."""
    if hidden is not HiddenCards.UNSHOWN:
        return []
    return [p for p in range(hand.player_count) if not hand.shown[p] and record.players[p] != hero]


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


def _hand(row: Row, actions: list[Action]) -> HandRecord:
    return HandRecord(
        hand_id=row[0], table_id=row[1], guild_id=row[2], config=decode_config(row[3]),
        deck=decode_deck(row[4]), players=tuple(loads(row[5])), actions=actions,
        started_at=row[6], deadline=row[7], finished=bool(row[8]),
        result=None if row[9] is None else loads(row[9]),
        deck_salt=None if row[10] is None else bytes.fromhex(row[10]), run_count=row[11],
    )  # fmt: skip
