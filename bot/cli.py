"""The command line of ``python -m bot``: the options, ``--check``, ``--health``, and one
clear line for each way start-up can fail.

``bot/__main__.py`` parses with :func:`parse_args`, hands ``--check`` to
:func:`run_check_command`, ``--health`` to :func:`health_command` and ``--migrate-to`` to
:func:`migrate_command`, and prints :func:`explain_startup_error` for an exception that stops
the bot, instead of a traceback. Exit codes (as the operators' guide, ``docs/operators.md``,
lists them): 0 fine, 1 a problem with the host (the database, a folder, the network),
unhealthy (``--health``) or a failed backup, 2 a problem with the settings: the environment,
or what the Developer Portal says of them (a rejected token, an
intent not enabled); :func:`exit_code` picks one for an exception that stops the bot.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from bot.activity.setup import check as activity_check
from bot.discord.invite import invite_url, permission_names
from bot.discord.launch import SETTINGS_ERRORS, explain_discord_error
from bot.ops.health import heartbeat_path, read_heartbeat, unhealthy
from bot.ops.preflight import check_database, check_folders, run_check, summary
from bot.pictures import selfcheck
from bot.settings import (
    ConfigError,
    default_heartbeat_path,
    font_dirs_problem,
    load_settings,
    load_web_settings,
    read_environment,
    web_serving,
)
from bot.store.database import is_postgres_url
from bot.store.errors import DatabaseLocked, MigrationRefused, StartupError
from bot.store.sqlite_to_postgres import migrate_to_postgres
from bot.store.store import Store, database_path

__all__ = [
    "exit_code",
    "explain_startup_error",
    "health_command",
    "migrate_command",
    "parse_args",
    "program",
    "run_check_command",
]

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_CONFIG = 2
_DATABASE_SETTINGS = ("HOLDEM_DATABASE_URL", "HOLDEM_DB")


def program(argv0: str | None = None) -> str:
    """How the member started the bot, to say it back: ``holdem-dealer`` (the command the
    install puts on the path) or ``python -m bot``.

    >>> program("/srv/venv/bin/holdem-dealer"), program("/src/bot/__main__.py")
    ('holdem-dealer', 'python -m bot')
    """
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    return "holdem-dealer" if name.startswith("holdem-dealer") else "python -m bot"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """``check``, ``sync`` and ``health`` booleans and ``backup`` (a path or ``None``); the
    modes exclude each other."""
    parser = argparse.ArgumentParser(
        prog=program(),
        description="Holdem Dealer, a Discord bot that deals Texas hold'em. Settings come from "
        "the environment, or from a file named .env in the folder it starts in, one NAME=value "
        "a line: DISCORD_TOKEN=<your bot token> is the one to set; the operators' guide "
        "(docs/operators.md, Settings) lists the rest.",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check",
        action="store_true",
        help="check the configuration and the database, print a summary and exit "
        "(does not connect to Discord)",
    )
    mode.add_argument(
        "--health",
        action="store_true",
        help="exit 0 if the running bot's heartbeat is fresh and its gateway connection ready "
        "(the container health check)",
    )
    mode.add_argument(
        "--sync",
        action="store_true",
        help="publish the slash commands now, print how many went where, and exit (the bot "
        "also does this by itself at start when its commands changed)",
    )
    mode.add_argument(
        "--backup",
        metavar="PATH",
        help="copy the database of a stopped bot to the new file PATH, or into the folder PATH "
        "under a name with the time, and exit (a running bot makes its own backups: "
        "HOLDEM_BACKUP_DIR)",
    )
    mode.add_argument(
        "--migrate-to",
        metavar="URL",
        help="copy the SQLite database HOLDEM_DB of a stopped bot into the empty PostgreSQL "
        "database URL, check it (row counts, every balance equals its ledger) and exit; then "
        "start the bot with HOLDEM_DATABASE_URL=URL",
    )
    return parser.parse_args(argv)


async def run_check_command(
    environ: Mapping[str, str] | None = None,
    *,
    out: TextIO | None = None,
    name: str | None = None,
) -> int:
    """``--check``: print every problem (configuration and database) or a summary and
    "configuration OK", naming the command to start the bot as it was started (``name``,
    else :func:`program`); return the exit code."""
    stream = sys.stdout if out is None else out
    env = read_environment() if environ is None else environ
    # Every setting the process reads, the web companion's and the fonts' too, so one run
    # lists everything there is to fix.
    settled = _other_settings(env)
    try:
        settings = load_settings(env)
    except ConfigError as error:
        problems = [*error.problems, *settled]
        db_path = database_path(env)
        if not any(line.startswith(_DATABASE_SETTINGS) for line in problems):
            problems += await check_database(db_path)
        heartbeat = env.get("HOLDEM_HEARTBEAT", "").strip() or default_heartbeat_path(db_path)
        backups = env.get("HOLDEM_BACKUP_DIR", "").strip() or None
        problems += check_folders(db_path, heartbeat=heartbeat, backups=backups)
        problems += filter(None, [selfcheck()])
        code = EXIT_CONFIG
    else:
        problems = [*settled, *await run_check(settings), *filter(None, [selfcheck()])]
        code = EXIT_CONFIG if settled else EXIT_PROBLEM
        if not problems:
            for line in summary(settings, invite=invite_url, permissions=permission_names()):
                print(line, file=stream)
            print(f"configuration OK: start the bot with {name or program()}", file=stream)
            return EXIT_OK
    for problem in problems:
        print(f"error: {problem}", file=stream)
    print(f"configuration check failed: {_count(len(problems))} to fix", file=stream)
    return code


def _other_settings(env: Mapping[str, str]) -> list[str]:
    """The problems of the settings :func:`~bot.settings.load_settings` does not read: the
    web companion's (as strictly as ``HOLDEM_WEB=1`` will start it) and ``HOLDEM_FONT_DIRS``."""
    problems = list(filter(None, [font_dirs_problem(env.get("HOLDEM_FONT_DIRS"))]))
    try:
        load_web_settings(env, serving=web_serving(env))
    except ConfigError as error:
        problems += error.problems
    problems += activity_check(env)  # HOLDEM_ACTIVITY=1: what the Activity still lacks
    return problems


def health_command(environ: Mapping[str, str] | None = None, *, now: float | None = None) -> int:
    """``--health``: 0 if the heartbeat is fresh and the gateway ready (or the bot is within a
    grace period), else 1 with the reason on stderr."""
    env = read_environment() if environ is None else environ
    path = heartbeat_path(env)
    beat = read_heartbeat(path)
    reason = unhealthy(beat, time.time() if now is None else now)
    if reason is None:
        return EXIT_OK
    if beat is None:
        reason = f"no heartbeat in {path}: the bot is not running (or HOLDEM_HEARTBEAT differs)"
    else:
        reason += f" ({path})"
    print(f"unhealthy: {reason}", file=sys.stderr)
    return EXIT_PROBLEM


async def migrate_command(
    url: str, environ: Mapping[str, str], *, out: TextIO | None = None
) -> int:
    """``--migrate-to URL``: copy ``HOLDEM_DB`` into PostgreSQL
    (:func:`bot.store.sqlite_to_postgres.migrate_to_postgres`),
    checked before it says so; the exit code (a problem is one line on stderr)."""
    stream = sys.stdout if out is None else out
    source_path = environ.get("HOLDEM_DB", "").strip() or "./holdem.sqlite3"
    if not is_postgres_url(url):
        print(f"error: --migrate-to needs a postgresql:// URL, got {url!r}", file=sys.stderr)
        return EXIT_CONFIG
    if not Path(source_path).is_file():
        print(f"error: there is no SQLite database at {source_path} (HOLDEM_DB)", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        source = await Store.open(source_path)
    except DatabaseLocked:
        print(f"error: a running bot holds {source_path}: stop it first", file=sys.stderr)
        return EXIT_PROBLEM
    except StartupError as error:
        print(f"error: HOLDEM_DB: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        target = await Store.open(url)
    except StartupError as error:
        await source.close()
        print(f"error: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        copied = await migrate_to_postgres(source, target)
    except MigrationRefused as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_PROBLEM
    finally:
        await target.close()
        await source.close()
    print(
        f"migrated {copied.total:,} rows in {len(copied.rows)} tables from {source_path} to "
        f"{target.path}; checked: every table's rows arrived, every balance of the "
        f"{copied.wallets:,} wallets equals its ledger. Start the bot with "
        "HOLDEM_DATABASE_URL set to that URL; the SQLite file is unchanged.",
        file=stream,
    )
    return EXIT_OK


def explain_startup_error(error: BaseException) -> str | None:
    """One line for an exception that stops the bot at start-up, or ``None`` if it is a bug
    (then the traceback is the right thing to show)."""
    if isinstance(error, ConfigError):
        return "\n".join(f"error: {problem}" for problem in error.problems)
    if isinstance(error, StartupError):
        return f"error: {'HOLDEM_DATABASE_URL' if '://' in error.path else 'HOLDEM_DB'}: {error}"
    discord_line = explain_discord_error(error)
    if discord_line is not None:
        return discord_line
    if isinstance(error, OSError):
        return f"error: cannot reach Discord: {error} (check the network or DISCORD_API_BASE)"
    return None


def exit_code(error: BaseException) -> int:
    """2 for a problem with the settings (the environment, or the token or intents as the
    Developer Portal sees them), 1 for anything else that stops the bot."""
    return EXIT_CONFIG if isinstance(error, (ConfigError, *SETTINGS_ERRORS)) else EXIT_PROBLEM


def _count(n: int) -> str:
    return f"{n} problem" if n == 1 else f"{n} problems"
