"""The public side of one table: what the table shows for each outcome, in its messages.

Its :class:`~bot.discord.table.loop.TableLoop` hands it each outcome in order, with the interaction
that made the move when there is one (a :class:`~bot.discord.table.messages.Ticket`). A move is
answered through its own interaction, which Discord does not count against the bot's global rate
limit:

- a button press takes the buttons off the turn message in place and the next turn follows
  as the interaction's follow-up (a new message, so the next player is notified: an edit
  would not mention them);
- a slash command or the Raise form answers with the move and the next turn;
- a new street or a new hand brings the table picture once; the showdown picture closes the
  hand.

The dealer holds the table's :class:`~bot.discord.table.messages.TableMessages` (answers, posts,
edits, and which message carries the turn's buttons) and its
:class:`~bot.discord.table.television.Television` (an all-in run-out street by street, the
run-it-twice question), which shares those messages.

Only what no interaction carries goes to the channel itself: the deal of a hand the loop deals by
itself, the timer's moves and warnings, notices after a restart, the streets of a run-out after its
first message, and edits of messages whose token expired. ``benchmarks/bench_rest.py`` counts what
that costs per move.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.commands.stats import session_chart_file
from bot.discord.context import Context, split_table_id
from bot.discord.controls.lobby import lobby_view
from bot.discord.controls.turn import turn_view
from bot.discord.table.hole_cards import CardMessages
from bot.discord.table.messages import MessageRef, Origin, TableMessages, Ticket
from bot.discord.table.television import Television
from bot.i18n import Lang, t, tn
from bot.i18n.television import commitment_line
from bot.present import (
    clip,
    lobby_text,
    outcome_lines,
    rules_lines,
    showdown_view,
    stop_lines,
    structure_name,
    table_view,
    turn_line,
)
from bot.tables.outcomes import Outcome, OutcomeKind, TableState, TurnState
from engine.events import BoardDealt

__all__ = ["Dealer"]

log = logging.getLogger("holdem.bot")

_MOVES = (OutcomeKind.ACTED, OutcomeKind.TIMED_OUT)


class Dealer:
    """What one table shows for each outcome; it holds the table's messages, its television
    and its members' card messages."""

    def __init__(self, ctx: Context, table_id: str, state: TableState | None = None) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.guild_id, self.channel_id = split_table_id(table_id)
        self.cards = CardMessages(ctx, self.guild_id)
        self.messages = TableMessages(
            ctx.client, ctx.clock, table_id=table_id, channel_id=self.channel_id
        )
        self.television = Television(ctx, table_id, self.messages)
        if state is not None:
            kept = state.message("lobby")
            if kept is not None:
                self.messages.lobby = MessageRef(channel_id=kept[0], message_id=kept[1])
            kept = state.message("turn")
            if kept is not None and state.turn is not None:
                self.messages.turn = MessageRef(channel_id=kept[0], message_id=kept[1])

    def now(self) -> float:
        return self.ctx.clock()

    async def keep_turn(self) -> None:
        """Write down which message carries the turn's buttons, so the next process can take
        them off when it posts its own (at shutdown: kept in memory otherwise, as it changes
        with every move and a lost one costs nothing but a stale button that says so)."""
        turn = self.messages.turn
        if turn is not None and turn.message_id is not None:
            await self.ctx.service.keep_message(
                self.table_id, "turn", turn.channel_id, turn.message_id
            )

    # ----------------------------------------------------------------- outcomes

    async def show(self, outcome: Outcome, ticket: Ticket | None) -> None:
        lang = await self.ctx.guild_lang(self.guild_id)
        kind = outcome.kind
        if kind is OutcomeKind.OPENED:
            await self._opened(outcome, ticket, lang)
        elif kind is OutcomeKind.DEALT:
            await self._dealt(outcome, ticket, lang)
        elif kind in _MOVES or (kind is OutcomeKind.LEFT and outcome.events):
            await self._moved(outcome, ticket, lang)
        elif kind in (OutcomeKind.JOINED, OutcomeKind.LEFT):
            await self._seats(outcome, ticket, lang)
        if outcome.refilled and ticket is not None:  # the house's chips, told only to them
            await ticket.whisper("seat.refilled", amount=outcome.refilled)
        elif kind is OutcomeKind.STOPPED:
            await self._stopped(outcome, ticket, lang)
        elif kind is OutcomeKind.RESTORED:
            await self._restored(outcome, lang)
        elif kind is OutcomeKind.RUN_CHOICE:  # the board dealt, or a player agreed
            if outcome.hand_over:
                await self._runout(outcome, ticket, lang)
            else:
                await self.television.agreed(outcome, ticket, lang)
        elif kind in (OutcomeKind.SAT_IN, OutcomeKind.SAT_OUT) and not outcome.state.in_hand:
            await self.refresh_lobby(outcome.state, lang)

    async def _opened(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        state = outcome.state
        text = self._lobby_head(lang, state) + lobby_text(lang, state)
        lobby = await self.messages.say(ticket, text, view=lobby_view(lang, self.table_id))
        self.messages.lobby = lobby
        if lobby is not None and lobby.message_id is not None:
            await self.ctx.service.keep_message(
                self.table_id, "lobby", lobby.channel_id, lobby.message_id
            )

    async def refresh_lobby(self, state: TableState, lang: Lang) -> None:
        """The lobby's seat list, edited (coalesced: a burst of joins costs one edit)."""
        lobby = self.messages.lobby
        if lobby is None:
            return
        head = self._lobby_head(lang, state)

        async def edit() -> None:
            await lobby.edit(self.ctx.client, self.now(), content=head + lobby_text(lang, state))

        self.ctx.edits.request(("lobby", self.table_id), edit)

    @staticmethod
    def _lobby_head(lang: Lang, state: TableState) -> str:
        """Who opened the table and on what rules; said again the same way after a restart
        (everything in it is in the table's state)."""
        rules = state.rules
        buy_in = state.buy_in if state.buy_in is not None else rules.starting_stack
        title = rules_lines(lang, rules, preset=state.preset or "", buy_in=buy_in)[0]
        head = t(
            lang, "lobby.opened", host=f"<@{state.host}>", preset=title.split(": ", 1)[-1],
            small_blind=state.small_blind, big_blind=state.big_blind, buy_in=buy_in,
        )  # fmt: skip
        summary = t(
            lang, "lobby.rules_summary", structure=structure_name(lang, rules),
            small_blind=state.small_blind, big_blind=state.big_blind, seats=rules.max_seats,
            turn_seconds=rules.turn_seconds,
        )  # fmt: skip
        lines = [head, summary]
        if state.practice:
            lines.append(t(lang, "practice.table"))
        return "\n".join(lines) + "\n\n"

    async def _seats(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        state = outcome.state
        name = state.name_of(outcome.actor or 0)
        if outcome.kind is OutcomeKind.JOINED:
            line = t(lang, "seat.joined", name=name, stack=outcome.stack)
        else:
            line = t(lang, "seat.left", name=name, stack=outcome.stack)
        if ticket is not None and ticket.origin is Origin.LOBBY:
            try:
                content = self._lobby_head(lang, state) + lobby_text(lang, state)
                self.messages.lobby = await ticket.update(self.now(), content=content)
                return
            except discord.HTTPException as error:
                log.info("could not update the lobby in place: %s", error)
                ticket = None
        await self.messages.say(ticket, line)
        await self.refresh_lobby(state, lang)

    async def _table_file(
        self, state: TableState, lang: Lang, board: tuple[str, ...] | None = None
    ) -> discord.File:
        _, file = await self.ctx.images.table(table_view(state, lang, board=board), lang)
        return file

    async def _dealt(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        lines = outcome_lines(lang, outcome)
        state = outcome.state
        if outcome.commitment is not None:  # before the first action, as the deal's second line
            lines.insert(1 if lines else 0, commitment_line(lang, outcome.commitment))
        if state.practice:  # said with every hand: its chips are practice chips
            lines.insert(1 if lines else 0, t(lang, "practice.table"))
        if outcome.hand_over or state.turn is None:  # the hand ended at the deal
            await self._ended(outcome, ticket, lang, lines)
        else:
            file = await self._table_file(state, lang)
            await self.messages.say_turn(
                ticket, clip([*lines, turn_line(lang, state, state.turn)]),
                view=self._turn_view(lang, state.turn), files=[file], mentions=True,
            )  # fmt: skip
        closed = await self.cards.send_dms(outcome, lang)
        for member in closed:
            await self.messages.post(f"<@{member}> " + t(lang, "error.dms_closed"), mentions=True)
        await self.cards.refresh(outcome)

    def _turn_view(self, lang: Lang, turn: TurnState) -> discord.ui.View:
        return turn_view(lang, self.table_id, turn.hand_id, turn.seq, turn.legal)

    async def _moved(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        lines = outcome_lines(lang, outcome)
        turn = outcome.state.turn
        if outcome.state.run_twice is not None:
            await self.television.ask(outcome, ticket, lang)
            return
        if outcome.hand_over or turn is None:
            await self._ended(outcome, ticket, lang, lines)
            return
        files = None
        new_street = any(isinstance(e, BoardDealt) for e in outcome.events)
        if new_street:
            files = [await self._table_file(outcome.state, lang)]
        text = clip([*lines, turn_line(lang, outcome.state, turn)])
        await self.messages.say_turn(
            ticket, text, view=self._turn_view(lang, turn), files=files, mentions=True
        )
        # Every move: an open panel's learning figures follow the turn (a panel whose
        # content did not change is not edited).
        await self.cards.refresh(outcome)

    async def _ended(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, lines: list[str]
    ) -> None:
        """The hand's end: its run-out street by street if it had one, else at once."""
        if outcome.runout is None:
            await self._close(outcome, ticket, lang, lines)
        else:
            await self._runout(outcome, ticket, lang)

    async def _runout(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-out street by street, then the hand's close (the loop's own post)."""
        closing = await self.television.runout(outcome, ticket, lang)
        await self._close(outcome, None, lang, closing)

    async def _close(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, lines: list[str]
    ) -> None:
        """The hand's last lines with the showdown picture, or the table as it ended."""
        files = []
        showdown = outcome.showdown
        if showdown is not None:  # with a board run twice, a picture of each board
            for run in (1, 2) if showdown.second_board else (None,):
                view = showdown_view(showdown, lang, run=run)
                files.append((await self.ctx.images.showdown(view, lang))[1])
        ended = outcome.session_ended
        if ended is not None:  # every player's stack over the session, with the standings
            chart = await session_chart_file(
                self.ctx, self.guild_id, self.table_id, lang, session=ended.session,
                standings=ended.standings,
            )  # fmt: skip
            if chart is not None:
                files.append(chart)
        await self.messages.say_turn(ticket, clip(lines), files=files)

    async def _stopped(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        by = outcome.state.name_of(outcome.actor or 0)
        await self.messages.say_turn(ticket, clip(stop_lines(lang, outcome, by=by)))
        if self.messages.lobby is not None:
            await self.messages.edit(self.messages.lobby, view=None)

    async def _restored(self, outcome: Outcome, lang: Lang) -> None:
        """After a restart: the table is told, and the turn gets buttons again (the old
        ones keep working too: they name the same decision)."""
        turn = outcome.state.turn
        if outcome.state.run_twice is not None:  # asked again: answers were not kept
            await self.television.ask(outcome, None, lang)
        if turn is None:
            return
        text = clip([t(lang, "notice.restarted"), turn_line(lang, outcome.state, turn)])
        messages = self.messages
        ref = await messages.post(text, view=self._turn_view(lang, turn), mentions=True)
        if messages.turn is not None:
            messages.stale.append(messages.turn)
        messages.turn = ref

    # ----------------------------------------------------------------- the loop's own posts

    async def warn(self, turn: TurnState) -> None:
        lang = await self.ctx.guild_lang(self.guild_id)
        left = max(1, round((turn.deadline or self.now()) - self.now()))
        line = tn(lang, "turn.warning", left, mention=f"<@{turn.member}>")
        await self.messages.post(line, mentions=True)

    async def notice(self, key: str) -> None:
        lang = await self.ctx.guild_lang(self.guild_id)
        await self.messages.post(t(lang, key))

    async def resync(self, state: TableState, *, notice: bool) -> None:
        """After the loop recovered from an error: a short notice and a fresh turn message."""
        if not notice:
            return
        lang = await self.ctx.guild_lang(self.guild_id)
        lines = [t(lang, "notice.recovered")]
        if state.turn is None:
            await self.messages.post(clip(lines))
            return
        lines.append(turn_line(lang, state, state.turn))
        view = self._turn_view(lang, state.turn)
        await self.messages.say_turn(None, clip(lines), view=view, mentions=True)

    async def show_table(self, ticket: Ticket, state: TableState) -> None:
        """``/holdem table``: the picture again, as an answer to the command."""
        lang = await self.ctx.guild_lang(self.guild_id)
        alt, file = await self.ctx.images.table(table_view(state, lang), lang)
        await self.messages.say(ticket, alt[:2000], files=[file])

    async def say_error(self, text: str) -> None:
        await self.messages.post(text)
