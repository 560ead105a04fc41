"""The invite link: the two scopes and only the permissions the dealer uses.

Why each permission is asked for (``REQUIRED_PERMISSIONS``):

``view_channel``
    see the channel a table is opened in (nothing else works without it).
``send_messages``
    post the table message and the hand's public announcements: an interaction's own reply
    token lasts 15 minutes, a table can run for hours, so the table lives in a normal message.
``send_messages_in_threads``
    the same when a table is opened inside a thread.
``embed_links``
    the table and showdown messages are embeds.
``attach_files``
    the table, the board and the showdown are PNG images rendered by the bot.
``read_message_history``
    find and edit its own table message again after a restart (fetching a message by id
    needs it).

Not asked for: editing its own messages needs no permission; slash commands and buttons
arrive as interactions and need only the ``applications.commands`` scope; hole cards are
shown in ephemeral replies, never in DMs. ``OPTIONAL_PERMISSIONS`` adds thread creation for
servers that want each table in its own thread.
"""

from __future__ import annotations

import discord

__all__ = ["OPTIONAL_PERMISSIONS", "REQUIRED_PERMISSIONS", "SCOPES", "invite_url"]

SCOPES: tuple[str, ...] = ("bot", "applications.commands")

REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)

OPTIONAL_PERMISSIONS = discord.Permissions(create_public_threads=True)


def invite_url(application_id: int, permissions: discord.Permissions = REQUIRED_PERMISSIONS) -> str:
    """The link a server admin opens to add the bot, with both scopes.

    >>> invite_url(123456789012345678)
    'https://discord.com/oauth2/authorize?client_id=123456789012345678&scope=bot+applications.commands&permissions=274878024704'
    """
    return discord.utils.oauth_url(application_id, permissions=permissions, scopes=SCOPES)
