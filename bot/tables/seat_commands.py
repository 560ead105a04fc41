"""Opening and closing tables, seats and wallets: buy-ins, leaving, sitting out, the
kept messages."""

from __future__ import annotations

from typing import Any

from bot.guilds.house import guild_rules
from bot.guilds.wallets import Reason
from bot.tables.errors import EventSeats, NotSeated, TableExists
from bot.tables.live import (
    Live,
    is_event_table,
    is_practice_table,
    log_event,
    table_id_for,
    table_move,
)
from bot.tables.live_tables import LiveTables
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.timeouts import Timeouts
from engine import HouseRules, Table
from engine.codec import table_to_dict

__all__ = ["SeatCommands"]


def _refuse_at_event(live: Live) -> None:
    """Members never seat themselves, leave with chips or stop a tournament's table."""
    if is_event_table(live):
        raise EventSeats("the tournament director seats this table", table=live.table_id)


class SeatCommands:
    """The commands that seat members at the ``tables`` and move their chips between wallet
    and table; leaving and sitting back in reset the member's count of ``timeouts``."""

    def __init__(self, tables: LiveTables, timeouts: Timeouts) -> None:
        self.tables = tables
        self.timeouts = timeouts

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
        buy-in, see :meth:`join`); a refused buy-in opens nothing.

        A table open in the channel is :class:`TableExists` when this process drives it,
        :class:`TableResuming` otherwise (see :meth:`LiveTables.open_new
        <bot.tables.live_tables.LiveTables.open_new>`)."""
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.lock(table_id):
            if tables.has_table(table_id):
                raise TableExists("a table is already open in this channel", table=table_id)
            table = Table(rules)
            buy_in = table.buy_in_for(str(host_id), buy_in)
            now = tables.clock()
            settings: dict[str, Any] = {
                "host": host_id, "preset": preset, "names": {}, "buy_in": buy_in,
            }  # fmt: skip
            if name:
                settings["names"][str(host_id)] = name
            live = await tables.open_new(table_id, guild_id, channel_id, table, settings)
            log_event(live, "table opened", host=host_id, preset=preset)
            try:
                refilled = await self._join(live, host_id, buy_in)
            except BaseException:
                # The buy-in and the seat commit together or not at all (see _join): the
                # table is empty, and only its opener's lease lets it be closed.
                tables.drop(table_id)
                try:
                    await tables.store.close_table(table_id, now=now)
                except Exception:
                    log_event(live, "an empty table stays open", host=host_id)
                    await tables.reload(table_id)
                raise
            return tables.emit(
                live, OutcomeKind.OPENED, actor=host_id, request=request, stack=buy_in,
                refilled=refilled,
            )  # fmt: skip

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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            _refuse_at_event(live)
            stack = live.table.buy_in_for(str(user_id), buy_in)
            if name:
                live.settings.setdefault("names", {})[str(user_id)] = name
            refilled = await self._join(live, user_id, stack)
            return tables.emit(
                live, OutcomeKind.JOINED, actor=user_id, request=request, stack=stack,
                refilled=refilled,
            )  # fmt: skip

    async def _join(self, live: Live, user_id: int, buy_in: int) -> int:
        """Seat the member with ``buy_in``, already decided by ``Table.buy_in_for``; the
        chips the house's refill policy paid into their wallet first (0 at a practice
        table, whose chips are no wallet's)."""
        tables = self.tables
        rules = live.table.rules
        now = tables.clock()
        if is_practice_table(live):  # practice chips: from no wallet
            seat = live.table.sit(str(user_id), stack=buy_in)
            try:
                await tables.save(live, now, settings=True)
            except BaseException:
                await tables.reload(live.table_id)
                raise
            log_event(live, "seated", member=user_id, seat=seat, stack=buy_in, practice=True)
            return 0
        await tables.store.ensure_wallet(
            live.guild_id, user_id, starting_grant=rules.starting_stack, now=now
        )
        stored = await tables.store.get_guild_rules(live.guild_id)
        house = guild_rules(stored, guild_id=live.guild_id).rules
        seated = tables.seated_chips(live.guild_id, user_id)
        refilled = await tables.store.refill(
            live.guild_id, user_id, rules=house, on_tables=seated, now=now
        )
        seat = live.table.sit(str(user_id), stack=buy_in)
        try:  # the wallet, the seat and the settings (the name) in one transaction
            await tables.store.buy_in(
                live.guild_id, user_id, buy_in, table_id=live.table_id, now=now,
                table_state=table_to_dict(live.table), settings=live.settings,
            )  # fmt: skip
        except BaseException:
            await tables.reload(live.table_id)
            raise
        log_event(live, "seated", member=user_id, seat=seat, stack=buy_in, refilled=refilled)
        return refilled

    async def leave(
        self, guild_id: int, channel_id: int, user_id: int, *, request: int | None = None
    ) -> Outcome:
        """Leave the table: the stack is cashed out now (:attr:`Outcome.stack`), or, for a
        member in the hand in progress, when it ends; they are folded at once if it is their
        turn, and whenever their turn comes otherwise."""
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            _refuse_at_event(live)
            await tables.settle_if_over(live)
            table = live.table
            player = str(user_id)
            if table.seat_of(player) is None:
                raise NotSeated("you are not at this table", table=table_id, user=user_id)
            now = tables.clock()
            stack = table.leave(player)
            self.timeouts.reset(table_id, user_id)
            try:
                if stack is not None and is_practice_table(live):
                    await tables.save(live, now, settings=True)
                    log_event(live, "left", member=user_id, stack=stack, practice=True)
                    return tables.emit(
                        live, OutcomeKind.LEFT, actor=user_id, request=request, stack=stack
                    )
                if stack is not None:
                    await tables.store.cash_out(
                        live.guild_id, user_id, stack, table_id=table_id, now=now,
                        table_state=table_to_dict(table),
                    )  # fmt: skip
                    log_event(live, "left", member=user_id, stack=stack)
                    return tables.emit(
                        live, OutcomeKind.LEFT, actor=user_id, request=request, stack=stack,
                        cashed_out=((user_id, stack),),
                    )  # fmt: skip
                await tables.save(live, now)
            except BaseException:
                await tables.reload(table_id)
                raise
            hand_id, members = live.hand_id, live.players
            events, folded, ended = await tables.apply(live, None)
            return tables.emit(
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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            _refuse_at_event(live)
            await tables.settle_if_over(live)
            table = live.table
            now = tables.clock()
            voided = live.hand_id if table.hand is not None else None
            cashed: dict[int, int] = {}
            practice = is_practice_table(live)
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
                            moves.append(table_move(live, int(player), stack, Reason.CASH_OUT))
                    await tables.store.finish_hand(
                        voided, nets=[0] * n, now=now, result={"voided": reason},
                        table_state=table_to_dict(table), moves=moves, counted=False,
                    )  # fmt: skip
                for player in table.players():  # one transaction each, with the table
                    stack = table.leave(player)
                    assert stack is not None
                    cashed[int(player)] = stack
                    if practice:
                        continue  # practice chips go back to no wallet
                    await tables.store.cash_out(
                        live.guild_id, int(player), stack, table_id=table_id, now=now,
                        table_state=table_to_dict(table),
                    )  # fmt: skip
                await tables.store.close_table(table_id, now=now, state=table_to_dict(table))
            except BaseException:
                await tables.reload(table_id)
                raise
            live.hand_id, live.players, live.deadline = None, (), None
            outcome = tables.emit(
                live, OutcomeKind.STOPPED, actor=user_id, request=request, voided_hand=voided,
                cashed_out=() if practice else tuple(cashed.items()), closed=True,
            )  # fmt: skip
            tables.drop(table_id)
            self.timeouts.forget_table(table_id)
            log_event(live, "table stopped", by=user_id, voided_hand=voided)
            return outcome

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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            _refuse_at_event(live)
            await tables.settle_if_over(live)
            player = str(user_id)
            if live.table.seat_of(player) is None:
                raise NotSeated("you are not at this table", table=table_id, user=user_id)
            if sit_in:
                live.table.sit_in(player)
                self.timeouts.reset(table_id, user_id)
            else:
                live.table.sit_out(player)
            try:
                await tables.save(live, tables.clock())
            except BaseException:
                await tables.reload(table_id)
                raise
            kind = OutcomeKind.SAT_IN if sit_in else OutcomeKind.SAT_OUT
            return tables.emit(live, kind, actor=user_id, request=request)

    async def keep_message(
        self, table_id: str, kind: str, channel_id: int, message_id: int
    ) -> None:
        """Remember one of the table's own messages (the lobby, the turn message) by id, so
        it can be edited after its interaction token died or the process restarted.

        After :meth:`quiesce` the shutdown holds every table's lock and keeps the turn
        messages itself: the write goes ahead under that hold instead of waiting for it."""
        tables = self.tables
        if tables.quiesced:
            await self._keep_message(table_id, kind, channel_id, message_id)
            return
        async with tables.lock(table_id):
            await self._keep_message(table_id, kind, channel_id, message_id)

    async def _keep_message(
        self, table_id: str, kind: str, channel_id: int, message_id: int
    ) -> None:
        tables = self.tables
        live = tables.find(table_id)
        if live is None:
            return
        kept = live.settings.setdefault("messages", {})
        if kept.get(kind) == [channel_id, message_id]:
            return
        kept[kind] = [channel_id, message_id]
        try:
            await tables.save(live, tables.clock(), settings=True)
        except BaseException:
            await tables.reload(table_id)
            raise
