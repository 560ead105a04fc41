"""``/holdem fair``: checks a finished hand's deck against the commitment the table showed at
its deal, privately, and attaches the hand's history so the member can check it again
offline with ``python -m engine.fair verify FILE``. During a hand (without a number: the
hand in progress at this channel's table) it gives that hand's full commitment, which the
hand message's footer shortens; the salt and the deck stay secret until the hand ends.
:func:`add_to` is the one line in the bot's ``setup_hook``.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.places import guild_of, table_here
from bot.discord.translator import cmd_str
from bot.i18n import t
from bot.i18n.television import fair_check_line
from bot.tables.errors import NoHand, NoTable

__all__ = ["add_to", "fair"]


@app_commands.command(name="fair", description=cmd_str("tv.cmd.fair.description"))
@app_commands.describe(hand=cmd_str("tv.cmd.option.fair_hand.description"))
async def fair(
    interaction: discord.Interaction[Any], hand: app_commands.Range[int, 1] | None = None
) -> None:
    """The check of a finished hand's deck, with its history attached; a hand in progress's
    full commitment (private)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if hand is None:
        hand = _hand_here(interaction)
        if hand is None:
            await reply_private(interaction, t(lang, "tv.fair.which"))
            return
    try:
        report = await ctx.service.hands.fair_report(guild_of(interaction), hand)
    except NoHand:
        await reply_private(interaction, t(lang, "tv.fair.no_hand", number=hand))
        return
    if report.in_progress:
        text = t(lang, "tv.fair.live", number=hand, digest=report.commitment)
        await reply_private(interaction, text)
        return
    lines = [fair_check_line(lang, hand, report.commitment, report.error)]
    if report.salt and report.deck:
        lines.append(t(lang, "tv.fair.reveal", salt=report.salt, deck=report.deck))
    file = discord.File(io.BytesIO(report.phh.encode()), f"hand-{hand}.phh")
    await interaction.response.send_message("\n".join(lines)[:2000], file=file, ephemeral=True)


def _hand_here(interaction: discord.Interaction[Any]) -> int | None:
    """The hand in progress at this channel's table, if there is one."""
    if interaction.channel_id is None:
        return None
    try:
        return context_of(interaction).service.tables.state(table_here(interaction)).hand_id
    except NoTable:
        return None


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem fair``."""
    holdem.add_command(fair)
