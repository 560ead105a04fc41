"""A table another process drives, seen by the Activity's pages of this one: read from the
store and rebuilt by replay, it shows what the driver's own pages show (each member's own
hole cards only) and follows its moves; a table rebuilt from the store counts its outcomes
afresh, so a page that followed it before is not left behind."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.activity.hub import Hub, Page
from bot.activity.sessions import Session
from bot.store.store import Store
from bot.tables.remote import RemoteTables
from bot.tables.service import TableService, table_id_for
from engine import HouseRules
from tests.bot.conftest import Clock, leased_process

GUILD, CHANNEL = 4 << 22, 10
A, B = 101, 102
TABLE = table_id_for(GUILD, CHANNEL)


def _session(member: int) -> Session:
    return Session(member=member, name=f"m{member}", guild=GUILD, channel=CHANNEL,
                   instance="i-1", lang="en", until=9e9)  # fmt: skip


async def _next(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(await asyncio.wait_for(page.queue.get(), 5))
    return found


def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view["view"].items() if k != "serial"}


async def test_a_page_here_follows_a_table_another_process_drives(pg_database: str) -> None:
    clock = Clock()
    driver = await leased_process(pg_database, clock, "driver")
    viewer = await leased_process(pg_database, clock, "viewer")
    local = Hub(driver.service, delay=0.0, clock=clock)
    driver.service.tables.subscribe(local.receive)
    hub = Hub(viewer.service, delay=0.0, clock=clock)
    remote = RemoteTables(
        viewer.store, viewer.service, watched=lambda t: hub.pages(t) > 0, deliver=hub.receive,
        look_every=0.05,
    )  # fmt: skip
    hub.remote = remote
    remote.start()
    try:
        service = driver.service
        await service.seats.open_table(GUILD, CHANNEL, A, HouseRules(turn_seconds=30), 100)
        await service.seats.join(GUILD, CHANNEL, B, 100)
        await service.hands.deal(GUILD, CHANNEL)
        theirs, mine = await local.open(_session(A)), await hub.open(_session(A))
        there, here = await _next(theirs), await _next(mine)
        assert _public(here) == _public(there) and here["you"] == there["you"]
        cards = service.tables.cards_of(TABLE, A)
        others = service.tables.cards_of(TABLE, B)
        assert cards is not None and others is not None
        assert here["you"]["cards"] == list(cards.cards)
        # (the commitment, a hex digest, is left out: "9c" or "2d" may be in it by chance)
        words = json.dumps({**here, "view": {**here["view"], "commitment": None}})
        assert not any(f'"{card}"' in words for card in others.cards)
        live = service.tables.live(TABLE)
        assert live.table.hand is not None and live.table.hand.to_act is not None
        await service.hands.act(GUILD, CHANNEL, live.players[live.table.hand.to_act], "call")
        there, here = await _next(theirs), await _next(mine)  # no notification: the look
        assert _public(here) == _public(there) and here["you"] == there["you"]
        assert here["view"]["serial"] > 1
    finally:
        await remote.stop()
        await driver.store.close()
        await viewer.store.close()


async def test_a_table_rebuilt_from_the_store_is_counted_afresh(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        service = TableService(store, clock=lambda: 1000.0)
        hub = Hub(service, delay=0.0, clock=lambda: 1000.0)
        service.tables.subscribe(hub.receive)
        await service.seats.open_table(GUILD, CHANNEL, A, HouseRules(turn_seconds=30), 100)
        await service.seats.join(GUILD, CHANNEL, B, 100)
        await service.hands.deal(GUILD, CHANNEL)
        page = await hub.open(_session(A))
        await _next(page)
        assert page.serial == 3
        await service.tables.forget([TABLE])  # handed over, and taken back
        await service.tables.restore()
        view = await _next(page)
        assert view["view"]["serial"] == 1 and view["you"]["cards"]
    finally:
        await store.close()
