"""The invite link: both scopes and only the permissions the dealer uses."""

from __future__ import annotations

import sys
from urllib.parse import parse_qs, urlsplit

import discord

from bot.discord.invite import OPTIONAL_PERMISSIONS, REQUIRED_PERMISSIONS, SCOPES, invite_url


def test_invite_has_both_scopes_and_the_required_permissions() -> None:
    url = urlsplit(invite_url(123456789012345678))
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    query = parse_qs(url.query)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    assert SCOPES == ("bot", "applications.commands")
    assert discord.Permissions(int(query["permissions"][0])) == REQUIRED_PERMISSIONS


def test_required_permissions_are_exactly_the_documented_ones() -> None:
    granted = {
        "view_channel",
        "send_messages",
        "send_messages_in_threads",
        "embed_links",
        "attach_files",
        "read_message_history",
    }
    assert discord.Permissions(**dict.fromkeys(granted, True)) == REQUIRED_PERMISSIONS
    doc = sys.modules["bot.discord.invite"].__doc__ or ""
    for name in granted:
        assert f"``{name}``" in doc, f"{name} is not explained in bot/discord/invite.py"


def test_nothing_dangerous_is_asked_for() -> None:
    dangerous = discord.Permissions(
        administrator=True,
        manage_guild=True,
        manage_channels=True,
        manage_roles=True,
        manage_messages=True,
        manage_webhooks=True,
        kick_members=True,
        ban_members=True,
        mention_everyone=True,
        moderate_members=True,
    )
    assert REQUIRED_PERMISSIONS.value & dangerous.value == 0
    assert (REQUIRED_PERMISSIONS | OPTIONAL_PERMISSIONS).value & dangerous.value == 0


def test_optional_thread_permission_can_be_added() -> None:
    url = invite_url(1, REQUIRED_PERMISSIONS | OPTIONAL_PERMISSIONS)
    value = int(parse_qs(urlsplit(url).query)["permissions"][0])
    assert discord.Permissions(value).create_public_threads
