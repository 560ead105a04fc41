"""Discord's JSON shapes, as the stand-in sends them: users, members, the guild, channels,
messages, interactions and error bodies.

Pure functions of their arguments; the field sets follow Discord's API reference (and what
discord.py 2.7.1 reads: it parses a component interaction's ``message`` to find the button,
a modal submit's ``data.components`` to fill the form's inputs).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from bot.discord.invite import REQUIRED_PERMISSIONS

__all__ = [
    "ADMIN_PERMISSIONS",
    "BOT_PERMISSIONS",
    "EVERYONE_PERMISSIONS",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "Person",
    "bot_role_id",
    "command_interaction",
    "component_interaction",
    "dm_channel",
    "error_body",
    "guild",
    "member",
    "modal_interaction",
    "snowflake",
    "text_channel",
    "thread_channel",
    "thread_member",
    "user",
]

EVERYONE_PERMISSIONS = "2248473465835073"  # view, send, embed, attach, history, use commands …
ADMIN_PERMISSIONS = str(int(EVERYONE_PERMISSIONS) | 1 << 5)  # … and Manage Server
BOT_PERMISSIONS = str(int(EVERYONE_PERMISSIONS) | REQUIRED_PERMISSIONS.value)
"""The bot's in the guild: @everyone's and its own managed role's, which Discord creates
with the permissions the invite link asked for (Manage Threads among them)."""
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
JOINED = "2026-01-01T00:00:00+00:00"
_ids = itertools.count(1_300_000_000_000_000_001)


def snowflake() -> str:
    """A fresh id, unique in this test process."""
    return str(next(_ids))


@dataclass(frozen=True, kw_only=True)
class Person:
    """A member of the stand-in guild (or the bot itself)."""

    id: int
    name: str
    admin: bool = False
    bot: bool = False
    locale: str = "en-US"
    installed: bool = False
    """Installed the app for themselves (a user install: its commands outside servers)."""
    in_server: bool = True
    """Shares the stand-in's server with the bot (else the bot cannot open a DM with them)."""

    @property
    def display_name(self) -> str:
        """What Discord shows: the global name (none for the bot, which shows its username)."""
        return self.name if self.bot else self.name.capitalize()


def user(person: Person) -> dict[str, Any]:
    return {
        "id": str(person.id),
        "username": person.name,
        "discriminator": "0",
        "global_name": None if person.bot else person.display_name,
        "avatar": None,
        "bot": person.bot,
        "flags": 0,
    }


def member(person: Person) -> dict[str, Any]:
    return {
        "user": user(person),
        "roles": [],
        "joined_at": JOINED,
        "deaf": False,
        "mute": False,
        "flags": 0,
    }


def _interaction_member(person: Person) -> dict[str, Any]:
    permissions = ADMIN_PERMISSIONS if person.admin else EVERYONE_PERMISSIONS
    return {**member(person), "permissions": permissions}


def text_channel(channel_id: int, guild_id: int, name: str = "poker") -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "guild_id": str(guild_id),
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "rate_limit_per_user": 0,
    }


def thread_channel(
    thread_id: int,
    guild_id: int,
    *,
    parent_id: int,
    name: str,
    owner_id: int,
    kind: int = PUBLIC_THREAD,
    archived: bool = False,
    locked: bool = False,
    auto_archive_duration: int = 1440,
    invitable: bool = True,
    member_count: int = 0,
    message_count: int = 0,
    total_message_sent: int = 0,
    archive_timestamp: str = JOINED,
    create_timestamp: str = JOINED,
    me: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A thread as Discord shows it (channel types 11 and 12): its parent, who started it,
    its counts and its ``thread_metadata``; ``me`` is the bot's own thread member, given
    when the bot is in the thread (Discord adds it to GET and THREAD_CREATE)."""
    metadata: dict[str, Any] = {
        "archived": archived,
        "auto_archive_duration": auto_archive_duration,
        "archive_timestamp": archive_timestamp,
        "locked": locked,
        "create_timestamp": create_timestamp,
    }
    if kind == PRIVATE_THREAD:
        metadata["invitable"] = invitable
    data: dict[str, Any] = {
        "id": str(thread_id),
        "type": kind,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
        "member_count": member_count,
        "message_count": message_count,
        "total_message_sent": total_message_sent,
        "thread_metadata": metadata,
    }
    if me is not None:
        data["member"] = me
    return data


def thread_member(thread_id: int, user_id: int, *, joined: str = JOINED) -> dict[str, Any]:
    """One member of a thread (Discord's thread member object)."""
    return {"id": str(thread_id), "user_id": str(user_id), "join_timestamp": joined, "flags": 0}


def dm_channel(channel_id: int, recipient: Person) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 1,
        "recipients": [user(recipient)],
        "last_message_id": None,
    }


def bot_role_id(guild_id: int) -> int:
    """The id of the bot's managed role in the guild (one a test can name)."""
    return guild_id + 1_000


def guild(
    guild_id: int,
    *,
    owner: int,
    channels: list[dict[str, Any]],
    people: list[Person],
    threads: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The GUILD_CREATE payload: one text channel per entry, every person a member, the
    active ``threads`` (Discord syncs those, not archived ones, on connect); a bot among the
    people holds its managed role with :data:`BOT_PERMISSIONS`, as an invited bot does."""
    gid = str(guild_id)
    bots = [p for p in people if p.bot]
    roles = [
        {
            "id": str(bot_role_id(guild_id)),
            "name": p.name,
            "permissions": BOT_PERMISSIONS,
            "position": 1,
            "color": 0,
            "hoist": False,
            "managed": True,
            "mentionable": False,
            "flags": 0,
            "tags": {"bot_id": str(p.id)},
        }
        for p in bots[:1]
    ]
    members = [
        {**member(p), "roles": [str(bot_role_id(guild_id))]}
        if roles and p is bots[0]
        else member(p)
        for p in people
    ]
    return {
        "id": gid,
        "name": "Stand-in Casino",
        "icon": None,
        "owner_id": str(owner),
        "unavailable": False,
        "large": False,
        "member_count": len(people),
        "joined_at": JOINED,
        "preferred_locale": "en-US",
        "features": [],
        "mfa_level": 0,
        "verification_level": 0,
        "explicit_content_filter": 0,
        "default_message_notifications": 0,
        "premium_tier": 0,
        "nsfw_level": 0,
        "system_channel_flags": 0,
        "roles": [
            {
                "id": gid,
                "name": "@everyone",
                "permissions": EVERYONE_PERMISSIONS,
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            },
            *roles,
        ],
        "channels": channels,
        "members": members,
        "emojis": [],
        "stickers": [],
        "threads": list(threads or ()),
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def _interaction(
    *,
    kind: int,
    interaction_id: str,
    token: str,
    application_id: int,
    guild_id: int | None,
    channel: dict[str, Any],
    person: Person,
    data: dict[str, Any],
    place: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An interaction in the guild's ``channel``, or outside servers: ``place`` then holds
    what it carries instead of the guild's fields (``anywhere.interaction_fields``)."""
    if place is not None:
        return {
            "id": interaction_id,
            "application_id": str(application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            **place,
        }
    gid = str(guild_id)
    return {
        "id": interaction_id,
        "application_id": str(application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "data": data,
        "guild_id": gid,
        "guild": {"id": gid, "locale": "en-US", "features": []},
        "channel_id": channel["id"],
        "channel": channel,
        "member": _interaction_member(person),
        "locale": person.locale,
        "guild_locale": "en-US",
        "app_permissions": BOT_PERMISSIONS,
        "entitlements": [],
        "authorizing_integration_owners": {"0": gid},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }


def command_interaction(
    *, command_id: str, name: str, options: list[dict[str, Any]], **common: Any
) -> dict[str, Any]:
    """A slash command (type 2); ``options`` already in Discord's nested form."""
    data: dict[str, Any] = {"id": command_id, "name": name, "type": 1, "options": options}
    if common["guild_id"] is not None:  # a guild command's (the dev guild's copy)
        data["guild_id"] = str(common["guild_id"])
    return _interaction(kind=2, data=data, **common)


def component_interaction(
    *, custom_id: str, message: dict[str, Any], **common: Any
) -> dict[str, Any]:
    """A button click (type 3) on ``message``, as Discord sends it: the whole message."""
    payload = _interaction(kind=3, data={"custom_id": custom_id, "component_type": 2}, **common)
    payload["message"] = message
    return payload


def modal_interaction(
    *, custom_id: str, values: dict[str, str], message: dict[str, Any] | None, **common: Any
) -> dict[str, Any]:
    """A form submitted (type 5): each text input's value in a row of its own; a form opened
    from a button carries that button's message, as Discord sends it."""
    rows = [
        {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
        for key, value in values.items()
    ]
    payload = _interaction(kind=5, data={"custom_id": custom_id, "components": rows}, **common)
    if message is not None:
        payload["message"] = message
    return payload


def error_body(status: int, code: int) -> dict[str, Any]:
    """Discord's JSON error body for the codes the tests inject."""
    messages = {
        10003: "Unknown Channel",
        10007: "Unknown Member",
        10008: "Unknown Message",
        10015: "Unknown Webhook",
        10062: "Unknown interaction",
        40060: "Interaction has already been acknowledged.",
        50007: "Cannot send messages to this user",
        50024: "Cannot execute action on this channel type",
        50083: "Operation cannot be performed on an archived thread",
        160004: "A thread has already been created for this message",
        160005: "Thread is locked",
        50027: "Invalid Webhook Token",
        50001: "Missing Access",
        40094: "This interaction has hit the maximum number of follow up messages",
        50278: "Cannot open a DM with a user who shares no server with the bot",
    }
    if status == 429:
        return {"message": "You are being rate limited.", "global": False}
    return {"message": messages.get(code, f"{status} (injected)"), "code": code}
