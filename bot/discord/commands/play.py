"""The moves: ``/fold``, ``/check``, ``/call``, ``/bet``, ``/raise`` and ``/allin``.

Each is one call to :func:`bot.discord.moves.make_move`; ``/bet`` and ``/raise`` take the total the
bet becomes this round and suggest the useful amounts (minimum raise, half pot, pot, all-in)
from the turn's legal actions while the player types.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands.options import check_options
from bot.discord.context import context_of
from bot.discord.moves import make_move
from bot.discord.places import table_here
from bot.discord.translator import cmd_str
from bot.i18n import format_number, resolve_locale, t
from engine import ActionKind

__all__ = ["PlayCog", "suggested_amounts"]

AMOUNT = app_commands.Range[int, 1, 10**12]


def suggested_amounts(interaction: discord.Interaction[Any]) -> tuple[int, ...]:
    """The amounts worth offering the member, if it is their turn here."""
    if interaction.channel_id is None:
        return ()
    ctx = context_of(interaction)
    table_id = table_here(interaction)
    if not ctx.service.tables.has_table(table_id):
        return ()
    turn = ctx.service.tables.state(table_id).turn
    if turn is None or turn.member != interaction.user.id:
        return ()
    return turn.suggested_amounts()


class PlayCog(commands.Cog, name="Play"):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Only amounts the commands declare (:mod:`bot.discord.commands.options`)."""
        return await check_options(interaction)

    async def _amounts(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        lang = resolve_locale(interaction.locale)
        typed = current.strip()
        return [
            app_commands.Choice(
                name=t(lang, "action.raise", amount=format_number(lang, amount)), value=amount
            )
            for amount in suggested_amounts(interaction)
            if not typed or str(amount).startswith(typed)
        ][:25]

    @app_commands.command(name="fold", description=cmd_str("cmd.fold.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def fold(self, interaction: discord.Interaction[Any]) -> None:
        await make_move(interaction, ActionKind.FOLD)

    @app_commands.command(name="check", description=cmd_str("cmd.check.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def check(self, interaction: discord.Interaction[Any]) -> None:
        await make_move(interaction, ActionKind.CHECK)

    @app_commands.command(name="call", description=cmd_str("cmd.call.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def call(self, interaction: discord.Interaction[Any]) -> None:
        await make_move(interaction, ActionKind.CALL)

    @app_commands.command(name="bet", description=cmd_str("cmd.bet.description"))
    @app_commands.describe(amount=cmd_str("cmd.option.amount.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def bet(self, interaction: discord.Interaction[Any], amount: AMOUNT) -> None:
        await make_move(interaction, ActionKind.BET, amount)

    @app_commands.command(name="raise", description=cmd_str("cmd.raise.description"))
    @app_commands.describe(amount=cmd_str("cmd.option.amount.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def raise_(self, interaction: discord.Interaction[Any], amount: AMOUNT) -> None:
        await make_move(interaction, ActionKind.RAISE, amount)

    @app_commands.command(name="allin", description=cmd_str("cmd.allin.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def allin(self, interaction: discord.Interaction[Any]) -> None:
        await make_move(interaction, ActionKind.ALL_IN)

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
