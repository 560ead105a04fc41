"""Coalesced message edits, so a busy table stays inside Discord's rate limits.

Edits are requested by key (usually a message id); within one interval only the latest edit
per key is sent. A table that plays ten actions in a second therefore costs one edit of its
old turn message, not ten.
"""

from __future__ import annotations

import asyncio
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

    def cancel(self, key: Hashable) -> None:
        """Forget the edit pending for ``key`` (a newer version was sent directly)."""
        self._pending.pop(key, None)

    async def _flush(self) -> None:
        # Requests that arrive while a batch is being sent go out in the next batch: the
        # task is still running then, so ``request`` does not start another one.
        while self._pending:
            await asyncio.sleep(self.interval)
            pending, self._pending = self._pending, {}
            for edit in pending.values():
                try:
                    await edit()
                    self.sent += 1
                except discord.HTTPException as error:
                    log.info("a coalesced edit failed: %s", error)
                except Exception:
                    # One broken edit must not drop the others queued behind it.
                    log.exception("a coalesced edit raised")

    async def drain(self) -> None:
        """Send what is pending now (at shutdown)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        pending, self._pending = self._pending, {}
        for edit in pending.values():
            try:
                await edit()
            except discord.HTTPException as error:
                log.info("a coalesced edit failed at shutdown: %s", error)
            except Exception:
                log.exception("a coalesced edit raised at shutdown")
