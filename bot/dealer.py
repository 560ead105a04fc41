"""The dealer at every table: turns the application's results into Discord messages.

It posts one table image per street, the turn message with its buttons, the showdown; it
sends hole cards only to their owner (an ephemeral reply kept current for the life of its
token, or a direct message); it runs one turn timer per table (a timeout is just another
move through :meth:`TableService.timeout`); it deals the next hand after a short pause.
Rules live in the engine and every move goes through the application layer first; nothing
here decides what is legal.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from app.results import ActionResult, DealResult
from app.service import NotSeated
from engine import ActionKind, EngineError, NotYourTurn
from engine.events import BoardDealt, Event, HandStarted, PotAwarded, SessionEnded
from engine.seating import PlayerLeft
from i18n import Lang, cards_text, event_lines, resolve_locale, t, tn
from i18n.describe import fit, hole_cards_alt, showdown_alt, table_alt
from render import render_hole_cards, render_showdown, render_table

from .errors import error_text, reply_private
from .present import hole_cards_view, showdown_view, table_view
from .ui import RaiseModal, turn_view

if TYPE_CHECKING:
    from .client import HoldemBot

__all__ = ["Dealer"]

log = logging.getLogger("holdem.bot")

T = TypeVar("T")

WARNING_SECONDS = 10.0
"""How long before the deadline the player to act is reminded."""
NEXT_HAND_PAUSE = 5.0
"""The pause between the end of one hand and the deal of the next."""
TOKEN_LIFETIME = 14.5 * 60
"""An interaction token lives 15 minutes; private card messages are refreshed within that."""


@dataclass(kw_only=True)
class _CardMessage:
    """An ephemeral hole-card message that is refreshed after each street."""

    interaction: discord.Interaction[Any]
    member: int
    lang: Lang
    created: float


def _warm_up() -> None:
    """Load the renderer, its fonts and card tiles in the worker before the first image."""
    from render import render_hole_cards
    from render.views import HoleCardsView

    render_hole_cards(HoleCardsView(cards=("As", "Kd")))


def render_executor(*, in_process: bool) -> Executor:
    """One render worker: a process started by a fork server (never a fork of this threaded
    process), or a thread where processes cost more than they save (the offline tests)."""
    if in_process:
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_warm_up)
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


def _split(table_id: str) -> tuple[int, int]:
    guild, channel = table_id.split(":")
    return int(guild), int(channel)


class Dealer:
    def __init__(self, bot: HoldemBot) -> None:
        self.bot = bot
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.next_hands: dict[str, asyncio.Task[None]] = {}
        self.names: dict[int, str] = {}
        self.languages: dict[int, Lang] = {}
        """Each member's own language, as their last interaction said (for direct messages)."""
        self.turn_messages: dict[str, discord.Message] = {}
        self.lobby_messages: dict[str, discord.Message] = {}
        self.card_messages: dict[str, list[_CardMessage]] = {}
        self._render_pool = render_executor(in_process=bot.render_in_process)

    # ----------------------------------------------------------------- helpers

    @property
    def service(self) -> Any:
        return self.bot.service

    def now(self) -> float:
        return self.bot.clock()

    async def render(self, function: Callable[[Any], bytes], view: Any) -> bytes:
        """Render off the event loop, in one worker (a process of its own in production, so
        drawing never competes with the loop for the GIL); a worker that died is replaced."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._render_pool, function, view)
        except BrokenProcessPool:
            log.warning("the render worker died; starting a new one")
            self._render_pool = render_executor(in_process=True)
            return await loop.run_in_executor(self._render_pool, function, view)

    def remember(self, user: discord.abc.User, locale: object | None = None) -> None:
        self.names[user.id] = user.display_name
        if locale is not None:
            self.languages[user.id] = resolve_locale(locale)

    async def name_of(self, guild_id: int, member_id: int) -> str:
        name = self.names.get(member_id)
        if name is not None:
            return name
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(member_id) if guild is not None else None
        if member is None and guild is not None:
            try:
                member = await guild.fetch_member(member_id)
            except discord.HTTPException:
                member = None
        name = member.display_name if member is not None else f"#{str(member_id)[-4:]}"
        self.names[member_id] = name
        return name

    async def names_for(self, guild_id: int, members: Sequence[int]) -> list[str]:
        return [await self.name_of(guild_id, m) for m in members]

    async def channel(self, table_id: str) -> discord.abc.Messageable | None:
        _, channel_id = _split(table_id)
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                fetched = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
            channel = fetched
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def send(self, table_id: str, content: str, **kwargs: Any) -> discord.Message | None:
        channel = await self.channel(table_id)
        if channel is None or (not content and not kwargs):
            return None
        try:
            return await channel.send(content[:2000], **kwargs)
        except discord.HTTPException as error:
            log.warning("could not post at table %s: %s", table_id, error)
            return None

    # ----------------------------------------------------------------- public posts

    async def table_image(self, table_id: str, lang: Lang) -> tuple[str, discord.File]:
        """The table image with its alt text; the same facts as text for the message."""
        guild_id, channel_id = _split(table_id)
        table = self.service.table(guild_id, channel_id)
        names = {m: await self.name_of(guild_id, int(m)) for m in table.players()}
        view = table_view(table, names, lang)
        png = await self.render(render_table, view)
        alt = table_alt(lang, view)
        return alt, discord.File(io.BytesIO(png), "table.png", description=fit(alt))

    async def post_table(self, table_id: str, lang: Lang) -> None:
        """One public table image per street."""
        text, file = await self.table_image(table_id, lang)
        await self.send(table_id, text, file=file)

    async def post_lines(self, table_id: str, lines: Sequence[str]) -> None:
        text = "\n".join(line for line in lines if line)
        if text:
            await self.send(table_id, text)

    async def event_text(self, table_id: str, lang: Lang, events: Sequence[Event]) -> list[str]:
        guild_id, _ = _split(table_id)
        hand_id, hand, members = self.service.last_hand(table_id)
        names = await self.names_for(guild_id, members)
        board = tuple(hand.board) if hand is not None else ()
        pots = max(1, sum(1 for e in events if isinstance(e, PotAwarded)))
        lines: list[str] = []
        for event in events:
            if isinstance(event, HandStarted):
                lines.extend(event_lines(lang, event, names, number=hand_id))
            else:
                lines.extend(event_lines(lang, event, names, board=board, pots=pots))
        return lines

    async def post_turn(self, table_id: str, lang: Lang) -> None:
        """Mention the player to act, with the buttons built from their legal actions."""
        guild_id, channel_id = _split(table_id)
        hand_id, hand, members = self.service.hand_of(guild_id, channel_id)
        if hand is None or hand.to_act is None or hand_id is None:
            return
        legal = hand.legal_actions()
        member = members[hand.to_act]
        mention = f"<@{member}>"
        if legal.can_check:
            text = t(lang, "turn.can_check", mention=mention)
        else:
            text = t(lang, "turn.to_call", mention=mention, to_call=legal.to_call)
        seconds = int(self.service.rules_of(guild_id, channel_id).turn_seconds)
        text += " " + tn(lang, "turn.time_left", seconds)
        view = turn_view(lang, table_id, hand_id, len(hand.actions), legal)
        old = self.turn_messages.pop(table_id, None)
        if old is not None:
            self.bot.edits.request(old.id, lambda: old.edit(view=None))
        message = await self.send(
            table_id, text, view=view, allowed_mentions=discord.AllowedMentions(users=True)
        )
        if message is not None:
            self.turn_messages[table_id] = message

    async def guild_lang(self, guild_id: int) -> Lang:
        return await self.bot.guild_lang(guild_id)

    # ----------------------------------------------------------------- after a move

    async def after_deal(self, result: DealResult) -> None:
        table_id = result.table_id
        guild_id, _ = _split(table_id)
        lang = await self.guild_lang(guild_id)
        await self.post_lines(table_id, await self.event_text(table_id, lang, result.events))
        await self.post_table(table_id, lang)
        await self.send_dm_cards(table_id, result.players)
        await self.post_turn(table_id, lang)
        self.start_timer(table_id)

    async def after_action(self, result: ActionResult, *, lang: Lang) -> None:
        """Everything the table sees after a committed action, except the action's own line."""
        table_id = result.table_id
        self.cancel_timer(table_id)
        if result.sat_out:
            guild_id, _ = _split(table_id)
            for member in result.sat_out:
                name = await self.name_of(guild_id, member)
                await self.post_lines(table_id, [t(lang, "timeout.sat_out", name=name)])
        if result.hand_over:
            await self.finish(result, lang)
            return
        if any(isinstance(e, BoardDealt) for e in result.events):
            await self.post_table(table_id, lang)
            await self.refresh_cards(table_id)
        await self.post_turn(table_id, lang)
        self.start_timer(table_id)

    async def finish(self, result: ActionResult, lang: Lang) -> None:
        table_id = result.table_id
        guild_id, _ = _split(table_id)
        old = self.turn_messages.pop(table_id, None)
        if old is not None:
            self.bot.edits.request(old.id, lambda: old.edit(view=None))
        self.card_messages.pop(table_id, None)
        _, hand, members = self.service.last_hand(table_id)
        if hand is not None:
            names = {p: await self.name_of(guild_id, m) for p, m in enumerate(members)}
            view = showdown_view(hand, names, lang, number=result.hand_id)
            if view is not None:
                png = await self.render(render_showdown, view)
                alt = showdown_alt(lang, view)
                await self.send(
                    table_id,
                    alt,
                    file=discord.File(io.BytesIO(png), "showdown.png", description=fit(alt)),
                )
        lines: list[str] = []
        ended = False
        for event in result.table_events:
            if isinstance(event, PlayerLeft):
                name = await self.name_of(guild_id, int(event.player))
                lines.append(t(lang, "seat.left", name=name, stack=event.stack))
            elif isinstance(event, SessionEnded):
                ended = True
                lines.extend(await self.standings_lines(guild_id, lang, event))
        await self.post_lines(table_id, lines)
        if not ended:
            self.schedule_next_hand(table_id)

    async def standings_lines(self, guild_id: int, lang: Lang, event: SessionEnded) -> list[str]:
        lines = [t(lang, "session.ended"), t(lang, "session.standings_title")]
        for place, player, chips in event.standings:
            name = await self.name_of(guild_id, int(player))
            lines.append(
                t(
                    lang, "session.standings_line", place=place, name=name, stack=chips, net=""
                ).replace(" ()", "")
            )
        return lines

    # ----------------------------------------------------------------- next hand

    def schedule_next_hand(self, table_id: str, delay: float = NEXT_HAND_PAUSE) -> None:
        task = self.next_hands.pop(table_id, None)
        if task is not None:
            task.cancel()
        self.next_hands[table_id] = asyncio.get_running_loop().create_task(
            self._next_hand(table_id, delay)
        )

    async def _next_hand(self, table_id: str, delay: float) -> None:
        await asyncio.sleep(delay)
        guild_id, channel_id = _split(table_id)
        lang = await self.guild_lang(guild_id)
        try:
            result = await self.service.deal(guild_id, channel_id)
        except (EngineError, LookupError) as error:
            await self.post_lines(table_id, [error_text(lang, error)])
            return
        except Exception as error:
            await self.post_lines(table_id, [error_text(lang, error)])
            return
        await self.after_deal(result)

    # ----------------------------------------------------------------- timers

    def cancel_timer(self, table_id: str) -> None:
        task = self.timers.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def start_timer(self, table_id: str) -> None:
        self.cancel_timer(table_id)
        status = self.service.status(table_id)
        if status.deadline is None or status.to_act is None:
            return
        self.timers[table_id] = asyncio.get_running_loop().create_task(
            self._timer(table_id, status.deadline, status.to_act)
        )

    async def _timer(self, table_id: str, deadline: float, member: int) -> None:
        guild_id, _ = _split(table_id)
        warn_in = deadline - WARNING_SECONDS - self.now()
        if warn_in > 0:
            await asyncio.sleep(warn_in)
            lang = await self.guild_lang(guild_id)
            left = max(1, round(deadline - self.now()))
            await self.send(
                table_id,
                tn(lang, "turn.warning", left, mention=f"<@{member}>"),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        rest = deadline - self.now()
        if rest > 0:
            await asyncio.sleep(rest)
        self.timers.pop(table_id, None)
        result = await self.service.timeout(table_id)
        if result is None:
            return
        lang = await self.guild_lang(guild_id)
        name = await self.name_of(guild_id, member)
        checked = result.action.kind is not ActionKind.FOLD
        line = t(lang, "timeout.checked" if checked else "timeout.folded", name=name)
        lines = [line, *await self.event_text(table_id, lang, result.events[1:])]
        await self.post_lines(table_id, lines)
        await self.after_action(result, lang=lang)

    # ----------------------------------------------------------------- hole cards

    async def hole_cards(
        self, table_id: str, member: int, lang: Lang
    ) -> tuple[str, discord.File] | None:
        guild_id, channel_id = _split(table_id)
        settings = await self.bot.store.get_member_settings(guild_id, member)
        _, hand, members = self.service.hand_of(guild_id, channel_id)
        if hand is None or member not in members or hand.is_over:
            return None
        view = hole_cards_view(hand, members.index(member), lang, four_colour=settings.four_colour)
        png = await self.render(render_hole_cards, view)
        alt = hole_cards_alt(lang, view)
        text = alt
        if hand.board:  # the private message follows the streets: the board with the hand
            text += "\n" + t(lang, "cards.board", board=cards_text(hand.board))
        return text, discord.File(io.BytesIO(png), "cards.png", description=fit(alt))

    async def show_cards(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """The private hole-card message; kept current after each street while it can be."""
        lang = resolve_locale(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.hole_cards(table_id, interaction.user.id, lang)
        if found is None:
            await interaction.followup.send(t(lang, "cards.none"), ephemeral=True)
            return
        text, file = found
        await interaction.followup.send(text, file=file, ephemeral=True)
        self.card_messages.setdefault(table_id, []).append(
            _CardMessage(
                interaction=interaction, member=interaction.user.id, lang=lang, created=self.now()
            )
        )

    async def refresh_cards(self, table_id: str) -> None:
        keep: list[_CardMessage] = []
        for entry in self.card_messages.get(table_id, []):
            if self.now() - entry.created > TOKEN_LIFETIME:
                continue
            found = await self.hole_cards(table_id, entry.member, entry.lang)
            if found is None:
                continue
            keep.append(entry)
            text, file = found

            async def edit(
                entry: _CardMessage = entry, text: str = text, file: discord.File = file
            ) -> None:
                await entry.interaction.edit_original_response(content=text, attachments=[file])

            self.bot.edits.request(("cards", entry.interaction.id), edit)
        self.card_messages[table_id] = keep

    async def send_dm_cards(self, table_id: str, members: Sequence[int]) -> None:
        guild_id, _ = _split(table_id)
        public = await self.guild_lang(guild_id)
        for member in members:
            settings = await self.bot.store.get_member_settings(guild_id, member)
            if not settings.dm:
                continue
            lang = self.languages.get(member, public)
            found = await self.hole_cards(table_id, member, lang)
            if found is None:
                continue
            text, file = found
            try:
                user = self.bot.get_user(member) or await self.bot.fetch_user(member)
                await user.send(text, file=file)
            except discord.Forbidden:
                await self.bot.store.set_member_settings(guild_id, member, dm=False, now=self.now())
                await self.post_lines(table_id, [f"<@{member}> " + t(lang, "error.dms_closed")])
            except discord.HTTPException as error:
                log.warning("could not DM hole cards at table %s: %s", table_id, error)

    # ----------------------------------------------------------------- interactions

    async def act(
        self,
        interaction: discord.Interaction[Any],
        kind: ActionKind,
        amount: int | None = None,
        *,
        table_id: str | None = None,
    ) -> None:
        """A move by the member behind ``interaction``; the reply is the public log line."""
        lang = resolve_locale(interaction.locale)
        if interaction.guild_id is None or interaction.channel_id is None:
            await reply_private(interaction, t(lang, "error.no_table"))
            return
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if table_id is not None:
            guild_id, channel_id = _split(table_id)
        self.remember(interaction.user, interaction.locale)
        try:
            result = await self.service.act(guild_id, channel_id, interaction.user.id, kind, amount)
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        public = await self.guild_lang(guild_id)
        lines = await self.event_text(result.table_id, public, result.events)
        name = interaction.user.display_name
        text = "\n".join(lines)[:2000] or t(public, "event.checks", name=name)
        await interaction.response.send_message(text)
        await self.after_action(result, lang=public)

    async def on_button(
        self,
        interaction: discord.Interaction[Any],
        table_id: str,
        hand_id: int,
        seq: int,
        move: str,
    ) -> None:
        lang = resolve_locale(interaction.locale)
        self.remember(interaction.user, interaction.locale)
        if move == "cards":
            await self.show_cards(interaction, table_id)
            return
        guild_id, channel_id = _split(table_id)
        try:
            current, hand, members = self.service.hand_of(guild_id, channel_id)
        except LookupError as error:
            await reply_private(interaction, error_text(lang, error))
            return
        if interaction.user.id not in members:
            await reply_private(interaction, error_text(lang, NotSeated("not seated")))
            return
        if hand is None or hand.to_act is None or members[hand.to_act] != interaction.user.id:
            await reply_private(interaction, error_text(lang, NotYourTurn("not your turn")))
            return
        if current != hand_id or len(hand.actions) != seq:
            await reply_private(interaction, t(lang, "error.stale_button"))
            return
        if move == "raise":
            legal = hand.legal_actions()
            await interaction.response.send_modal(RaiseModal(lang, table_id, hand_id, seq, legal))
            return
        kind = {"fold": ActionKind.FOLD, "call": ActionKind.CALL, "allin": ActionKind.ALL_IN}
        if move not in kind:
            await reply_private(interaction, t(lang, "error.stale_button"))
            return
        await self.act(interaction, kind[move], table_id=table_id)

    async def on_raise_submit(
        self,
        interaction: discord.Interaction[Any],
        table_id: str,
        hand_id: int,
        seq: int,
        raw: str,
    ) -> None:
        lang = resolve_locale(interaction.locale)
        text = raw.strip().replace(" ", "").replace(",", "").replace(".", "")
        if not text.isdigit():
            await reply_private(interaction, t(lang, "error.invalid_amount"))
            return
        guild_id, channel_id = _split(table_id)
        current, hand, _ = self.service.hand_of(guild_id, channel_id)
        if hand is None or current != hand_id or len(hand.actions) != seq:
            await reply_private(interaction, t(lang, "error.stale_button"))
            return
        await self.act(interaction, ActionKind.RAISE, int(text), table_id=table_id)

    async def on_lobby_button(
        self, interaction: discord.Interaction[Any], table_id: str, what: str
    ) -> None:
        cog = self.bot.get_cog("Tables")
        assert cog is not None
        if what == "join":
            await cog.do_join(interaction, None, table_id=table_id)  # type: ignore[attr-defined]
        elif what == "leave":
            await cog.do_leave(interaction, table_id=table_id)  # type: ignore[attr-defined]
        else:
            await cog.do_deal(interaction, table_id=table_id)  # type: ignore[attr-defined]

    # ----------------------------------------------------------------- lifecycle

    async def resume(self) -> None:
        """After a restart: tell each table, then restart its timer or deal its next hand."""
        for table_id in self.service.table_ids():
            guild_id, _ = _split(table_id)
            lang = await self.guild_lang(guild_id)
            status = self.service.status(table_id)
            if status.hand_id is None:
                # Between hands: the pause before the next deal died with the old process.
                guild_id, channel_id = _split(table_id)
                table = self.service.table(guild_id, channel_id)
                if table.hands_played > 0 and table.ended is None:
                    self.schedule_next_hand(table_id)
                continue
            await self.post_lines(table_id, [t(lang, "notice.restarted")])
            await self.post_turn(table_id, lang)
            self.start_timer(table_id)

    async def restarting(self) -> None:
        for table_id in self.service.table_ids():
            if self.service.status(table_id).hand_id is None:
                continue
            guild_id, _ = _split(table_id)
            lang = await self.guild_lang(guild_id)
            await self.post_lines(table_id, [t(lang, "notice.restarting")])

    def forget(self, table_id: str) -> None:
        """A closed table: no timer, no next hand, no messages to keep current."""
        self.cancel_timer(table_id)
        task = self.next_hands.pop(table_id, None)
        if task is not None:
            task.cancel()
        self.turn_messages.pop(table_id, None)
        self.lobby_messages.pop(table_id, None)
        self.card_messages.pop(table_id, None)

    async def aclose(self) -> None:
        """Stop every timer and pending deal, and wait until they have stopped, so nothing
        touches the store after it is closed."""
        tasks = [*self.timers.values(), *self.next_hands.values()]
        for task in tasks:
            task.cancel()
        self.timers.clear()
        self.next_hands.clear()
        current = asyncio.current_task()
        await asyncio.gather(*(t for t in tasks if t is not current), return_exceptions=True)
        self._render_pool.shutdown(wait=False, cancel_futures=True)
