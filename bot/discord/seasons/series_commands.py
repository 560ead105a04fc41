"""``/holdem tournament create`` with ``every``: the first event of a series, and the series
that makes the next ones (:class:`~bot.seasons.series.Series`, the context's ``series``).

The create command checks the options and builds the event as for any tournament, then
hands it here; the answer is private, in the member's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.context import context_of, remember
from bot.discord.errors import error_text, reply_private
from bot.discord.translator import cmd_str
from bot.i18n import t
from bot.seasons.series import EVERY, zone
from engine.tournament import EventConfig

__all__ = ["EVERY_CHOICES", "FIRST_START_MINUTES", "start_series"]

EVERY_CHOICES = [
    app_commands.Choice(name=cmd_str(f"series.every.{every}"), value=every) for every in EVERY
]
FIRST_START_MINUTES = 60
"""When the first event of a series starts unless ``start_in`` says otherwise."""


async def start_series(
    interaction: discord.Interaction[Any],
    *,
    name: str,
    every: str,
    time_zone: str,
    start_in: int | None,
    config: EventConfig,
    settings: dict[str, Any],
    computers: list[tuple[str, str]],
) -> None:
    """Start the series (its first event in ``start_in`` minutes) and answer."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    try:
        zone(time_zone)
    except ValueError:
        await reply_private(interaction, t(lang, "series.bad_zone", zone=time_zone[:40]))
        return
    series = ctx.series
    assert series is not None and interaction.guild_id is not None
    assert interaction.channel_id is not None
    first = ctx.clock() + 60 * (start_in if start_in is not None else FIRST_START_MINUTES)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        info = await series.start(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, name=name,
            every=every, time_zone=time_zone, first_start=first, config=config,
            settings=settings, computers=computers, created_by=interaction.user.id,
        )  # fmt: skip
    except Exception as error:
        await interaction.followup.send(error_text(lang, error), ephemeral=True)
        return
    text = t(
        lang, "series.started", name=name, number=info.event_id, when=f"<t:{int(first)}:F>",
        every=t(lang, f"series.every.{every}"), zone=time_zone.strip(),
    )  # fmt: skip
    await interaction.followup.send(text, ephemeral=True)
