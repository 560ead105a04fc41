"""The gateway connection as the heartbeat records it, followed through discord.py's events.

:mod:`bot.ops.health` writes and reads the heartbeat without Discord; this watch is the part
that listens to the client, so it lives in the Discord layer and hands the heartbeat loop only
a :class:`~bot.ops.health.Gateway` state (it satisfies :class:`~bot.ops.health.GatewayProbe`).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.ops.health import Gateway

__all__ = ["GatewayWatch"]


class GatewayWatch:
    """Follows a bot's gateway connection through discord.py's events.

    Ready after the first ``READY`` (every shard's, for a sharded bot), down from a
    disconnect until the next ``READY`` or ``RESUMED``. ``latency`` (the bot's, by default)
    is infinite until a heartbeat on the current connection is acknowledged. ``changed`` is
    set at every event so the heartbeat loop can write the news at once.
    """

    def __init__(self, bot: commands.Bot, *, latency: Callable[[], float] | None = None) -> None:
        self._bot = bot
        self._latency = latency or (lambda: bot.latency)
        self._ready = False
        self._down: set[int | None] = set()
        self.changed = asyncio.Event()
        if isinstance(bot, discord.AutoShardedClient):
            bot.add_listener(self._shard_ready, "on_shard_ready")
            bot.add_listener(self._shard_up, "on_shard_resumed")
            bot.add_listener(self._shard_down, "on_shard_disconnect")
            bot.add_listener(self._all_ready, "on_ready")
        else:
            bot.add_listener(self._all_ready, "on_ready")
            bot.add_listener(self._up, "on_resumed")
            bot.add_listener(self._down_event, "on_disconnect")

    def state(self) -> Gateway:
        """The connection now."""
        if self._bot.is_closed():
            return Gateway.CLOSED
        if not self._ready:
            return Gateway.STARTING
        if self._down:
            return Gateway.DISCONNECTED
        if not math.isfinite(self._latency()):
            return Gateway.UNACKNOWLEDGED
        return Gateway.READY

    def _note(self) -> None:
        self.changed.set()

    async def _all_ready(self) -> None:
        self._ready = True
        self._down.discard(None)
        self._note()

    async def _up(self) -> None:
        self._down.discard(None)
        self._note()

    async def _down_event(self) -> None:
        self._down.add(None)
        self._note()

    async def _shard_ready(self, shard_id: int) -> None:
        self._down.discard(shard_id)
        self._note()

    async def _shard_up(self, shard_id: int) -> None:
        self._down.discard(shard_id)
        self._note()

    async def _shard_down(self, shard_id: int) -> None:
        self._down.add(shard_id)
        self._note()
