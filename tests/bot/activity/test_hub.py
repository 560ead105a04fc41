"""The Activity's pages, fed by a real table service on a real store: a player's page gets
each outcome at once with their own cards and legal actions, a spectator's after the house
delay and without them, a page never steps back, and a table another process deals is said
to be elsewhere rather than missing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.activity import hub as hub_module
from bot.activity.hub import BEAT, END, Hub
from bot.activity.mailbox import Mailbox
from bot.activity.sessions import Session
from bot.store.store import Store
from bot.tables.service import TableService
from engine import preset

GUILD, CHANNEL = 11, 22
HOST, GUEST, WATCHER = 101, 102, 103


def _session(member: int) -> Session:
    return Session(member=member, name=f"m{member}", guild=GUILD, channel=CHANNEL,
                   instance="i-1", lang="en", until=9e9)  # fmt: skip


def _drain(queue: Mailbox) -> list[dict[str, Any]]:
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
        other = await hub.open(_session(WATCHER + 1))  # two spectators, one timer
        assert hub.pages("11:22") == 3 and _drain(watcher.queue)[0]["view"]["seats"]
        _drain(other.queue)
        await service.hands.deal(GUILD, CHANNEL)
        mine = _drain(player.queue)[-1]
        assert len(mine["you"]["cards"]) == 2
        assert watcher.queue.empty()  # the house delay holds the spectator's view
        await asyncio.sleep(0.1)
        seen = _drain(watcher.queue)[-1]
        assert _drain(other.queue)[-1]["view"] == seen["view"]
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


async def test_an_idle_stream_is_beaten_and_a_busy_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page sent nothing since the last beat gets a beat (its stream says it is still
    there), one sent a view does not, none gets two in a row; the server's stop ends all."""
    monkeypatch.setattr(hub_module, "BEAT_SECONDS", 3600.0)  # beaten here by hand
    store = await Store.open(str(tmp_path / "h.sqlite3"))
    try:
        service = TableService(store, clock=lambda: 1000.0)
        hub = Hub(service, delay=0.0, clock=lambda: 1000.0)
        service.tables.subscribe(hub.receive)
        await service.seats.open_table(GUILD, CHANNEL, HOST, preset("no-limit"), 100)
        idle, busy = await hub.open(_session(WATCHER)), await hub.open(_session(HOST))
        _drain(idle.queue), _drain(busy.queue)
        hub.beat()  # both were sent their first view since the last beat
        assert idle.queue.empty() and busy.queue.empty()
        hub.beat()
        assert _raw(idle.queue) == [BEAT] and _raw(busy.queue) == [BEAT]
        await service.seats.join(GUILD, CHANNEL, GUEST, 100)  # a view for both
        _drain(busy.queue)
        hub.beat()  # the idle page's view waits in its queue: no beat needed either
        assert busy.queue.empty() and len(_raw(idle.queue)) == 1
        hub.beat()
        hub.beat()  # a beat not yet sent is not doubled
        assert _raw(idle.queue) == [BEAT] and _raw(busy.queue) == [BEAT]
        hub.stop()
        assert _raw(idle.queue) == [END] and _raw(busy.queue) == [END]
    finally:
        await store.close()


def _raw(queue: Mailbox) -> list[str]:
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    return items
