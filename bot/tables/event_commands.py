"""A tournament's tables as the live-table service drives them: opened with the director's
seats, re-seated as it balances and breaks, dealt with its plan and its level's blinds.

The event itself (:mod:`bot.tournaments`) decides; these commands only make a live table
match the decision, under the table's lock, durably, and report it as an
:class:`~bot.tables.outcomes.Outcome` like every other command. Tournament chips come from
no wallet and go back to none: a seat is taken with the director's count of the player's
chips and left with nothing moving anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.tables.errors import TableExists
from bot.tables.hand_commands import HandCommands
from bot.tables.live import log_event, table_id_for
from bot.tables.live_tables import LiveTables
from bot.tables.outcomes import Outcome, OutcomeKind
from engine import HouseRules, Table
from engine.blinds import Plan
from engine.codec import table_to_dict
from engine.config import AnteMode
from engine.tournament import HandDealt

__all__ = ["EventCommands", "level_rules"]


def level_rules(rules: HouseRules, dealt: HandDealt) -> HouseRules:
    """The table's rules for a hand the director dealt: its level's blinds and ante (a big
    blind ante, as WSOP events play it), fixed for the hand."""
    return replace(
        rules,
        small_blind=dealt.small_blind,
        big_blind=dealt.big_blind,
        ante=dealt.ante,
        ante_mode=AnteMode.BIG_BLIND if dealt.ante else AnteMode.NONE,
        starting_stack=max(rules.starting_stack, dealt.big_blind),
    )


class EventCommands:
    """The director's commands at the ``tables``; deals go through ``hands``' own deal."""

    def __init__(self, tables: LiveTables, hands: HandCommands) -> None:
        self.tables = tables
        self.hands = hands

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        *,
        rules: HouseRules,
        seats: Sequence[str | None],
        chips: Mapping[str, int],
        names: Mapping[str, str],
        event_id: int,
        number: int,
        practice: bool,
    ) -> Outcome:
        """Open table ``number`` of the event in its thread with the director's seats. A
        table already open there (a restart that had opened it) is left as it is and
        reported; anything else open there is :class:`TableExists`."""
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.lock(table_id):
            if tables.has_table(table_id):
                live = tables.live(table_id)
                if live.settings.get("event") != event_id:
                    raise TableExists("a table is already open in this channel", table=table_id)
                return tables.emit(live, OutcomeKind.SEATED)
            table = Table(replace(rules, max_seats=len(seats)))
            table.directed = True
            for k, player in enumerate(seats):
                if player is not None:
                    table.sit(player, seat=k, stack=chips[player])
            settings: dict[str, Any] = {
                "host": None, "preset": "tournament", "names": dict(names), "event": event_id,
                "event_table": number, "practice": practice,
            }  # fmt: skip
            live = await tables.open_new(table_id, guild_id, channel_id, table, settings)
            log_event(live, "tournament table opened", tournament=event_id, number=number)
            return tables.emit(live, OutcomeKind.OPENED)

    async def arrange(
        self,
        table_id: str,
        seats: Sequence[str | None],
        chips: Mapping[str, int],
        names: Mapping[str, str],
        *,
        stacks: bool = False,
    ) -> Outcome | None:
        """Make the table's seats the director's: players moved away or out leave (their
        chips go with them to the director's count, to no wallet), players moved in sit
        with the director's count. ``None`` when nothing changes. A player in the hand in
        progress is never moved (the director moves only players between hands).

        ``stacks``: the director has no hand in play here, so its count is every player's
        stack; a stack that differs (a correction the director ruled) is set to it, between
        hands, with the table's own record of the adjustment."""
        tables = self.tables
        async with tables.enter(table_id) as live:
            await tables.settle_if_over(live)
            table = live.table
            changed = False
            for k, seat in enumerate(table.seats):
                wanted = seats[k] if k < len(seats) else None
                if seat is not None and seat.player != wanted:
                    if table.hand is not None and k in table.hand_seats:
                        raise RuntimeError(f"{seat.player} is in the hand at {table_id}")
                    table.leave(seat.player)
                    changed = True
            for seat in table.seats if stacks and table.hand is None else ():
                if seat is not None and seat.player in chips and chips[seat.player] != seat.stack:
                    to = chips[seat.player]
                    table.adjust_stack(seat.player, reason="director", by="director", to=to)
                    changed = True
            for k, wanted in enumerate(seats):
                if wanted is not None and table.seats[k] is None:
                    table.sit(wanted, seat=k, stack=chips[wanted])
                    live.settings.setdefault("names", {}).update(
                        {wanted: names[wanted]} if wanted in names else {}
                    )
                    changed = True
            if not changed:
                return None
            try:
                await tables.save(live, tables.clock(), settings=True)
            except BaseException:
                await tables.reload(table_id)
                raise
            log_event(live, "tournament table seated", players=len(table.players()))
            return tables.emit(live, OutcomeKind.SEATED)

    async def deal(self, table_id: str, dealt: HandDealt) -> Outcome | None:
        """Deal the hand the director dealt at this table: its seats, button and big blind,
        its level's blinds. ``None`` when a hand is already in progress there (the deal was
        made before a restart)."""
        tables = self.tables
        async with tables.enter(table_id) as live:
            await tables.settle_if_over(live)
            table = live.table
            if table.hand is not None:
                return None
            table.rules = level_rules(table.rules, dealt)
            table.redeal = Plan(
                seats=dealt.seats, button=dealt.button, big_blind=dealt.big_blind_seat
            )
            if live.settings.get("event_level") != dealt.level:
                live.settings["event_level"] = dealt.level
                try:
                    await tables.save(live, tables.clock(), settings=True)
                except BaseException:
                    await tables.reload(table_id)
                    raise
            return await self.hands.deal_here(live)

    async def close_table(self, table_id: str) -> Outcome | None:
        """Close a broken (or the finished event's last) table: its players have been moved
        or are out; nothing moves to any wallet. ``None`` when it is not open here."""
        tables = self.tables
        async with tables.enter_if_open(table_id) as live:
            if live is None:
                return None
            await tables.settle_if_over(live)
            table = live.table
            for player in table.players():
                table.leave(player)
            now = tables.clock()
            try:
                await tables.store.close_table(table_id, now=now, state=table_to_dict(table))
            except BaseException:
                await tables.reload(table_id)
                raise
            outcome = tables.emit(live, OutcomeKind.STOPPED, closed=True)
            tables.drop(table_id)
            log_event(live, "tournament table closed")
            return outcome
