"""A weekly series through the real store and tournament service, with a calendar and notices
that record what Discord would be asked: one event and one scheduled event at a time, the
Interested reminded once, a scheduled event Discord made but whose answer was lost adopted
rather than made twice, a rescheduled event's scheduled event moved, a cancelled one's
deleted and the next event created a week later at the same wall-clock time, a restart
that changes nothing, and a server that refuses scheduled events still running the
tournament with its admin told once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.seasons.calendar import CalendarEntry, CalendarRefused
from bot.seasons.series import REMIND_BEFORE, Series, occurrence
from bot.store import events as event_rows
from bot.store.records import SeriesRecord
from bot.store.store import Store
from bot.tournaments.host import EventInfo
from bot.tournaments.service import Tournaments
from engine.tournament import EventConfig
from tests.bot.conftest import Clock
from tests.bot.tournaments.test_runner import FakeHost, _setup

GUILD, CHANNEL, ADMIN = 7, 70, 900
OSLO = ZoneInfo("Europe/Oslo")
# Friday 2026-10-23 at 20:00 in Oslo (summer time ends on the 25th, between two events)
FIRST = datetime(2026, 10, 23, 20, 0, tzinfo=OSLO).timestamp()


@dataclass
class FakeCalendar:
    """Discord's scheduled events of the guild, as the bot would see them."""

    made: dict[int, CalendarEntry] = field(default_factory=dict)
    interested_in: dict[int, list[int]] = field(default_factory=dict)
    refuse: bool = False
    lose_answer: bool = False
    calls: list[str] = field(default_factory=list)
    next_id: int = 5000

    async def create(self, guild_id: int, entry: CalendarEntry) -> int:
        self.calls.append("create")
        if self.refuse:
            raise CalendarRefused("403 Forbidden (error code: 50013): Missing Permissions")
        self.next_id += 1
        self.made[self.next_id] = entry
        if self.lose_answer:  # Discord made it; the bot never heard (a crash, a timeout)
            self.lose_answer = False
            raise ConnectionResetError("the answer was lost")
        return self.next_id

    async def edit(self, guild_id: int, discord_id: int, entry: CalendarEntry) -> None:
        self.calls.append("edit")
        self.made[discord_id] = entry

    async def delete(self, guild_id: int, discord_id: int) -> None:
        self.calls.append("delete")
        self.made.pop(discord_id, None)

    async def find(self, guild_id: int, words: str) -> int | None:
        self.calls.append("find")
        found = [i for i, e in self.made.items() if words in e.description]
        return found[0] if found else None

    async def interested(self, guild_id: int, discord_id: int) -> list[int]:
        self.calls.append("interested")
        return self.interested_in.get(discord_id, [])


@dataclass
class FakeNotices:
    announced: list[int] = field(default_factory=list)
    reminded: list[tuple[int, list[int]]] = field(default_factory=list)
    refused_to: list[int] = field(default_factory=list)

    async def announce(self, event: EventInfo) -> int:
        self.announced.append(event.event_id)
        return 100 + event.event_id

    async def describe(self, event: EventInfo) -> str:
        return f"{event.name}: register with the button in the channel"

    async def remind(self, event: EventInfo, members: list[int]) -> None:
        self.reminded.append((event.event_id, members))

    async def refused(self, series: SeriesRecord) -> None:
        self.refused_to.append(series.created_by)


@dataclass
class World:
    store: Store
    clock: Clock
    calendar: FakeCalendar
    notices: FakeNotices
    tournaments: Tournaments
    series: Series


async def _world(store: Store, clock: Clock, calendar: FakeCalendar) -> World:
    _, tournaments = _setup(store, FakeHost(), clock)
    await tournaments.restore()
    notices = FakeNotices()
    series = Series(store, tournaments, calendar, notices, clock=clock, seed=lambda: "s")
    return World(store, clock, calendar, notices, tournaments, series)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    store = await Store.open(str(tmp_path / "holdem.sqlite3"))
    clock = Clock()
    clock.now = FIRST - 2 * 3600
    made = await _world(store, clock, FakeCalendar())
    yield made
    await made.tournaments.aclose()
    await store.close()


async def _start(w: World, **overrides: object) -> EventInfo:
    options: dict[str, object] = {
        "guild_id": GUILD, "channel_id": CHANNEL, "name": "Friday", "every": "weekly",
        "time_zone": "Europe/Oslo", "first_start": FIRST,
        "config": EventConfig(seats_per_table=6, starting_chips=500, start_when=6, seed="x"),
        "settings": {"practice": False, "created_by": ADMIN}, "computers": [],
        "created_by": ADMIN,
    }  # fmt: skip
    options.update(overrides)
    return await w.series.start(**options)  # type: ignore[arg-type]


async def test_a_weekly_series_keeps_one_event_and_its_scheduled_event(world: World) -> None:
    w = world
    first = await _start(w)
    assert first.settings["series"] == 1 and first.settings["occurrence"] == 0
    assert first.settings["starts_at"] == FIRST and w.notices.announced == [first.event_id]
    [(discord_id, entry)] = w.calendar.made.items()
    assert entry.name == "Friday" and entry.start == FIRST and entry.end > FIRST
    assert f"Tournament #{first.event_id}" in entry.description
    assert entry.location == f"https://discord.com/channels/{GUILD}/{CHANNEL}"
    await w.series.keep_all()
    await w.series.keep_all()
    assert len(w.tournaments.runners) == 1 and len(w.calendar.made) == 1
    assert w.calendar.calls.count("create") == 1

    # Half an hour before the start the Interested who have not registered are reminded once.
    w.calendar.interested_in[discord_id] = [11, 12]
    await w.tournaments.register(first.event_id, 11, "eleven")
    await w.series.keep_all()
    assert w.notices.reminded == []  # not yet: two hours before
    w.clock.now = FIRST - REMIND_BEFORE
    await w.series.keep_all()
    await w.series.keep_all()
    assert w.notices.reminded == [(first.event_id, [12])]
    w.calendar.interested_in[discord_id] = [11, 12, 13]  # one more marks it: reminded too
    await w.series.keep_all()
    assert w.notices.reminded == [(first.event_id, [12]), (first.event_id, [13])]

    # The director moves the start a quarter of an hour: the scheduled event follows.
    record = await w.store.seasons.finished_events(GUILD)  # none finished: nothing counts
    assert record == []
    moved = {**first.settings, "starts_at": FIRST + 900}
    async with w.store._backend.transaction() as tx:
        await event_rows.update_event(tx, first.event_id, now=w.clock(), settings=moved)
    await w.series.keep_all()
    assert w.calendar.made[discord_id].start == FIRST + 900 and w.calendar.calls.count("edit") == 1

    # Cancelled: its scheduled event goes, the next Friday's comes, at 20:00 Oslo time again
    # (an hour later in UTC seconds: summer time ended in between).
    await w.tournaments.cancel(first.event_id)
    await w.series.keep_all()
    assert discord_id not in w.calendar.made
    [(_, second)] = w.calendar.made.items()
    assert second.start == FIRST + 7 * 86400 + 3600
    assert datetime.fromtimestamp(second.start, OSLO).strftime("%a %H:%M") == "Fri 20:00"
    opened = [r.info for r in w.tournaments.runners.values() if not r.closed]
    assert [i.settings["occurrence"] for i in opened] == [1]


async def test_a_lost_answer_is_adopted_and_a_restart_changes_nothing(
    world: World, tmp_path: Path
) -> None:
    w = world
    w.calendar.lose_answer = True
    first = await _start(w)  # Discord made the scheduled event; the bot never heard its id
    assert len(w.calendar.made) == 1
    row = await w.store.series.calendar(first.event_id)
    assert row is not None and row.discord_id is None  # written before it was asked
    await w.series.keep_all()
    row = await w.store.series.calendar(first.event_id)
    assert row is not None and row.discord_id in w.calendar.made
    assert len(w.calendar.made) == 1 and w.calendar.calls.count("create") == 1

    # A restart: a new process on the same database, the same Discord.
    await w.tournaments.aclose()
    again = await _world(w.store, w.clock, w.calendar)
    try:
        await again.series.keep_all()
        assert len(again.tournaments.runners) == 1 and len(w.calendar.made) == 1
        assert again.notices.announced == [] and w.calendar.calls.count("create") == 1
    finally:
        await again.tournaments.aclose()


async def test_a_missed_week_is_skipped(world: World) -> None:
    w = world
    first = await _start(w)
    await w.tournaments.cancel(first.event_id)
    w.clock.now = FIRST + 15 * 86400  # the bot was away for two weeks
    await w.series.keep_all()
    [info] = [r.info for r in w.tournaments.runners.values() if not r.closed]
    assert info.settings["occurrence"] == 3
    assert info.settings["starts_at"] > w.clock.now


async def test_a_refused_calendar_leaves_the_tournament_and_tells_the_admin_once(
    world: World,
) -> None:
    w = world
    w.calendar.refuse = True
    first = await _start(w)
    await w.series.keep_all()
    assert w.notices.refused_to == [ADMIN] and w.calendar.made == {}
    assert not w.tournaments.runner(first.event_id).closed  # the tournament is open
    w.calendar.refuse = False  # the admin grants Create Events: the next round makes it
    await w.series.keep_all()
    assert len(w.calendar.made) == 1 and w.notices.refused_to == [ADMIN]


async def test_bad_schedules_are_refused(world: World) -> None:
    with pytest.raises(ValueError):
        await _start(world, every="hourly")
    with pytest.raises(ValueError):
        await _start(world, time_zone="Mars/Olympus")
    assert world.tournaments.runners == {}


def test_a_daily_series_keeps_its_wall_clock_time() -> None:
    series = SeriesRecord(
        series_id=1, guild_id=1, channel_id=1, name="x", every="daily", time_zone="Europe/Oslo",
        first_start=FIRST, template={}, created_by=1, active=True, refused_at=None,
    )  # fmt: skip
    times = [datetime.fromtimestamp(occurrence(series, n), OSLO) for n in range(12)]
    assert {t.strftime("%H:%M") for t in times} == {"20:00"}
    assert [t.day for t in times[:4]] == [23, 24, 25, 26]


async def test_the_series_rows_on_both_databases(database: str) -> None:
    store = await Store.open(database)
    try:
        series_id = await store.series.create(
            guild_id=GUILD, channel_id=CHANNEL, name="Friday", every="weekly", time_zone="UTC",
            first_start=FIRST, template={"name": "Friday"}, created_by=ADMIN, now=1.0,
        )  # fmt: skip
        async with store._backend.transaction() as tx:
            for series in (series_id, series_id + 1, None):
                await event_rows.create_event(
                    tx, guild_id=GUILD, channel_id=CHANNEL, name="e", config={},
                    settings={"series": series, "occurrence": 0}, now=1.0,
                )  # fmt: skip
        found = await store.series.events(series_id, GUILD)
        assert [e.settings["series"] for e in found] == [series_id]
        row = await store.series.want_calendar(
            event_id=found[0].event_id, guild_id=GUILD, series_id=series_id, starts_at=FIRST,
            name="e", now=2.0,
        )  # fmt: skip
        assert row.discord_id is None and not row.deleted
        await store.series.keep_calendar(found[0].event_id, now=3.0, discord_id=77)
        event_id = found[0].event_id
        assert await store.series.claim_reminders(event_id, [5, 6, 5], now=4.0) == [5, 6]
        assert await store.series.claim_reminders(event_id, [6, 7], now=5.0) == [7]
        assert await store.series.claim_reminders(event_id + 9, [1], now=5.0) == []
        kept = await store.series.calendar(event_id)
        assert kept is not None and kept.discord_id == 77 and kept.reminded == (5, 6, 7)
        assert await store.series.mark_refused(series_id, now=6.0)
        assert not await store.series.mark_refused(series_id, now=7.0)
        assert await store.series.stop(series_id, guild_id=GUILD)
        assert await store.series.active() == []
    finally:
        await store.close()


async def test_the_events_own_reminder_time_is_the_interesteds_too(world: World) -> None:
    w = world
    first = await _start(w, settings={"practice": False, "remind_minutes": 10})
    [discord_id] = w.calendar.made
    w.calendar.interested_in[discord_id] = [12]
    w.clock.now = FIRST - REMIND_BEFORE
    await w.series.keep_all()
    assert w.notices.reminded == []  # 30 minutes before: not yet, the event says 10
    w.clock.now = FIRST - 600
    await w.series.keep_all()
    assert w.notices.reminded == [(first.event_id, [12])]
