"""Live tables: the engine's rules, the store's durability and one lock per table, no Discord.

A :class:`TableService` keeps every open table in memory as an :class:`engine.Table` and makes
each change durable before it reports it: an action is committed by
:meth:`~app.store.Store.append_action` before :meth:`TableService.act` returns its events;
a hand's end, the table's new stacks and the leavers' cash-outs commit in one transaction.
Whenever a write fails, the table is rebuilt from the store, so memory never runs ahead of
the database. The rules (what is legal) stay in :mod:`engine`; this module orchestrates.

Chips are in exactly one place at a time: a wallet, a table stack or a pot.
:meth:`TableService.chips_total` adds them up; play never changes it. Two things create
chips: wallet grants and refills, and the ``REBUY`` empty-stack policy, whose top-up is
recorded as a grant to the wallet bought straight in to the table.

The errors (:class:`ServiceError` and its subclasses) and the result records live in
:mod:`app.results` and are re-exported here. A member who times out twice in a row is sat
out (:meth:`TableService.timeout`).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine import (
    Action,
    ActionKind,
    Hand,
    HouseRules,
    NotYourTurn,
    SeatStatus,
    Table,
    shuffled_deck,
)
from engine.events import HandEnded
from engine.table import PlayerLeft, Rebought, TableEvent

from .results import (
    ActionResult,
    DealResult,
    NoHand,
    NoTable,
    NotSeated,
    ServiceError,
    StopResult,
    TableExists,
    TableStatus,
)
from .store import Store
from .store_records import HandRecord, TableRecord, WalletMove
from .wallet import Reason

__all__ = [
    "ActionResult",
    "DealResult",
    "NoHand",
    "NoTable",
    "NotSeated",
    "ServiceError",
    "StopResult",
    "TableExists",
    "TableService",
    "TableStatus",
    "table_id_for",
]


def table_id_for(guild_id: int, channel_id: int) -> str:
    """The id of the table in a channel: ``"<guild>:<channel>"``."""
    return f"{guild_id}:{channel_id}"


# ----------------------------------------------------------------- the live state


log = logging.getLogger("holdem.table")


def _log(live: _Live, event: str, **fields: object) -> None:
    """One log line per event, with the table's context; never a card."""
    log.info(
        event,
        extra={"guild": live.guild_id, "channel": live.channel_id, "table": live.table_id,
               **fields},
    )  # fmt: skip


@dataclass(kw_only=True, slots=True)
class _Live:
    table_id: str
    guild_id: int
    channel_id: int
    table: Table
    hand_id: int | None = None
    players: tuple[int, ...] = ()
    deadline: float | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    last: tuple[int | None, Hand | None, tuple[int, ...]] = (None, None, ())
    """The latest hand (in progress or just finished), for its showdown and log lines."""


# ----------------------------------------------------------------- the service


class TableService:
    """Every live table, one :class:`asyncio.Lock` each; see the module docstring.

    ``clock`` gives seconds since the epoch; ``deck_source`` a deck order for each hand; ``rng``
    draws the first button of a session.

    Consecutive timeouts per member (:meth:`consecutive_timeouts`) are kept in memory only: a
    restart resets them to 0.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float],
        deck_source: Callable[[], Sequence[int]] = shuffled_deck,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.deck_source = deck_source
        self.rng = rng or random.Random()
        self._tables: dict[str, _Live] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._timeouts: dict[tuple[str, int], int] = {}

    # ------------------------------------------------------------- queries

    def table_ids(self) -> list[str]:
        return sorted(self._tables)

    def table(self, guild_id: int, channel_id: int) -> Table:
        """The live engine table (read it, never change it)."""
        return self._live(table_id_for(guild_id, channel_id)).table

    def hand_of(
        self, guild_id: int, channel_id: int
    ) -> tuple[int | None, Hand | None, tuple[int, ...]]:
        """The hand in progress: its id, the live engine hand (read it, never change it) and
        its members in engine player order; ``(None, None, ())`` between hands."""
        live = self._live(table_id_for(guild_id, channel_id))
        if live.table.hand is None:
            return None, None, ()
        return live.hand_id, live.table.hand, live.players

    def last_hand(self, table_id: str) -> tuple[int | None, Hand | None, tuple[int, ...]]:
        """Like :meth:`hand_of`, but a finished hand stays readable until the next deal."""
        live = self._live(table_id)
        if live.table.hand is not None:
            return live.hand_id, live.table.hand, live.players
        return live.last

    def host_of(self, table_id: str) -> int | None:
        """The member who opened the table (its leader with any Manage Server member)."""
        host = self._live(table_id).settings.get("host")
        return int(host) if host is not None else None

    def preset_of(self, table_id: str) -> str | None:
        preset = self._live(table_id).settings.get("preset")
        return str(preset) if preset is not None else None

    def rules_of(self, guild_id: int, channel_id: int) -> HouseRules:
        """The house rules the table plays by."""
        return self._live(table_id_for(guild_id, channel_id)).table.rules

    def consecutive_timeouts(self, table_id: str, user_id: int) -> int:
        """How many turns in a row the timer has played for the member at the table (reset
        by their own action, by sitting in and by leaving; in memory only)."""
        return self._timeouts.get((table_id, user_id), 0)

    def status(self, table_id: str) -> TableStatus:
        live = self._live(table_id)
        table = live.table
        to_act = None
        if table.hand is not None and table.hand.to_act is not None:
            to_act = live.players[table.hand.to_act]
        return TableStatus(
            table_id=table_id, guild_id=live.guild_id, channel_id=live.channel_id,
            seats=tuple(None if s is None else (int(s.player), s.stack) for s in table.seats),
            hand_id=live.hand_id, hand_players=live.players, to_act=to_act,
            deadline=live.deadline,
        )  # fmt: skip

    async def chips_total(self, guild_id: int) -> int:
        """Wallets + table stacks + pots in play in the guild: constant under play."""
        tables = sorted(t for t, live in self._tables.items() if live.guild_id == guild_id)
        locks = [self._lock(t) for t in tables]
        for lock in locks:
            await lock.acquire()
        try:
            total = await self.store.total_balance(guild_id)
            for t in tables:
                live = self._tables.get(t)
                if live is not None:
                    total += _table_chips(live.table)
            return total
        finally:
            for lock in reversed(locks):
                lock.release()

    # ------------------------------------------------------------- tables and seats

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: HouseRules,
        buy_in: int,
        *,
        preset: str | None = None,
    ) -> str:
        """Open a table in the channel and seat its host with ``buy_in``; the table id."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            if table_id in self._tables:
                raise TableExists("a table is already open in this channel", table=table_id)
            table = Table(rules)
            now = self.clock()
            settings: dict[str, Any] = {"host": host_id, "preset": preset}
            await self.store.save_table(
                table_id, guild_id=guild_id, channel_id=channel_id, state=table.to_dict(),
                now=now, settings=settings,
            )  # fmt: skip
            live = _Live(
                table_id=table_id, guild_id=guild_id, channel_id=channel_id, table=table,
                settings=settings,
            )  # fmt: skip
            self._tables[table_id] = live
            _log(live, "table opened", host=host_id, preset=preset)
            try:
                await self._join(live, host_id, buy_in)
            except BaseException:
                self._tables.pop(table_id, None)
                await self.store.close_table(table_id, now=now)
                raise
            return table_id

    async def join(self, guild_id: int, channel_id: int, user_id: int, buy_in: int) -> int:
        """Seat the member with ``buy_in`` chips from their wallet; the seat number."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            return await self._join(self._live(table_id), user_id, buy_in)

    async def _join(self, live: _Live, user_id: int, buy_in: int) -> int:
        rules = live.table.rules
        now = self.clock()
        await self.store.ensure_wallet(
            live.guild_id, user_id, starting_grant=rules.starting_stack, now=now
        )
        seat = live.table.sit(str(user_id), stack=buy_in)
        try:
            await self.store.buy_in(
                live.guild_id, user_id, buy_in, table_id=live.table_id, now=now,
                table_state=live.table.to_dict(),
            )  # fmt: skip
        except BaseException:
            await self._reload(live.table_id)
            raise
        _log(live, "seated", member=user_id, seat=seat, stack=buy_in)
        return seat

    async def leave(self, guild_id: int, channel_id: int, user_id: int) -> int | None:
        """Leave the table: the stack cashed out now, or ``None`` when the member is in the
        hand in progress (folded at once if it is their turn; cashed out when it ends)."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            player = str(user_id)
            if table.seat_of(player) is None:
                raise NotSeated("you are not at this table", table=table_id, user=user_id)
            now = self.clock()
            stack = table.leave(player)
            self._timeouts.pop((table_id, user_id), None)
            try:
                if stack is not None:
                    await self.store.cash_out(
                        live.guild_id, user_id, stack, table_id=table_id, now=now,
                        table_state=table.to_dict(),
                    )  # fmt: skip
                    _log(live, "left", member=user_id, stack=stack)
                    return stack
                await self._save(live, now)
            except BaseException:
                await self._reload(table_id)
                raise
            hand = table.hand
            index = table.hand_player(player)
            if hand is not None and hand.to_act is not None and hand.to_act == index:
                await self._apply(live, Action(player=index, kind=ActionKind.FOLD))
            return None

    async def stop(
        self, guild_id: int, channel_id: int, user_id: int, reason: str = "table stopped"
    ) -> StopResult:
        """Close the table: void the hand in progress (every contribution goes back), cash
        every stack out to its wallet."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            now = self.clock()
            voided = live.hand_id if table.hand is not None else None
            cashed: dict[int, int] = {}
            try:
                if voided is not None:
                    n = len(live.players)
                    table.void_hand(reason, by=str(user_id), now=now)
                    moves = []
                    for player in table.players():
                        stack = table.leave(player)
                        assert stack is not None
                        cashed[int(player)] = stack
                        if stack:
                            moves.append(self._move(live, int(player), stack, Reason.CASH_OUT))
                    await self.store.finish_hand(
                        voided, nets=[0] * n, now=now, result={"voided": reason},
                        table_state=table.to_dict(), moves=moves, counted=False,
                    )  # fmt: skip
                for player in table.players():  # one transaction each, with the table
                    stack = table.leave(player)
                    assert stack is not None
                    cashed[int(player)] = stack
                    await self.store.cash_out(
                        live.guild_id, int(player), stack, table_id=table_id, now=now,
                        table_state=table.to_dict(),
                    )  # fmt: skip
                await self.store.close_table(table_id, now=now, state=table.to_dict())
            except BaseException:
                await self._reload(table_id)
                raise
            del self._tables[table_id]
            for key in [k for k in self._timeouts if k[0] == table_id]:
                del self._timeouts[key]
            _log(live, "table stopped", by=user_id, voided_hand=voided)
            return StopResult(table_id=table_id, voided_hand=voided, cashed_out=cashed)

    async def sit_out(self, guild_id: int, channel_id: int, user_id: int) -> None:
        """Sit the member out from the next hand on; the hand in progress is played out (a
        turn of theirs is left to them or the timer, never folded here). The engine raises
        :class:`engine.SessionError` if the member is not playing (already out, busted)."""
        await self._set_status(guild_id, channel_id, user_id, sit_in=False)

    async def sit_in(self, guild_id: int, channel_id: int, user_id: int) -> None:
        """Bring the member back (waiting for the big blind if it passed meanwhile); the
        engine raises :class:`engine.SessionError` if they were not sitting out."""
        await self._set_status(guild_id, channel_id, user_id, sit_in=True)

    async def _set_status(
        self, guild_id: int, channel_id: int, user_id: int, *, sit_in: bool
    ) -> None:
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            player = str(user_id)
            if live.table.seat_of(player) is None:
                raise NotSeated("you are not at this table", table=table_id, user=user_id)
            if sit_in:
                live.table.sit_in(player)
                self._timeouts.pop((table_id, user_id), None)
            else:
                live.table.sit_out(player)
            try:
                await self._save(live, self.clock())
            except BaseException:
                await self._reload(table_id)
                raise

    # ------------------------------------------------------------- hands

    async def deal(
        self, guild_id: int, channel_id: int, *, button: int | None = None
    ) -> DealResult:
        """Deal the next hand (``button``: the first hand's button seat, else drawn)."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            deck = list(self.deck_source())
            now = self.clock()
            hand = table.start_hand(deck, now, button=button, rng=self.rng)
            players = _hand_members(table)
            deadline = self._deadline(live, now)
            try:
                hand_id = await self.store.start_hand(
                    table_id=table_id, config=hand.config, deck=deck, players=players, now=now,
                    deadline=deadline, table_state=table.to_dict(),
                )  # fmt: skip
            except BaseException:
                await self._reload(table_id)
                raise
            live.hand_id, live.players, live.deadline = hand_id, players, deadline
            _log(live, "hand dealt", hand=hand_id, players=len(players))
            events = tuple(hand.events)
            table_events: tuple[TableEvent, ...] = ()
            if hand.is_over:  # everyone all-in from the blinds
                table_events = await self._settle(live, now)
            return DealResult(
                table_id=table_id, hand_id=hand_id, players=players, events=events,
                to_act=self._to_act(live), deadline=live.deadline, table_events=table_events,
            )  # fmt: skip

    async def act(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        action_kind: ActionKind | str,
        amount: int | None = None,
    ) -> ActionResult:
        """The member's move, committed before it returns (``amount``: raise-to total)."""
        table_id = table_id_for(guild_id, channel_id)
        kind = ActionKind(action_kind)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            if table.seat_of(str(user_id)) is None:
                raise NotSeated("you are not at this table", table=table_id, user=user_id)
            hand = table.hand
            if hand is None or live.hand_id is None:
                raise NoHand("no hand is in progress", table=table_id)
            index = table.hand_player(str(user_id))
            if index is None or hand.to_act != index:
                raise NotYourTurn("it is not your turn", code="not_your_turn", user=user_id)
            result = await self._apply(live, Action(player=index, kind=kind, amount=amount))
            self._timeouts.pop((table_id, user_id), None)
            return result

    async def timeout(self, table_id: str) -> ActionResult | None:
        """The timer's move: check if free, else fold. ``None`` when there is nothing to do
        (no table or hand, or the deadline has not passed: the player acted meanwhile).

        The member's second timeout in a row also sits them out (saved with the table) and
        names them in :attr:`ActionResult.sat_out`."""
        async with self._lock(table_id):
            live = self._tables.get(table_id)
            if live is None:
                return None
            await self._settle_if_over(live)
            hand = live.table.hand
            if hand is None or hand.to_act is None:
                return None
            if live.deadline is not None and self.clock() < live.deadline:
                return None
            legal = hand.legal_actions()
            kind = ActionKind.CHECK if legal.can_check else ActionKind.FOLD
            member = live.players[legal.player]
            result = await self._apply(live, Action(player=legal.player, kind=kind))
            key = (table_id, member)
            self._timeouts[key] = self._timeouts.get(key, 0) + 1
            if self._timeouts[key] < 2 or not self._sit_out_quietly(live.table, member):
                return result
            try:
                await self._save(live, self.clock())
            except BaseException:
                await self._reload(table_id)
                raise
            return replace(result, sat_out=(member,))

    # ------------------------------------------------------------- start-up

    async def quiesce(self) -> None:
        """Wait for every operation in flight and hold every table (before shutting down):
        whatever was acknowledged is committed, and nothing new starts."""
        for table_id in list(self._tables):
            await self._lock(table_id).acquire()

    async def restore(self) -> list[str]:
        """Load every open table and its hand in progress (rebuilt by replay); a turn whose
        deadline passed while the bot was down gets a fresh one. The ids restored."""
        hands = {h.table_id: h for h in await self.store.open_hands()}
        restored = []
        for record in await self.store.load_open_tables():
            async with self._lock(record.table_id):
                live = self._rebuild(record, hands.get(record.table_id))
                self._tables[record.table_id] = live
                await self._settle_if_over(live)
                now = self.clock()
                if live.hand_id is not None and (live.deadline is None or live.deadline <= now):
                    live.deadline = self._deadline(live, now)
                    await self.store.set_deadline(live.hand_id, live.deadline)
                _log(live, "restored", hand=live.hand_id)
            restored.append(record.table_id)
        return restored

    # ------------------------------------------------------------- phases

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _live(self, table_id: str) -> _Live:
        live = self._tables.get(table_id)
        if live is None:
            raise NoTable("no table is open in this channel", table=table_id)
        return live

    @staticmethod
    def _sit_out_quietly(table: Table, member: int) -> bool:
        """Sit a timed-out member out if they are still seated and playing; whether it did
        (a member who left, busted or already sat out is left alone)."""
        seat = table.seat_of(str(member))
        state = None if seat is None else table.seats[seat]
        if state is None or state.status is not SeatStatus.ACTIVE:
            return False
        table.sit_out(str(member))
        return True

    def _deadline(self, live: _Live, now: float) -> float | None:
        hand = live.table.hand
        if hand is None or hand.to_act is None:
            return None
        return now + live.table.rules.turn_seconds

    def _to_act(self, live: _Live) -> int | None:
        hand = live.table.hand
        if hand is None or hand.to_act is None:
            return None
        return live.players[hand.to_act]

    def _move(self, live: _Live, user_id: int, delta: int, reason: Reason) -> WalletMove:
        return WalletMove(user_id=user_id, delta=delta, reason=reason, ref=f"table:{live.table_id}")

    async def _save(self, live: _Live, now: float) -> None:
        await self.store.save_table(
            live.table_id, guild_id=live.guild_id, channel_id=live.channel_id,
            state=live.table.to_dict(), now=now,
        )  # fmt: skip

    async def _apply(self, live: _Live, action: Action) -> ActionResult:
        """Apply a legal-checked action, commit it, settle the hand if it ended."""
        hand = live.table.hand
        assert hand is not None and live.hand_id is not None
        seq = len(hand.actions)
        events = tuple(hand.act(action))  # raises, changing nothing, if illegal
        now = self.clock()
        deadline = self._deadline(live, now)
        try:
            await self.store.append_action(live.hand_id, seq, action, deadline=deadline)
        except BaseException:
            await self._reload(live.table_id)
            raise
        live.deadline = deadline
        hand_id = live.hand_id
        _log(
            live, "action", hand=hand_id, seq=seq, member=live.players[action.player],
            kind=action.kind.value, amount=action.amount,
        )  # fmt: skip
        table_events: tuple[TableEvent, ...] = ()
        if hand.is_over:
            table_events = await self._settle(live, now)
        return ActionResult(
            table_id=live.table_id, hand_id=hand_id, action=action, events=events,
            hand_over=hand.is_over, to_act=self._to_act(live), deadline=live.deadline,
            table_events=table_events,
        )  # fmt: skip

    async def _settle_if_over(self, live: _Live) -> None:
        """A hand whose last action committed but whose end did not (a crash or a failed
        write in between) is settled before anything else happens at the table."""
        hand = live.table.hand
        if hand is not None and hand.is_over:
            await self._settle(live, self.clock())

    async def _settle(self, live: _Live, now: float) -> tuple[TableEvent, ...]:
        """The hand's end, the new stacks and the leavers' cash-outs in one transaction."""
        table = live.table
        hand = table.hand
        assert hand is not None and live.hand_id is not None
        ended = hand.events[-1]
        assert isinstance(ended, HandEnded)
        table_events = tuple(table.finish_hand(now))
        moves = []
        for event in table_events:
            if isinstance(event, PlayerLeft) and event.stack:
                moves.append(self._move(live, int(event.player), event.stack, Reason.CASH_OUT))
            elif isinstance(event, Rebought) and event.added:
                user = int(event.player)
                moves.append(self._move(live, user, event.added, Reason.GRANT))
                moves.append(self._move(live, user, -event.added, Reason.BUY_IN))
        try:
            await self.store.finish_hand(
                live.hand_id, nets=list(ended.net), now=now,
                result={"stacks": list(ended.stacks), "net": list(ended.net)},
                table_state=table.to_dict(), moves=moves,
            )  # fmt: skip
        except BaseException:
            await self._reload(live.table_id)
            raise
        _log(live, "hand finished", hand=live.hand_id, net=",".join(map(str, ended.net)))
        live.last = (live.hand_id, hand, live.players)
        live.hand_id, live.players, live.deadline = None, (), None
        return table_events

    async def _reload(self, table_id: str) -> None:
        """Rebuild a table from the store after a failed write (memory must not run ahead)."""
        record = await self.store.load_table(table_id)
        if record is None or not record.open:
            self._tables.pop(table_id, None)
            return
        hand = next((h for h in await self.store.open_hands() if h.table_id == table_id), None)
        self._tables[table_id] = self._rebuild(record, hand)

    def _rebuild(self, record: TableRecord, hand: HandRecord | None) -> _Live:
        table = Table.from_dict(record.state)
        live = _Live(
            table_id=record.table_id, guild_id=record.guild_id, channel_id=record.channel_id,
            table=table, settings=dict(record.settings),
        )  # fmt: skip
        if hand is not None:
            # The snapshot's hand may lag: the action log is the truth.
            table.hand = hand.replay()
            table.hand_deck = tuple(hand.deck)
            live.hand_id, live.players, live.deadline = hand.hand_id, hand.players, hand.deadline
        elif table.hand is not None:
            raise RuntimeError(f"table {record.table_id} has a hand the store does not know")
        return live


def _hand_members(table: Table) -> tuple[int, ...]:
    members = []
    for k in table.hand_seats:
        seat = table.seats[k]
        assert seat is not None
        members.append(int(seat.player))
    return tuple(members)


def _table_chips(table: Table) -> int:
    """Stacks and pots on the table (seats in the hand count by the hand's stacks)."""
    hand = table.hand
    in_hand = set(table.hand_seats) if hand is not None else set()
    total = sum(s.stack for k, s in enumerate(table.seats) if s is not None and k not in in_hand)
    if hand is not None:
        total += sum(hand.stacks) + hand.pot_total
    return total
