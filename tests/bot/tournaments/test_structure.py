"""The structure an event's options describe, and the README's example made true: the
command shown in "Running a tournament" gives, through the real event and its message, the
structure lines the README shows under it."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.computers import Level
from bot.present.event import structure_lines
from bot.store.store import Store
from bot.tables.computers import computer_member
from bot.tournaments.codec import config_from_dict
from bot.tournaments.structure import edited_config, event_config, parse_levels, parse_payouts
from bot.tournaments.view import event_view
from engine.errors import InvalidSetup
from engine.tournament import Clock, EditEvent
from tests.bot.conftest import Clock as ManualClock

from .test_runner import CHANNEL, GUILD, FakeHost, _setup

README = Path(__file__).resolve().parents[3] / "README.md"
OPTION = re.compile(r"(\w+):(.*?)(?=\s+\w+:|$)", re.S)


def _readme_example() -> tuple[dict[str, str], list[str]]:
    """The create command after "was made with" and the structure lines of the message
    after it (from its starting stack to its buy-in)."""
    text = README.read_text("utf-8")
    section = text[text.index("## Running a tournament") :]
    command = re.search(r"made with\s+```text\n(/holdem tournament create .*?)```", section, re.S)
    assert command is not None, "the README's example command is gone"
    words = " ".join(command[1].split()).removeprefix("/holdem tournament create ")
    options = {m[1]: m[2].strip() for m in OPTION.finditer(words)}
    message = section[command.end() :]
    lines = message[message.index("Starting stack") :].splitlines()
    end = next(k for k, line in enumerate(lines) if line.startswith("Buy-in"))
    return options, lines[: end + 1]


async def test_the_readmes_example_command_makes_the_structure_it_shows(store: Store) -> None:
    options, shown = _readme_example()
    shares, structure = parse_payouts(options.pop("payouts"))
    name = options.pop("name")
    options.pop("start_in")
    numbers = {k: int(v) for k, v in options.items() if k != "levels"}
    config = event_config(levels=options["levels"], payouts=shares, structure=structure, **numbers)
    _, events = _setup(store, FakeHost(), ManualClock())
    field = [(str(computer_member(Level.NORMAL, k)), f"p{k}") for k in range(1, 15)]
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name=name, config=config, settings={}, computers=field
    )
    assert structure_lines("en", event_view(runner)) == shown
    await runner.stop()


def test_an_event_with_nobody_registered_has_no_prize_pool_yet() -> None:
    from bot.present.event import EventView

    view = EventView(
        event_id=1, name="x", status="registering", practice=False, starts_at=None,
        start_when=None, registered=(), entries=0, seats_per_table=9, starting_chips=100,
        clock="minutes", levels=((1, 2, 0, 15),), breaks=(), late_registration_until=0,
        re_entries=0, buy_in=50, pool=0, prizes=(), payouts="standard", level=1,
        small_blind=1, big_blind=2, ante=0, level_ends_at=None, hands_left=None,
        on_break=False, next_break_at=None, players_left=0, average_stack=0, largest_stack=0,
        largest_name=None, hand_for_hand=False, tables=(), places=(), winner=None,
    )  # fmt: skip
    text = "\n".join(structure_lines("en", view))
    assert "no prize pool yet" in text and "prize pool 0" not in text


def test_written_levels_and_spaced_breaks() -> None:
    config = event_config(levels="10/20 20/40/5", level_hands=8, chips=500)
    assert [(lv.small_blind, lv.big_blind, lv.ante, lv.length) for lv in config.levels] == [
        (10, 20, 0, 8), (20, 40, 5, 8),
    ]  # fmt: skip
    assert config.clock is Clock.HANDS
    timed = event_config(break_every=3, break_minutes=12)
    assert [(b.after_level, b.minutes) for b in timed.breaks[:2]] == [(3, 12), (6, 12)]
    for bad in ("", "25", "25/50/5/1", "a/b", "25-50", " ".join(["1/2"] * 41)):
        with pytest.raises(ValueError):
            parse_levels(bad, 15)
    with pytest.raises(InvalidSetup):  # the director's own check: a big blind below the small
        event_config(levels="50/25")
    by_hands = event_config(level_hands=10, break_every=2, break_minutes=8)
    assert by_hands.clock is Clock.HANDS and by_hands.pause_after(2) == 8  # breaks either way


async def test_the_fields_cap_and_minimum_are_shown_with_the_structure(store: Store) -> None:
    config = event_config(max_players=40, min_players=6, buy_in=10)
    assert (config.max_entries, config.min_entries) == (40, 6)
    _, events = _setup(store, FakeHost(), ManualClock())
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Capped", config=config, settings={}
    )
    lines = structure_lines("en", event_view(runner))
    assert "Field: at most 40 players · starts with at least 6" in lines
    assert any("no prize pool yet" in line for line in lines)
    await runner.stop()


async def test_a_saved_structure_comes_back_with_a_new_seed(store: Store) -> None:
    _, events = _setup(store, FakeHost(), ManualClock())
    config = event_config(levels="25/50 50/100/10", break_every=2, break_minutes=7, seed="a")
    assert await events.save_preset(GUILD, "Friday", config, by=1)
    again = await events.preset(GUILD, "Friday", seed="b")
    assert again is not None and again.seed == "b"
    assert again == replace(config, seed="b")
    assert await events.preset(GUILD, "Saturday", seed="c") is None


def test_an_edit_changes_what_it_is_given_and_keeps_the_rest() -> None:
    config = event_config(
        levels="25/50 50/100/10", level_minutes=10, break_every=2, break_minutes=5, buy_in=10,
        seed="x",
    )  # fmt: skip
    longer = edited_config(config, level_minutes=20)
    assert [(lv.big_blind, lv.ante, lv.length) for lv in longer.levels] == [
        (50, 0, 20), (100, 10, 20),
    ]  # fmt: skip
    assert longer.breaks == config.breaks and longer.seed == "x" and longer.buy_in == 10
    rested = edited_config(config, break_minutes=10)
    assert [(b.after_level, b.minutes) for b in rested.breaks[:2]] == [(2, 10), (4, 10)]
    other = edited_config(
        config, seats=6, chips=2000, big_blind=40, max_players=30, min_players=4,
        payouts=parse_payouts("60/40"), late_registration=3,
    )  # fmt: skip
    assert (other.seats_per_table, other.starting_chips, other.levels[0].big_blind) == (6, 2000, 40)
    assert (other.max_entries, other.min_entries, other.payouts) == (30, 4, (60, 40))
    assert other.late_registration_until == 3 and other.breaks == config.breaks
    by_hands = edited_config(config, level_hands=10)  # the breaks stay with levels by hands
    assert by_hands.clock is Clock.HANDS and by_hands.breaks == config.breaks


async def test_an_edited_event_is_stored_and_reloads_as_edited(store: Store) -> None:
    _, events = _setup(store, FakeHost(), ManualClock())
    config = event_config(seats=9, chips=1000, seed="ed")
    field = [(str(computer_member(Level.NORMAL, k)), f"p{k}") for k in range(1, 4)]
    runner = await events.create(
        guild_id=GUILD, channel_id=CHANNEL, name="Edit", config=config, settings={},
        computers=field,
    )  # fmt: skip
    wider = edited_config(config, seats=6, chips=5000, max_players=12)
    await runner.submit(EditEvent(config=wider))
    assert runner.config == wider
    assert "Starting stack 5,000 · tables of 6" in structure_lines("en", event_view(runner))
    await runner.stop()
    record = await store.events.load(runner.info.event_id)
    assert record is not None and config_from_dict(record.config) == wider
    events.runners.clear()
    await events.restore()
    again = events.runners[runner.info.event_id]
    assert again.config == wider and again.state.registered == runner.state.registered
    await again.stop()
