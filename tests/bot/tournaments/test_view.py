"""The event message's clock: when the level ends and when the next break starts, read from
the event's own clock (which stands still while the bot is down)."""

from __future__ import annotations

from typing import Any

from bot.tournaments.host import EventInfo
from bot.tournaments.runner import EventRunner
from bot.tournaments.view import event_view
from engine.tournament import (
    Break,
    Clock,
    ClockTicked,
    EventConfig,
    HandFinished,
    HandStarting,
    Level,
    Registered,
    Start,
    apply,
    new_event,
)
from tests.bot.conftest import Clock as ManualClock


def _runner(clock: ManualClock, config: EventConfig) -> EventRunner:
    info = EventInfo(
        event_id=1, guild_id=1, channel_id=2, message_id=None, name="Clock", status="running",
        settings={"names": {"1": "Ann", "2": "Bo", "3": "Cy"}},
    )  # fmt: skip
    none: Any = None
    runner = EventRunner(store=none, service=none, host=none, info=info, config=config, clock=clock)
    state = new_event(config)
    for item in (Registered(player="1"), Registered(player="2"), Registered(player="3"), Start()):
        state, taken = apply(state, item)
        runner.decisions.extend(taken)
    runner.state = state
    return runner


def test_the_level_and_the_break_are_timed_from_the_events_clock() -> None:
    clock = ManualClock()
    config = EventConfig(
        seats_per_table=9, starting_chips=1000,
        levels=(Level(small_blind=5, big_blind=10, length=10),),
        breaks=(Break(after_level=2, minutes=5),),
    )  # fmt: skip
    runner = _runner(clock, config)
    # 125 s played before a restart; 30 s since it: the clock reads 155 s.
    runner.event_clock.restart(125.0)
    runner.event_clock.since = clock.now - 30.0
    view = event_view(runner)
    assert view.level == 1 and (view.small_blind, view.big_blind) == (5, 10)
    assert view.level_ends_at == clock.now + 600 - 155
    assert view.next_break_at == clock.now + 1200 - 155
    assert view.players_left == 3 and view.average_stack == 1000
    assert view.largest_name in {"Ann", "Bo", "Cy"} and view.tables[0].players == 3


def test_on_a_break_the_message_shows_when_play_resumes_and_the_break_after() -> None:
    clock = ManualClock()
    config = EventConfig(
        seats_per_table=9, starting_chips=1000,
        levels=(Level(small_blind=5, big_blind=10, length=10),),
        breaks=(Break(after_level=1, minutes=5), Break(after_level=3, minutes=5)),
    )  # fmt: skip
    runner = _runner(clock, config)
    runner.state, _ = apply(runner.state, ClockTicked(seconds=660.0))  # a minute into the break
    runner.event_clock.restart(660.0)
    view = event_view(runner)
    assert view.on_break and view.level == 1
    assert view.level_ends_at == clock.now + 900 - 660  # play resumes after 5 minutes
    # level 2 and 3 follow: 10 minutes each, the next break after level 3
    assert view.next_break_at == clock.now + 900 + 1200 - 660


def test_a_break_after_levels_by_hands_shows_when_play_resumes() -> None:
    clock = ManualClock()
    config = EventConfig(
        seats_per_table=9, starting_chips=1000, clock=Clock.HANDS,
        levels=(Level(small_blind=5, big_blind=10, length=1),),
        breaks=(Break(after_level=1, minutes=5),),
    )  # fmt: skip
    runner = _runner(clock, config)
    state, _ = apply(runner.state, HandStarting(table=1))
    stacks = tuple((p, 1000) for p in state.tables[1].hand_players)
    state, _ = apply(state, HandFinished(table=1, stacks=stacks))
    runner.state = state
    assert state.on_break and event_view(runner).level_ends_at == clock.now + 300
    runner.state, _ = apply(state, ClockTicked(seconds=40.0))  # its minutes run from here
    runner.event_clock.restart(100.0)  # a minute later, after a restart
    view = event_view(runner)
    assert view.on_break and view.level_ends_at == clock.now + 340 - 100
    assert view.next_break_at is None and view.level == 1
