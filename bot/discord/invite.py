"""The invite link: the two scopes and only the permissions the dealer uses.

Why each permission is asked for (``REQUIRED_PERMISSIONS``):

``view_channel``
    see the channel a table is opened in (nothing else works without it).
``send_messages``
    post the lobby, the hand message when no interaction carries it (a hand the table dealt
    by itself, a timeout) and the one short ping of the player to act: an interaction's own
    token lasts 15 minutes, a table can run for hours, so its messages are normal messages.
``send_messages_in_threads``
    the same when a table plays inside a thread: a table opened in a thread, and each table
    of a tournament, which plays in a thread of its own.
``create_public_threads``
    open a tournament's tables, one public thread per table under the event's channel, so
    every member can watch any table and the event message stays in the channel.
``manage_threads``
    close a tournament table's thread when the table breaks or the event ends (locking a
    thread needs it; archiving one the bot started does not), and take a player moved to
    another table out of the old table's thread (removing someone else from a public
    thread needs it). It lets the bot manage threads only, not channels or messages.
``attach_files``
    the table, the board and the showdown are PNG images rendered by the bot, shown in the
    hand message's media gallery from the message's own attachments.
``read_message_history``
    find and edit its own table message again after a restart (fetching a message by id
    needs it).
``create_events``
    give each event of a tournament series a Discord scheduled event members can mark
    Interested, and edit or delete the ones the bot made when an event moves or is
    cancelled (Discord asks Create Events for that; Manage Events, which also reaches other
    members' events, is not asked for). Without it the series still runs, without them.

Not asked for: the messages are built from Discord's layout components and carry no embeds
and no links to unfurl, so no Embed Links; editing its own messages needs no permission;
slash commands and buttons arrive as interactions and need only the
``applications.commands`` scope; hole cards are shown in ephemeral replies, and by direct
message to a member who asks for it (``/holdem dm on``), which needs no permission in a
channel; the tables' threads are public, so no private threads.
"""

from __future__ import annotations

from urllib.parse import urlencode

import discord

__all__ = [
    "REQUIRED_PERMISSIONS",
    "SCOPES",
    "THREAD_PERMISSIONS",
    "install_url",
    "invite_url",
    "permission_names",
]

SCOPES: tuple[str, ...] = ("bot", "applications.commands")

THREAD_PERMISSIONS = discord.Permissions(
    create_public_threads=True,
    send_messages_in_threads=True,
    manage_threads=True,
)
"""What a tournament needs in its channel besides a table's own permissions: its tables
play in threads the bot opens, and closes, there."""

REQUIRED_PERMISSIONS = (
    discord.Permissions(
        view_channel=True,
        send_messages=True,
        attach_files=True,
        read_message_history=True,
        create_events=True,
    )
    | THREAD_PERMISSIONS
)


def invite_url(application_id: int, permissions: discord.Permissions = REQUIRED_PERMISSIONS) -> str:
    """The link a server admin opens to add the bot, with both scopes.

    >>> invite_url(123456789012345678)
    'https://discord.com/oauth2/authorize?client_id=123456789012345678&scope=bot+applications.commands&permissions=17918603660288'
    """
    return discord.utils.oauth_url(application_id, permissions=permissions, scopes=SCOPES)


def install_url(application_id: int) -> str:
    """The link a member opens to install the app for themselves (integration type 1): its
    commands then work in their DMs and group DMs, where the bot is not a member and asks for
    no permission (everything there goes through interaction tokens). The application must
    allow "User Install" (Developer Portal, Installation).

    >>> install_url(123456789012345678)
    'https://discord.com/oauth2/authorize?client_id=123456789012345678&integration_type=1&scope=applications.commands'
    """
    query = {"client_id": application_id, "integration_type": 1, "scope": "applications.commands"}
    return f"https://discord.com/oauth2/authorize?{urlencode(query)}"


def permission_names(permissions: discord.Permissions = REQUIRED_PERMISSIONS) -> tuple[str, ...]:
    """The permissions granted, by discord.py's names (``manage_threads`` …), in Discord's
    order; the i18n catalogue names each one as ``permission.<name>``."""
    return tuple(name for name, granted in permissions if granted)
