"""``python -m bot.web``: serve the pages on ``HOLDEM_WEB_HOST:HOLDEM_WEB_PORT`` from the
database of ``HOLDEM_DATABASE_URL`` (or ``HOLDEM_DB``) until stopped (Ctrl-C or SIGTERM).

On PostgreSQL it runs beside any number of bot processes. An SQLite file is held by one
process at a time (the bot locks it), so there the pages are served while the bot is
stopped, or from a copy (a backup); a server that wants both live uses PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from aiohttp import web

from bot.settings import ConfigError, load_web_settings
from bot.store.errors import StartupError
from bot.store.store import Store
from bot.web.app import create_app


async def serve() -> int:
    try:
        settings = load_web_settings(serving=True)
    except ConfigError as error:
        print("\n".join(f"error: {problem}" for problem in error.problems), file=sys.stderr)
        return 2
    try:
        store = await Store.open(settings.db_path)
    except StartupError as error:
        print(error, file=sys.stderr)
        return 2
    runner = web.AppRunner(create_app(store, settings), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.host, settings.port).start()
        print(f"holdem web: serving on http://{settings.host}:{settings.port}", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        await runner.cleanup()
        await store.close()
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """No options: ``--help`` says where the settings come from."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.web",
        description="The web companion of Holdem Dealer: serves the leaderboard, the hand "
        "replayer, members' pages and the live view from the bot's database until stopped "
        "(Ctrl-C or SIGTERM). Settings come from the environment or a file named .env in the "
        "folder it starts in: HOLDEM_DATABASE_URL (or HOLDEM_DB), HOLDEM_WEB_HOST, "
        "HOLDEM_WEB_PORT, HOLDEM_WEB_SECRET (the same as the bot's), HOLDEM_WEB_PUBLIC, "
        "HOLDEM_WEB_DELAY, HOLDEM_WEB_BASE_URL, HOLDEM_WEB_LINK_DAYS; the operators' guide "
        "(docs/operators.md) explains each. python -m bot --check checks them all.",
    )
    return parser.parse_args(argv)


def main() -> None:
    parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    sys.exit(asyncio.run(serve()))


if __name__ == "__main__":
    main()
