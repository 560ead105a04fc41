"""What the store keeps of an event reads back as it was written, and the values built from
an event (its structure, its message's view) say what the event is."""

from __future__ import annotations

import itertools
import json

import pytest

from bot.tournaments.codec import (
    config_from_dict,
    config_to_dict,
    input_from_dict,
    input_to_dict,
)
from bot.tournaments.rules import event_rules
from bot.tournaments.structure import STEPS, standard_levels
from engine.errors import InvalidSetup
from engine.tournament import (
    Break,
    BreakOrder,
    Clock,
    ClockTicked,
    CorrectStack,
    EditEvent,
    EventConfig,
    HandFinished,
    HandStarting,
    Level,
    MovePlayer,
    Pause,
    PayoutStructure,
    Registered,
    Remove,
    Resume,
    Settlement,
    Start,
    Stop,
    Unregistered,
)


def test_a_config_with_every_setting_reads_back_equal_through_json() -> None:
    config = EventConfig(
        seats_per_table=6, starting_chips=5000,
        levels=(Level(small_blind=25, big_blind=50), Level(small_blind=50, big_blind=100, ante=9)),
        clock=Clock.MINUTES, breaks=(Break(after_level=2, minutes=5),), start_when=6,
        max_entries=20, min_entries=3,
        late_registration_until=2, re_entries=1, buy_in=100, payouts=(60, 40),
        structure=PayoutStructure.WINNER_TAKES_ALL, redraw_at=(3, 2),
        break_order=BreakOrder.DRAWN, halt_short=2, hand_for_hand_margin=2, seed="abc",
    )  # fmt: skip
    stored = json.loads(json.dumps(config_to_dict(config)))
    assert config_from_dict(stored) == config


def test_a_config_stored_before_the_fields_limits_reads_with_none() -> None:
    stored = config_to_dict(EventConfig())
    del stored["max_entries"], stored["min_entries"]
    assert config_from_dict(stored) == EventConfig()


def test_a_stored_config_is_checked_again_when_read() -> None:
    stored = config_to_dict(EventConfig())
    stored["payouts"] = [70, 40]
    with pytest.raises(InvalidSetup):
        config_from_dict(stored)


@pytest.mark.parametrize(
    "item",
    [
        Registered(player="12"),
        Unregistered(player="12"),
        Start(),
        HandStarting(table=3),
        HandFinished(table=2, stacks=(("1", 0), ("2", 3000))),
        ClockTicked(seconds=901.5),
        Pause(seconds=300.25),
        Resume(),
        Remove(player="12", reason="collusion"),
        CorrectStack(player="13", chips=4500, reason="miscounted"),
        MovePlayer(player="14", table=2, seat=5),
        Stop(settlement=Settlement.CHIP_COUNT),
        Stop(settlement=Settlement.REFUND),
        EditEvent(config=EventConfig(seats_per_table=6, max_entries=30, seed="s")),
    ],
)
def test_every_input_reads_back_equal_through_json(item: object) -> None:
    stored = json.loads(json.dumps(input_to_dict(item)))  # type: ignore[arg-type]
    assert input_from_dict(stored) == item


def test_an_unknown_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tournament input"):
        input_from_dict({"kind": "bribe"})


def test_the_standard_structure_climbs_in_round_numbers_from_the_first_big_blind() -> None:
    levels = standard_levels(200, 20, antes=True)
    bigs = [lv.big_blind for lv in levels]
    assert bigs[:6] == [200, 300, 400, 600, 800, 1000]
    assert all(b > a for a, b in itertools.pairwise(bigs))
    assert all(lv.small_blind * 2 == lv.big_blind and lv.length == 20 for lv in levels)
    assert [lv.ante for lv in levels[:3]] == [0, 0, 400]  # a big blind ante from level 3
    assert len(levels) == len(STEPS)
    assert standard_levels(3, 15)[0].big_blind == 4  # rounded up so the small blind is whole


def test_an_events_tables_run_it_once_and_take_its_time_to_act() -> None:
    rules = event_rules({"turn_seconds": 45, "starting_chips": 1500})
    assert rules.turn_seconds == 45 and rules.starting_stack == 1500
    assert rules.run_it_twice.value == "off"
    assert event_rules({}).turn_seconds == 30
