"""The rows of the moves relayed to the process that drives their table (migration 14), and
PostgreSQL's ``LISTEN``/``NOTIFY`` for them; the protocol is :mod:`bot.activity.relay`'s.

A request row goes ``waiting`` (written by the process the member reached), ``applying``
(claimed by the table's lease holder, naming it and its lease epoch) and ``answered`` (its
answer written back). Both the claim and the answer are fenced by the lease: they are
written only while the table's lease row names the writer, in the same transaction, so a
process that lost the table (paused past its expiry, then taken over) can neither take a
request nor answer one. Notifications ride in the writing transaction (PostgreSQL delivers
them at its commit): ``holdem_requests`` (payload: the table) when a request is written,
``holdem_answers`` (payload: the request) when it is answered. A notification can be lost
(a listening connection that drops), so both sides also poll the rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store import hands, tables
from bot.store.backend import Dialect
from bot.store.postgres import Listening, PgBackend
from bot.store.records import HandRecord, TableRecord
from bot.store.store import Store

__all__ = [
    "ANSWERS",
    "REQUESTS",
    "TABLES",
    "Claim",
    "Listening",
    "Request",
    "answer",
    "answer_of",
    "claim",
    "give_up",
    "listen",
    "notify",
    "pending",
    "prune",
    "send",
    "table_and_hand",
]

REQUESTS = "holdem_requests"
"""Channel: a request was written for the table named in the payload."""
ANSWERS = "holdem_answers"
"""Channel: the request named in the payload was answered."""
TABLES = "holdem_tables"
"""Channel: the table named in the payload changed (:mod:`bot.tables.remote`)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Request:
    """One request row not answered yet."""

    request_id: str
    table_id: str
    member: int
    move: dict[str, Any]
    state: str
    applier: str | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Claim:
    """A request this process now applies: ``in_doubt`` when another process had claimed it
    and stopped before answering (its move may have been written)."""

    request: Request
    epoch: int
    in_doubt: bool


_COLUMNS = "request_id, table_id, member, move_json, state, applier"


def _request(row: Sequence[Any]) -> Request:
    request_id, table_id, member, move, state, applier = row
    return Request(
        request_id=str(request_id), table_id=str(table_id), member=int(member),
        move=json.loads(move), state=str(state), applier=None if applier is None else str(applier),
    )  # fmt: skip


async def send(
    store: Store, *, request_id: str, table_id: str, member: int, move: Mapping[str, Any],
    now: float,
) -> bool:  # fmt: skip
    """Write a request and tell the table's driver; ``False`` (nothing written) when
    ``request_id`` was written before: its first answer stands."""
    async with store._write() as tx:
        rows = await tx.fetch(
            "INSERT INTO table_requests (request_id, table_id, member, move_json, state, "
            "created_at) VALUES (?, ?, ?, ?, 'waiting', ?) ON CONFLICT (request_id) DO NOTHING "
            "RETURNING request_id",
            (request_id, table_id, member, json.dumps(dict(move)), now),
        )
        if rows and store.dialect is Dialect.POSTGRESQL:
            await tx.fetch("SELECT pg_notify(?, ?)", (REQUESTS, table_id))
        return bool(rows)


async def answer_of(store: Store, request_id: str) -> tuple[str, dict[str, Any] | None] | None:
    """The request's state and its answer (``None`` until answered); ``None`` for no row."""
    rows = await store._read(
        "SELECT state, answer_json FROM table_requests WHERE request_id = ?", (request_id,)
    )
    if not rows:
        return None
    state, answer_json = rows[0]
    return str(state), None if answer_json is None else json.loads(answer_json)


async def pending(store: Store) -> list[Request]:
    """Every request not answered yet, oldest first."""
    rows = await store._read(
        f"SELECT {_COLUMNS} FROM table_requests WHERE state <> 'answered' "
        "ORDER BY created_at, request_id"
    )
    return [_request(row) for row in rows]


_LEASED = "SELECT epoch FROM leases WHERE table_id = ? AND owner = ? AND expires_at > ?"


async def claim(store: Store, request_id: str, *, owner: str, now: float) -> Claim | None:
    """Take a request to apply, as the live holder of its table's lease; ``None`` when the
    lease is not ``owner``'s or the request is answered already."""
    async with store._write() as tx:
        row = await tx.fetchone(
            f"SELECT {_COLUMNS} FROM table_requests WHERE request_id = ? AND state <> 'answered'"
            + store.dialect.for_update,
            (request_id,),
        )
        if row is None:
            return None
        request = _request(row)
        lease = await tx.fetchone(_LEASED, (request.table_id, owner, now))
        if lease is None:
            return None
        epoch = int(lease[0])
        await tx.execute(
            "UPDATE table_requests SET state = 'applying', applier = ?, epoch = ? "
            "WHERE request_id = ?",
            (owner, epoch, request_id),
        )
        return Claim(request=request, epoch=epoch, in_doubt=request.state == "applying")


async def answer(
    store: Store, request: Request, body: Mapping[str, Any], *, owner: str, now: float
) -> bool:
    """Write the answer of a request ``owner`` claimed, while it still holds the table's
    lease, and tell the process waiting for it; whether it was written."""
    async with store._write() as tx:
        done = await tx.execute(
            "UPDATE table_requests SET state = 'answered', answer_json = ?, answered_at = ? "
            "WHERE request_id = ? AND state = 'applying' AND applier = ? "
            "AND EXISTS (SELECT 1 FROM leases WHERE table_id = ? AND owner = ?)",
            (json.dumps(dict(body)), now, request.request_id, owner, request.table_id, owner),
        )
        if done and store.dialect is Dialect.POSTGRESQL:
            await tx.fetch("SELECT pg_notify(?, ?)", (ANSWERS, request.request_id))
        return bool(done)


async def give_up(store: Store, request_id: str, body: Mapping[str, Any], *, now: float) -> bool:
    """Answer a request nobody has claimed (its table's driver is gone for too long): whether
    it was still waiting. One claimed meanwhile is left to its applier."""
    done = await store._execute(
        "UPDATE table_requests SET state = 'answered', answer_json = ?, answered_at = ? "
        "WHERE request_id = ? AND state = 'waiting'",
        (json.dumps(dict(body)), now, request_id),
    )
    return bool(done)


async def prune(store: Store, *, before: float) -> int:
    """Forget the requests answered before ``before`` (a replay that late is a new move)."""
    return await store._execute(
        "DELETE FROM table_requests WHERE state = 'answered' AND answered_at < ?", (before,)
    )


async def table_and_hand(
    store: Store, table_id: str
) -> tuple[TableRecord, HandRecord | None] | None:
    """The table's row and its hand in progress, read in one snapshot (so the two agree);
    ``None`` for no table."""
    async with store._snapshot() as tx:
        record = await tables.load_table(tx, table_id)
        if record is None:
            return None
        row = await tx.fetchone(
            "SELECT hand_id FROM hands WHERE table_id = ? AND finished = 0", (table_id,)
        )
        hand = None if row is None else await hands.load_hand(tx, int(row[0]))
        return record, hand


async def notify(store: Store, channel: str, payload: str) -> None:
    """``NOTIFY`` on PostgreSQL (nothing on SQLite: one process, nobody to tell)."""
    if store.dialect is Dialect.POSTGRESQL:
        await store._read("SELECT pg_notify(?, ?)", (channel, payload))


async def listen(
    store: Store, channels: Sequence[str], callback: Callable[[str, str], None]
) -> Listening:
    """Listen on ``channels`` (PostgreSQL only): see :meth:`PgBackend.listen`."""
    backend = store._backend
    if not isinstance(backend, PgBackend):
        raise RuntimeError("LISTEN needs the PostgreSQL backend")
    return await backend.listen(channels, callback)
