"""The pages served by the bot itself (``HOLDEM_WEB=1``), from the bot's own store.

An SQLite file is held by one process, the bot; with this setting the bot serves the web
companion from the same open store, so the pages work on the default database too. The web
server shares the bot's event loop and its store's connection: a page is a few short reads
between the table's writes. A port that cannot be opened is logged and the bot deals on:
dealing comes first.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from aiohttp import web

from bot.settings import WebSettings, load_web_settings, read_environment
from bot.store.store import Store
from bot.web.app import create_app

__all__ = ["beside_settings", "start_beside"]

log = logging.getLogger("holdem.web")


def beside_settings() -> WebSettings | None:
    """The pages' settings when ``HOLDEM_WEB`` is on, else ``None``; raises
    :class:`~bot.settings.ConfigError` for settings the pages cannot start on. The bot calls
    it before it logs in, so a mistake stops it at once rather than after its tables are
    restored."""
    if read_environment().get("HOLDEM_WEB", "").strip().lower() in ("", "0", "false", "no", "off"):
        return None
    return load_web_settings(serving=True)


async def start_beside(
    store: Store,
    *,
    clock: Callable[[], float] = time.time,
    extend: Callable[[web.Application], None] | None = None,
) -> web.AppRunner | None:
    """Start the pages on the bot's store when ``HOLDEM_WEB`` is on; the runner to clean up,
    or ``None``. Raises :class:`~bot.settings.ConfigError` for bad web settings only when the
    web companion is on. ``extend`` adds routes of the bot's own (the Activity's, which
    drive tables through the bot's table service: the pages alone only read)."""
    settings = beside_settings()
    if settings is None:
        return None
    app = create_app(store, settings, clock=clock)
    if extend is not None:
        extend(app)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.host, settings.port).start()
    except OSError as error:
        log.error("web: cannot listen on %s:%s (%s); dealing on without the pages",
                  settings.host, settings.port, error)  # fmt: skip
        await runner.cleanup()
        return None
    log.info("web: serving the pages on http://%s:%s", settings.host, settings.port)
    return runner
