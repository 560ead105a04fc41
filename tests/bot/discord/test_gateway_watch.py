"""The gateway watch: the heartbeat's view of discord.py's connection events."""

from __future__ import annotations

import asyncio

import discord
from discord.ext import commands

from bot.discord.gateway_watch import GatewayWatch
from bot.ops.health import Gateway


async def _settle() -> None:
    for _ in range(5):  # listeners run as tasks of their own
        await asyncio.sleep(0)


async def test_the_watch_follows_the_gateway_events() -> None:
    latency = [float("inf")]
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    watch = GatewayWatch(bot, latency=lambda: latency[0])
    async with bot:  # gives the bot its event loop, as start() does
        assert watch.state() is Gateway.STARTING
        bot.dispatch("connect")
        await _settle()
        assert watch.state() is Gateway.STARTING  # connected, not ready yet
        bot.dispatch("ready")
        await _settle()
        assert watch.state() is Gateway.UNACKNOWLEDGED and watch.changed.is_set()
        latency[0] = 0.05
        assert watch.state() is Gateway.READY
        bot.dispatch("disconnect")
        await _settle()
        assert watch.state() is Gateway.DISCONNECTED
        bot.dispatch("resumed")
        await _settle()
        assert watch.state() is Gateway.READY
    assert watch.state() is Gateway.CLOSED


async def test_a_sharded_bot_is_ready_only_with_every_shard() -> None:
    bot = commands.AutoShardedBot(
        command_prefix="!", intents=discord.Intents.default(), shard_count=2
    )
    watch = GatewayWatch(bot, latency=lambda: 0.05)
    async with bot:
        bot.dispatch("shard_ready", 0)
        await _settle()
        assert watch.state() is Gateway.STARTING
        bot.dispatch("shard_ready", 1)
        bot.dispatch("ready")
        await _settle()
        assert watch.state() is Gateway.READY
        bot.dispatch("shard_disconnect", 1)
        bot.dispatch("disconnect")
        await _settle()
        assert watch.state() is Gateway.DISCONNECTED
        bot.dispatch("shard_resumed", 1)
        bot.dispatch("resumed")
        await _settle()
        assert watch.state() is Gateway.READY
