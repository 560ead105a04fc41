"""Tournaments' rows (``events``, ``event_inputs``; migration 10; ``event_presets``,
migration 11): the SQL, as functions
that take the transaction they run in, and :class:`Events`, the store's part that runs each
in its own transaction (``store.events.append(...)``).

An event is its row (the director's config, the bot's settings, the event message, the
status) and its log: the director's inputs, numbered 0, 1, 2 ... per event. The runner
(:mod:`bot.tournaments`) writes each input before it acts on the director's decisions, and a
restart rebuilds the event by feeding the log back in, so the log is the event's truth and
one writer owns it:

- :func:`append_input` writes the input numbered next or nothing: a number already written (a
  second process driving the event, a retry after a commit) or one past the next is refused
  with :class:`~bot.store.errors.EventConflict`. On PostgreSQL the event's row is locked
  first, so two writers of one event queue and the second finds the number taken.
- The input's wallet moves (entries, refunds, prizes), their ledger rows and the event's new
  status and settings commit in the same transaction, or none of them does: a move the wallet
  cannot pay (:class:`~bot.store.errors.InsufficientChips`) leaves no input behind.
- Every write but the creation is fenced by the event's lease (:mod:`bot.store.leases`), whose
  key is ``event:<id>`` (:func:`lease_key`), kept in each row's ``table_id`` so migration 8's
  fence reads it as it reads a table's: a process the lease does not name gets
  :class:`~bot.store.errors.LeaseLost` and nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store import wallets
from bot.store.backend import Backend, ConstraintViolation, Row, Tx
from bot.store.codec import dumps, loads
from bot.store.errors import EventConflict, HandStateError, LeaseLost
from bot.store.records import EventInput, EventRecord, HandRecord, WalletMove

__all__ = [
    "OPEN",
    "STATUSES",
    "Events",
    "append_input",
    "create_event",
    "event_hand_refs",
    "guild_events",
    "lease_key",
    "load_event",
    "member_events",
    "open_events",
    "preset",
    "presets",
    "save_preset",
    "update_event",
]

STATUSES = ("registering", "running", "finished", "cancelled")
"""An event's statuses, in the order it passes through them (or to ``cancelled``)."""

OPEN = ("registering", "running")
"""The statuses of an event a process must drive (and resume at a restart)."""

_SELECT = (
    "SELECT event_id, guild_id, channel_id, message_id, name, config_json, settings_json, "
    "status, created_at, updated_at FROM events "
)
_INPUTS = "SELECT event_id, seq, data_json, ref, created_at FROM event_inputs "
_OPEN_SQL = "status IN ('registering','running')"


def lease_key(event_id: int) -> str:
    """The event's key in ``leases`` (and its rows' ``table_id``): claim it with
    :func:`bot.store.leases.claim` to drive the event.

    >>> lease_key(7)
    'event:7'
    """
    return f"event:{event_id}"


async def create_event(
    tx: Tx,
    *,
    guild_id: int,
    channel_id: int,
    name: str,
    config: Mapping[str, Any],
    settings: Mapping[str, Any],
    now: float,
) -> int:
    """A new event, registering, with no message yet; its id (the database's next)."""
    row = await tx.fetchone(
        "INSERT INTO events (guild_id, channel_id, name, config_json, settings_json, status, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'registering', ?, ?) RETURNING event_id",
        (guild_id, channel_id, name, dumps(dict(config)), dumps(dict(settings)), now, now),
    )
    assert row is not None
    event_id = int(row[0])
    # The lease key can only be written once the id is known; nobody holds the lease of an
    # event that did not exist a statement ago, so the fence lets this through.
    await _update(
        tx,
        event_id,
        "UPDATE events SET table_id = ? WHERE event_id = ? RETURNING guild_id",
        (lease_key(event_id), event_id),
    )
    return event_id


async def update_event(
    tx: Tx,
    event_id: int,
    *,
    now: float,
    message_id: int | None = None,
    settings: Mapping[str, Any] | None = None,
    status: str | None = None,
) -> None:
    """Set what is given (``None`` keeps it); raises :class:`HandStateError` for no such
    event, :class:`LeaseLost` when another process holds its lease."""
    _check_status(status)
    await _update(
        tx, event_id,
        "UPDATE events SET message_id = COALESCE(?, message_id), "
        "settings_json = COALESCE(?, settings_json), status = COALESCE(?, status), "
        "updated_at = ? WHERE event_id = ? RETURNING guild_id",
        (message_id, _json(settings), status, now, event_id),
    )  # fmt: skip


async def append_input(
    tx: Tx,
    event_id: int,
    seq: int,
    data: Mapping[str, Any],
    *,
    now: float,
    ref: str | None = None,
    moves: Sequence[WalletMove] = (),
    status: str | None = None,
    settings: Mapping[str, Any] | None = None,
    config: Mapping[str, Any] | None = None,
) -> None:
    """Write input ``seq`` of the event with everything that follows from it: the wallet
    ``moves`` in the event's guild (a move without a ``ref`` gets ``event:<id>``), the event's
    new ``status``, ``settings`` and ``config`` (an edit before the start) when given. See
    the module docstring for the refusals; each leaves the transaction to roll back whole."""
    _check_status(status)
    # The event's row first: it names the guild, takes the row lock that queues a second
    # writer (PostgreSQL) and passes the fence before anything else is written.
    guild_id = await _update(
        tx, event_id,
        "UPDATE events SET settings_json = COALESCE(?, settings_json), "
        "config_json = COALESCE(?, config_json), status = COALESCE(?, status), updated_at = ? "
        "WHERE event_id = ? RETURNING guild_id",
        (_json(settings), _json(config), status, now, event_id),
    )  # fmt: skip
    row = await tx.fetchone(
        "SELECT COALESCE(MAX(seq) + 1, 0) FROM event_inputs WHERE event_id = ?", (event_id,)
    )
    expected = 0 if row is None else int(row[0])
    written: list[Row] = []
    if seq == expected:
        try:
            written = await tx.fetch(
                "INSERT INTO event_inputs (event_id, seq, table_id, data_json, ref, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING seq",
                (event_id, seq, lease_key(event_id), dumps(dict(data)), ref, now),
            )
        except ConstraintViolation as error:
            raise _refusal(event_id, error) from None
    if not written:
        raise EventConflict(
            f"event {event_id}: input {seq} refused, the log is at {expected}",
            event_id=event_id, seq=seq, expected=expected,
        )  # fmt: skip
    # Wallets change in member-id order, as a hand's end moves them (bot.store.hands).
    for m in sorted(moves, key=lambda move: move.user_id):
        await wallets.move(
            tx, guild_id=guild_id, user_id=m.user_id, delta=m.delta, reason=m.reason,
            ref=m.ref or lease_key(event_id), now=now,
        )  # fmt: skip


async def load_event(tx: Tx, event_id: int) -> EventRecord | None:
    """The event with its whole log; run it in a snapshot, so the two reads agree."""
    row = await tx.fetchone(_SELECT + "WHERE event_id = ?", (event_id,))
    if row is None:
        return None
    rows = await tx.fetch(_INPUTS + "WHERE event_id = ? ORDER BY seq", (event_id,))
    return _event(row, tuple(_input(r) for r in rows))


async def open_events(tx: Tx) -> list[EventRecord]:
    """Every event still registering or running, oldest first, each with its whole log (two
    queries, whatever the number of events: the start-up path)."""
    rows = await tx.fetch(_SELECT + f"WHERE {_OPEN_SQL} ORDER BY event_id")
    if not rows:
        return []
    logs: dict[int, list[EventInput]] = {int(r[0]): [] for r in rows}
    for r in await tx.fetch(
        _INPUTS + f"WHERE event_id IN (SELECT event_id FROM events WHERE {_OPEN_SQL}) "
        "ORDER BY event_id, seq"
    ):
        found = logs.get(int(r[0]))
        if found is not None:  # an event that opened between the two reads is left out
            found.append(_input(r))
    return [_event(r, tuple(logs[int(r[0])])) for r in rows]


async def guild_events(tx: Tx, guild_id: int, *, limit: int) -> list[EventRecord]:
    """The guild's events, newest first, without their logs."""
    rows = await tx.fetch(
        _SELECT + "WHERE guild_id = ? ORDER BY event_id DESC LIMIT ?", (guild_id, limit)
    )
    return [_event(r, ()) for r in rows]


async def member_events(tx: Tx, guild_id: int, user_id: int, *, limit: int) -> list[int]:
    """The guild's events the member registered for (or entered late), newest first: the
    ids of those whose log holds their registration (key-sorted JSON, so one exact text)."""
    registered = dumps({"kind": "registered", "player": str(user_id)})
    rows = await tx.fetch(
        "SELECT DISTINCT e.event_id FROM events e JOIN event_inputs i ON i.event_id = e.event_id "
        "WHERE e.guild_id = ? AND i.data_json = ? ORDER BY e.event_id DESC LIMIT ?",
        (guild_id, registered, limit),
    )
    return [int(r[0]) for r in rows]


PRESETS_PER_GUILD = 25
"""Structures a server may keep (Discord offers 25 choices in an autocomplete)."""


async def save_preset(
    tx: Tx, guild_id: int, name: str, config: Mapping[str, Any], *, by: int, now: float
) -> bool:
    """Save (or replace) the guild's structure ``name``; ``False`` when the guild already
    keeps :data:`PRESETS_PER_GUILD` others (nothing is written)."""
    row = await tx.fetchone(
        "SELECT COUNT(*) FROM event_presets WHERE guild_id = ? AND name != ?", (guild_id, name)
    )
    if row is not None and int(row[0]) >= PRESETS_PER_GUILD:
        return False
    await tx.execute(
        "INSERT INTO event_presets (guild_id, name, config_json, created_by, updated_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, name) DO UPDATE SET "
        "config_json = excluded.config_json, created_by = excluded.created_by, "
        "updated_at = excluded.updated_at",
        (guild_id, name, dumps(dict(config)), by, now),
    )
    return True


async def preset(tx: Tx, guild_id: int, name: str) -> dict[str, Any] | None:
    """The guild's structure ``name`` as saved, or ``None``."""
    row = await tx.fetchone(
        "SELECT config_json FROM event_presets WHERE guild_id = ? AND name = ?", (guild_id, name)
    )
    return None if row is None else dict(loads(row[0]))


async def presets(tx: Tx, guild_id: int) -> list[str]:
    """The names of the guild's saved structures, in name order."""
    rows = await tx.fetch(
        "SELECT name FROM event_presets WHERE guild_id = ? ORDER BY name", (guild_id,)
    )
    return [str(r[0]) for r in rows]


async def event_hand_refs(tx: Tx, event_id: int) -> set[str]:
    """The ``ref`` of every input of the event that has one (``hand:<id>`` for each hand
    whose end the log holds)."""
    rows = await tx.fetch(
        "SELECT ref FROM event_inputs WHERE event_id = ? AND ref IS NOT NULL", (event_id,)
    )
    return {str(r[0]) for r in rows}


async def _update(tx: Tx, event_id: int, sql: str, params: Sequence[Any]) -> int:
    """Run an UPDATE of the event's row that returns its ``guild_id``; that guild, or the
    error for no such event, a fenced or otherwise refused write."""
    try:
        row = await tx.fetchone(sql, params)
    except ConstraintViolation as error:
        raise _refusal(event_id, error) from None
    if row is None:
        raise HandStateError(f"no event {event_id}")
    return int(row[0])


def _check_status(status: str | None) -> None:
    if status is not None and status not in STATUSES:
        raise ValueError(f"an event's status is one of {STATUSES}, not {status!r}")


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else dumps(dict(value))


def _refusal(event_id: int, error: ConstraintViolation) -> HandStateError:
    """The store's error for a refused event write: the fence's, or another constraint's."""
    if "lease lost" in str(error):
        return LeaseLost(f"event {event_id}: {error}")
    return HandStateError(f"event {event_id}: {error}")


def _input(row: Row) -> EventInput:
    return EventInput(seq=int(row[1]), data=loads(row[2]), ref=row[3], created_at=row[4])


def _event(row: Row, inputs: tuple[EventInput, ...]) -> EventRecord:
    return EventRecord(
        event_id=int(row[0]), guild_id=int(row[1]), channel_id=int(row[2]),
        message_id=None if row[3] is None else int(row[3]), name=str(row[4]),
        config=loads(row[5]), settings=loads(row[6]), status=str(row[7]),
        created_at=float(row[8]), updated_at=float(row[9]), inputs=inputs,
    )  # fmt: skip


def level_of(levels: Sequence[Sequence[int]], small_blind: int, big_blind: int) -> int | None:
    """The first level (1-based) of an event's structure (``[small, big, ante, length]``
    rows; past the last, the last doubled once per level, as the director plays it) whose
    blinds are these; ``None`` if none within 100 levels.

    >>> level_of([[25, 50, 0, 15], [50, 100, 0, 15]], 50, 100), level_of([[1, 2, 0, 5]], 4, 8)
    (2, 3)
    """
    if not levels:
        return None
    for number in range(1, 101):
        row = levels[min(number, len(levels)) - 1]
        factor = 2 ** max(0, number - len(levels))
        if (row[0] * factor, row[1] * factor) == (small_blind, big_blind):
            return number
    return None


async def phh_fields(tx: Tx, table_id: str, small_blind: int, big_blind: int) -> dict[str, Any]:
    """The PHH fields of a tournament's hand played at ``table_id``: the event's name, the
    table's number and the level (the spec's optional ``event``, ``table`` and ``level``);
    none for a hand of any other table."""
    rows = await tx.fetch("SELECT settings_json FROM tables WHERE table_id = ?", (table_id,))
    settings = loads(rows[0][0]) if rows else {}
    event_id = settings.get("event")
    if not isinstance(event_id, int):
        return {}
    found = await tx.fetch("SELECT name, config_json FROM events WHERE event_id = ?", (event_id,))
    if not found:
        return {}
    config = loads(found[0][1])
    # the PokerStars text's "Tournament #id, buy-in" (engine.phh.pokerstars.text)
    fields: dict[str, Any] = {"event": f"{found[0][0]} (#{event_id})", "_tournament": event_id}
    fields["_buy_in"] = f"{config.get('buy_in', 0)}+0"
    if isinstance(settings.get("event_table"), int):
        fields["table"] = settings["event_table"]
    level = level_of(config.get("levels") or [], small_blind, big_blind)
    if level is not None:
        fields["level"] = level
    return fields


class Events:
    """The store's tournament part (``store.events``): each method is one transaction around
    the function above it names, on the store's own backend."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        config: Mapping[str, Any],
        settings: Mapping[str, Any],
        now: float,
    ) -> int:
        """A new tournament, registering; its id. ``config`` is the director's (as JSON),
        ``settings`` the bot's own; its lease key is ``event:<id>`` (:func:`lease_key`)."""
        async with self._backend.transaction() as tx:
            return await create_event(
                tx, guild_id=guild_id, channel_id=channel_id, name=name, config=config,
                settings=settings, now=now,
            )  # fmt: skip

    async def phh_fields(self, hand: HandRecord) -> dict[str, Any]:
        """A tournament hand's PHH ``event``, ``table`` and ``level`` (see
        :func:`phh_fields`); none for another table's hand."""
        config = hand.config
        async with self._backend.snapshot() as tx:
            return await phh_fields(tx, hand.table_id, config.small_blind, config.big_blind)

    async def load(self, event_id: int) -> EventRecord | None:
        """The event with its whole log of inputs, in seq order."""
        async with self._backend.snapshot() as tx:
            return await load_event(tx, event_id)

    async def open(self) -> list[EventRecord]:
        """Every event registering or running, oldest first, with their logs (start-up)."""
        async with self._backend.snapshot() as tx:
            return await open_events(tx)

    async def of_guild(self, guild_id: int, *, limit: int = 10) -> list[EventRecord]:
        """The guild's events, newest first, without their logs."""
        async with self._backend.autocommit() as tx:
            return await guild_events(tx, guild_id, limit=limit)

    async def append(
        self,
        event_id: int,
        seq: int,
        data: Mapping[str, Any],
        *,
        now: float,
        ref: str | None = None,
        moves: Sequence[WalletMove] = (),
        status: str | None = None,
        settings: Mapping[str, Any] | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> None:
        """Write the event's input number ``seq`` in one transaction with its wallet
        ``moves`` (each with its ledger row; ``ref`` ``event:<id>`` unless the move names
        one) and the event's new ``status``, ``settings`` and ``config`` (when given).
        Committed when this returns: acknowledge the input only after it.

        Raises, having written nothing: :class:`EventConflict` when ``seq`` is not the next
        number of the log (another writer took it), :class:`InsufficientChips` or
        :class:`NoWallet` for a move the wallet cannot make, :class:`LeaseLost` when another
        process holds the event's lease, :class:`HandStateError` for no such event."""
        async with self._backend.transaction() as tx:
            await append_input(
                tx, event_id, seq, data, now=now, ref=ref, moves=moves, status=status,
                settings=settings, config=config,
            )  # fmt: skip

    async def update(
        self,
        event_id: int,
        *,
        now: float,
        message_id: int | None = None,
        settings: Mapping[str, Any] | None = None,
        status: str | None = None,
    ) -> None:
        """Set the event's message, settings or status (``None`` keeps each); fenced by its
        lease like :meth:`append`."""
        async with self._backend.transaction() as tx:
            await update_event(
                tx, event_id, now=now, message_id=message_id, settings=settings, status=status
            )

    async def of_member(self, guild_id: int, user_id: int, *, limit: int = 10) -> list[int]:
        """The ids of the guild's events the member entered, newest first."""
        async with self._backend.autocommit() as tx:
            return await member_events(tx, guild_id, user_id, limit=limit)

    async def save_preset(
        self, guild_id: int, name: str, config: Mapping[str, Any], *, by: int, now: float
    ) -> bool:
        """Save or replace the guild's structure ``name`` (see :func:`save_preset`)."""
        async with self._backend.transaction() as tx:
            return await save_preset(tx, guild_id, name, config, by=by, now=now)

    async def preset(self, guild_id: int, name: str) -> dict[str, Any] | None:
        """The guild's saved structure ``name``, or ``None``."""
        async with self._backend.autocommit() as tx:
            return await preset(tx, guild_id, name)

    async def presets(self, guild_id: int) -> list[str]:
        """The names of the guild's saved structures."""
        async with self._backend.autocommit() as tx:
            return await presets(tx, guild_id)

    async def hand_refs(self, event_id: int) -> set[str]:
        """The refs the event's log holds (``hand:<id>`` for every hand whose end it has)."""
        async with self._backend.autocommit() as tx:
            return await event_hand_refs(tx, event_id)
