"""``/holdem settings``: a member's own settings on a server, set and shown privately.

Two switches, each an optional on/off option of the one command, so a member sees all of
their settings in the same answer whether they changed one or none:

- ``four_colour``: the member's own pictures (their cards panel, direct messages and
  ``/holdem replay``) draw each suit in its own colour;
- ``coach``: the learning mode (pot odds, outs and equity in their cards panel on their
  turn, :mod:`bot.discord.table.hole_cards`). A server whose house rules forbid it (``coach`` off,
  set with ``/holdem-admin``) refuses it (:class:`bot.guilds.service.CoachForbidden`) with a clear
  message, and nothing changes, the other switch given with it included.

Direct messages keep their own command (``/holdem dm``), which must first reach the member's
inbox. :func:`add_to` is the one line in the bot's ``setup_hook``, after the tables cog,
which owns the ``/holdem`` group.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.group import ON_OFF
from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.places import guild_of
from bot.discord.translator import cmd_str
from bot.guilds.service import CoachForbidden
from bot.i18n import Lang, t
from bot.store.records import MemberSettings

__all__ = ["add_to", "settings_text"]


def settings_text(lang: Lang, settings: MemberSettings, *, coach_allowed: bool) -> list[str]:
    """The member's settings, one line each."""
    four = "settings.four_colour.on" if settings.four_colour else "settings.four_colour.off"
    if not coach_allowed:
        coach = "settings.coach.forbidden"
    else:
        coach = "settings.coach.on" if settings.coach else "settings.coach.off"
    return [f"**{t(lang, 'settings.title')}**", t(lang, four), t(lang, coach)]


def _switch(value: str | None) -> bool | None:
    return None if value is None else value == "on"


async def settings(
    interaction: discord.Interaction[Any], four_colour: str | None, coach: str | None
) -> None:
    """Change the switches given, then show them all (nothing given: just show them)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, member = guild_of(interaction), interaction.user.id
    allowed = await ctx.guilds.coach_allowed(guild_id)
    if four_colour is None and coach is None:
        current = await ctx.guilds.member_settings(guild_id, member)
        lines = [*settings_text(lang, current, coach_allowed=allowed), t(lang, "settings.hint")]
        await reply_private(interaction, "\n".join(lines))
        return
    try:
        current = await ctx.guilds.set_member_settings(
            guild_id, member, four_colour=_switch(four_colour), coach=_switch(coach)
        )
    except CoachForbidden:
        current = await ctx.guilds.member_settings(guild_id, member)
        lines = settings_text(lang, current, coach_allowed=False)
        await reply_private(interaction, "\n".join([t(lang, "coach.forbidden"), *lines]))
        return
    await reply_private(interaction, "\n".join(settings_text(lang, current, coach_allowed=allowed)))


def add_to(group: app_commands.Group) -> None:
    """Add ``/holdem settings`` to the group."""

    @app_commands.command(name="settings", description=cmd_str("cmd.holdem.settings.description"))
    @app_commands.describe(
        four_colour=cmd_str("cmd.option.four_colour.description"),
        coach=cmd_str("cmd.option.coach.description"),
    )
    @app_commands.choices(four_colour=ON_OFF, coach=ON_OFF)
    async def command(
        interaction: discord.Interaction[Any],
        four_colour: str | None = None,
        coach: str | None = None,
    ) -> None:
        await settings(interaction, four_colour, coach)

    group.add_command(command)
