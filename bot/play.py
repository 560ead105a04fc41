"""The moves: ``/fold``, ``/check``, ``/call``, ``/bet``, ``/raise`` and ``/allin``.

Each is one call to :meth:`Dealer.act`; ``/bet`` and ``/raise`` take the total the bet
becomes this round and suggest the useful amounts (minimum raise, half pot, pot, all-in)
from the engine's legal actions while the player types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import ActionKind
from i18n import format_number, resolve_locale, t
from i18n.translator import cmd_str

if TYPE_CHECKING:
    from .client import HoldemBot

__all__ = ["PlayCog", "suggested_amounts"]

AMOUNT = app_commands.Range[int, 1, 10**12]


def suggested_amounts(bot: HoldemBot, guild_id: int, channel_id: int, user_id: int) -> list[int]:
    """Minimum raise, half pot, pot and all-in, within what the player may raise to."""
    try:
        _, hand, members = bot.service.hand_of(guild_id, channel_id)
    except LookupError:
        return []
    if hand is None or hand.to_act is None or members[hand.to_act] != user_id:
        return []
    legal = hand.legal_actions()
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return []
    low, high = legal.min_raise_to, legal.max_raise_to
    pot = hand.pot_total + legal.to_call
    candidates = [low, legal.current_bet + pot // 2, legal.current_bet + pot, high]
    return sorted({c for c in candidates if low <= c <= high})


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: HoldemBot) -> None:
        self.bot = bot

    async def _amounts(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        lang = resolve_locale(interaction.locale)
        amounts = suggested_amounts(
            self.bot, interaction.guild_id, interaction.channel_id, interaction.user.id
        )
        typed = current.strip()
        return [
            app_commands.Choice(
                name=t(lang, "action.raise", amount=format_number(lang, a)), value=a
            )
            for a in amounts
            if not typed or str(a).startswith(typed)
        ][:25]

    @app_commands.command(name="fold", description=cmd_str("cmd.fold.description"))
    @app_commands.guild_only()
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.dealer.act(interaction, ActionKind.FOLD)

    @app_commands.command(name="check", description=cmd_str("cmd.check.description"))
    @app_commands.guild_only()
    async def check(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.dealer.act(interaction, ActionKind.CHECK)

    @app_commands.command(name="call", description=cmd_str("cmd.call.description"))
    @app_commands.guild_only()
    async def call(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.dealer.act(interaction, ActionKind.CALL)

    @app_commands.command(name="bet", description=cmd_str("cmd.bet.description"))
    @app_commands.describe(amount=cmd_str("cmd.option.amount.description"))
    @app_commands.guild_only()
    async def bet(self, interaction: discord.Interaction[Any], amount: AMOUNT) -> None:
        await self.bot.dealer.act(interaction, ActionKind.BET, amount)

    @app_commands.command(name="raise", description=cmd_str("cmd.raise.description"))
    @app_commands.describe(amount=cmd_str("cmd.option.amount.description"))
    @app_commands.guild_only()
    async def raise_(self, interaction: discord.Interaction[Any], amount: AMOUNT) -> None:
        await self.bot.dealer.act(interaction, ActionKind.RAISE, amount)

    @app_commands.command(name="allin", description=cmd_str("cmd.allin.description"))
    @app_commands.guild_only()
    async def allin(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.dealer.act(interaction, ActionKind.ALL_IN)

    @bet.autocomplete("amount")
    async def _bet_amounts(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._amounts(interaction, current)

    @raise_.autocomplete("amount")
    async def _raise_amounts(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._amounts(interaction, current)
