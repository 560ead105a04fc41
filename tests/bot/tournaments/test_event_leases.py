"""Several processes on one PostgreSQL database: an event is driven by the process that holds
its lease. When that process dies, a second one does not take the event over while the dead
one's lease still runs (its writes would be refused anyway), and takes it over as soon as the
lease lapses, from the written inputs; the dead process's writes are refused from then on."""

from __future__ import annotations

import pytest

from bot.store import leases
from bot.store.errors import LeaseLost
from bot.store.store import Store
from bot.tables.service import TableService
from bot.tournaments.service import Tournaments
from engine.tournament import EventConfig
from tests.bot.conftest import Clock as ManualClock

from .test_runner import CHANNEL, GUILD, FakeHost

TTL = 30.0


async def _process(database: str, owner: str, clock: ManualClock) -> tuple[Store, Tournaments]:
    store = await Store.open(leases.fenced_target(database, owner), exclusive=False)
    await leases.install_fence(store, owner, ttl=TTL)
    service = TableService(store, clock=clock)
    events = Tournaments(store, service, FakeHost(), clock=clock)
    return store, events


async def test_a_dead_processs_event_is_taken_over_when_its_lease_lapses(
    pg_database: str,
) -> None:
    clock = ManualClock()
    store_a, a = await _process(pg_database, "a:1:x", clock)
    store_b, b = await _process(pg_database, "b:2:y", clock)
    try:
        runner = await a.create(
            guild_id=GUILD, channel_id=CHANNEL, name="Relay", config=EventConfig(seed="r"),
            settings={"practice": True}, computers=[("201", "cpu1"), ("202", "cpu2")],
        )  # fmt: skip
        event_id = runner.info.event_id
        # Process a dies (no goodbye: its lease stays until it lapses).
        await runner.stop()
        assert await b.restore() == []  # a's lease still runs
        clock.now += TTL + 1
        assert await b.restore() == [event_id]
        taken = b.runners[event_id]
        assert taken.state.registered == ("201", "202")  # from the written inputs
        await b.register(event_id, 203, "cpu3")
        assert b.runners[event_id].state.registered == ("201", "202", "203")
        # The dead process's writes are refused now, whatever its memory says.
        with pytest.raises(LeaseLost):
            await store_a.events.append(
                event_id, 3, {"kind": "registered", "player": "204"}, now=clock()
            )
        record = await store_b.events.load(event_id)
        assert record is not None and len(record.inputs) == 3
    finally:
        await a.aclose()
        await b.aclose()
        await store_a.close()
        await store_b.close()
