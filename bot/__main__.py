"""``python -m bot``: start the dealer; ``--check`` validates the set-up offline, ``--health``
answers the container's health check, ``--sync`` publishes the slash commands now,
``--backup PATH`` copies the database of a stopped bot.

Start-up problems (no token, a rejected token, an unusable database, a missing intent) end
in one clear line, never a traceback, with the exit code the operators' guide lists. SIGTERM and
SIGINT finish the writes in flight, tell each table with a hand in progress that the dealer is
restarting, and exit; on the next start every hand resumes from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.activity.setup import extension as activity_extension
from bot.cli import (
    exit_code,
    explain_startup_error,
    health_command,
    migrate_command,
    parse_args,
    run_check_command,
)
from bot.discord.client import HoldemBot
from bot.discord.gateway_watch import GatewayWatch
from bot.discord.invite import install_url, invite_url
from bot.discord.launch import build_bot, point_at, shutdown
from bot.discord.sync import GLOBAL, sync_commands
from bot.ops.backup import BackupPolicy, backup_command, backup_loop
from bot.ops.collector import Collector
from bot.ops.health import heartbeat_loop, mark_stopped
from bot.ops.logs import setup_logging
from bot.settings import ConfigError, Settings, load_settings, read_environment
from bot.store.errors import DatabaseLocked
from bot.store.store import Store
from bot.web.beside import beside_settings, start_beside

log = logging.getLogger("holdem.bot")

BEAT_LANDS = 2.0
"""Seconds to let a heartbeat being written land before the last one, which says stopped."""


async def run(settings: Settings) -> None:
    """Run the bot until a signal or a failure; either way the heartbeat then says it has
    stopped, so ``--health`` fails at once."""
    try:
        await _run(settings)
    finally:
        mark_stopped(settings.heartbeat_path, time.time())


async def _run(settings: Settings) -> None:
    beside_settings()  # HOLDEM_WEB=1: the pages' settings are checked before anything starts
    point_at(settings)
    bot = build_bot(settings)
    if settings.application_id is not None:
        print(f"Invite Holdem Dealer: {invite_url(settings.application_id)}", flush=True)
        print(f"Install it for yourself: {install_url(settings.application_id)}", flush=True)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    watch = GatewayWatch(bot)  # before the start, so it sees every event
    async with bot:
        runner = asyncio.create_task(_serve(bot, settings))
        beat = asyncio.create_task(heartbeat_loop(settings.heartbeat_path, bot.clock, watch))
        try:
            await _until_stopped(bot, runner, stopping)
        finally:
            beat.cancel()  # and let a beat being written land, so the last one says stopped
            await asyncio.wait({beat}, timeout=BEAT_LANDS)


async def _until_stopped(
    bot: HoldemBot, runner: asyncio.Task[None], stopping: asyncio.Event
) -> None:
    """Serve until a signal (then shut down in order) or until the bot ends by itself."""
    stopper = asyncio.create_task(stopping.wait())
    done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
    if stopper in done:
        log.info("stopping on a signal")
        await shutdown(bot)
    else:
        stopper.cancel()
    if not runner.done():
        await bot.close()
        await asyncio.wait({runner})
    if runner.cancelled() or runner.exception() is None:
        return
    if stopper in done:
        # A signal during the login or the first connection: closing the bot ended it.
        log.info("stopped before the bot was connected", extra={"error": repr(runner.exception())})
        return
    runner.result()


async def _serve(bot: HoldemBot, settings: Settings) -> None:
    """Log in (``setup_hook`` opens the store, restores the tables and publishes changed
    commands), start the scheduled backups and the cycle collector's steps, then connect to
    the gateway."""
    await bot.login(settings.token)
    # HOLDEM_WEB=1: the web companion; HOLDEM_ACTIVITY=1: the Activity beside it
    web = beside_settings()
    activity = (
        activity_extension(
            bot.service, bot.store, token=settings.token, delay=web.delay, clock=bot.clock
        )
        if web is not None
        else None
    )
    pages = await start_beside(bot.store, clock=bot.clock, extend=activity)
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
    # The tables are resumed: freeze what start-up made, then collect cycles in small steps
    # (a full collection at 2,000 tables stops the loop for 150-250 ms; bot/ops/collector.py).
    collector = Collector()
    collector.settle()
    collecting = asyncio.create_task(collector.run())
    try:
        await bot.connect()
    finally:
        collecting.cancel()
        if backups is not None:
            backups.cancel()
        if pages is not None:
            await pages.cleanup()


async def publish(settings: Settings) -> int:
    """``--sync``: publish the commands now (REST only, no gateway), say what went where.

    The bot is built on a throwaway in-memory database with its commands only (no start-up
    of tables), so this works beside a running bot (which holds ``HOLDEM_DB``) and never
    touches its tables; when ``HOLDEM_DB`` is free, what was published is recorded there so
    the next start does not publish it again.
    """
    point_at(settings)
    bot = build_bot(dataclasses.replace(settings, db_path=":memory:"), only_commands=True)
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


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # The pictures read HOLDEM_FONT_DIRS from the process's environment; .env may set it too.
    fonts = read_environment().get("HOLDEM_FONT_DIRS")
    if fonts is not None:
        os.environ["HOLDEM_FONT_DIRS"] = fonts
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
