"""Publishing the slash commands only when they changed.

Discord shows a bot's slash commands only after the bot has published ("synced") them, and
rate-limits doing so, so publishing at every start is wasteful and never publishing leaves a
new admin with a bot that has no commands. :func:`sync_commands` runs at each start: it builds
the exact payload ``CommandTree.sync`` would send (translations included) for each scope (the
global commands, and a copy in ``HOLDEM_DEV_GUILD`` if set), hashes it, and publishes a scope
only when its hash differs from the one recorded in the database after its last publication.

A failure to publish at start (Discord down, a dev guild that did not authorise the
``applications.commands`` scope) is logged and not recorded, so the next start tries again; it
never stops the bot. ``python -m bot --sync`` prints what went where.

Where the Activity is on, the global commands carry its entry point too (``PRIMARY_ENTRY_POINT``,
type 4: what the app launcher shows), with handler 2 (``DISCORD_LAUNCH_ACTIVITY``: Discord opens
the Activity itself, without asking the bot). Discord makes one named "Launch" when Activities are
enabled in the portal, and publishing is a bulk overwrite of every type of command, so a list
without it would remove it: it is declared in the same list (an app may have one, global only).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.discord.commands.launch import activity_ready
from bot.discord.translator import discord_lang
from bot.i18n import t
from bot.store.records import CommandSync
from bot.store.store import Store

__all__ = [
    "GLOBAL",
    "Published",
    "command_payload",
    "entry_point",
    "payload_hash",
    "scope_of",
    "sync_commands",
]

log = logging.getLogger("holdem.sync")

GLOBAL = "global"


@dataclass(frozen=True, kw_only=True, slots=True)
class Published:
    """One scope's commands after :func:`sync_commands`: ``changed`` if they were published
    just now, ``error`` (one line) if publishing failed."""

    scope: str
    commands: int
    changed: bool
    error: str | None = None


def scope_of(guild: int | None) -> str:
    """``global``, or ``guild:<id>`` for one server's copy."""
    return GLOBAL if guild is None else f"guild:{guild}"


async def command_payload(
    tree: discord.app_commands.CommandTree[Any], guild: int | None
) -> list[dict[str, Any]]:
    """The JSON ``tree.sync(guild=...)`` sends, built the same way (with its translator)."""
    target = None if guild is None else discord.Object(guild)
    found = tree.get_commands(guild=target)  # every type, as sync() publishes
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in found]
    return [await command.get_translated_payload(tree, translator) for command in found]


def entry_point() -> dict[str, Any]:
    """The Activity's entry point command, as Discord's Application Commands documentation
    gives one: type 4, handler 2, offered in servers to a server install (the Activity's
    sessions belong to a server), its description in each catalogue's language.

    >>> entry = entry_point()
    >>> entry["type"], entry["handler"], entry["contexts"], "options" in entry
    (4, 2, [0], False)
    """
    key = "cmd.launch.description"
    localized = {
        locale.value: t(lang, key)
        for locale in discord.Locale
        if (lang := discord_lang(locale)) is not None and lang != "en"
    }
    return {
        "name": "launch",
        "description": t("en", key),
        "description_localizations": localized,
        "type": 4,
        "handler": 2,
        "integration_types": [0],
        "contexts": [0],
    }


def payload_hash(payload: Sequence[dict[str, Any]]) -> str:
    """A stable hash of a payload: the same commands give the same hash in any process.

    >>> payload_hash([{"name": "a", "x": 1}]) == payload_hash([{"x": 1, "name": "a"}])
    True
    """
    text = json.dumps(list(payload), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


async def sync_commands(
    bot: commands.Bot,
    store: Store,
    *,
    dev_guild: int | None = None,
    force: bool = False,
    clock: Callable[[], float] = time.time,
    learn: Callable[[Sequence[discord.app_commands.AppCommand]], None] | None = None,
    launcher: bool | None = None,
) -> list[Published]:
    """Publish each scope whose commands changed since they were last published (every
    scope with ``force``); record what was published. Call it once the cogs are added and
    the translator is set (``setup_hook``); ``dev_guild`` also gets a copy of the global
    commands, which shows at once there. ``learn`` is handed the global commands Discord
    answered with, ids included, when they are published. ``launcher``: whether the global
    commands carry the Activity's entry point (by default, where the Activity is on)."""
    if launcher is None:
        launcher = activity_ready()
    if dev_guild is not None:
        bot.tree.copy_global_to(guild=discord.Object(dev_guild))
    known = {sync.scope: sync.payload_hash for sync in await store.command_syncs()}
    results = []
    for guild in (None,) if dev_guild is None else (None, dev_guild):
        scope = scope_of(guild)
        payload = await command_payload(bot.tree, guild)
        if launcher and guild is None:
            payload.append(entry_point())
        digest = payload_hash(payload)
        if not force and known.get(scope) == digest:
            log.info("commands unchanged", extra={"scope": scope, "commands": len(payload)})
            results.append(Published(scope=scope, commands=len(payload), changed=False))
            continue
        try:
            if launcher and guild is None:
                published = await _publish_global(bot, payload)
            else:
                target = None if guild is None else discord.Object(guild)
                published = await bot.tree.sync(guild=target)
        except discord.HTTPException as error:
            reason = f"Discord answered {error.status}: {error.text or error}"
            log.warning("commands not published", extra={"scope": scope, "error": reason})
            results.append(
                Published(scope=scope, commands=len(payload), changed=False, error=reason)
            )
            continue
        if guild is None and learn is not None:
            learn(published)
        await store.record_command_sync(
            CommandSync(scope=scope, payload_hash=digest, commands=len(payload), synced_at=clock())
        )
        log.info("commands published", extra={"scope": scope, "commands": len(payload)})
        results.append(Published(scope=scope, commands=len(payload), changed=True))
    return results


async def _publish_global(
    bot: commands.Bot, payload: list[dict[str, Any]]
) -> list[discord.app_commands.AppCommand]:
    """Publish the global commands with the entry point, which discord.py's tree cannot hold,
    in one bulk overwrite; Discord's answer as the tree's ``sync`` gives it."""
    if bot.application_id is None:
        raise discord.app_commands.MissingApplicationID
    answered = await bot.http.bulk_upsert_global_commands(bot.application_id, payload)
    state = bot.tree._state  # the connection tree.sync builds its answer with
    return [
        discord.app_commands.AppCommand(data=item, state=state)
        for item in answered
        if int(item.get("type") or 1) != 4  # discord.py types no type 4
    ]
