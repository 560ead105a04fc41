"""``python -m tests.wire.debug_everything``: the real ``python -m bot`` with every logger at
DEBUG, discord.py's, aiosqlite's and asyncpg's included (the bot's own ``LOG_LEVEL=DEBUG``
keeps discord.py at INFO). Only the levels change: the handler, its filter and everything
else are the bot's own set-up.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

from bot import __main__ as entry
from bot.ops import logs

LIBRARIES = ("discord", "discord.http", "discord.gateway", "aiosqlite", "asyncpg", "aiohttp")

_setup = logs.setup_logging


def setup_logging(level: str = "INFO", *, secrets: Iterable[str] = ()) -> logging.Handler:
    handler = _setup(level, secrets=secrets)
    for name in ("", *LIBRARIES, *logging.root.manager.loggerDict):
        logging.getLogger(name).setLevel(logging.DEBUG)
    return handler


if __name__ == "__main__":
    entry.setup_logging = setup_logging  # type: ignore[assignment]
    sys.exit(entry.main())
