"""Hole cards reach their owner only: an ephemeral message, or a direct message at each deal.

An ephemeral cards message is kept current through its interaction's token (free of the
global rate limit) after every street and into the next hands, until the token is about to
expire. Direct messages are opt-in (``/holdem dm on``); a closed inbox turns them off and the
member is told where they can see the table.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from app import Outcome, PrivateCards
from engine import parse_cards
from i18n import Lang, cards_text, resolve_locale, t
from present import hole_cards_view

from .context import Context
from .replies import TOKEN_LIFETIME

__all__ = ["CardMessages", "cards_reply"]

log = logging.getLogger("holdem.bot")


@dataclass(eq=False)
class _Kept:
    interaction: discord.Interaction[Any]
    member: int
    lang: Lang
    since: float


async def cards_reply(
    ctx: Context, guild_id: int, cards: PrivateCards, board: tuple[str, ...], lang: Lang
) -> tuple[str, discord.File]:
    """The private message: the picture, its alt text and, after the flop, the board."""
    settings = await ctx.guilds.member_settings(guild_id, cards.member)
    view = hole_cards_view(cards.cards, board, lang, four_colour=settings.four_colour)
    text, file = await ctx.images.hole_cards(view, lang)
    if board:
        text += "\n" + t(lang, "cards.board", board=cards_text(parse_cards(" ".join(board))))
    return text, file


class CardMessages:
    """The private cards messages of one table."""

    def __init__(self, ctx: Context, guild_id: int) -> None:
        self.ctx = ctx
        self.guild_id = guild_id
        self._kept: list[_Kept] = []

    def keep(self, interaction: discord.Interaction[Any]) -> None:
        self._kept.append(
            _Kept(
                interaction=interaction,
                member=interaction.user.id,
                lang=resolve_locale(interaction.locale),
                since=self.ctx.clock(),
            )
        )

    async def refresh(self, outcome: Outcome) -> None:
        """Show each kept message's owner their cards as the table stands now."""
        now = self.ctx.clock()
        self._kept = [k for k in self._kept if now - k.since < TOKEN_LIFETIME]
        for kept in self._kept:
            cards = outcome.cards_of(kept.member)
            if cards is None:
                continue
            text, file = await cards_reply(
                self.ctx, self.guild_id, cards, outcome.state.board, kept.lang
            )

            async def edit(kept: _Kept = kept, text: str = text, file: discord.File = file) -> None:
                await kept.interaction.edit_original_response(content=text, attachments=[file])

            self.ctx.edits.request(("cards", kept.interaction.id), edit)

    async def send_dms(self, outcome: Outcome, public: Lang) -> list[int]:
        """Direct messages to the members who asked for them; the members whose inbox was
        closed (their setting is turned off)."""
        closed = []
        for cards in outcome.private:
            settings = await self.ctx.guilds.member_settings(self.guild_id, cards.member)
            if not settings.dm:
                continue
            lang = self.ctx.languages.get(cards.member, public)
            text, file = await cards_reply(self.ctx, self.guild_id, cards, (), lang)
            try:
                client = self.ctx.client
                user = client.get_user(cards.member) or await client.fetch_user(cards.member)
                await user.send(text, file=file)
            except discord.Forbidden:
                await self.ctx.guilds.set_member_settings(self.guild_id, cards.member, dm=False)
                closed.append(cards.member)
            except discord.HTTPException as error:
                log.warning("could not DM hole cards: %s", error)
        return closed
