"""``python -m bot``: start the dealer; ``--check`` validates the set-up offline, ``--health``
answers the container's health check, ``--sync`` publishes the slash commands globally.

Start-up problems (no token, a rejected token, an unusable database, a missing intent) end
in one clear line, never a traceback. SIGTERM and SIGINT finish the writes in flight, tell
each table with a hand in progress that the dealer is restarting, and exit; on the next
start every hand resumes from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

from .cli import explain_startup_error, health_command, parse_args, run_check_command
from .client import HoldemBot
from .config import ConfigError, Settings, load_settings
from .health import GatewayWatch, heartbeat_loop
from .invite import invite_url
from .logging_setup import setup_logging

log = logging.getLogger("holdem.bot")


class ShardedHoldemBot(HoldemBot, commands.AutoShardedBot):
    """The same bot on discord.py's auto-sharded client (``SHARD_COUNT``)."""


def _point_at(settings: Settings) -> None:
    """Send REST calls and the gateway connection to a Discord-compatible server."""
    if settings.api_base:
        base = settings.api_base.rstrip("/")
        discord.http.Route.BASE = base if base.endswith("/v10") else base + "/v10"
    if settings.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def build_bot(settings: Settings, *, sync: bool) -> HoldemBot:
    options: dict[str, Any] = {}
    cls: type[HoldemBot] = HoldemBot
    if settings.sharded:
        cls = ShardedHoldemBot
        if settings.shard_count:
            options["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
    return cls(
        db_path=settings.db_path, dev_guild=settings.dev_guild, sync_commands=sync, **options
    )


async def run(settings: Settings, *, sync: bool) -> None:
    _point_at(settings)
    bot = build_bot(settings, sync=sync)
    if settings.application_id is not None:
        print(f"Invite Holdem Dealer: {invite_url(settings.application_id)}", flush=True)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    watch = GatewayWatch(bot)  # before the start, so it sees every event
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token))
        beat = asyncio.create_task(heartbeat_loop(settings.heartbeat_path, bot.clock, watch))
        stopper = asyncio.create_task(stopping.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        beat.cancel()
        if stopper in done:
            log.info("stopping on a signal")
            await shutdown(bot)
        else:
            stopper.cancel()
        if runner.done():
            runner.result()
        else:
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await runner


async def shutdown(bot: HoldemBot) -> None:
    """Finish the writes in flight, tell every table, then close."""
    if hasattr(bot, "service"):
        await bot.service.quiesce()
        with contextlib.suppress(discord.HTTPException):
            await bot.loops.announce("notice.restarting")
    await bot.close()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.health:
        return health_command()
    if args.check:
        return asyncio.run(run_check_command())
    try:
        settings = load_settings()
    except ConfigError as error:
        print(explain_startup_error(error), file=sys.stderr)
        return 2
    setup_logging(settings.log_level, secrets=[settings.token])
    try:
        asyncio.run(run(settings, sync=args.sync))
    except KeyboardInterrupt:
        return 0
    except Exception as error:
        message = explain_startup_error(error)
        if (
            message is None
            and settings.api_base
            and isinstance(error, (TypeError, KeyError, ValueError))
        ):
            message = (
                f"error: DISCORD_API_BASE={settings.api_base} did not answer like Discord "
                f"({type(error).__name__}: {error})"
            )
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
