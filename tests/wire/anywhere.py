"""The stand-in's tables outside servers: a user-installed app in group DMs and DMs.

A member can install the app for themselves (integration type 1, :attr:`Person.installed`);
its commands then work in DMs and group DMs the bot is not in (interaction context 2), as
Discord documents (discord/discord-api-docs, "Application Commands" and "Receiving and
Responding"):

- a command is offered only where its ``contexts`` and ``integration_types`` allow it, and in a
  DM or group DM only to a member who installed the app (:func:`offered`); the other members
  may press its buttons and submit its forms;
- the interaction carries ``context`` 2, no ``guild_id``, no ``member`` (a ``user``), a partial
  ``channel`` (type 1 DM, 3 group DM), ``app_permissions`` for what an answer may carry
  (:data:`USER_INSTALL_PERMISSIONS`) and ``authorizing_integration_owners`` ``{"1": user}``:
  the installer of a command, and for a button or a form the owner of the interaction whose
  message it was on (:func:`owners_of`);
- such an interaction (only the user install authorized it) sends at most
  :data:`FOLLOWUP_LIMIT` follow-ups; the next is refused with 40094 (edits are not follow-ups);
- the bot's own REST calls to such a channel (post, edit, read) fail with 403, 50001 Missing
  Access; opening a DM with a member who shares no server with the bot fails with 50278.

:class:`GroupDM` is such a channel; :meth:`~tests.wire.members.Member.at` plays in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import payloads
from .channels import Channel
from .payloads import Person

__all__ = [
    "FOLLOWUP_LIMIT",
    "GROUP_DM",
    "PRIVATE_CONTEXT",
    "USER_INSTALL",
    "USER_INSTALL_PERMISSIONS",
    "GroupDM",
    "Unoffered",
    "offered",
    "owners_of",
    "partial_channel",
]

GROUP_DM = 3
USER_INSTALL = 1
"""Integration type 1: installed by a member for themselves (0: installed in a server)."""
PRIVATE_CONTEXT = 2
"""Interaction context 2: a DM or group DM other than the bot's own DM (0 server, 1 bot DM)."""
FOLLOWUP_LIMIT = 5
"""Follow-up messages one interaction authorized only by a user install may send."""
USER_INSTALL_PERMISSIONS = str(1 << 14 | 1 << 15 | 1 << 17 | 1 << 18)
"""What an answer may carry where only a user installed the app: embed links, attach files,
mention everyone, external emoji; the bot itself has no access to the channel."""


class Unoffered(AssertionError):
    """Discord does not offer the command there (its client would not show it)."""


@dataclass(kw_only=True)
class GroupDM(Channel):
    """A group DM (type 3) or a DM between two members (type 1) the bot is not in."""

    recipients: list[int] = field(default_factory=list)
    kind: int = GROUP_DM
    name: str = "poker night"


def partial_channel(channel: GroupDM) -> dict[str, Any]:
    """The interaction's ``channel``: Discord's partial channel."""
    data: dict[str, Any] = {"id": str(channel.id), "type": channel.kind}
    if channel.kind == GROUP_DM:
        data["name"] = channel.name
    return data


def offered(command: dict[str, Any], person: Person) -> None:
    """Raise :class:`Unoffered` unless Discord's client offers the global ``command`` to
    ``person`` in a group DM: its contexts take 2, its integration types take 1, and the
    member installed the app."""
    name, contexts = command["name"], command.get("contexts")
    if contexts is None:  # Discord's default: every context, unless DMs were turned off
        contexts = [0] if command.get("dm_permission") is False else [0, 1, 2]
    if PRIVATE_CONTEXT not in contexts:
        raise Unoffered(f"/{name} is not offered outside servers: contexts {contexts}")
    installs = command.get("integration_types") or [0]  # default: the app's, a server install
    if USER_INSTALL not in installs:
        raise Unoffered(f"/{name} has no user install: integration types {installs}")
    if not person.installed:
        raise Unoffered(f"{person.name} did not install the app: no /{name} for them here")


def owners_of(person: Person, source: dict[str, str] | None) -> dict[str, str]:
    """``authorizing_integration_owners``: the source message's interaction's owners for a
    button or a form (``source``), else the member's own install."""
    return dict(source) if source else {str(USER_INSTALL): str(person.id)}


def interaction_fields(
    *, person: Person, channel: GroupDM, owners: dict[str, str]
) -> dict[str, Any]:
    """What an interaction in ``channel`` carries instead of a server's fields."""
    return {
        "user": payloads.user(person),
        "channel_id": str(channel.id),
        "channel": partial_channel(channel),
        "locale": person.locale,
        "app_permissions": USER_INSTALL_PERMISSIONS,
        "authorizing_integration_owners": owners,
        "context": PRIVATE_CONTEXT,
    }
