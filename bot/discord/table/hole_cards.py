"""Hole cards reach their owner only: an ephemeral message, or a direct message at each deal.

:func:`show_cards` answers the My cards button and ``/holdem cards``.

An ephemeral cards message is kept current through its interaction's token (free of the
global rate limit) after every street and into the next hands, until the token is about to
expire; it only ever shows its owner's cards of the hand in progress (dealt out of a hand,
they read that they have none). It is kept through the table's loop, in order with the
outcomes, so a deal that landed while it was drawn is shown in it at once. Direct messages
are opt-in (``/holdem dm on``); a closed inbox turns them off and the member is told where
they can see the table.

The learning mode (``/holdem settings coach:on``, where the table's and the server's house
rules allow it) adds pot odds, outs and equity to the member's own ephemeral panel on their
turn, never to a direct message or anything public. The sums run in a worker thread within
:data:`COACH_BUDGET`; a kept panel is edited only when what it shows changed (a new hand,
street or setting, or the member's turn beginning or ending), so :meth:`CardMessages.refresh`
may be called after every move.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.context import Context, context_of, remember, split_table_id
from bot.discord.errors import reply_private
from bot.discord.table.answers import TOKEN_LIFETIME
from bot.discord.table.coalesce import Edit
from bot.guilds.wallets import outside_servers
from bot.i18n import Lang, cards_text, resolve_locale, t
from bot.present import hole_cards_view, to_call_of
from bot.present.coach import CoachSpot, coach_spot, coach_text, spot_advice
from bot.present.refusals import error_text
from bot.store.records import MemberSettings
from bot.tables.errors import NoTable
from bot.tables.outcomes import Outcome, PrivateCards, TableState
from engine import parse_cards

__all__ = ["COACH_BUDGET", "CardMessages", "CardsSeen", "cards_reply", "coach_panel", "show_cards"]

log = logging.getLogger("holdem.bot")

COACH_BUDGET = 1.0
"""Seconds the learning figures may take before the panel goes without them. The sums take
tens of milliseconds (``benchmarks/bench_coach.py``); the margin is for a loaded machine."""


@dataclass(frozen=True, kw_only=True, slots=True)
class _Shown:
    """What a kept panel shows: its picture (hand, board, colours, what a call costs) and
    whose decision its learning figures are for (``None``: no figures)."""

    hand_id: int
    board: tuple[str, ...]
    four_colour: bool
    to_call: int
    decision: tuple[int, int] | None


@dataclass(frozen=True, kw_only=True, slots=True)
class CardsSeen:
    """What a panel was drawn with when it was asked for: the hand, the board and the call
    it names."""

    hand_id: int
    board: tuple[str, ...]
    to_call: int


@dataclass(eq=False)
class _Kept:
    interaction: discord.Interaction[Any]
    member: int
    lang: Lang
    since: float
    shown: _Shown | None = None


async def coach_panel(spot: CoachSpot, lang: Lang) -> str:
    """The learning figures for ``spot``, computed off the event loop within the budget."""
    try:
        advice = await asyncio.wait_for(asyncio.to_thread(spot_advice, spot), COACH_BUDGET)
    except TimeoutError:
        log.warning("the learning figures missed their budget", extra={"budget": COACH_BUDGET})
        return t(lang, "coach.slow")
    return coach_text(lang, advice)


async def _coach_spot(
    ctx: Context,
    guild_id: int,
    settings: MemberSettings,
    state: TableState | None,
    cards: PrivateCards,
) -> CoachSpot | None:
    """The member's spot when they chose the figures, it is their turn and both the table's
    rules (fixed when it opened) and the server's rules now allow them: a server that forbids
    the learning mode while a table is open stops its figures at the next refresh. The
    server's rules are read only then, once per coached decision, not at every move."""
    if state is None or not settings.coach:
        return None
    spot = coach_spot(state, cards)
    if spot is None or not await ctx.guilds.coach_allowed(guild_id):
        return None
    return spot


async def cards_reply(
    ctx: Context,
    guild_id: int,
    cards: PrivateCards,
    board: tuple[str, ...],
    lang: Lang,
    *,
    state: TableState | None = None,
) -> tuple[str, discord.File]:
    """The private message: the picture, its alt text and, after the flop, the board; with
    the table's ``state`` and the member's learning mode on, on their turn, the figures."""
    settings = await ctx.guilds.member_settings(guild_id, cards.member)
    view = hole_cards_view(
        cards.cards, board, lang, four_colour=settings.four_colour, to_call=to_call_of(state, cards)
    )
    text, file = await ctx.images.hole_cards(view, lang)
    if board:
        text += "\n" + t(lang, "cards.board", board=cards_text(parse_cards(" ".join(board))))
    spot = await _coach_spot(ctx, guild_id, settings, state, cards)
    if spot is not None:
        text += "\n\n" + await coach_panel(spot, lang)
    return text, file


class CardMessages:
    """The private cards messages of one table."""

    def __init__(self, ctx: Context, guild_id: int) -> None:
        self.ctx = ctx
        self.guild_id = guild_id
        self._kept: list[_Kept] = []
        self._dm: dict[int, int] = {}
        """Each member's direct-message channel, learned once: a deal then costs one post."""
        self._last: Outcome | None = None
        """The latest outcome the panels were brought up to."""

    async def keep(self, interaction: discord.Interaction[Any], seen: CardsSeen) -> None:
        """Keep a panel current from now on. It was drawn from the table as ``seen`` when it
        was asked for; an outcome the loop showed since (the next deal, a move) is shown in
        it at once, so a panel never stays on a hand or a call the table has left."""
        kept = _Kept(
            interaction=interaction,
            member=interaction.user.id,
            lang=resolve_locale(interaction.locale),
            since=self.ctx.clock(),
        )
        self._kept.append(kept)
        if self._last is not None:
            await self._refresh_one(kept, self._last, seen=seen)

    async def refresh(self, outcome: Outcome) -> None:
        """Show each kept message's owner their cards as the table stands now, editing only
        the messages whose picture or learning figures changed."""
        self._last = outcome
        now = self.ctx.clock()
        self._kept = [k for k in self._kept if now - k.since < TOKEN_LIFETIME]
        for kept in self._kept:
            await self._refresh_one(kept, outcome)

    async def _refresh_one(
        self, kept: _Kept, outcome: Outcome, *, seen: CardsSeen | None = None
    ) -> None:
        """One panel as ``outcome`` leaves the table: its owner's cards of that hand, or,
        when they were dealt out of it, that they have none (never the last hand's)."""
        state = outcome.state
        cards = outcome.cards_of(kept.member)
        if cards is None:
            out = kept.shown is not None and kept.shown.hand_id != state.hand_id
            if state.hand_id is not None and out:  # dealt out of this hand
                kept.shown = _Shown(hand_id=state.hand_id, board=(), four_colour=False,
                                    to_call=0, decision=None)  # fmt: skip
                self.ctx.edits.request(("cards", kept.interaction.id), self._none(kept))
            return
        settings = await self.ctx.guilds.member_settings(self.guild_id, cards.member)
        spot = await _coach_spot(self.ctx, self.guild_id, settings, state, cards)
        shown = _Shown(
            hand_id=cards.hand_id,
            board=state.board,
            four_colour=settings.four_colour,
            to_call=to_call_of(state, cards),
            decision=None if spot is None else spot.decision,
        )
        if seen is not None and seen == CardsSeen(
            hand_id=shown.hand_id, board=shown.board, to_call=shown.to_call
        ):
            kept.shown = shown  # drawn from this very table: nothing to change
        if shown == kept.shown:
            return
        kept.shown = shown
        self.ctx.edits.request(("cards", kept.interaction.id), self._edit(kept, cards, state))

    def _none(self, kept: _Kept) -> Edit:
        """The edit of a panel whose owner was dealt out of the hand in progress."""

        async def edit() -> None:
            text = t(kept.lang, "cards.none")
            await kept.interaction.edit_original_response(content=text, attachments=[])

        return edit

    def _edit(self, kept: _Kept, cards: PrivateCards, state: TableState) -> Edit:
        """The edit of one kept panel, drawn and summed when the edit is sent, so the table's
        loop does not wait for the picture or the learning figures."""

        async def edit() -> None:
            text, file = await cards_reply(
                self.ctx, self.guild_id, cards, state.board, kept.lang, state=state
            )
            await kept.interaction.edit_original_response(content=text, attachments=[file])

        return edit

    async def _dm_channel(self, member: int) -> discord.abc.Messageable:
        """The member's direct-message channel: opened once (a ``GET /users`` and a channel
        post), then sent to by id."""
        client = self.ctx.client
        known = self._dm.get(member)
        if known is not None:
            return client.get_partial_messageable(known, type=discord.ChannelType.private)
        user = client.get_user(member) or await client.fetch_user(member)
        channel = user.dm_channel or await user.create_dm()
        self._dm[member] = channel.id
        return channel

    async def send_dms(self, outcome: Outcome, public: Lang) -> list[int]:
        """Direct messages to the members who asked for them; the members whose inbox was
        closed (their setting is turned off). Never the learning figures: a direct message
        stays in the inbox after the turn it was for."""
        closed: list[int] = []
        if outside_servers(self.guild_id):  # the bot writes to nobody outside servers
            return closed
        for cards in outcome.private:
            settings = await self.ctx.guilds.member_settings(self.guild_id, cards.member)
            if not settings.dm:
                continue
            lang = self.ctx.languages.get(cards.member, public)
            text, file = await cards_reply(self.ctx, self.guild_id, cards, (), lang)
            try:
                channel = await self._dm_channel(cards.member)
                await channel.send(text, file=file)
            except discord.Forbidden:
                self._dm.pop(cards.member, None)
                await self.ctx.guilds.set_member_settings(self.guild_id, cards.member, dm=False)
                closed.append(cards.member)
            except discord.HTTPException as error:
                log.warning("could not DM hole cards: %s", error)
        return closed


async def show_cards(interaction: discord.Interaction[Any], table_id: str) -> None:
    """The member's hole cards, privately; the message follows the streets and hands."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, _ = split_table_id(table_id)
    try:
        cards = ctx.service.tables.cards_of(table_id, interaction.user.id)
        state = ctx.service.tables.state(table_id)
    except NoTable:  # or resuming: another process holds its lease (a restart)
        await reply_private(
            interaction, error_text(lang, await ctx.service.tables.refusal(table_id))
        )
        return
    if cards is None:
        await reply_private(interaction, t(lang, "cards.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    text, file = await cards_reply(ctx, guild_id, cards, state.board, lang, state=state)
    # The "thinking" message becomes the panel: the one message later edits keep current.
    await interaction.edit_original_response(content=text, attachments=[file])
    seen = CardsSeen(hand_id=cards.hand_id, board=state.board, to_call=to_call_of(state, cards))
    ctx.loops.keep_cards(table_id, interaction, seen)
