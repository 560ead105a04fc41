"""The Activity's pages, fed by a real table service on a real store: a player's page gets
each outcome at once with their own cards and legal actions, a spectator's after the house
delay and without them, a page never steps back, and a table another process deals is said
to be elsewhere rather than missing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.activity.hub import Hub
from bot.activity.sessions import Session
from bot.store.store import Store
from bot.tables.service import TableService
from engine import preset

GUILD, CHANNEL = 11, 22
HOST, GUEST, WATCHER = 101, 102, 103


def _session(member: int) -> Session:
    return Session(member=member, name=f"m{member}", guild=GUILD, channel=CHANNEL,
                   instance="i-1", lang="en", until=9e9)  # fmt: skip


def _drain(queue: asyncio.Queue[str]) -> list[dict[str, Any]]:
    views = []
    while not queue.empty():
        views.append(json.loads(queue.get_nowait()))
    return views


async def test_players_at_once_spectators_later_and_never_a_step_back(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        service = TableService(store, clock=lambda: 1000.0)
        hub = Hub(service, delay=0.05, clock=lambda: 1000.0)
        service.tables.subscribe(hub.receive)
        player = await hub.open(_session(HOST))
        assert _drain(player.queue)[0]["view"]["lobby"] is True
        await service.seats.open_table(GUILD, CHANNEL, HOST, preset("no-limit"), 100)
        await service.seats.join(GUILD, CHANNEL, GUEST, 100)
        _drain(player.queue)
        watcher = await hub.open(_session(WATCHER))
        assert hub.pages("11:22") == 2 and _drain(watcher.queue)[0]["view"]["seats"]
        await service.hands.deal(GUILD, CHANNEL)
        mine = _drain(player.queue)[-1]
        assert len(mine["you"]["cards"]) == 2
        assert watcher.queue.empty()  # the house delay holds the spectator's view
        await asyncio.sleep(0.1)
        seen = _drain(watcher.queue)[-1]
        assert "cards" not in seen["you"] and "legal" not in seen["you"]
        assert seen["view"]["serial"] == mine["view"]["serial"]
        serial = player.serial
        player.put('{"stale": true}', serial - 1)  # an older view held back arrives late
        assert player.queue.empty()
    finally:
        await store.close()


async def test_a_table_another_process_deals_is_elsewhere(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        owner = TableService(store, clock=lambda: 1000.0)
        await owner.seats.open_table(GUILD, CHANNEL, HOST, preset("no-limit"), 100)
        other = TableService(store, clock=lambda: 1000.0)  # this process holds no lease on it
        hub = Hub(other, delay=0.0, clock=lambda: 1000.0)
        (view,) = _drain((await hub.open(_session(GUEST))).queue)
        assert view["view"]["elsewhere"] is True and not view["view"]["lobby"]
        assert "another of the dealer's processes" in view["view"]["text"]
    finally:
        await store.close()
