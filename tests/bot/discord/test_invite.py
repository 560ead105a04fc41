"""The invite link: both scopes and only the permissions the dealer uses."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord

from bot.discord.invite import (
    REQUIRED_PERMISSIONS,
    SCOPES,
    THREAD_PERMISSIONS,
    invite_url,
    permission_names,
)


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
        "create_public_threads",
        "manage_threads",
        "attach_files",
        "read_message_history",
        "create_events",
    }
    assert discord.Permissions(**dict.fromkeys(granted, True)) == REQUIRED_PERMISSIONS
    doc = sys.modules["bot.discord.invite"].__doc__ or ""
    for name in granted:
        assert f"``{name}``" in doc, f"{name} is not explained in bot/discord/invite.py"
    # What the docstring says is not asked for, and why, is true: the messages carry no
    # embeds, and hole cards go by direct message to a member who asks for it.
    assert "``embed_links``" not in doc and "no Embed Links" in doc
    assert "``/holdem dm on``" in doc and "never in DMs" not in doc


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


def test_the_invite_asks_for_what_a_tournament_needs_in_threads() -> None:
    """A tournament's tables play in public threads the bot opens and closes: the invite
    asks for that (no private threads), and the operators' guide shows the same link."""
    value = int(parse_qs(urlsplit(invite_url(1)).query)["permissions"][0])
    guide = (Path(__file__).parents[3] / "docs" / "operators.md").read_text("utf-8")
    shown = re.findall(r"oauth2/authorize\?client_id=APPLICATION_ID&\S*permissions=(\d+)", guide)
    assert shown == [str(value)], "docs/operators.md shows another invite link"
    granted = discord.Permissions(value)
    assert granted >= THREAD_PERMISSIONS
    assert granted.create_public_threads and granted.manage_threads
    assert granted.send_messages_in_threads and not granted.create_private_threads
    # The names --check prints, in Discord's order, every one granted and no other.
    names = permission_names()
    assert set(names) >= {"create_public_threads", "manage_threads", "send_messages_in_threads"}
    assert discord.Permissions(**dict.fromkeys(names, True)) == REQUIRED_PERMISSIONS
