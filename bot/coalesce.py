"""Coalesced message edits, so a busy table stays inside Discord's rate limits.

Edits are requested by key (usually a message id); within one interval only the latest edit
per key is sent. A table that plays ten actions in a second therefore costs one edit of its
old turn message, not ten.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable

import discord

__all__ = ["EditCoalescer"]

log = logging.getLogger("holdem.bot")

Edit = Callable[[], Awaitable[object]]


class EditCoalescer:
    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self._pending: dict[Hashable, Edit] = {}
        self._task: asyncio.Task[None] | None = None
        self.sent = 0

    def request(self, key: Hashable, edit: Edit) -> None:
        """Schedule ``edit``; a later request with the same key replaces it."""
        self._pending[key] = edit
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        await asyncio.sleep(self.interval)
        pending, self._pending = self._pending, {}
        for edit in pending.values():
            try:
                await edit()
                self.sent += 1
            except discord.HTTPException as error:
                log.info("a coalesced edit failed: %s", error)

    async def drain(self) -> None:
        """Send what is pending now (at shutdown)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        pending, self._pending = self._pending, {}
        for edit in pending.values():
            with contextlib.suppress(discord.HTTPException):
                await edit()
