"""``/holdem fair hand``: checks a finished hand's deck against the commitment the table
showed at its deal, privately, and attaches the hand's history so the member can check it
again offline with ``python -m engine.fair verify FILE``. :func:`add_to` is the one line in
the bot's ``setup_hook``.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.places import guild_of
from bot.discord.translator import cmd_str
from bot.i18n import t
from bot.i18n.television import fair_check_line
from bot.tables.errors import NoHand

__all__ = ["add_to", "fair"]


@app_commands.command(name="fair", description=cmd_str("tv.cmd.fair.description"))
@app_commands.describe(hand=cmd_str("tv.cmd.option.hand.description"))
async def fair(interaction: discord.Interaction[Any], hand: app_commands.Range[int, 1]) -> None:
    """The check of a finished hand's deck, with its history attached (private)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    try:
        report = await ctx.service.fair_report(guild_of(interaction), hand)
    except NoHand:
        await reply_private(interaction, t(lang, "tv.fair.no_hand", number=hand))
        return
    lines = [fair_check_line(lang, hand, report.commitment, report.error)]
    if report.salt and report.deck:
        lines.append(t(lang, "tv.fair.reveal", salt=report.salt, deck=report.deck))
    file = discord.File(io.BytesIO(report.phh.encode()), f"hand-{hand}.phh")
    await interaction.response.send_message("\n".join(lines)[:2000], file=file, ephemeral=True)


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem fair``."""
    holdem.add_command(fair)
