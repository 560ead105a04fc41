"""Turning the Activity on: what ``--check`` says is missing, and the routes added to the
pages the bot serves beside itself (``HOLDEM_WEB=1``, :mod:`bot.web.beside`).

The Activity is the bot's own pages inside Discord, so it is served by the process that
holds the tables: its moves go through that process's table service. When several processes
share a PostgreSQL database (each fenced by its table leases), a page may reach one that does
not drive its table: its moves are relayed to the driver (:mod:`bot.activity.relay`) and its
view read from the store (:mod:`bot.tables.remote`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

from aiohttp import web

from bot.activity.discord_api import DiscordApi
from bot.activity.hub import Hub
from bot.activity.relay import Relay
from bot.activity.routes import SDK_FILE, Activity, add_routes
from bot.activity.sessions import Sessions
from bot.activity.settings import ActivitySettings, load_activity_settings
from bot.settings import ConfigError, WebSettings, load_web_settings, read_environment
from bot.store.store import Store
from bot.tables.remote import RemoteTables
from bot.tables.service import TableService

__all__ = ["RELAY_WAIT_LEASES", "check", "extension", "missing", "sdk_built"]

log = logging.getLogger("holdem.activity")

RELAY_WAIT_LEASES = 2.0
"""A relayed move waits this many lease terms for its answer: a dead driver's lease expires
within one, and its successor claims the table within a renewal after that."""


def sdk_built() -> bool:
    """Whether the SDK's bundle was built into the package (``npm ci && npm run build`` in
    ``activity-sdk/``: the image and CI do it)."""
    from importlib.resources import files

    return (files("bot.activity") / "static" / SDK_FILE).is_file()


def missing(activity: ActivitySettings, web_settings: WebSettings | None) -> list[str]:
    """What the Activity still lacks, one line each (``[]`` when it is off or ready)."""
    if not activity.on:
        return []
    lines = []
    if web_settings is None or not web_settings.beside:
        lines.append(
            "HOLDEM_ACTIVITY=1 needs HOLDEM_WEB=1: the Activity is served by the bot beside "
            "its pages, where its tables are"
        )
    if activity.client_id is None:
        lines.append(
            "DISCORD_CLIENT_ID is not set: the Activity needs the application's id "
            "(Developer Portal → OAuth2 → Client ID)"
        )
    if not activity.client_secret:
        lines.append(
            "DISCORD_CLIENT_SECRET is not set: the Activity cannot sign members in "
            "(Developer Portal → OAuth2 → Client Secret; it stays on the server)"
        )
    base = web_settings.base_url if web_settings is not None else ""
    if urlsplit(base).scheme != "https":
        lines.append(
            "HOLDEM_WEB_BASE_URL is not an https:// address: Discord reaches the Activity only "
            "through a public https address (your reverse proxy), e.g. https://poker.example.org"
        )
    mapping = activity.url_mapping.rstrip("/")
    wanted = f"{base.rstrip('/')}/activity"
    if base and mapping != wanted:
        lines.append(
            "the Activity's URL mapping: in the Developer Portal (Activities → URL Mappings) "
            f"map the root / to {wanted.split('://', 1)[-1]}, then set "
            f"HOLDEM_ACTIVITY_URL_MAPPING={wanted} to say it is done"
            + (f" (it says {mapping})" if mapping else "")
        )
    if not sdk_built():
        lines.append(
            "the Activity's SDK bundle is missing: run npm ci && npm run build in "
            "activity-sdk/ (the Docker image does it)"
        )
    return lines


def check(environ: Mapping[str, str] | None = None) -> list[str]:
    """``--check``'s lines for the Activity: its malformed settings, or what it lacks."""
    env = read_environment() if environ is None else environ
    try:
        activity = load_activity_settings(env)
    except ConfigError as error:
        return list(error.problems)
    if not activity.on:
        return []
    try:
        web_settings: WebSettings | None = load_web_settings(env)
    except ConfigError:
        web_settings = None  # the web companion's own check names those
    return missing(activity, web_settings)


def extension(
    service: TableService,
    store: Store,
    *,
    token: str,
    delay: float,
    clock: Callable[[], float],
) -> Callable[[web.Application], None] | None:
    """The Activity's routes for the bot's pages when ``HOLDEM_ACTIVITY`` is on, else
    ``None``; the hub listens to the table service from here on."""
    settings = load_activity_settings(read_environment())
    if not settings.on:
        return None
    if settings.client_id is None or not settings.client_secret:
        # the sessions are signed with a key made from the secret: without one, anyone
        # could sign a session, so there is no Activity rather than an open one
        log.error(
            "activity: HOLDEM_ACTIVITY=1 but DISCORD_CLIENT_ID or DISCORD_CLIENT_SECRET is "
            "not set: the Activity is not served (python -m bot --check says what is missing)"
        )
        return None
    hub = Hub(service, delay=delay, clock=clock)
    service.tables.subscribe(hub.receive)
    relay = remote = None
    owner = store.lease_owner
    if owner is not None and store.dialect.value == "postgresql":  # leases: several processes
        remote = RemoteTables(
            store, service, watched=lambda table_id: hub.pages(table_id) > 0, deliver=hub.receive
        )
        service.tables.subscribe(remote.changed)
        hub.remote = remote
        relay = Relay(
            store, service, owner=owner, wait=RELAY_WAIT_LEASES * store.lease_ttl, clock=clock,
            on_table=remote.heard,
        )  # fmt: skip
        service.tables.subscribe(relay.restored)
    activity = Activity(
        service=service,
        store=store,
        discord=DiscordApi(
            settings.api,
            client_id=settings.client_id,
            client_secret=settings.client_secret,
            bot_token=token,
        ),
        sessions=Sessions(settings.client_secret),
        hub=hub,
        clock=clock,
        relay=relay,
    )

    def add(app: web.Application) -> None:
        add_routes(app, activity)
        if relay is None or remote is None:
            return
        started, ran = relay, remote

        async def start(app: web.Application) -> None:
            await started.start()
            ran.start()

        async def stop(app: web.Application) -> None:
            await ran.stop()
            await started.stop()

        app.on_startup.append(start)
        app.on_shutdown.append(stop)

    return add
