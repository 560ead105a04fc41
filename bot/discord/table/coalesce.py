"""Coalesced message edits, so a busy table stays inside Discord's rate limits.

Edits are requested by key (usually a message id); within one interval only the latest edit
per key is sent. A table that plays ten actions in a second therefore costs one edit of its
old turn message, not ten. A key may also be spaced out (``every``): its edits go out at
most once in that many seconds, the latest one when the time comes, so a message that
changes all the time (an event's stacks) costs one edit per period and never shows an older
state than the last one asked for.
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
        self._due: dict[Hashable, float] = {}
        """When each pending edit may go out (loop time); none: at the next batch."""
        self._sent_at: dict[Hashable, float] = {}
        """When a spaced-out key was last sent (kept while it may still delay the next)."""
        self._spaced: set[Hashable] = set()
        """The pending keys that are spaced out."""
        self._longest = 0.0
        self._task: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self.sent = 0

    def request(self, key: Hashable, edit: Edit, *, every: float = 0.0) -> None:
        """Schedule ``edit``; a later request with the same key replaces it. With ``every``,
        not sooner than that many seconds after this key's last edit went out (directly,
        see :meth:`cancel`, or from here); a pending edit keeps the earlier of the two times."""
        now = asyncio.get_running_loop().time()
        due = now
        if every > 0:
            due = self._sent_at.get(key, now - every) + every
            self._spaced.add(key)
            self._longest = max(self._longest, every)
        self._pending[key] = edit
        self._due[key] = min(due, self._due.get(key, due))
        self._woken.set()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._flush())

    def cancel(self, key: Hashable, *, sent: bool = False) -> None:
        """Forget the edit pending for ``key`` (a newer version was sent directly; ``sent``:
        count it as this key's last edit, so a spaced-out key waits from it)."""
        self._pending.pop(key, None)
        self._due.pop(key, None)
        self._spaced.discard(key)
        if sent:
            self._sent_at[key] = asyncio.get_running_loop().time()

    async def _flush(self) -> None:
        # Requests that arrive while a batch is being sent go out in the next batch: the
        # task is still running then, so ``request`` does not start another one.
        loop = asyncio.get_running_loop()
        while self._pending:
            await asyncio.sleep(self.interval)
            now = loop.time()
            ready = [key for key in self._pending if self._due.get(key, now) <= now]
            if not ready:  # cancelled meanwhile, or spaced-out keys not due yet
                if not self._due:
                    continue
                self._woken.clear()
                wait = min(self._due.values()) - now - self.interval
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._woken.wait(), max(0.0, wait))
                continue
            self._forget(now)
            for key in ready:
                edit = self._pending.pop(key, None)
                self._due.pop(key, None)
                if edit is None:  # cancelled while the batch was being sent
                    continue
                if key in self._spaced:
                    self._spaced.discard(key)
                    self._sent_at[key] = loop.time()
                try:
                    await edit()
                    self.sent += 1
                except discord.HTTPException as error:
                    log.info("a coalesced edit failed: %s", error)
                except Exception:
                    # One broken edit must not drop the others queued behind it.
                    log.exception("a coalesced edit raised")

    def _forget(self, now: float) -> None:
        """Drop the send times that can no longer delay anything."""
        if len(self._sent_at) > 64:
            self._sent_at = {k: at for k, at in self._sent_at.items() if at > now - self._longest}

    async def drain(self) -> None:
        """Send what is pending now (at shutdown)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        pending, self._pending = self._pending, {}
        self._due.clear()
        self._spaced.clear()
        for edit in pending.values():
            try:
                await edit()
            except discord.HTTPException as error:
                log.info("a coalesced edit failed at shutdown: %s", error)
            except Exception:
                log.exception("a coalesced edit raised at shutdown")
