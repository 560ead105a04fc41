"""Where a command may run: in servers, and in DMs and group DMs where a member installed the
app for themselves.

Discord offers a global command where its ``integration_types`` (0: installed in a server, 1:
installed by a member for themselves) and ``contexts`` (0: a server, 1: the bot's DM, 2: any
other DM or group DM) allow it. The tables, the moves and what a member asks about their own
play are offered everywhere (:data:`ANY_INSTALL`, :data:`ANYWHERE`); a server's settings are
offered in servers only (:data:`SERVER_INSTALL`, :data:`SERVERS`), and what belongs to a server
inside an offered group (its tournaments, its leaderboard) refuses outside one with
:class:`ServerOnly`, which says why in the member's language.

Outside servers an interaction carries no guild: its table and its wallets are in the scope
:data:`~bot.guilds.wallets.OUTSIDE_SERVERS` (:func:`guild_of`), and the channel's table is
driven through interaction tokens alone (:mod:`bot.discord.table.messages`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.guilds.wallets import OUTSIDE_SERVERS
from bot.tables.service import table_id_for

__all__ = [
    "ANYWHERE",
    "ANY_INSTALL",
    "SERVERS",
    "SERVER_INSTALL",
    "ServerOnly",
    "guild_of",
    "require_server",
    "table_here",
]

ANYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
ANY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
SERVERS = app_commands.AppCommandContext(guild=True)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True)


class ServerOnly(app_commands.CheckFailure):
    """A server's command tried outside servers; answered with ``error.server_only``."""

    code = "server_only"


def guild_of(interaction: discord.Interaction[Any]) -> int:
    """The interaction's server, or the scope outside servers."""
    return OUTSIDE_SERVERS if interaction.guild_id is None else interaction.guild_id


def table_here(interaction: discord.Interaction[Any]) -> str:
    """The id of the table of the interaction's channel, in a server or outside one."""
    assert interaction.channel_id is not None
    return table_id_for(guild_of(interaction), interaction.channel_id)


def require_server(interaction: discord.Interaction[Any]) -> bool:
    """An ``app_commands.check``: the command runs in servers only (:class:`ServerOnly`)."""
    if interaction.guild_id is None:
        raise ServerOnly("this command belongs to a server")
    return True
