"""``/holdem tournament create`` with ``every``: the first event of a series, and the series
that makes the next ones (:class:`~bot.seasons.series.Series`, the context's ``series``);
``/holdem series list``, ``stop`` and ``zone`` (the server's time zone, which its series keep).

The create command checks the options and builds the event as for any tournament, then
hands it here; the answer is private, in the member's language. The time zone is a server
setting (the ``time_zone`` key of its stored rules, UTC until set): the create command holds
all the 25 options Discord allows a command.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.options import CheckedGroup
from bot.discord.commands.seats import is_admin
from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.translator import cmd_str
from bot.i18n import t
from bot.present.refusals import error_text
from bot.seasons.series import EVERY, zone
from engine.tournament import EventConfig

__all__ = ["EVERY_CHOICES", "FIRST_START_MINUTES", "add_to", "start_series"]

EVERY_CHOICES = [
    app_commands.Choice(name=cmd_str(f"series.every.{every}"), value=every) for every in EVERY
]
FIRST_START_MINUTES = 60
"""When the first event of a series starts unless ``start_in`` says otherwise."""


async def server_zone(store: Any, guild_id: int) -> str:
    """The server's time zone for its series (UTC until an admin sets one)."""
    stored = await store.get_guild_rules(guild_id) or {}
    value = stored.get("time_zone")
    return value if isinstance(value, str) and value else "UTC"


async def start_series(
    interaction: discord.Interaction[Any],
    *,
    name: str,
    every: str,
    start_in: int | None,
    config: EventConfig,
    settings: dict[str, Any],
    computers: list[tuple[str, str]],
) -> None:
    """Start the series (its first event in ``start_in`` minutes) and answer."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    series = ctx.series
    assert series is not None and interaction.guild_id is not None
    time_zone = await server_zone(series.store, interaction.guild_id)
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


async def list_series(interaction: discord.Interaction[Any]) -> None:
    """The server's running series, privately."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert ctx.series is not None and interaction.guild_id is not None
    running = [
        s for s in await ctx.series.store.series.active() if s.guild_id == interaction.guild_id
    ]
    lines = [
        t(lang, "series.line", number=s.series_id, name=s.name,
          every=t(lang, f"series.every.{s.every}"), zone=s.time_zone, channel=f"<#{s.channel_id}>")
        for s in running
    ]  # fmt: skip
    await reply_private(interaction, "\n".join(lines) or t(lang, "series.none"))


async def set_zone(interaction: discord.Interaction[Any], name: str) -> None:
    """The server's time zone for its series (Manage Server): the series started from then
    on keep it (a running one keeps the zone it started with)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not is_admin(interaction):
        await reply_private(interaction, t(lang, "league.admins_only"))
        return
    try:
        zone(name)
    except ValueError:
        await reply_private(interaction, t(lang, "series.bad_zone", zone=name[:40]))
        return
    assert ctx.series is not None and interaction.guild_id is not None
    await ctx.series.store.update_guild_rules(
        interaction.guild_id, {"time_zone": name.strip()}, ctx.clock()
    )
    await reply_private(interaction, t(lang, "series.zone_set", zone=name.strip()))


async def stop_series(interaction: discord.Interaction[Any], number: int) -> None:
    """No more events in the series (Manage Server); the open one stays as it is."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not is_admin(interaction):
        await reply_private(interaction, t(lang, "league.admins_only"))
        return
    assert ctx.series is not None and interaction.guild_id is not None
    stopped = await ctx.series.store.series.stop(number, guild_id=interaction.guild_id)
    key = "series.stopped" if stopped else "series.no_such"
    await reply_private(interaction, t(lang, key, number=number))


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem series list`` and ``/holdem series stop`` to the group."""
    group = CheckedGroup(name="series", description=cmd_str("cmd.holdem.series.description"))

    @group.command(name="list", description=cmd_str("cmd.holdem.series.list.description"))
    async def list_command(interaction: discord.Interaction[Any]) -> None:
        await list_series(interaction)

    @group.command(name="stop", description=cmd_str("cmd.holdem.series.stop.description"))
    @app_commands.describe(series=cmd_str("cmd.option.series_number.description"))
    async def stop_command(
        interaction: discord.Interaction[Any], series: app_commands.Range[int, 1, 2**53 - 1]
    ) -> None:
        await stop_series(interaction, series)

    @group.command(name="zone", description=cmd_str("cmd.holdem.series.zone.description"))
    @app_commands.describe(zone=cmd_str("cmd.option.series_zone.description"))
    async def zone_command(
        interaction: discord.Interaction[Any], zone: app_commands.Range[str, 1, 60]
    ) -> None:
        await set_zone(interaction, zone)

    holdem.add_command(group)
