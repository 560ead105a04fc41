"""Computer players at a table: seating and removing them, and what one sees at its turn.

The first computer player makes the table a practice table (see :mod:`bot.tables.computers`)."""

from __future__ import annotations

from collections.abc import Callable

from bot.computers import Level, Notebook, PlayerView, observe
from bot.computers.view import history_of
from bot.tables.computers import free_computer, is_computer
from bot.tables.errors import EventSeats, NotSeated
from bot.tables.live import is_event_table, is_practice_table, log_event, table_id_for
from bot.tables.live_tables import LiveTables
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.seat_commands import SeatCommands
from engine import Hand, SessionError
from engine.codec import table_to_dict

__all__ = ["ComputerCommands"]


class ComputerCommands:
    """The commands of practice tables at the ``tables``; a computer player leaves through
    the ``seats`` commands, as a member does."""

    def __init__(self, tables: LiveTables, seats: SeatCommands) -> None:
        self.tables = tables
        self.seats = seats
        self.notebooks: dict[str, Notebook] = {}
        """What the computer players at each table have seen of the players' habits this
        session (:mod:`bot.computers.notebook`): public moves of finished hands only, in memory
        (a restart starts afresh)."""
        self._last: dict[str, tuple[int, Hand, tuple[int, ...]]] = {}
        self._sessions: dict[str, int] = {}

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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            if is_event_table(live):
                raise EventSeats("the tournament director seats this table", table=table_id)
            await tables.settle_if_over(live)
            table = live.table
            converting = not is_practice_table(live)
            if converting and table.hand is not None:
                raise SessionError(
                    "a computer player can sit down between hands", code="hand_in_progress"
                )
            now = tables.clock()
            member = free_computer(level, (int(p) for p in table.players()))
            stack = table.rules.starting_stack
            members = {s.player: s.stack for s in table.seats if s is not None}
            seat = table.sit(str(member), stack=stack)
            live.settings["practice"] = True
            live.settings.setdefault("names", {})[str(member)] = name_of(member)
            try:
                await tables.save(live, now, settings=True)
                for player, chips in members.items() if converting else ():
                    await tables.store.cash_out(
                        live.guild_id, int(player), chips, table_id=table_id, now=now,
                        table_state=table_to_dict(table),
                    )  # fmt: skip
            except BaseException:
                await tables.reload(table_id)
                raise
            log_event(live, "computer seated", member=member, level=level.value, seat=seat)
            cashed = tuple((int(p), c) for p, c in members.items()) if converting else ()
            return tables.emit(
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
        return await self.seats.leave(guild_id, channel_id, member, request=request)

    def view_of(self, table_id: str, member: int, hand_id: int, seq: int) -> PlayerView | None:
        """What the member sees at the decision ``seq`` of hand ``hand_id`` (for a computer
        player: values only, see :func:`bot.computers.observe`); ``None`` when the table is no
        longer at that decision or it is not the member's."""
        live = self.tables.find(table_id)
        hand = None if live is None else live.table.hand
        if live is None or hand is None or live.hand_id != hand_id or len(hand.actions) != seq:
            return None
        index = live.table.hand_player(str(member))
        if index is None or hand.to_act != index:
            return None
        notebook = self._notebook(table_id, live.table.session, hand_id, hand, live.players)
        return observe(hand, index, reads=notebook.reads([str(m) for m in live.players]))

    def _notebook(
        self, table_id: str, session: int, hand_id: int, hand: Hand, members: tuple[int, ...]
    ) -> Notebook:
        """The table's notebook of this session, having counted the last hand a computer
        played there once it has finished (the hand keeps its public moves to the end: the last
        fold too)."""
        if self._sessions.get(table_id) != session:
            self._sessions[table_id] = session
            self.notebooks[table_id] = Notebook()
            self._last.pop(table_id, None)
        notebook = self.notebooks[table_id]
        last = self._last.get(table_id)
        if last is not None and last[0] != hand_id:
            _, finished, players = last
            if finished.is_over and not finished.voided:
                notebook.record(history_of(finished), [str(m) for m in players])
        self._last[table_id] = (hand_id, hand, members)
        return notebook
