"""Live tables: the engine's rules, the store's durability and one lock per table, no Discord.

A :class:`TableService` keeps every open table in memory as an :class:`engine.Table` and makes
each change durable before it reports it: an action is committed by
:meth:`~app.store.Store.append_action` before :meth:`TableService.act` returns; a hand's end,
the table's new stacks and the leavers' cash-outs commit in one transaction. Whenever a write
fails, the table is rebuilt from the store, so memory never runs ahead of the database.

Every command returns one frozen :class:`~app.outcomes.Outcome`, built under the table's lock,
and hands the same record to the listener (:meth:`TableService.subscribe`) before the lock is
released: the consumer sees every table's outcomes in the order they happened, whoever made
the move. No live engine object leaves this package.

Chips are in exactly one place at a time: a wallet, a table stack or a pot.
:meth:`TableService.chips_total` adds them up; play never changes it. Two things create
chips: wallet grants and refills, and the ``REBUY`` empty-stack policy, whose top-up is
recorded as a grant to the wallet bought straight in to the table.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ai import Level, PlayerView, observe
from engine import (
    Action,
    ActionKind,
    HouseRules,
    NotYourTurn,
    SeatStatus,
    SessionError,
    Table,
    shuffled_deck,
)
from engine.events import Event, HandEnded, is_private
from engine.fair import SALT_BYTES, commit
from engine.rules import RunItTwice
from engine.table import PlayerLeft, Rebought, TableEvent

from .fairness import FairReport, fair_report
from .house import guild_rules
from .outcomes import Outcome, OutcomeKind, PrivateCards, RunTwiceAsk, Showdown, TableState
from .practice import free_computer, is_computer
from .results import NoHand, NoTable, NotSeated, StaleMove, TableExists
from .runouts import RUN_TWICE_SECONDS, NotAtRisk, RunoutSpot, spot_of
from .snapshot import private_cards, showdown_of, table_state
from .store_api import StoreApi
from .store_records import HandRecord, TableRecord, WalletMove
from .wallet import Reason

__all__ = ["TableService", "table_id_for"]

Listener = Callable[[Outcome], None]


def table_id_for(guild_id: int, channel_id: int) -> str:
    """The id of the table in a channel: ``"<guild>:<channel>"``."""
    return f"{guild_id}:{channel_id}"


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
    serial: int = 0
    asked: tuple[int, ...] = ()
    """Who is asked to run it twice while a run-out is held (in memory: a restart asks again)."""
    agreed: set[int] = field(default_factory=set)


@dataclass(kw_only=True, slots=True)
class _Ended:
    """What settling a hand produced, for the outcome of the command that ended it."""

    table_events: tuple[TableEvent, ...]
    showdown: Showdown | None
    runout: RunoutSpot | None = None


class TableService:
    """Every live table, one :class:`asyncio.Lock` each; see the module docstring.

    ``clock`` gives seconds since the epoch; ``deck_source`` a deck order for each hand; ``rng``
    draws the first button of a session. Consecutive timeouts per member are kept in memory
    only: a restart resets them to 0.
    """

    def __init__(
        self,
        store: StoreApi,
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
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every outcome, under the table's lock, in order. It must
        not block: queue the outcome and return."""
        self._listeners.append(listener)

    # ------------------------------------------------------------- queries (values only)

    def table_ids(self) -> list[str]:
        return sorted(self._tables)

    def has_table(self, table_id: str) -> bool:
        return table_id in self._tables

    def state(self, table_id: str) -> TableState:
        """The table as it stands now (raises :class:`NoTable`)."""
        return self._state(self._live(table_id))

    def cards_of(self, table_id: str, member: int) -> PrivateCards | None:
        """The member's hole cards in the hand in progress, for that member's eyes only."""
        live = self._live(table_id)
        found = private_cards(live.table.hand, hand_id=live.hand_id, members=live.players)
        return next((p for p in found if p.member == member), None)

    def consecutive_timeouts(self, table_id: str, user_id: int) -> int:
        """How many turns in a row the timer has played for the member at the table (reset
        by their own action, by sitting in and by leaving; in memory only)."""
        return self._timeouts.get((table_id, user_id), 0)

    def seated_chips(self, guild_id: int, member: int) -> int:
        """The member's stacks on the guild's open tables (practice chips are no one's)."""
        player = str(member)
        return sum(
            seat.stack
            for live in self._tables.values()
            if live.guild_id == guild_id and not _practice(live)
            for seat in live.table.seats
            if seat is not None and seat.player == player
        )

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
                if live is not None and not _practice(live):
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
        buy_in: int | None = None,
        *,
        preset: str | None = None,
        name: str | None = None,
        request: int | None = None,
    ) -> Outcome:
        """Open a table in the channel and seat its host with ``buy_in`` (None: the house's
        buy-in, see :meth:`join`); a refused buy-in opens nothing."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            if table_id in self._tables:
                raise TableExists("a table is already open in this channel", table=table_id)
            table = Table(rules)
            buy_in = table.buy_in_for(str(host_id), buy_in)
            now = self.clock()
            settings: dict[str, Any] = {
                "host": host_id, "preset": preset, "names": {}, "buy_in": buy_in,
            }  # fmt: skip
            if name:
                settings["names"][str(host_id)] = name
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
            return self._emit(
                live, OutcomeKind.OPENED, actor=host_id, request=request, stack=buy_in
            )

    async def join(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        buy_in: int | None = None,
        *,
        name: str | None = None,
        request: int | None = None,
    ) -> Outcome:
        """Seat the member with chips from their wallet: ``buy_in`` asks for an amount, None
        takes what the house gives (:attr:`Outcome.stack` says how many).

        :meth:`engine.Table.buy_in_for` decides: within a session a member who left comes
        back with exactly what they left with, and one who left busted or short stays out;
        a first buy-in follows the house's :class:`~engine.rules.BuyIn` rule. A refusal
        (:class:`SessionError`) changes nothing, the wallet included."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            stack = live.table.buy_in_for(str(user_id), buy_in)
            if name:
                live.settings.setdefault("names", {})[str(user_id)] = name
            await self._join(live, user_id, stack)
            return self._emit(live, OutcomeKind.JOINED, actor=user_id, request=request, stack=stack)

    async def _join(self, live: _Live, user_id: int, buy_in: int) -> int:
        """Seat the member with ``buy_in``, already decided by ``Table.buy_in_for``."""
        rules = live.table.rules
        now = self.clock()
        if _practice(live):  # practice chips: from no wallet
            seat = live.table.sit(str(user_id), stack=buy_in)
            try:
                await self._save(live, now, settings=True)
            except BaseException:
                await self._reload(live.table_id)
                raise
            _log(live, "seated", member=user_id, seat=seat, stack=buy_in, practice=True)
            return seat
        await self.store.ensure_wallet(
            live.guild_id, user_id, starting_grant=rules.starting_stack, now=now
        )
        house = guild_rules(await self.store.get_guild_rules(live.guild_id)).rules
        seated = self.seated_chips(live.guild_id, user_id)
        await self.store.refill(live.guild_id, user_id, rules=house, on_tables=seated, now=now)
        seat = live.table.sit(str(user_id), stack=buy_in)
        try:
            await self.store.buy_in(
                live.guild_id, user_id, buy_in, table_id=live.table_id, now=now,
                table_state=live.table.to_dict(),
            )  # fmt: skip
            await self._save(live, now, settings=True)
        except BaseException:
            await self._reload(live.table_id)
            raise
        _log(live, "seated", member=user_id, seat=seat, stack=buy_in)
        return seat

    async def leave(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """Leave the table: the stack is cashed out now (:attr:`Outcome.stack`), or, for a
        member in the hand in progress, when it ends; they are folded at once if it is their
        turn, and whenever their turn comes otherwise."""
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
                if stack is not None and _practice(live):
                    await self._save(live, now, settings=True)
                    _log(live, "left", member=user_id, stack=stack, practice=True)
                    return self._emit(
                        live, OutcomeKind.LEFT, actor=user_id, request=request, stack=stack
                    )
                if stack is not None:
                    await self.store.cash_out(
                        live.guild_id, user_id, stack, table_id=table_id, now=now,
                        table_state=table.to_dict(),
                    )  # fmt: skip
                    _log(live, "left", member=user_id, stack=stack)
                    return self._emit(
                        live, OutcomeKind.LEFT, actor=user_id, request=request, stack=stack,
                        cashed_out=((user_id, stack),),
                    )  # fmt: skip
                await self._save(live, now)
            except BaseException:
                await self._reload(table_id)
                raise
            hand_id, members = live.hand_id, live.players
            events, folded, ended = await self._fold_leavers(live)
            return self._emit(
                live, OutcomeKind.LEFT, actor=user_id, request=request, events=events,
                folded_for=folded, ended=ended, hand=(hand_id, members),
            )  # fmt: skip

    async def stop(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        reason: str = "table stopped",
        *,
        request: int | None = None,
    ) -> Outcome:
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
            practice = _practice(live)
            try:
                if voided is not None:
                    n = len(live.players)
                    table.void_hand(reason, by=str(user_id), now=now)
                    moves = []
                    for player in table.players():
                        stack = table.leave(player)
                        assert stack is not None
                        cashed[int(player)] = stack
                        if stack and not practice:
                            moves.append(self._move(live, int(player), stack, Reason.CASH_OUT))
                    await self.store.finish_hand(
                        voided, nets=[0] * n, now=now, result={"voided": reason},
                        table_state=table.to_dict(), moves=moves, counted=False,
                    )  # fmt: skip
                for player in table.players():  # one transaction each, with the table
                    stack = table.leave(player)
                    assert stack is not None
                    cashed[int(player)] = stack
                    if practice:
                        continue  # practice chips go back to no wallet
                    await self.store.cash_out(
                        live.guild_id, int(player), stack, table_id=table_id, now=now,
                        table_state=table.to_dict(),
                    )  # fmt: skip
                await self.store.close_table(table_id, now=now, state=table.to_dict())
            except BaseException:
                await self._reload(table_id)
                raise
            live.hand_id, live.players, live.deadline = None, (), None
            outcome = self._emit(
                live, OutcomeKind.STOPPED, actor=user_id, request=request, voided_hand=voided,
                cashed_out=() if practice else tuple(cashed.items()), closed=True,
            )  # fmt: skip
            del self._tables[table_id]
            for key in [k for k in self._timeouts if k[0] == table_id]:
                del self._timeouts[key]
            _log(live, "table stopped", by=user_id, voided_hand=voided)
            return outcome

    async def add_computer(
        self,
        guild_id: int,
        channel_id: int,
        level: Level,
        *,
        name_of: Callable[[int], str],
        request: int | None = None,
    ) -> Outcome:
        """Seat a computer player of ``level`` with the starting stack (:attr:`Outcome.actor`
        is its member id, ``name_of`` names it from that id). The first one makes the table
        a practice table, between hands only: every member's stack goes back to their wallet
        and they play on with as many practice chips, so no chip won from a computer player
        ever reaches a wallet."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            converting = not _practice(live)
            if converting and table.hand is not None:
                raise SessionError(
                    "a computer player can sit down between hands", code="hand_in_progress"
                )
            now = self.clock()
            member = free_computer(level, (int(p) for p in table.players()))
            stack = table.rules.starting_stack
            members = {s.player: s.stack for s in table.seats if s is not None}
            seat = table.sit(str(member), stack=stack)
            live.settings["practice"] = True
            live.settings.setdefault("names", {})[str(member)] = name_of(member)
            try:
                await self._save(live, now, settings=True)
                for player, chips in members.items() if converting else ():
                    await self.store.cash_out(
                        live.guild_id, int(player), chips, table_id=table_id, now=now,
                        table_state=table.to_dict(),
                    )  # fmt: skip
            except BaseException:
                await self._reload(table_id)
                raise
            _log(live, "computer seated", member=member, level=level.value, seat=seat)
            cashed = tuple((int(p), c) for p, c in members.items()) if converting else ()
            return self._emit(
                live, OutcomeKind.JOINED, actor=member, request=request, stack=stack,
                cashed_out=cashed,
            )  # fmt: skip

    async def remove_computer(
        self, guild_id: int, channel_id: int, member: int, *, request: int | None = None
    ) -> Outcome:
        """A computer player leaves (after the hand in progress, like a member); the table
        stays a practice table."""
        if not is_computer(member):
            raise NotSeated("no such computer player", table=table_id_for(guild_id, channel_id))
        return await self.leave(guild_id, channel_id, member, request=request)

    def view_of(self, table_id: str, member: int, hand_id: int, seq: int) -> PlayerView | None:
        """What the member sees at the decision ``seq`` of hand ``hand_id`` (for a computer
        player: values only, see :func:`ai.observe`); ``None`` when the table is no longer at
        that decision or it is not the member's."""
        live = self._tables.get(table_id)
        hand = None if live is None else live.table.hand
        if live is None or hand is None or live.hand_id != hand_id or len(hand.actions) != seq:
            return None
        index = live.table.hand_player(str(member))
        if index is None or hand.to_act != index:
            return None
        return observe(hand, index)

    async def sit_out(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """Sit the member out from the next hand on; the hand in progress is played out (a
        turn of theirs is left to them or the timer, never folded here). The engine raises
        :class:`engine.SessionError` if the member is not playing (already out, busted)."""
        return await self._set_status(guild_id, channel_id, user_id, False, request)

    async def sit_in(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """Bring the member back (waiting for the big blind if it passed meanwhile); the
        engine raises :class:`engine.SessionError` if they were not sitting out."""
        return await self._set_status(guild_id, channel_id, user_id, True, request)

    async def _set_status(
        self, guild_id: int, channel_id: int, user_id: int, sit_in: bool, request: int | None
    ) -> Outcome:
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
            kind = OutcomeKind.SAT_IN if sit_in else OutcomeKind.SAT_OUT
            return self._emit(live, kind, actor=user_id, request=request)

    async def keep_message(
        self, table_id: str, kind: str, channel_id: int, message_id: int
    ) -> None:
        """Remember one of the table's own messages (the lobby, the turn message) by id, so
        it can be edited after its interaction token died or the process restarted."""
        async with self._lock(table_id):
            live = self._tables.get(table_id)
            if live is None:
                return
            kept = live.settings.setdefault("messages", {})
            if kept.get(kind) == [channel_id, message_id]:
                return
            kept[kind] = [channel_id, message_id]
            try:
                await self._save(live, self.clock(), settings=True)
            except BaseException:
                await self._reload(table_id)
                raise

    # ------------------------------------------------------------- hands

    async def deal(
        self,
        guild_id: int,
        channel_id: int,
        *,
        button: int | None = None,
        actor: int | None = None,
        request: int | None = None,
    ) -> Outcome:
        """Deal the next hand (``button``: the first hand's button seat, else drawn). A hand
        that ends at the deal (everyone all-in from the blinds) is settled at once and the
        outcome says so."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            table = live.table
            deck = list(self.deck_source())
            salt = secrets.token_bytes(SALT_BYTES)  # the commitment's secret, revealed after
            now = self.clock()
            hand = table.start_hand(deck, now, button=button, rng=self.rng)
            hand.hold_run_out = table.rules.run_it_twice is not RunItTwice.OFF
            players = _hand_members(table)
            deadline = self._deadline(live, now)
            try:
                hand_id = await self.store.start_hand(
                    table_id=table_id, config=hand.config, deck=deck, players=players, now=now,
                    deadline=deadline, table_state=table.to_dict(), deck_salt=salt,
                    hold_run_out=hand.hold_run_out,
                )  # fmt: skip
            except BaseException:
                await self._reload(table_id)
                raise
            live.hand_id, live.players, live.deadline = hand_id, players, deadline
            _log(live, "hand dealt", hand=hand_id, players=len(players))
            events = tuple(hand.events)
            ended = await self._settle(live, now) if hand.is_over else None
            return self._emit(
                live, OutcomeKind.DEALT, actor=actor, request=request, events=events,
                ended=ended, hand=(hand_id, players), commitment=commit(deck, salt),
            )  # fmt: skip

    async def act(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        action_kind: ActionKind | str,
        amount: int | None = None,
        *,
        hand_id: int | None = None,
        seq: int | None = None,
        request: int | None = None,
    ) -> Outcome:
        """The member's move, committed before it returns (``amount``: raise-to total).

        ``hand_id`` and ``seq`` name the decision the move was made for (a button's); when
        the hand or its action count moved on meanwhile, :class:`StaleMove` is raised."""
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
            if (hand_id is not None and hand_id != live.hand_id) or (
                seq is not None and seq != len(hand.actions)
            ):
                raise StaleMove("that button is out of date", table=table_id)
            index = table.hand_player(str(user_id))
            if index is None or hand.to_act != index:
                raise NotYourTurn("it is not your turn", code="not_your_turn", user=user_id)
            current, members = live.hand_id, live.players
            events, ended = await self._apply(live, Action(player=index, kind=kind, amount=amount))
            self._timeouts.pop((table_id, user_id), None)
            more, folded, ended = await self._fold_leavers(live, ended)
            return self._emit(
                live, OutcomeKind.ACTED, actor=user_id, request=request,
                action=Action(player=index, kind=kind, amount=amount), events=events + more,
                folded_for=folded, ended=ended, hand=(current, members),
            )  # fmt: skip

    async def timeout(
        self, table_id: str, *, hand_id: int | None = None, seq: int | None = None
    ) -> Outcome | None:
        """The timer's move: check if free, else fold. ``None`` when there is nothing to do:
        no table or hand, the deadline has not passed, or (``hand_id``, ``seq``) name a
        decision already taken.

        The member's second timeout in a row also sits them out (saved with the table) and
        names them in :attr:`Outcome.sat_out`."""
        async with self._lock(table_id):
            live = self._tables.get(table_id)
            if live is None:
                return None
            await self._settle_if_over(live)
            hand = live.table.hand
            if hand is None or hand.to_act is None or live.hand_id is None:
                return None
            if (hand_id is not None and hand_id != live.hand_id) or (
                seq is not None and seq != len(hand.actions)
            ):
                return None
            if live.deadline is not None and self.clock() < live.deadline:
                return None
            legal = hand.legal_actions()
            kind = ActionKind.CHECK if legal.can_check else ActionKind.FOLD
            member = live.players[legal.player]
            current, members = live.hand_id, live.players
            action = Action(player=legal.player, kind=kind)
            events, ended = await self._apply(live, action)
            key = (table_id, member)
            self._timeouts[key] = self._timeouts.get(key, 0) + 1
            sat_out: tuple[int, ...] = ()
            if self._timeouts[key] >= 2 and self._sit_out_quietly(live.table, member):
                try:
                    await self._save(live, self.clock())
                except BaseException:
                    await self._reload(table_id)
                    raise
                sat_out = (member,)
            more, folded, ended = await self._fold_leavers(live, ended)
            return self._emit(
                live, OutcomeKind.TIMED_OUT, actor=member, action=action,
                events=events + more, folded_for=folded, ended=ended, sat_out=sat_out,
                hand=(current, members),
            )  # fmt: skip

    async def agree_run_twice(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        *,
        hand_id: int,
        request: int | None = None,
    ) -> Outcome:
        """The member agrees to run the held board twice; once everyone asked has, both
        boards are dealt (:attr:`Outcome.runs` is 2). Raises :class:`StaleMove` when no
        run-out of ``hand_id`` waits, :class:`NotAtRisk` when the member is not asked."""
        table_id = table_id_for(guild_id, channel_id)
        async with self._lock(table_id):
            live = self._live(table_id)
            await self._settle_if_over(live)
            hand = live.table.hand
            if hand is None or not hand.held or live.hand_id != hand_id:
                raise StaleMove("no run-out waits for that answer", table=table_id)
            if user_id not in live.asked:
                raise NotAtRisk("only players with chips at risk choose", user=user_id)
            live.agreed.add(user_id)
            current, members = live.hand_id, live.players
            events: tuple[Event, ...] = ()
            ended = None
            if live.agreed.issuperset(live.asked):
                events = await self._run_board(live, 2)
                ended = await self._settle(live, self.clock())
            return self._emit(
                live, OutcomeKind.RUN_CHOICE, actor=user_id, request=request, events=events,
                ended=ended, hand=(current, members), runs=2 if ended is not None else None,
            )  # fmt: skip

    async def run_twice_timeout(self, table_id: str, *, hand_id: int) -> Outcome | None:
        """The time to agree ran out: the board is dealt once. ``None`` when nothing waits
        for hand ``hand_id`` or its deadline has not passed (a restart gave a fresh one)."""
        async with self._lock(table_id):
            live = self._tables.get(table_id)
            if live is None:
                return None
            await self._settle_if_over(live)
            hand = live.table.hand
            if hand is None or not hand.held or live.hand_id != hand_id:
                return None
            if live.deadline is not None and self.clock() < live.deadline:
                return None
            current, members = live.hand_id, live.players
            # Twice only when the house always runs it twice (a crash came before the deal).
            runs = 2 if live.table.rules.run_it_twice is RunItTwice.ALWAYS else 1
            events = await self._run_board(live, runs)
            ended = await self._settle(live, self.clock())
            return self._emit(
                live, OutcomeKind.RUN_CHOICE, events=events, ended=ended,
                hand=(current, members), runs=runs,
            )  # fmt: skip

    async def fair_report(self, guild_id: int, hand_id: int) -> FairReport:
        """Check a finished hand's deck against the commitment shown at its deal (raises
        :class:`NoHand` for a hand not of the guild or not finished)."""
        return await fair_report(self.store, guild_id, hand_id)

    # ------------------------------------------------------------- start-up

    async def quiesce(self) -> None:
        """Wait for every operation in flight and hold every table (before shutting down):
        whatever was acknowledged is committed, and nothing new starts."""
        for table_id in list(self._tables):
            await self._lock(table_id).acquire()

    async def restore(self, owns: Callable[[TableRecord], bool] | None = None) -> list[Outcome]:
        """Load every open table this process drives (``owns``, by default all of them) and
        is not driving yet, with its hand in progress (rebuilt by replay); a turn whose
        deadline passed while the bot was down gets a fresh one. One outcome per table.

        Called again later (when a lease on another table was won, see
        :mod:`app.lease_keeper`), it picks up only the tables that are new to it."""
        hands = {h.table_id: h for h in await self.store.open_hands()}
        restored = []
        for record in await self.store.load_open_tables():
            if record.table_id in self._tables or (owns is not None and not owns(record)):
                continue
            async with self._lock(record.table_id):
                live = self._rebuild(record, hands.get(record.table_id))
                self._tables[record.table_id] = live
                await self._settle_if_over(live)
                now = self.clock()
                if live.hand_id is not None and (live.deadline is None or live.deadline <= now):
                    live.deadline = self._deadline(live, now)
                    await self.store.set_deadline(live.hand_id, live.deadline)
                _log(live, "restored", hand=live.hand_id)
                restored.append(self._emit(live, OutcomeKind.RESTORED))
        return restored

    async def forget(self, table_ids: Sequence[str]) -> None:
        """Stop driving tables another process has taken over (their leases moved on): drop
        them from memory once the operation in flight ends, writing nothing. Their loops find
        no table at their next step and end."""
        for table_id in table_ids:
            async with self._lock(table_id):
                live = self._tables.pop(table_id, None)
            if live is not None:
                _log(live, "handed over", hand=live.hand_id)

    # ------------------------------------------------------------- phases

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _live(self, table_id: str) -> _Live:
        live = self._tables.get(table_id)
        if live is None:
            raise NoTable("no table is open in this channel", table=table_id)
        return live

    def _state(self, live: _Live) -> TableState:
        ask = None
        if live.asked and live.hand_id is not None and live.deadline is not None:
            ask = RunTwiceAsk(
                hand_id=live.hand_id, members=live.asked, agreed=tuple(sorted(live.agreed)),
                deadline=live.deadline,
            )  # fmt: skip
        return table_state(
            live.table, table_id=live.table_id, guild_id=live.guild_id,
            channel_id=live.channel_id, settings=live.settings, hand_id=live.hand_id,
            members=live.players, deadline=live.deadline, ask=ask,
        )  # fmt: skip

    def _emit(
        self,
        live: _Live,
        kind: OutcomeKind,
        *,
        ended: _Ended | None = None,
        hand: tuple[int | None, tuple[int, ...]] | None = None,
        events: Sequence[Event] = (),
        **fields: Any,
    ) -> Outcome:
        """The outcome of a command, handed to every listener before the lock is released."""
        live.serial += 1
        hand_id, members = hand if hand is not None else (live.hand_id, live.players)
        outcome = Outcome(
            kind=kind,
            table_id=live.table_id,
            serial=live.serial,
            state=self._state(live),
            hand_id=hand_id,
            hand_members=members,
            events=tuple(e for e in events if not is_private(e)),
            table_events=ended.table_events if ended is not None else (),
            hand_over=ended is not None,
            showdown=ended.showdown if ended is not None else None,
            runout=ended.runout if ended is not None else None,
            private=private_cards(live.table.hand, hand_id=live.hand_id, members=live.players),
            **fields,
        )
        for listener in self._listeners:
            try:
                listener(outcome)
            except Exception:
                log.exception("an outcome listener raised", extra={"table": live.table_id})
        return outcome

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
        """The turn's deadline; for a held run-out, the end of the time to agree."""
        hand = live.table.hand
        if hand is not None and hand.held:
            return now + RUN_TWICE_SECONDS
        if hand is None or hand.to_act is None:
            return None
        return now + live.table.rules.turn_seconds

    def _move(self, live: _Live, user_id: int, delta: int, reason: Reason) -> WalletMove:
        return WalletMove(user_id=user_id, delta=delta, reason=reason, ref=f"table:{live.table_id}")

    async def _save(self, live: _Live, now: float, *, settings: bool = False) -> None:
        await self.store.save_table(
            live.table_id, guild_id=live.guild_id, channel_id=live.channel_id,
            state=live.table.to_dict(), now=now, settings=live.settings if settings else None,
        )  # fmt: skip

    async def _apply(self, live: _Live, action: Action) -> tuple[tuple[Event, ...], _Ended | None]:
        """Apply an action (the engine raises, changing nothing, if it is illegal), commit it,
        and settle the hand if it ended."""
        hand = live.table.hand
        assert hand is not None and live.hand_id is not None
        seq = len(hand.actions)
        events = tuple(hand.act(action))
        now = self.clock()
        deadline = self._deadline(live, now)
        try:
            await self.store.append_action(live.hand_id, seq, action, deadline=deadline)
        except BaseException:
            await self._reload(live.table_id)
            raise
        live.deadline = deadline
        _log(
            live, "action", hand=live.hand_id, seq=seq, member=live.players[action.player],
            kind=action.kind.value, amount=action.amount,
        )  # fmt: skip
        if hand.held:
            events += await self._hold(live)
        ended = await self._settle(live, now) if hand.is_over else None
        return events, ended

    async def _hold(self, live: _Live) -> tuple[Event, ...]:
        """A run-out held for the choice of runs (house rule ``run_it_twice``): ``ALWAYS``
        deals both boards now; ``ASK`` asks the players still in, unless one is a computer
        player (who never agrees: silence is no), and then the board runs once."""
        hand = live.table.hand
        assert hand is not None
        members = tuple(live.players[p] for p in hand.live_players())
        if live.table.rules.run_it_twice is RunItTwice.ALWAYS:
            return await self._run_board(live, 2)
        if any(is_computer(m) for m in members):
            return await self._run_board(live, 1)
        live.asked, live.agreed = members, set()
        return ()

    async def _run_board(self, live: _Live, runs: int) -> tuple[Event, ...]:
        """Deal a held run-out ``runs`` times, the choice committed first (a restart deals
        the same boards)."""
        hand = live.table.hand
        assert hand is not None and live.hand_id is not None
        try:
            await self.store.set_run_count(live.hand_id, runs)
        except BaseException:
            await self._reload(live.table_id)
            raise
        live.asked, live.agreed = (), set()
        _log(live, "run out", hand=live.hand_id, runs=runs)
        return tuple(hand.run_out(runs))

    async def _fold_leavers(
        self, live: _Live, ended: _Ended | None = None
    ) -> tuple[tuple[Event, ...], tuple[int, ...], _Ended | None]:
        """Fold for every member who left the table during the hand, as their turn comes:
        the events, the members folded, and the hand's end if that ended it."""
        events: list[Event] = []
        folded: list[int] = []
        table = live.table
        while ended is None and table.hand is not None and table.hand.to_act is not None:
            index = table.hand.to_act
            seat = table.seats[table.hand_seats[index]]
            if seat is None or not seat.leaving:
                break
            more, ended = await self._apply(live, Action(player=index, kind=ActionKind.FOLD))
            events.extend(more)
            folded.append(int(seat.player))
        return tuple(events), tuple(folded), ended

    async def _settle_if_over(self, live: _Live) -> None:
        """A hand whose last action committed but whose end did not (a crash or a failed
        write in between) is settled before anything else happens at the table."""
        hand = live.table.hand
        if hand is not None and hand.is_over:
            await self._settle(live, self.clock())

    async def _settle(self, live: _Live, now: float) -> _Ended:
        """The hand's end, the new stacks and the leavers' cash-outs in one transaction."""
        table = live.table
        hand = table.hand
        assert hand is not None and live.hand_id is not None
        ended = hand.events[-1]
        assert isinstance(ended, HandEnded)
        showdown = showdown_of(
            hand, hand_id=live.hand_id, members=live.players, settings=live.settings
        )
        runout = spot_of(hand, live.hand_id)
        table_events = tuple(table.finish_hand(now))
        moves = []
        practice = _practice(live)
        for event in () if practice else table_events:
            if isinstance(event, PlayerLeft) and event.stack:
                moves.append(self._move(live, int(event.player), event.stack, Reason.CASH_OUT))
            elif isinstance(event, Rebought) and event.added:
                user = int(event.player)
                moves.append(self._move(live, user, event.added, Reason.GRANT))
                moves.append(self._move(live, user, -event.added, Reason.BUY_IN))
        try:
            await self.store.finish_hand(
                live.hand_id, nets=[0] * len(ended.net) if practice else list(ended.net),
                now=now, result={"stacks": list(ended.stacks), "net": list(ended.net)},
                table_state=table.to_dict(), moves=moves, counted=not practice,
            )  # fmt: skip
        except BaseException:
            await self._reload(live.table_id)
            raise
        _log(live, "hand finished", hand=live.hand_id, net=",".join(map(str, ended.net)))
        live.hand_id, live.players, live.deadline = None, (), None
        return _Ended(table_events=table_events, showdown=showdown, runout=runout)

    async def _reload(self, table_id: str) -> None:
        """Rebuild a table from the store after a failed write (memory must not run ahead)."""
        record = await self.store.load_table(table_id)
        if record is None or not record.open:
            self._tables.pop(table_id, None)
            return
        hand = next((h for h in await self.store.open_hands() if h.table_id == table_id), None)
        serial = self._tables[table_id].serial if table_id in self._tables else 0
        self._tables[table_id] = replace(self._rebuild(record, hand), serial=serial)

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
            if table.hand.held:  # a run-out waiting for its choice: asked again
                live.asked = tuple(hand.players[p] for p in table.hand.live_players())
        elif table.hand is not None:
            raise RuntimeError(f"table {record.table_id} has a hand the store does not know")
        return live


def _practice(live: _Live) -> bool:
    """A practice table (a computer player sat down): its chips are no wallet's and its hands
    count in no leaderboard."""
    return bool(live.settings.get("practice"))


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
