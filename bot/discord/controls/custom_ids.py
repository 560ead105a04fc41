"""A table id as the controls' ``custom_id`` strings carry it, and the check that a
``custom_id`` names the table of the channel it was pressed in.

A button or form that must outlive the process names its table in its ``custom_id``, where
``:`` separates the id's own fields, so the table id's ``guild:channel`` travels as
``guild-channel``.

A ``custom_id`` arrives in the interaction as the client sent it: nothing stops a crafted
interaction in one server from naming another server's table. Every control therefore acts
only on the table of the interaction's own guild and channel (:func:`from_here`); anything
else is refused privately and changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.errors import reply_private
from bot.discord.places import guild_of
from bot.i18n import resolve_locale, t
from bot.tables.live import table_id_for

__all__ = ["from_here", "is_here", "table_id_of", "table_token"]

log = logging.getLogger("holdem.bot")


def table_token(table_id: str) -> str:
    """A table id as it sits in a ``custom_id``.

    >>> table_token("12:34")
    '12-34'
    """
    return table_id.replace(":", "-")


def table_id_of(token: str) -> str:
    """The table id a ``custom_id`` names.

    >>> table_id_of("12-34")
    '12:34'
    """
    return token.replace("-", ":")


def is_here(table_id: str, guild_id: int | None, channel_id: int | None) -> bool:
    """Whether ``table_id`` is the table of the channel ``channel_id`` of guild ``guild_id``
    (an interaction outside a guild has no table).

    >>> is_here("12:34", 12, 34), is_here("12:34", 99, 34), is_here("12:34", None, 34)
    (True, False, False)
    """
    if guild_id is None or channel_id is None:
        return False
    return table_id == table_id_for(guild_id, channel_id)


async def from_here(interaction: discord.Interaction[Any], table_id: str) -> bool:
    """Whether a control naming ``table_id`` may act for this interaction; if not, the member
    is told privately, in their language, and nothing else happens."""
    if is_here(table_id, guild_of(interaction), interaction.channel_id):
        return True
    log.warning(
        "refused a control naming another channel's table",
        extra={"guild": interaction.guild_id, "channel": interaction.channel_id,
               "table": table_id, "member": interaction.user.id},
    )  # fmt: skip
    await reply_private(interaction, t(resolve_locale(interaction.locale), "error.not_here"))
    return False
