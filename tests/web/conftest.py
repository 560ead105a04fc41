"""The web tests' fixtures: one headless Chromium for the whole session, and a site (the
web companion's app on 127.0.0.1 over a fresh SQLite store holding a few stored hands)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import web

from bot.settings import WebSettings
from bot.store.store import Store
from bot.web import create_app
from tests.web.browser import Browser
from tests.web.hands import GUILD, OTHER_GUILD, open_table, store_hand

SECRET = b"a-test-secret-of-thirty-two-byte"
NOW = 1.5e9
TABLE = f"{GUILD}:5"
OTHER_TABLE = f"{OTHER_GUILD}:7"


@dataclass
class Site:
    root: str
    store: Store
    hand: int
    twice: int
    other: int

    def url(self, path: str, guild: int = GUILD) -> str:
        return f"{self.root}/g/{guild}/{path}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    started = Browser()
    yield started
    started.close()


async def start_site(tmp_path: Path, *, delay: float = 0.0) -> tuple[Site, web.AppRunner]:
    store = await Store.open(str(tmp_path / "web.sqlite3"))
    await open_table(store, TABLE)
    await open_table(store, OTHER_TABLE, guild=OTHER_GUILD)
    hand, _ = await store_hand(store, TABLE, 3)
    twice, _ = await store_hand(store, TABLE, 4, shove=True, twice=True)
    other, _ = await store_hand(store, OTHER_TABLE, 5)
    settings = WebSettings(secret=SECRET, public=frozenset({GUILD}), delay=delay)
    runner = web.AppRunner(create_app(store, settings, clock=lambda: NOW))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    return Site(f"http://127.0.0.1:{port}", store, hand, twice, other), runner


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    started, runner = await start_site(tmp_path)
    yield started
    await runner.cleanup()
    await started.store.close()
