"""The turn timer's rule for absent members: two timeouts in a row sit a player out."""

from __future__ import annotations

import doctest

import bot.tables.timeouts
from bot.tables.timeouts import SIT_OUT_AFTER, Timeouts, sit_out_quietly, sits_out
from engine import HouseRules, SeatStatus, Table


def test_doctests() -> None:
    assert doctest.testmod(bot.tables.timeouts).failed == 0


def test_the_second_timeout_in_a_row_sits_out() -> None:
    assert SIT_OUT_AFTER == 2
    assert not sits_out(1)
    assert sits_out(2) and sits_out(3)


def test_counts_per_member_and_table_reset_and_forget() -> None:
    timeouts = Timeouts()
    assert timeouts.record("1:2", 7) == 1
    assert timeouts.record("1:2", 7) == 2
    assert timeouts.record("1:2", 8) == 1
    assert timeouts.record("1:3", 7) == 1
    timeouts.reset("1:2", 7)
    assert timeouts.count("1:2", 7) == 0 and timeouts.count("1:2", 8) == 1
    timeouts.forget_table("1:2")
    assert timeouts.count("1:2", 8) == 0 and timeouts.count("1:3", 7) == 1


def test_sit_out_quietly_leaves_a_member_not_playing_alone() -> None:
    table = Table(HouseRules())
    table.sit("7", stack=100)
    assert not sit_out_quietly(table, 8)  # not seated
    assert sit_out_quietly(table, 7)
    seat = table.seat_of("7")
    assert seat is not None
    state = table.seats[seat]
    assert state is not None and state.status is SeatStatus.SITTING_OUT
    assert not sit_out_quietly(table, 7)  # already out
