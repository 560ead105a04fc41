"""A weekly tournament series and its season through the real ``python -m bot`` against the
stand-in Discord with scheduled events (:mod:`.rest_scheduled_events`).

An admin opens a season and starts a weekly series of heads-up sit-and-gos (Oslo time). Its
first event gets one EXTERNAL scheduled event; the two members mark it Interested and are
reminded in the channel with a Register button, register from the reminder and push all-in
until one wins. The next event and its scheduled event come a week later (20 minutes past
the same wall-clock time); the bot restarts between the two events and nothing changes: the
same season table, the same two scheduled events, no third event. The members play the
second event; meanwhile the bot lost Create Events, so the third event runs without a
scheduled event and the admin is told once. The season table carries both events' points,
and voiding the first recomputes it.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from .channels import Message
from .events import EventWatch
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, BotProcess
from .rest_scheduled_events import CREATE_EVENTS, EXTERNAL
from .standin import StandIn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")

FAST = {"HOLDEM_DEAL_PAUSE": "0.3", "HOLDEM_COMPUTER_PAUSE": "0.1", "HOLDEM_RUNOUT_PAUSE": "0.1"}


def _event_message(standin: StandIn, number: int) -> Message | None:
    """The event message of tournament ``number``: the one with its Register button."""
    wanted = f"holdem:event:{number}:register"
    found = [
        m
        for m in standin.channel.messages.values()
        if m.v2 and wanted in m.custom_ids() and "## " in m.text
    ]
    return found[0] if found else None


def _results(standin: StandIn) -> list[Message]:
    return [
        m
        for m in standin.channel.messages.values()
        if m.v2 and m.via == "post" and "## " in m.text and not m.custom_ids()
    ]


def _posts(standin: StandIn) -> int:
    return sum(
        1 for r in standin.requests if r.method == "POST" and r.route.endswith("/scheduled-events")
    )


async def _wait(
    standin: StandIn, check: object, timeout: float, what: str, bot: BotProcess
) -> None:
    try:
        await standin.wait_for(check, timeout)  # type: ignore[arg-type]
    except TimeoutError:
        raise AssertionError(f"{what} did not happen in {timeout:.0f} s\n{bot.report()}") from None


async def _table(member: Member) -> list[str]:
    shown = await member.slash("holdem season table")
    assert shown.ephemeral, shown.content
    return [line for line in shown.content.splitlines() if line[:1].isdigit()]


async def test_a_weekly_series_with_its_scheduled_events_and_season(tmp_path: Path) -> None:
    people = [
        Person(id=1_300_000_000_000_000_201, name="alice", admin=True),
        Person(id=1_300_000_000_000_000_202, name="bob"),
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    bot = BotProcess(standin=standin, db=tmp_path / "holdem.sqlite3", env=FAST)
    alice, bob = (Member(standin, p) for p in people)
    watch = EventWatch(standin, [alice, bob], moves=("All-in", "Call", "Check"))
    watching: asyncio.Task[None] | None = None
    try:
        await bot.start()
        opened = await alice.slash("holdem season open", name="Winter", end="2099-12-31")
        assert "Season #1, Winter, is open" in opened.content, opened.content
        bad = await alice.slash("holdem series zone", zone="Mars/Base")
        assert bad.ephemeral and "no time zone I know" in bad.content, bad.content
        zone = await alice.slash("holdem series zone", zone="Europe/Oslo")
        assert "Europe/Oslo" in zone.content, zone.content
        created = await alice.slash(
            "holdem tournament create", name="Weekly", every="weekly",
            start_in=20, remind=30, sit_and_go=2, seats=2, chips=200,
            big_blind=100, level_hands=2,
        )  # fmt: skip
        assert created.ephemeral and "runs every week (Europe/Oslo)" in created.content

        # One scheduled event: external, in the channel, the structure and how to register.
        await _wait(standin, lambda: _event_message(standin, 1), 10, "the event message", bot)
        [first] = standin.scheduled_events()
        assert first["entity_type"] == EXTERNAL and first["name"] == "Weekly"
        assert str(standin.channel_id) in first["entity_metadata"]["location"]
        assert "Tournament #1" in first["description"] and "Register" in first["description"]
        assert first["scheduled_end_time"] > first["scheduled_start_time"]

        # Both mark it Interested: reminded in the channel, they register from the reminder.
        for person in people:
            await standin.interest(first["id"], person)

        def reminder() -> Message | None:
            found = [m for m in standin.channel.messages.values() if "Interested" in m.text]
            return (
                found[-1]
                if found and all(p.mention in found[-1].text for p in (alice, bob))
                else None
            )

        await _wait(standin, reminder, 10, "the reminder of the Interested", bot)
        note = reminder()
        assert note is not None
        watching = asyncio.create_task(watch.run())
        for member in (alice, bob):
            answer = await member.click(note, "Register")
            assert answer.ephemeral and "registered" in answer.content, answer.content
        await _wait(standin, lambda: len(_results(standin)) == 1, 30, "the first results", bot)

        # The next Friday's event and its scheduled event, a week on at the same Oslo time.
        await _wait(standin, lambda: _event_message(standin, 2), 15, "the second event", bot)
        await _wait(standin, lambda: len(standin.scheduled_events()) == 2, 10, "its event", bot)
        second = standin.scheduled_events()[1]
        assert "Tournament #2" in second["description"]
        table = await _table(alice)
        assert len(table) == 2 and all("(events 1, " in line for line in table), table

        # A restart between the events changes nothing.
        await bot.stop()
        await bot.start()
        assert await _table(bob) == table
        assert len(standin.scheduled_events()) == 2 and _posts(standin) == 2
        assert _event_message(standin, 3) is None

        # The bot loses Create Events: the next event runs without one, the admin told once.
        standin.bot_permissions &= ~CREATE_EVENTS
        message = _event_message(standin, 2)
        assert message is not None
        for member in (alice, bob):
            answer = await member.click(message, "Register")
            assert "registered" in answer.content, answer.content
        await _wait(standin, lambda: len(_results(standin)) == 2, 30, "the second results", bot)
        await _wait(standin, lambda: _event_message(standin, 3), 15, "the third event", bot)

        def refused() -> list[Message]:
            return [m for m in standin.channel.messages.values() if "Create Events" in m.text]

        await _wait(standin, refused, 10, "the word to the admin", bot)
        assert len(refused()) == 1 and alice.mention in refused()[0].text
        assert len(standin.scheduled_events()) == 2 and _posts(standin) == 3  # one refused
        assert [e["description"].count("Tournament #") for e in standin.scheduled_events()] == [
            1,
            1,
        ]

        # Both events count in the season; voiding the first recomputes the table.
        table = await _table(bob)
        assert len(table) == 2 and all("(events 2, " in line for line in table), table
        voided = await alice.slash("holdem season void", event=1)
        assert "#1 no longer counts" in voided.content, voided.content
        table = await _table(bob)
        assert len(table) == 2 and all("(events 1, " in line for line in table), table
        assert not [line for line in bot.err if "Traceback" in line], bot.report()
    finally:
        if watching is not None:
            watching.cancel()
        await bot.close()
        await standin.stop()
