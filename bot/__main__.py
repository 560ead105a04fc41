"""``python -m bot``: start the dealer; ``--check`` validates the set-up offline, ``--health``
answers the container's health check, ``--sync`` publishes the slash commands now,
``--backup PATH`` copies the database of a stopped bot.

Start-up problems (no token, a rejected token, an unusable database, a missing intent) end
in one clear line, never a traceback, with the exit code the README lists. SIGTERM and SIGINT
finish the writes in flight, tell each table with a hand in progress that the dealer is
restarting, and exit; on the next start every hand resumes from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.cli import (
    exit_code,
    explain_startup_error,
    health_command,
    migrate_command,
    parse_args,
    run_check_command,
)
from bot.discord.client import HoldemBot
from bot.discord.invite import invite_url
from bot.discord.sync import GLOBAL, sync_commands
from bot.ops.backup import BackupPolicy, backup_command, backup_loop
from bot.ops.health import GatewayWatch, heartbeat_loop
from bot.ops.logs import setup_logging
from bot.settings import ConfigError, Settings, load_settings, read_environment
from bot.store.backend import is_postgres_url
from bot.store.errors import DatabaseLocked
from bot.store.store import Store
from bot.tables.leases import LeaseTerms, Shards

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


def build_bot(settings: Settings) -> HoldemBot:
    # The bot never joins a voice channel: discord.py's warnings about voice libraries
    # (PyNaCl, davey) would only puzzle the host.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    options: dict[str, Any] = {}
    cls: type[HoldemBot] = HoldemBot
    if settings.sharded:
        cls = ShardedHoldemBot
        if settings.shard_count:
            options["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
    shards = Shards(count=settings.shard_count, ids=settings.shard_ids)
    # A server database may be shared by several processes: each then leases its tables.
    seconds, shared = settings.lease_seconds, is_postgres_url(settings.db_path)
    terms = LeaseTerms(ttl=seconds, renew_every=seconds / 3) if shared else None
    return cls(
        db_path=settings.db_path, dev_guild=settings.dev_guild, shards=shards, lease_terms=terms,
        **options,
    )  # fmt: skip


async def run(settings: Settings) -> None:
    _point_at(settings)
    bot = build_bot(settings)
    if settings.application_id is not None:
        print(f"Invite Holdem Dealer: {invite_url(settings.application_id)}", flush=True)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    watch = GatewayWatch(bot)  # before the start, so it sees every event
    async with bot:
        runner = asyncio.create_task(_serve(bot, settings))
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


async def _serve(bot: HoldemBot, settings: Settings) -> None:
    """Log in (``setup_hook`` opens the store, restores the tables and publishes changed
    commands), start the scheduled backups, then connect to the gateway."""
    await bot.login(settings.token)
    backups: asyncio.Task[None] | None = None
    if settings.backup_dir and not bot.store.backs_up_itself:
        log.warning(
            "HOLDEM_BACKUP_DIR is ignored: the database is PostgreSQL, back it up with pg_dump"
        )
    elif settings.backup_dir:
        policy = BackupPolicy(
            folder=Path(settings.backup_dir), every=settings.backup_every, keep=settings.backup_keep
        )
        backups = asyncio.create_task(backup_loop(bot.store, policy, bot.clock))
    try:
        await bot.connect()
    finally:
        if backups is not None:
            backups.cancel()


async def publish(settings: Settings) -> int:
    """``--sync``: publish the commands now (REST only, no gateway), say what went where.

    The bot is built on a throwaway in-memory database, so this works beside a running bot
    (which holds ``HOLDEM_DB``) and never touches its tables; when ``HOLDEM_DB`` is free, what
    was published is recorded there so the next start does not publish it again.
    """
    _point_at(settings)
    bot = build_bot(dataclasses.replace(settings, db_path=":memory:"))
    async with bot:
        await bot.login(settings.token)
        results = await sync_commands(bot, bot.store, dev_guild=settings.dev_guild)
        records = await bot.store.command_syncs()
    published = {record.scope for record in records}
    code = 0
    for result in results:
        where = (
            "globally (Discord shows changes within an hour)"
            if result.scope == GLOBAL
            else f"to the server {result.scope.split(':', 1)[1]} (HOLDEM_DEV_GUILD: at once)"
        )
        if result.error is not None or result.scope not in published:
            print(f"error: could not publish the commands {where}: {result.error}", file=sys.stderr)
            code = 1
        else:
            print(f"published {result.commands} commands {where}")
    try:
        store = await Store.open(settings.db_path, busy_timeout=1.0)
    except DatabaseLocked:
        print(
            "HOLDEM_DB is held by the running bot, so nothing was recorded there (the bot "
            "compares its commands with its own record at every start)"
        )
        return code
    try:
        for record in records:
            await store.record_command_sync(record)
    finally:
        await store.close()
    return code


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
    if args.backup is not None:
        return asyncio.run(backup_command(args.backup, read_environment()))
    if args.migrate_to is not None:
        return asyncio.run(migrate_command(args.migrate_to, read_environment()))
    try:
        settings = load_settings()
    except ConfigError as error:
        print(explain_startup_error(error), file=sys.stderr)
        return exit_code(error)
    setup_logging(settings.log_level, secrets=[settings.token])
    try:
        if args.sync:
            return asyncio.run(publish(settings))
        asyncio.run(run(settings))
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
        return exit_code(error)
    return 0


if __name__ == "__main__":
    sys.exit(main())
