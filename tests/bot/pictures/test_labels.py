"""Amounts stand apart from their labels in every picture: "Side pot 1 80" read as 180 in
the run-out's header, and a showdown winner's "wins 6 · Pot" read as cut off."""

from __future__ import annotations

import re

from bot.pictures.runout import header_pots
from bot.pictures.showdown import ordered_hands, won_lines
from tests.bot.pictures.examples import example_runout, example_showdown

RUN_TOGETHER = re.compile(r"[A-Za-z]+ \d+ \d")
"""A label's number followed by an amount with only a space between ("Side pot 1 80")."""


def test_the_runout_header_separates_each_pot_from_its_amount() -> None:
    view = example_runout(twice=True)
    header = header_pots(view)
    assert header == "Main pot: 150 · Side pot 1: 80", header
    assert not RUN_TOGETHER.search(header)


def test_a_whole_pot_won_names_the_pot_before_the_win() -> None:
    view = example_showdown()
    lines = [won_lines(hand, view) for hand in ordered_hands(view) if hand.is_winner]
    assert lines == [[("Pot: wins 4,350", "")], [("Side pot 1: wins 1,200", "")]], lines
    for line in lines:
        assert not line[0][0].endswith(("Pot", "pot 1")), line  # nothing reads as cut off
