"""A live table as the service holds it in memory, and the pure helpers around it.

:class:`Live` is the one mutable record per table (the engine table, the hand's id and
members, the turn's deadline, the settings saved with the table, the outcome serial); it never
leaves the :mod:`bot.tables` package: outcomes are built from it by :mod:`bot.tables.snapshot`.
"""

from __future__ import annotations

import asyncio
import logging
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.guilds.wallets import Reason
from bot.stats.counters import hand_facts
from bot.store.records import HandEnd, HandRecord, TableRecord, WalletMove
from bot.tables.computers import declines_run_twice
from bot.tables.outcomes import Showdown, TableState
from bot.tables.runouts import RunoutSpot
from bot.tables.snapshot import KeptState, json_copy
from engine import Action, HandConfig, Table
from engine.codec import table_from_dict, table_to_dict
from engine.events import HandEnded, quick_init
from engine.hand import replay
from engine.rules import RunItTwice
from engine.table import PlayerLeft, Rebought, TableEvent

__all__ = [
    "NOBODY",
    "Ended",
    "Live",
    "Saved",
    "TableLock",
    "close_hand",
    "hand_members",
    "is_event_table",
    "is_practice_table",
    "log",
    "log_actions",
    "log_event",
    "rebuild",
    "roll_back",
    "runs_now",
    "save_point",
    "table_chips",
    "table_id_for",
    "table_move",
    "wallet_free",
]


def table_id_for(guild_id: int, channel_id: int) -> str:
    """The id of the table in a channel: ``"<guild>:<channel>"``."""
    return f"{guild_id}:{channel_id}"


log = logging.getLogger("holdem.table")


def log_event(live: Live, event: str, **fields: object) -> None:
    """One log line per event, with the table's context; never a card."""
    log.info(
        event,
        extra={"guild": live.guild_id, "channel": live.channel_id, "table": live.table_id,
               **fields},
    )  # fmt: skip


def log_actions(live: Live, seq: int, actions: Sequence[Action]) -> None:
    """One log line per action written, numbered from ``seq``."""
    for k, action in enumerate(actions):
        log_event(
            live, "action", hand=live.hand_id, seq=seq + k, member=live.players[action.player],
            kind=action.kind.value, amount=action.amount,
        )  # fmt: skip


NOBODY: frozenset[int] = frozenset()
"""The empty set of members, one for every table (CPython makes a new empty frozenset at every
call)."""


@dataclass(kw_only=True, slots=True)
class Live:
    """One open table in memory; changed only under its lock (see
    :class:`bot.tables.live_tables.LiveTables`)."""

    table_id: str
    guild_id: int
    channel_id: int
    table: Table
    hand_id: int | None = None
    players: tuple[int, ...] = ()
    deadline: float | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    serial: int = 0
    asked: tuple[int, ...] = ()
    """Who is asked to run it twice while a run-out is held (in memory: a restart asks again)."""
    agreed: frozenset[int] = NOBODY
    """Who agreed to run it twice: a frozen set, so that every table shares the empty one and
    a save point shares it as it stands."""
    kept: KeptState | None = None
    """The public state as last taken, built again only where the table changed."""
    kept_state: TableState | None = None
    kept_at: int = -1
    """The count of the table's lock's releases (:attr:`TableLock.releases`) at which
    ``kept_state`` is the table's: when it was taken with the lock free, or the count once the
    command whose outcome carries it releases the lock (the outcome is a command's last
    word); -1 when taken under the lock otherwise. The state stands while the lock stays free
    at that count: every change is made under it."""


class TableLock(asyncio.Lock):
    """A table's lock that counts how many times it was released, so that a state taken while
    it was free is known to be the table's until it is taken again."""

    def __init__(self) -> None:
        super().__init__()
        self.releases = 0

    def release(self) -> None:
        self.releases += 1
        super().release()


@dataclass(kw_only=True, slots=True)
class Ended:
    """What settling a hand produced, for the outcome of the command that ended it."""

    table_events: tuple[TableEvent, ...]
    showdown: Showdown | None
    runout: RunoutSpot | None = None


def rebuild(record: TableRecord, hand: HandRecord | None) -> Live:
    table = table_from_dict(record.state)
    live = Live(
        table_id=record.table_id, guild_id=record.guild_id, channel_id=record.channel_id,
        table=table, settings=dict(record.settings),
    )  # fmt: skip
    if hand is not None:
        # The snapshot's hand may lag: the action log is the truth.
        table.hand = hand.replay()
        table.hand_deck = table.hand.deck
        live.hand_id, live.players, live.deadline = hand.hand_id, hand.players, hand.deadline
        if table.hand.held:  # a run-out waiting for its choice: asked again
            live.asked = tuple(hand.players[p] for p in table.hand.live_players())
    elif table.hand is not None:
        raise RuntimeError(f"table {record.table_id} has a hand the store does not know")
    return live


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class Saved:
    """A live table as it stood when a command took it (:func:`save_point`), to roll back to
    without the database: the rest of :class:`Live` copied, and the engine table as a copy
    that shares only what never changes in place (the rules, the frozen seats, roles and
    plans), its hand kept as what replays it (config, deck, actions)."""

    live: Live
    table: Table
    hand: tuple[HandConfig, tuple[int, ...], tuple[Action, ...]] | None
    held: bool


def save_point(live: Live) -> Saved:
    """A copy of the table to roll back to, taken at every command: a shallow copy of the
    engine table with its lists and dicts copied and its hand as config, deck and actions
    (a few microseconds, where the codec's dict costs tens and a deep copy milliseconds)."""
    hand = live.table.hand
    copied = Live(
        table_id=live.table_id, guild_id=live.guild_id, channel_id=live.channel_id,
        table=live.table, hand_id=live.hand_id, players=live.players, deadline=live.deadline,
        settings=json_copy(live.settings), serial=live.serial, asked=live.asked,
        agreed=live.agreed,
    )  # fmt: skip
    table = _shallow(live.table)
    table.seats, table.left, table.log, table.hand = list(table.seats), dict(table.left), [], None
    memo = None if hand is None else (hand.config, live.table.hand_deck, tuple(hand.actions))
    held = hand is not None and hand.hold_run_out
    return Saved(live=copied, table=table, hand=memo, held=held)


_TABLE_SLOTS: tuple[str, ...] = tuple(
    name for klass in Table.__mro__ for name in klass.__dict__.get("__slots__", ())
)
_read_table = operator.attrgetter(*_TABLE_SLOTS)
_write_table = tuple(getattr(Table, name).__set__ for name in _TABLE_SLOTS)


def _shallow(table: Table) -> Table:
    """What :func:`copy.copy` gives of a table, slot by slot (half its time: no reduce)."""
    copied = object.__new__(Table)
    for write, value in zip(_write_table, _read_table(table), strict=True):
        write(copied, value)
    return copied


def roll_back(saved: Saved, serial: int) -> Live:
    """The table as :func:`save_point` copied it (a fresh engine table, its hand replayed)."""
    table = _shallow(saved.table)
    table.seats, table.left, table.log = list(table.seats), dict(table.left), []
    if saved.hand is not None:
        config, deck, actions = saved.hand
        # A held run-out is held for its choice again.
        table.hand = replay(config, deck, list(actions), run_count=0 if saved.held else None)
    old = saved.live
    return Live(
        table_id=old.table_id, guild_id=old.guild_id, channel_id=old.channel_id, table=table,
        hand_id=old.hand_id, players=old.players, deadline=old.deadline,
        settings=json_copy(old.settings), serial=serial, asked=old.asked, agreed=old.agreed,
    )  # fmt: skip


def is_practice_table(live: Live) -> bool:
    """Whether the table is a practice table, as saved with it: a computer player sat down
    once (it stays one after the computers left). Its chips are no wallet's and its hands
    count in no leaderboard."""
    return bool(live.settings.get("practice"))


def is_event_table(live: Live) -> bool:
    """Whether the table is one of a tournament's: its chips are tournament chips, which
    come from no wallet and go back to none (the event's buy-in and prizes are the wallet
    moves), and its seats are the tournament director's."""
    return live.settings.get("event") is not None


def wallet_free(live: Live) -> bool:
    """Whether the table's chips are no wallet's: a practice or a tournament table."""
    return is_practice_table(live) or is_event_table(live)


def hand_members(table: Table) -> tuple[int, ...]:
    members = []
    for k in table.hand_seats:
        seat = table.seats[k]
        assert seat is not None
        members.append(int(seat.player))
    return tuple(members)


def table_chips(table: Table) -> int:
    """Stacks and pots on the table (seats in the hand count by the hand's stacks)."""
    hand = table.hand
    in_hand = set(table.hand_seats) if hand is not None else set()
    total = sum(s.stack for k, s in enumerate(table.seats) if s is not None and k not in in_hand)
    if hand is not None:
        total += sum(hand.stacks) + hand.pot_total
    return total


def table_move(live: Live, user_id: int, delta: int, reason: Reason) -> WalletMove:
    """A wallet move made at the table (its ledger reference names the table)."""
    return WalletMove(user_id=user_id, delta=delta, reason=reason, ref=f"table:{live.table_id}")


def runs_now(live: Live) -> int | None:
    """How many times the held run-out (house rule ``run_it_twice``) is dealt without asking:
    twice when the house always runs it twice, once when one of the players still in
    declines before being asked (:func:`~bot.tables.computers.declines_run_twice`: a computer
    player); ``None``: the players still in are asked."""
    hand = live.table.hand
    assert hand is not None
    if live.table.rules.run_it_twice is RunItTwice.ALWAYS:
        return 2
    if any(declines_run_twice(live.players[p]) for p in hand.live_players()):
        return 1
    return None


def close_hand(live: Live, now: float) -> tuple[tuple[TableEvent, ...], HandEnd]:
    """Settle the finished hand at the table, in memory (the caller writes it, and reloads
    the table if the write fails): the table's events, and what the store writes of the
    hand's end, with the leavers' cash-outs and the rebuys' grants and buy-ins."""
    table = live.table
    hand = table.hand
    assert hand is not None
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    table_events = tuple(table.finish_hand(now))
    free = wallet_free(live)
    moves = []
    for event in () if free else table_events:
        if isinstance(event, PlayerLeft) and event.stack:
            moves.append(table_move(live, int(event.player), event.stack, Reason.CASH_OUT))
        elif isinstance(event, Rebought) and event.added:
            user = int(event.player)
            moves.append(table_move(live, user, event.added, Reason.GRANT))
            moves.append(table_move(live, user, -event.added, Reason.BUY_IN))
    end = HandEnd(
        nets=[0] * len(ended.net) if free else list(ended.net),
        result={"stacks": list(ended.stacks), "net": list(ended.net)},
        table_state=table_to_dict(table), moves=moves, counted=not is_practice_table(live),
        facts=hand_facts(hand),
    )  # fmt: skip
    return table_events, end
