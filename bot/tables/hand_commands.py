"""The hand's commands: the deal (with its deck's commitment), moves, the timer's move, the
choice of running the board twice, and the fairness check of a finished hand."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from bot.tables.errors import NoHand, NotAtRisk, NotSeated, StaleMove
from bot.tables.fairness import FairReport, fair_report
from bot.tables.live import (
    Live,
    close_hand,
    hand_members,
    is_event_table,
    log_event,
    table_id_for,
)
from bot.tables.live_tables import LiveTables
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.timeouts import Timeouts, sit_out_quietly, sits_out
from engine import Action, ActionKind, NotYourTurn
from engine.codec import table_to_dict
from engine.events import Event
from engine.fair import SALT_BYTES, commit
from engine.rules import RunItTwice

__all__ = ["HandCommands"]


class HandCommands:
    """The commands that deal and play hands at the ``tables``; the timer's moves are
    counted in ``timeouts``. ``deck_source`` gives a deck order for each hand; ``rng`` draws
    the first button of a session."""

    def __init__(
        self,
        tables: LiveTables,
        timeouts: Timeouts,
        *,
        deck_source: Callable[[], Sequence[int]],
        rng: random.Random,
    ) -> None:
        self.tables = tables
        self.timeouts = timeouts
        self.deck_source = deck_source
        self.rng = rng

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
        async with self.tables.enter(table_id) as live:
            await self.tables.settle_if_over(live)
            return await self.deal_here(live, button=button, actor=actor, request=request)

    async def deal_here(
        self,
        live: Live,
        *,
        button: int | None = None,
        actor: int | None = None,
        request: int | None = None,
    ) -> Outcome:
        """:meth:`deal` at a table already held (its lock taken, a finished hand settled):
        also the tournament director's deal (:mod:`bot.tables.event_commands`)."""
        tables = self.tables
        table_id = live.table_id
        table = live.table
        deck = list(self.deck_source())
        salt = secrets.token_bytes(SALT_BYTES)  # the commitment's secret, revealed after
        now = tables.clock()
        hand = table.start_hand(deck, now, button=button, rng=self.rng)
        hand.hold_run_out = table.rules.run_it_twice is not RunItTwice.OFF
        players = hand_members(table)
        deadline = tables.deadline(live, now)
        state = table_to_dict(table)
        # A hand that ends at the deal is written with its end, or not at all.
        table_events, end = close_hand(live, now) if hand.is_over else ((), None)
        try:
            hand_id = await tables.store.start_hand(
                table_id=table_id, config=hand.config, deck=deck, players=players, now=now,
                deadline=deadline, table_state=state, deck_salt=salt,
                hold_run_out=hand.hold_run_out, end=end,
            )  # fmt: skip
        except BaseException:
            await tables.reload(table_id)
            raise
        live.hand_id, live.players, live.deadline = hand_id, players, deadline
        log_event(live, "hand dealt", hand=hand_id, players=len(players))
        events = tuple(hand.events)
        ended = tables.finished(live, hand, table_events) if end is not None else None
        return tables.emit(
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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        kind = ActionKind(action_kind)
        async with tables.enter(table_id) as live:
            await tables.settle_if_over(live)
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
            action = Action(player=index, kind=kind, amount=amount)
            events, folded, ended = await tables.apply(live, action)
            self.timeouts.reset(table_id, user_id)
            return tables.emit(
                live, OutcomeKind.ACTED, actor=user_id, request=request,
                action=action, events=events,
                folded_for=folded, ended=ended, hand=(current, members),
            )  # fmt: skip

    async def timeout(
        self, table_id: str, *, hand_id: int | None = None, seq: int | None = None
    ) -> Outcome | None:
        """The timer's move: check if free, else fold. ``None`` when there is nothing to do:
        no table or hand, the deadline has not passed, or (``hand_id``, ``seq``) name a
        decision already taken.

        The member's second timeout in a row (:func:`~bot.tables.timeouts.sits_out`) also
        sits them out (saved with the table) and names them in :attr:`Outcome.sat_out`."""
        tables = self.tables
        async with tables.enter_if_open(table_id) as live:
            if live is None:
                return None
            await tables.settle_if_over(live)
            hand = live.table.hand
            if hand is None or hand.to_act is None or live.hand_id is None:
                return None
            if (hand_id is not None and hand_id != live.hand_id) or (
                seq is not None and seq != len(hand.actions)
            ):
                return None
            if live.deadline is not None and tables.clock() < live.deadline:
                return None
            legal = hand.legal_actions()
            kind = ActionKind.CHECK if legal.can_check else ActionKind.FOLD
            member = live.players[legal.player]
            current, members = live.hand_id, live.players
            action = Action(player=legal.player, kind=kind)
            events, folded, ended = await tables.apply(live, action)
            in_a_row = self.timeouts.record(table_id, member)
            sat_out: tuple[int, ...] = ()
            # At a tournament's table a player away is dealt in and folded by the timer.
            away = sits_out(in_a_row) and not is_event_table(live)
            if away and sit_out_quietly(live.table, member):
                try:
                    await tables.save(live, tables.clock())
                except BaseException:
                    await tables.reload(table_id)
                    raise
                sat_out = (member,)
            return tables.emit(
                live, OutcomeKind.TIMED_OUT, actor=member, action=action,
                events=events, folded_for=folded, ended=ended, sat_out=sat_out,
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
        tables = self.tables
        table_id = table_id_for(guild_id, channel_id)
        async with tables.enter(table_id) as live:
            if not await tables.runs_awaited(live, hand_id):
                raise StaleMove("no run-out waits for that answer", table=table_id)
            if user_id not in live.asked:
                raise NotAtRisk("only players with chips at risk choose", user=user_id)
            live.agreed |= {user_id}
            current, members = live.hand_id, live.players
            events: tuple[Event, ...] = ()
            ended = None
            if live.agreed.issuperset(live.asked):
                events, ended = await tables.run_out(live, 2)
            return tables.emit(
                live, OutcomeKind.RUN_CHOICE, actor=user_id, request=request, events=events,
                ended=ended, hand=(current, members), runs=2 if ended is not None else None,
            )  # fmt: skip

    async def run_twice_timeout(self, table_id: str, *, hand_id: int) -> Outcome | None:
        """The time to agree ran out: the board is dealt once. ``None`` when nothing waits
        for hand ``hand_id`` or its deadline has not passed (a restart gave a fresh one)."""
        tables = self.tables
        async with tables.enter_if_open(table_id) as live:
            if live is None or not await tables.runs_awaited(live, hand_id):
                return None
            if live.deadline is not None and tables.clock() < live.deadline:
                return None
            current, members = live.hand_id, live.players
            # Twice only when the house always runs it twice (a crash came before the deal).
            runs = 2 if live.table.rules.run_it_twice is RunItTwice.ALWAYS else 1
            events, ended = await tables.run_out(live, runs)
            return tables.emit(
                live, OutcomeKind.RUN_CHOICE, events=events, ended=ended,
                hand=(current, members), runs=runs,
            )  # fmt: skip

    async def fair_report(self, guild_id: int, hand_id: int) -> FairReport:
        """Check a finished hand's deck against the commitment shown at its deal (raises
        :class:`NoHand` for a hand not of the guild or not finished)."""
        return await fair_report(self.tables.store, guild_id, hand_id)
