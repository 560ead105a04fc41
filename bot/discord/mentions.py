"""Clickable command mentions: Discord shows ``</holdem replay:ID>`` as ``/holdem replay`` that
runs the command when clicked, ``ID`` being the id Discord gave the top-level command.

The ids are Discord's, not the bot's: :class:`CommandIds` learns them when the commands are
published (:func:`bot.discord.sync.sync_commands` hands it what Discord answered) or, when the
start published nothing because nothing changed, fetches them once when first asked, and keeps
them for the life of the process. Without them a text keeps its plain ``/holdem replay``: a
mention with a wrong id would show a broken command, so a guess is never made.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

__all__ = ["FETCH_WAIT", "RETRY_AFTER", "CommandIds", "mention_commands"]

log = logging.getLogger("holdem.bot")

FETCH_WAIT = 1.5
"""Seconds a fetch of the ids may take: the interaction waiting for them has 3 to answer."""
RETRY_AFTER = 600.0
"""Seconds before a failed fetch is tried again (each try delays the answer that asked)."""


class CommandIds:
    """The ids of the bot's global top-level commands, by name, learnt once per process."""

    def __init__(self, tree: app_commands.CommandTree[Any], clock: Callable[[], float]) -> None:
        self._tree = tree
        self._clock = clock
        self._ids: dict[str, int] = {}
        self._asked_at: float | None = None

    def learn(self, published: Iterable[app_commands.AppCommand]) -> None:
        """Keep the ids of commands Discord just answered with (a sync or a fetch)."""
        self._ids.update({command.name: command.id for command in published})

    async def mentions(self) -> dict[str, str]:
        """Each command a member can run (``holdem replay``, ``fold``) to its mention; empty
        while the ids are unknown."""
        if not self._ids:
            await self._fetch()
        found = {}
        for command in self._tree.walk_commands():
            if isinstance(command, app_commands.Group):
                continue  # only a group's subcommands can be run, so only they are mentioned
            root = command.root_parent or command
            command_id = self._ids.get(root.name)
            if command_id is not None:
                found[command.qualified_name] = f"</{command.qualified_name}:{command_id}>"
        return found

    async def _fetch(self) -> None:
        now = self._clock()
        if self._asked_at is not None and now - self._asked_at < RETRY_AFTER:
            return
        self._asked_at = now
        try:
            fetched = await asyncio.wait_for(self._tree.fetch_commands(), FETCH_WAIT)
        except (discord.DiscordException, TimeoutError) as error:
            log.warning("command ids not fetched", extra={"error": str(error) or repr(error)})
            return
        self.learn(fetched)


def mention_commands(text: str, mentions: Mapping[str, str]) -> str:
    """``text`` with each ``/command`` it names (the longest known name) as its mention.

    >>> mention_commands("/holdem stats or /fold, not /holdem", {"holdem stats": "<S>"})
    '<S> or /fold, not /holdem'
    """
    if not mentions:
        return text
    names = "|".join(re.escape(name) for name in sorted(mentions, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w</])/({names})(?![\w-])")
    return pattern.sub(lambda found: mentions[found[1]], text)
