"""The public side of one table: what the table shows for each outcome, in its messages.

Its :class:`~bot.discord.table.loop.TableLoop` hands it each outcome in order, with the interaction
that made the move when there is one (a :class:`~bot.discord.table.messages.Ticket`). A hand lives
in one message (:mod:`bot.discord.table.hand_message`), edited as it goes:

- a button press (or the Raise form) updates the hand message in place, as the interaction's own
  response, which Discord does not count against the bot's global rate limit;
- a slash move is confirmed privately and the hand message is edited through the freshest
  interaction token that can edit it (by id when none lives);
- a computer's moves, and the timer's, edit it through the edit coalescer, so a run of them
  costs one edit per interval;
- the picture is replaced when the street changes; the hand's end makes the message its summary
  (the showdown picture, who won what, the fair-deck footer), its one button Next hand
  outside servers (:mod:`bot.discord.controls.next_hand`), none in a server.

An edit notifies nobody, so the player to act gets one short ping of their own, deleted when
the turn moves on; pings go through the freshest interaction's follow-up webhook while one
lives (free), else to the channel. At rest the channel shows the hand message and at most one
ping; a finished hand leaves its summary alone. ``benchmarks/bench_rest.py`` counts each move.
"""

from __future__ import annotations

import logging

import discord

from bot.discord.commands.stats import session_chart_file
from bot.discord.context import Context, split_table_id
from bot.discord.controls.next_hand import next_hand_rows
from bot.discord.table.answers import MessageRef, Origin, Ticket
from bot.discord.table.anywhere import keep_moved, table_lang
from bot.discord.table.hand_edits import HandEdits
from bot.discord.table.hand_message import HandShow, Picture, hand_layout
from bot.discord.table.hole_cards import CardMessages
from bot.discord.table.lobby_message import LobbyMessage
from bot.discord.table.messages import TableMessages
from bot.discord.table.television import Television
from bot.discord.web_links import page_url
from bot.guilds.wallets import outside_servers
from bot.i18n import Lang, t, tn
from bot.present import (
    clip,
    outcome_lines,
    showdown_view,
    stop_lines,
    table_view,
)
from bot.present.runout import run_twice_ask_lines
from bot.tables.computers import is_computer
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
            ctx.client, ctx.clock, table_id=table_id, channel_id=self.channel_id,
            reach_channel=not outside_servers(self.guild_id),
        )  # fmt: skip
        self.television = Television(ctx, table_id, self.messages)
        self.lobby = LobbyMessage(ctx, table_id, self.messages)
        self.edits = HandEdits(ctx, table_id, self.messages)
        """The hand message's versions and the ping."""
        self._kept_hand: int | None = None
        if state is not None:
            kept = state.message("lobby")
            if kept is not None:
                self.messages.lobby = MessageRef(channel_id=kept[0], message_id=kept[1])
            kept = state.message("turn")
            if kept is not None and state.turn is not None:  # a turn message of old
                self.messages.stale.append(MessageRef(channel_id=kept[0], message_id=kept[1]))
            kept = state.message("hand")
            if kept is not None and kept[1] and state.in_hand and state.hand_id is not None:
                self.messages.hand = MessageRef(channel_id=kept[0], message_id=kept[1])
                self.edits.hand = HandShow(hand_id=state.hand_id)
            kept = state.message("ping")
            if kept is not None:
                self.messages.ping = MessageRef(channel_id=kept[0], message_id=kept[1])

    def now(self) -> float:
        return self.ctx.clock()

    async def keep_turn(self) -> None:
        """Write down the ping (at shutdown: it changes with every move, so it is kept in
        memory otherwise), so the next process deletes it when it pings the next player."""
        ping = self.messages.ping
        if ping is not None and ping.message_id is not None:
            await self.ctx.service.seats.keep_message(
                self.table_id, "ping", ping.channel_id, ping.message_id
            )

    # ----------------------------------------------------------------- outcomes

    async def show(self, outcome: Outcome, ticket: Ticket | None) -> None:
        lang = await table_lang(self.ctx, self.table_id)
        kind = outcome.kind
        if ticket is not None and ticket.origin is Origin.MOVE:  # told privately, at once
            ticket = await self.edits.confirm(
                ticket, lang, outcome.state, outcome_lines(lang, outcome)
            )
        event = outcome.state.event is not None  # its thread is the event's to tell
        if kind is OutcomeKind.OPENED and not event:
            await self.lobby.opened(outcome, ticket, lang)
        elif kind is OutcomeKind.DEALT:
            await self._dealt(outcome, ticket, lang)
        elif kind in _MOVES or (kind is OutcomeKind.LEFT and outcome.events):
            await self._moved(outcome, ticket, lang)
        elif kind in (OutcomeKind.JOINED, OutcomeKind.LEFT):
            await self.lobby.seats(outcome, ticket, lang)
        if outcome.refilled and ticket is not None:  # the house's chips, told only to them
            await ticket.whisper("seat.refilled", amount=outcome.refilled)
        elif kind is OutcomeKind.STOPPED and not event:
            await self._stopped(outcome, ticket, lang)
        elif kind is OutcomeKind.RESTORED:
            await self._restored(outcome, lang)
        elif kind is OutcomeKind.RUN_CHOICE:  # the board dealt, or a player agreed
            if outcome.hand_over:
                await self._runout(outcome, ticket, lang)
            else:
                await self._agreed(outcome, ticket, lang)
        elif kind in (OutcomeKind.SAT_IN, OutcomeKind.SAT_OUT) and not outcome.state.in_hand:
            await self.lobby.refresh(outcome.state, lang)
        if not self.messages.reach_channel:  # the hand message may have moved to a new token
            self._kept_hand = await keep_moved(
                self.ctx, self.table_id, self.messages, self._kept_hand
            )

    async def _dealt(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        lines = outcome_lines(lang, outcome)
        state = outcome.state
        if state.practice:  # said with every hand: its chips are practice chips
            lines.insert(1 if lines else 0, t(lang, "practice.table"))
        hand_id = outcome.hand_id or state.hand_id or 0
        self.edits.hand = HandShow(hand_id=hand_id, commitment=outcome.commitment, recent=lines)
        self.edits.drawn = None
        self.messages.hand = None
        if outcome.hand_over or state.turn is None:  # the hand ended at the deal
            await self._ended(outcome, ticket, lang, lines)
        elif ticket is None and self.edits.later(state):  # posted with the moves, spaced out
            await self.edits.deal_later(lang, state)
        else:
            async with self.edits.direct():
                files = await self.edits.picture(state, lang, force=True)
                ref = await self.messages.new_hand(ticket, self.edits.layout(lang, state), files)
            if ref is not None and ref.message_id is not None:
                await self.ctx.service.seats.keep_message(
                    self.table_id, "hand", ref.channel_id, ref.message_id
                )
            await self.edits.ping(lang, state)
        closed = await self.cards.send_dms(outcome, lang)
        for member in closed:
            await self.messages.post(f"<@{member}> " + t(lang, "error.dms_closed"), mentions=True)
        await self.cards.refresh(outcome)

    async def _moved(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        lines = outcome_lines(lang, outcome)
        state = outcome.state
        if self.edits.hand is None:  # a hand from before this process, without its message
            self.edits.hand = HandShow(hand_id=outcome.hand_id or state.hand_id or 0)
        new_street = any(isinstance(e, BoardDealt) for e in outcome.events)
        if state.run_twice is not None:
            self.edits.hand.street(lines, new_street=new_street)
            await self._ask(outcome, ticket, lang)
            return
        if outcome.hand_over or state.turn is None:
            await self._ended(outcome, ticket, lang, lines)
            return
        self.edits.hand.street(lines, new_street=new_street)
        computer = outcome.actor is not None and is_computer(outcome.actor)
        await self.edits.update(ticket, lang, state, lines, coalesce=computer)
        await self.edits.ping(lang, state)
        # Every move: an open panel's learning figures follow the turn (a panel whose
        # content did not change is not edited).
        await self.cards.refresh(outcome)

    async def _ask(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-it-twice question: its button in the hand message, one ping for the
        players with chips at risk."""
        ask = outcome.state.run_twice
        assert ask is not None and self.edits.hand is not None
        seconds = max(1, round(ask.deadline - self.ctx.clock()))
        question = run_twice_ask_lines(lang, outcome, seconds)
        body = [*self.edits.hand.recent, *question[len(outcome_lines(lang, outcome)) : -1]]
        await self.edits.update(ticket, lang, outcome.state, [], body=body)
        await self.messages.put_ping(t(lang, "ping.run_twice", mentions=question[-1]), ask.members)

    async def _agreed(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """A player agreed to run it twice: said in the hand message."""
        name = outcome.state.name_of(outcome.actor or 0)
        if self.edits.hand is None:
            self.edits.hand = HandShow(hand_id=outcome.state.hand_id or 0)
        self.edits.hand.recent.append(t(lang, "tv.run_twice.agreed", name=name))
        if outcome.state.run_twice is not None:
            await self._ask(outcome, ticket, lang)

    async def _ended(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, lines: list[str]
    ) -> None:
        """The hand's end: its run-out street by street if it had one, else at once (and
        where no member holds a seat: the summary tells the run-out, one edit, not three)."""
        if outcome.runout is None or self.edits.later(outcome.state):
            await self._close(outcome, ticket, lang, lines)
        else:
            await self._runout(outcome, ticket, lang)

    async def _runout(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        """The run-out street by street in the hand message, then the hand's close."""
        if self.edits.hand is None:
            self.edits.hand = HandShow(hand_id=outcome.hand_id or 0)
        await self.messages.drop_ping()
        closing = await self.television.runout(outcome, ticket, lang, self._frame)
        await self._close(outcome, None, lang, closing)

    async def _frame(
        self, lang: Lang, state: TableState, lines: list[str], picture: tuple[str, discord.File],
        ticket: Ticket | None,
    ) -> None:  # fmt: skip
        """One street of a run-out: the hand message with its picture and figures."""
        assert self.edits.hand is not None
        alt, file = picture
        self.edits.hand.pictures = (Picture(name=file.filename, alt=alt),)
        self.edits.drawn = None
        view = self.edits.layout(lang, state, body=lines)
        ticket = await self.edits.confirm(ticket, lang, state, lines[:1])
        await self.edits.show(ticket, view, [file])

    async def _close(
        self, outcome: Outcome, ticket: Ticket | None, lang: Lang, lines: list[str]
    ) -> None:
        """The hand message becomes its summary: the showdown picture (or the table as it
        ended), who won what, the fair-deck footer; no buttons but Next hand outside servers."""
        if self.edits.hand is None:
            self.edits.hand = HandShow(hand_id=outcome.hand_id or 0)
        await self.messages.drop_ping()
        files: list[discord.File] = []
        pictures: list[Picture] = []
        showdown = outcome.showdown
        if showdown is not None:  # with a board run twice, a picture of each board
            for run in (1, 2) if showdown.second_board else (None,):
                drawn = showdown_view(showdown, lang, run=run)
                alt, file = await self.ctx.images.showdown(drawn, lang)
                file.filename = "showdown.png" if run in (None, 1) else "showdown-2.png"
                files.append(file)
                pictures.append(Picture(name=file.filename, alt=alt))
        ended = outcome.session_ended
        if showdown is None and ended is None and self.edits.hand.pictures:
            pictures = list(self.edits.hand.pictures)  # no showdown: the table as it last stood
        elif showdown is None:
            board = outcome.state.board or None
            alt, file = await self.edits.table_pictures.table(
                table_view(outcome.state, lang, board=board), lang
            )
            files.append(file)
            pictures.append(Picture(name=file.filename, alt=alt))
        if ended is not None:  # every player's stack over the session, with the standings
            chart = await session_chart_file(
                self.ctx, self.guild_id, self.table_id, lang, session=ended.session,
                standings=ended.standings,
            )  # fmt: skip
            if chart is not None:
                files.append(chart)
                pictures.append(Picture(name=chart.filename, alt=chart.description or ""))
        self.edits.hand.pictures = tuple(pictures)
        self.edits.drawn = None
        body = [x for x in lines if x] or [t(lang, "hand.ended", number=self.edits.hand.hand_id)]
        page = f"hand/{outcome.hand_id}"
        if outcome.hand_id and (url := await page_url(self.ctx, self.guild_id, page)):
            body.append(t(lang, "web.link", url=url))  # the replayer, when the pages are on
        state, under = outcome.state, next_hand_rows(lang, self.table_id, outcome.state)
        view = self.edits.layout(lang, state, body=body, under=under)
        if self.messages.hand is not None:  # else the hand ended before its message was posted
            ticket = await self.edits.confirm(ticket, lang, state, lines)
        await self.edits.show(ticket, view, files)

    async def _stopped(self, outcome: Outcome, ticket: Ticket | None, lang: Lang) -> None:
        by = outcome.state.name_of(outcome.actor or 0)
        lines = stop_lines(lang, outcome, by=by)
        await self.messages.say(ticket, clip(lines))
        await self.messages.pass_turn(None, ticket)  # a turn message of old loses its buttons
        await self.messages.drop_ping()
        if self.edits.hand is not None and self.messages.hand is not None and outcome.voided_hand:
            view = self.edits.layout(lang, outcome.state, body=lines[1:2] or lines)
            async with self.edits.direct():
                await self.messages.edit_hand(None, view)
        if self.messages.lobby is not None:
            await self.messages.edit(self.messages.lobby, view=None)

    async def _restored(self, outcome: Outcome, lang: Lang) -> None:
        """After a restart the hand goes on in the same message, with fresh buttons (the old
        ones keep working too: they name the same decision); the player to act is pinged."""
        state = outcome.state
        await self.messages.pass_turn(None, None)  # a turn message of old loses its buttons
        if state.turn is None and state.run_twice is None:
            return
        if self.edits.hand is None or self.edits.hand.hand_id != state.hand_id:
            self.edits.hand = HandShow(hand_id=state.hand_id or 0)
        self.edits.hand.recent.append(t(lang, "notice.restarted"))
        async with self.edits.direct():
            files = await self.edits.picture(state, lang, force=True)
            view = self.edits.layout(lang, state)
            if self.messages.hand is None:
                await self.messages.new_hand(None, view, files)
            else:
                await self.messages.edit_hand(None, view, files)
        if state.run_twice is not None:  # asked again: answers were not kept
            await self._ask(outcome, None, lang)
        else:
            await self.edits.ping(lang, state)

    # ----------------------------------------------------------------- the loop's own posts

    async def warn(self, turn: TurnState) -> None:
        lang = await table_lang(self.ctx, self.table_id)
        left = max(1, round((turn.deadline or self.ctx.clock()) - self.ctx.clock()))
        line = tn(lang, "turn.warning", left, mention=f"<@{turn.member}>")
        await self.messages.put_ping(line, [turn.member])

    async def notice(self, key: str) -> None:
        """A notice from the bot (it is restarting): in the hand message while a hand is in
        progress, else a message of its own."""
        lang = await table_lang(self.ctx, self.table_id)
        tables = self.ctx.service.tables
        state = tables.state(self.table_id) if self.edits.hand is not None else None
        if (
            state is None
            or not state.in_hand
            or self.edits.hand is None
            or self.messages.hand is None
        ):
            await self.messages.post(t(lang, key))
            return
        self.edits.hand.recent.append(t(lang, key))
        async with self.edits.direct():
            await self.messages.edit_hand(None, self.edits.layout(lang, state))

    async def resync(self, state: TableState, *, notice: bool) -> None:
        """After the loop recovered from an error: a short notice in the hand message, fresh
        buttons, and the ping again."""
        if not notice:
            return
        lang = await table_lang(self.ctx, self.table_id)
        if state.turn is None or self.edits.hand is None or self.messages.hand is None:
            await self.messages.post(t(lang, "notice.recovered"))
            return
        self.edits.hand.recent.append(t(lang, "notice.recovered"))
        async with self.edits.direct():
            await self.messages.edit_hand(None, self.edits.layout(lang, state))
        await self.edits.ping(lang, state)

    async def show_table(self, ticket: Ticket, state: TableState) -> None:
        """``/holdem table``: the hand message again, as the answer to the command (the
        message before it says where the hand went); between hands, the table picture."""
        lang = await table_lang(self.ctx, self.table_id)
        alt, file = await self.edits.table_pictures.table(table_view(state, lang), lang)
        picture = Picture(name=file.filename, alt=alt)
        if not state.in_hand or self.edits.hand is None or self.edits.hand.hand_id != state.hand_id:
            show = HandShow(hand_id=state.hand_id or state.hands_played, pictures=(picture,))
            body = [t(lang, "hand.pot", pot=state.pot_total)]
            rows = next_hand_rows(lang, self.table_id, state)  # outside servers: Next hand
            view = hand_layout(lang, state, show, body=body, rows=rows)
            await self.messages.say(ticket, None, view=view, files=[file])
            return
        old = self.messages.hand
        self.edits.hand.pictures = (picture,)
        self.edits.drawn = state.board
        async with self.edits.direct():
            ref = await self.messages.say(
                ticket, None, view=self.edits.layout(lang, state), files=[file]
            )
        if ref is None:
            return
        self.messages.hand = ref
        if ref.message_id is not None:
            seats = self.ctx.service.seats
            await seats.keep_message(self.table_id, "hand", ref.channel_id, ref.message_id)
        if old is not None:
            await self.messages.edit(old, view=self.edits.moved_view(lang), attachments=[])

    async def say_error(self, text: str) -> None:
        await self.messages.post(text)
