"""All-in odds on the table picture: the strip under each face-up seat, and only there."""

from __future__ import annotations

import pytest
from PIL import ImageChops
from render_helpers import decode, match_reference

from bot.pictures import (
    PotView,
    SeatState,
    SeatView,
    TableLabels,
    TableView,
    render_table,
    table_layout,
)
from bot.pictures.fonts import text_width
from bot.pictures.seats import ODDS_SIZE, odds_text
from bot.pictures.views import SeatOdds, format_percent


def _runout(odds: bool) -> TableView:
    figures = (
        SeatOdds(win=0.6249, tie=0.0316),
        SeatOdds(win=0.2101, tie=0.0316, side=((1, 0.71),)),
        SeatOdds(win=0.1334, tie=0.0, side=((1, 0.29),)),
    )
    seats = tuple(
        SeatView(
            name=name,
            stack=stack,
            state=SeatState.ALL_IN if stack == 0 else SeatState.ACTIVE,
            cards=cards,
            odds=figures[k] if odds else None,
        )
        for k, (name, stack, cards) in enumerate(
            (("Alice", 0, ("As", "Ah")), ("Bob", 0, ("Kd", "Kc")), ("Cecilie", 140, ("7h", "6h")))
        )
    )
    return TableView(
        seats=seats,
        board=("Qs", "8h", "2c"),
        pots=(PotView(label="Main pot", amount=150), PotView(label="Side pot 1", amount=80)),
        street="Flop",
    )


def test_matches_reference() -> None:
    match_reference("table-3-runout-odds", render_table(_runout(odds=True)))


def test_odds_change_only_the_seat_boxes() -> None:
    plain = decode(render_table(_runout(odds=False)))
    shown = decode(render_table(_runout(odds=True)))
    changed = ImageChops.difference(plain, shown).getbbox()
    assert changed is not None
    boxes = [spot.box for spot in table_layout(3)]
    # every changed pixel lies inside some seat box: crop the difference to each box in turn
    diff = ImageChops.difference(plain, shown)
    for box in boxes:  # the strip takes the badge's place, over the top edge of the box
        diff.paste((0, 0, 0), (box.left - 4, box.top - 20, box.right + 4, box.bottom + 1))
    assert diff.getbbox() is None


def _wide(text: str) -> int:
    return int(text_width(text, ODDS_SIZE, bold=True)) + 1


def test_the_strip_names_a_tie_only_when_one_can_happen() -> None:
    labels = TableLabels()
    assert odds_text(SeatOdds(win=0.6249, tie=0.0316), labels) == "62% · tie 3%"
    assert odds_text(SeatOdds(win=1.0), labels) == "100%"
    side = SeatOdds(win=0.2, tie=0.0, side=((1, 0.71), (2, 0.5)))
    assert odds_text(side, labels) == "20% · side 1: 71% · side 2: 50%"
    narrow = SeatOdds(win=0.2101, tie=0.0316, side=((1, 0.71),))
    assert odds_text(narrow, labels, width=1000) == "21% · tie 3% · side 1: 71%"
    assert odds_text(narrow, labels, width=_wide("21% · side 1: 71%")) == "21% · side 1: 71%"
    assert odds_text(narrow, labels, width=_wide("21% · side 1: 71%") - 1) == "21% · tie 3%"
    assert odds_text(narrow, labels, width=10) == "21%"
    norwegian = TableLabels(odds_win="{win} %", odds_tie="uavgjort {tie} %")
    assert odds_text(SeatOdds(win=0.5, tie=0.25), norwegian) == "50 % · uavgjort 25 %"


def test_percentages_never_round_to_a_certainty() -> None:
    assert format_percent(0.0049) == "<1"
    assert format_percent(0.9951) == ">99"
    assert format_percent(0.005) == "1"
    with pytest.raises(ValueError):
        format_percent(1.01)


def test_odds_outside_zero_and_one_are_refused() -> None:
    with pytest.raises(ValueError):
        SeatOdds(win=-0.1)
    with pytest.raises(ValueError):
        SeatOdds(win=0.7, tie=0.4)
    with pytest.raises(ValueError):
        SeatOdds(win=0.5, side=((1, 1.5),))
