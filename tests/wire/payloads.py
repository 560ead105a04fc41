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

__all__ = [
    "ADMIN_PERMISSIONS",
    "EVERYONE_PERMISSIONS",
    "Person",
    "command_interaction",
    "component_interaction",
    "dm_channel",
    "error_body",
    "guild",
    "member",
    "modal_interaction",
    "snowflake",
    "text_channel",
    "user",
]

EVERYONE_PERMISSIONS = "2248473465835073"  # view, send, embed, attach, history, use commands …
ADMIN_PERMISSIONS = str(int(EVERYONE_PERMISSIONS) | 1 << 5)  # … and Manage Server
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


def dm_channel(channel_id: int, recipient: Person) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 1,
        "recipients": [user(recipient)],
        "last_message_id": None,
    }


def guild(
    guild_id: int, *, owner: int, channels: list[dict[str, Any]], people: list[Person]
) -> dict[str, Any]:
    """The GUILD_CREATE payload: one text channel per entry, every person a member."""
    gid = str(guild_id)
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
            }
        ],
        "channels": channels,
        "members": [member(p) for p in people],
        "emojis": [],
        "stickers": [],
        "threads": [],
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
    guild_id: int,
    channel: dict[str, Any],
    person: Person,
    data: dict[str, Any],
) -> dict[str, Any]:
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
        "app_permissions": EVERYONE_PERMISSIONS,
        "entitlements": [],
        "authorizing_integration_owners": {"0": gid},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }


def command_interaction(
    *, command_id: str, name: str, options: list[dict[str, Any]], **common: Any
) -> dict[str, Any]:
    """A slash command (type 2); ``options`` already in Discord's nested form."""
    data = {"id": command_id, "name": name, "type": 1, "options": options}
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
        10008: "Unknown Message",
        10015: "Unknown Webhook",
        10062: "Unknown interaction",
        40060: "Interaction has already been acknowledged.",
        50007: "Cannot send messages to this user",
        50027: "Invalid Webhook Token",
    }
    if status == 429:
        return {"message": "You are being rate limited.", "global": False}
    return {"message": messages.get(code, f"{status} (injected)"), "code": code}
