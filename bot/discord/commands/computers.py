"""``/holdem computer add|remove``: seating and unseating computer players, and playing them.

The table's host or a member with Manage Server decides. Seating the first computer player
turns the table into a practice table (see
:meth:`bot.tables.computer_commands.ComputerCommands.add_computer`), and the answer, posted in
the channel, says what that means for everyone's chips. The computers' turns are played by
:class:`bot.tables.computers.ComputerPlayers`, subscribed to the service's tables.
:func:`add_to` is the one line in the bot's ``setup_hook`` (after the tables cog,
which owns the ``/holdem`` group).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.computers import Level
from bot.discord.commands.options import CheckedGroup
from bot.discord.commands.seats import is_admin
from bot.discord.context import Context, context_of, remember, split_table_id
from bot.discord.errors import reply_private
from bot.discord.places import guild_of
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.present.refusals import error_text
from bot.tables.computers import ComputerPlayers, computer_level, is_computer
from bot.tables.service import TableService, table_id_for

__all__ = ["LEVEL_CHOICES", "add", "add_to", "remove"]

LEVEL_CHOICES = [
    app_commands.Choice(name=cmd_str(f"cmd.choice.level.{level.value}"), value=level.value)
    for level in Level
]


def _here(interaction: discord.Interaction[Any]) -> str:
    assert interaction.channel_id is not None
    return table_id_for(guild_of(interaction), interaction.channel_id)


async def _may_lead(ctx: Context, interaction: discord.Interaction[Any], lang: Lang) -> bool:
    """A table is here and the member leads it (host or Manage Server); if not, they are told."""
    table_id = _here(interaction)
    if (missing := await ctx.service.tables.absent(table_id)) is not None:
        await reply_private(interaction, error_text(lang, missing))
        return False
    if not (
        is_admin(interaction) or ctx.service.tables.state(table_id).host == interaction.user.id
    ):
        await reply_private(interaction, t(lang, "error.host_only"))
        return False
    return True


def computer_name(lang: Lang, member: int) -> str:
    """A computer player's name at the table: "Computer 2 (hard)"."""
    level = computer_level(member)
    assert level is not None
    return t(
        lang, "practice.name", number=member % 100, level=t(lang, f"practice.level.{level.value}")
    )


async def add(interaction: discord.Interaction[Any], level: str) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await _may_lead(ctx, interaction, lang):
        return
    guild_id, channel_id = split_table_id(_here(interaction))
    public = await ctx.guild_lang(guild_id)
    try:
        outcome = await ctx.service.computers.add_computer(
            guild_id, channel_id, Level(level), name_of=lambda m: computer_name(public, m),
            request=interaction.id,
        )  # fmt: skip
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    assert outcome.actor is not None
    lines = [t(public, "practice.added", name=computer_name(public, outcome.actor))]
    if outcome.cashed_out:
        lines.append(t(public, "practice.now_practice"))
    # Privately: the lobby's seat list says it in public (a line per seat would fill the
    # channel), and every hand of a practice table says what its chips are.
    await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def remove(interaction: discord.Interaction[Any], level: str | None) -> None:
    """The computer player seated last (of ``level``, if given) leaves."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await _may_lead(ctx, interaction, lang):
        return
    table_id = _here(interaction)
    guild_id, channel_id = split_table_id(table_id)
    wanted = None if level is None else Level(level)
    seated = [
        s.member
        for s in ctx.service.tables.state(table_id).occupied()
        if is_computer(s.member) and wanted in (None, computer_level(s.member))
    ]
    if not seated:
        await reply_private(interaction, t(lang, "practice.none"))
        return
    member = seated[-1]
    try:
        await ctx.service.computers.remove_computer(
            guild_id, channel_id, member, request=interaction.id
        )
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    public = await ctx.guild_lang(guild_id)
    await interaction.response.send_message(
        t(public, "practice.removed", name=computer_name(public, member))
    )


def commands() -> app_commands.Group:
    """The ``computer`` subgroup of ``/holdem``."""
    group = CheckedGroup(name="computer", description=cmd_str("cmd.holdem.computer.description"))

    @group.command(name="add", description=cmd_str("cmd.holdem.computer.add.description"))
    @app_commands.describe(level=cmd_str("cmd.option.level.description"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_command(interaction: discord.Interaction[Any], level: str) -> None:
        await add(interaction, level)

    @group.command(name="remove", description=cmd_str("cmd.holdem.computer.remove.description"))
    @app_commands.describe(level=cmd_str("cmd.option.level.description"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def remove_command(
        interaction: discord.Interaction[Any], level: str | None = None
    ) -> None:
        await remove(interaction, level)

    return group


def add_to(holdem: app_commands.Group, service: TableService, *, pause: float) -> ComputerPlayers:
    """Add ``/holdem computer`` and start playing the computers' turns at every table of the
    service, ``pause`` seconds after each comes (close the returned object with the bot)."""
    holdem.add_command(commands())
    players = ComputerPlayers(service.hands, service.computers.view_of, pause=pause)
    service.tables.subscribe(players.receive)
    return players
