"""Every picture kind as a phone shows it (400 px wide): references, and text tall enough.

Each kind is compared with a reference at full size and at 400 px. The text heights are
measured, not assumed: the same picture is drawn twice with one text changed to another of the
same width (a name, a stack, a pot, a chance), both are scaled to 400 px as a phone scales them,
and the rows where they differ are the text's own rows. Capitals and digits must come out at
least 7 px tall (the run-out's percentages at least 9 px), about the size of Discord's own
message text on a phone.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops
from render_helpers import decode, match_reference, on_phone

from bot.pictures import (
    render_hole_cards,
    render_runout,
    render_showdown,
    render_table,
)
from bot.pictures.chart import render_chart
from bot.pictures.replay import render_replay
from bot.pictures.views import PotView, SeatOdds, SeatView, TableView
from tests.bot.pictures.examples import (
    example_chart,
    example_hole_cards,
    example_replay,
    example_runout,
    example_showdown,
    example_table,
)

MIN_TEXT, MIN_ODDS = 7, 9
CHANGED = 48  # a channel difference that a reader sees as ink


def _last_frame(gif: bytes) -> bytes:
    with Image.open(io.BytesIO(gif)) as image:
        image.seek(image.n_frames - 1)
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="PNG")
        return buffer.getvalue()


KINDS: dict[str, Callable[[], bytes]] = {
    "table": lambda: render_table(example_table(10, board=("As", "Kh", "7c", "Td"), street="Turn")),
    "showdown": lambda: render_showdown(example_showdown()),
    "hole-cards": lambda: render_hole_cards(example_hole_cards(four_colour=True)),
    "runout": lambda: render_runout(example_runout()),
    "runout-twice": lambda: render_runout(example_runout(twice=True)),
    "replay-last-frame": lambda: _last_frame(render_replay(example_replay())),
    "chart": lambda: render_chart(example_chart()),
}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_matches_its_references_full_size_and_on_a_phone(kind: str) -> None:
    match_reference(f"phone-{kind}", KINDS[kind](), phone=True)


def _ink_height(first: bytes, second: bytes) -> int:
    """Rows of the 400 px pictures where the two differ visibly: the changed text's height."""
    diff = ImageChops.difference(on_phone(decode(first)), on_phone(decode(second)))
    mask = diff.convert("L").point(lambda v: 255 if v > CHANGED else 0)
    box = mask.getbbox()
    assert box is not None, "the two pictures do not differ"
    return box[3] - box[1]


def _seat(view: TableView, index: int, **changes: object) -> TableView:
    seats = list(view.seats)
    seats[index] = dataclasses.replace(seats[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(view, seats=tuple(seats))


def test_names_stacks_bets_and_pots_are_seven_pixels_on_a_phone() -> None:
    base = example_table(10, board=("As", "Kh", "7c"))
    # Capitals, digits of equal width: only the glyphs change, never a box around them.
    cases = {
        "name": (_seat(base, 5, name="HEIGHT"), _seat(base, 5, name="")),
        "stack": (_seat(base, 5, stack=88_888), _seat(base, 5, stack=11_111)),
        "bet": (_seat(base, 6, bet=888), _seat(base, 6, bet=111)),
        "pot": (
            dataclasses.replace(base, pots=(PotView(label="Pot", amount=8888),)),
            dataclasses.replace(base, pots=(PotView(label="Pot", amount=1111),)),
        ),
    }
    heights = {
        what: _ink_height(render_table(first), render_table(second))
        for what, (first, second) in cases.items()
    }
    assert all(height >= MIN_TEXT for height in heights.values()), heights


def test_the_showdown_names_and_wins_are_seven_pixels_on_a_phone() -> None:
    base = example_showdown()
    winner = base.hands[0]
    cases = {
        "hand name": dataclasses.replace(winner, hand_name="FULL HOUSE"),
        "name": dataclasses.replace(winner, name="HEIGHT"),
    }
    for what, changed in cases.items():
        other = dataclasses.replace(base, hands=(changed, *base.hands[1:]))
        height = _ink_height(render_showdown(base), render_showdown(other))
        assert height >= MIN_TEXT, (what, height)


def test_the_run_out_percentages_are_nine_pixels_on_a_phone() -> None:
    base = example_runout()
    # Alice leads the main pot both times: only her figure changes, 88% against 66%.
    first = _seat(base, 0, odds=SeatOdds(win=0.88, tie=0.0))
    second = _seat(base, 0, odds=SeatOdds(win=0.66, tie=0.0))
    assert _ink_height(render_runout(first), render_runout(second)) >= MIN_ODDS
    names = (_seat(base, 2, name="HEIGHT"), _seat(base, 2, name="HHHHHH"))
    assert _ink_height(*(render_runout(view) for view in names)) >= MIN_TEXT


def test_the_run_out_shows_only_the_players_in_the_hand() -> None:
    view = example_runout()
    crowded = decode(render_runout(view))
    alone = dataclasses.replace(view, seats=tuple(s for s in view.seats if s.odds is not None))
    assert crowded.size == decode(render_runout(alone)).size
    assert crowded.tobytes() == decode(render_runout(alone)).tobytes()


def test_a_hand_run_twice_shows_both_boards_in_one_picture() -> None:
    once = decode(render_runout(example_runout()))
    twice = decode(render_runout(example_runout(twice=True)))
    assert twice.height > once.height  # a second board row
    seats = (SeatView(name="a", stack=1, cards=("Qs", "8h")),)
    with pytest.raises(ValueError):  # a card on both boards and in a hand is refused
        TableView(seats=seats, board=("2c",), first_board=("Qs", "3d", "4d"))


def test_the_chart_legend_and_line_names_are_seven_pixels_on_a_phone() -> None:
    base = example_chart()
    standing = dataclasses.replace(base.standings[0], name="HEIGHT")
    legend = dataclasses.replace(base, standings=(standing, *base.standings[1:]))
    assert _ink_height(render_chart(base), render_chart(legend)) >= MIN_TEXT
    chips = dataclasses.replace(base.standings[0], chips=8888)
    other = dataclasses.replace(base.standings[0], chips=1111)
    heights = [
        render_chart(dataclasses.replace(base, standings=(s, *base.standings[1:])))
        for s in (chips, other)
    ]
    assert _ink_height(*heights) >= MIN_TEXT
    line = dataclasses.replace(base.lines[0], name="HEIGHT")
    named = dataclasses.replace(base, lines=(line, *base.lines[1:]))
    assert _ink_height(render_chart(base), render_chart(named)) >= MIN_TEXT


@pytest.mark.parametrize(
    "name", ["Bartholomew Maxi", "Antoinette-Margu", "Grace Hopper Jr.", "Zoë Kristiansen"]
)
def test_names_of_sixteen_characters_are_drawn_whole(name: str) -> None:
    # Narrowed (down to 70% of their width), never cut: the seat box of a ten-seat table.
    from bot.pictures.fonts import fit_squeezed
    from bot.pictures.seats import NAME_SIZE
    from bot.pictures.table import table_layout

    room = table_layout(10)[0].box.width - 8
    shown, squeeze = fit_squeezed(name, NAME_SIZE, room, bold=True)
    assert shown == name and squeeze >= 0.70
    seated = _seat(example_table(10), 0, name=name)
    cut = _seat(example_table(10), 0, name=name[:12])
    assert render_table(seated) != render_table(cut)


def test_a_river_without_odds_still_shows_the_hands_face_up() -> None:
    view = example_runout()
    river = dataclasses.replace(
        view,
        board=("Qs", "8h", "2c", "Td", "4h"),
        seats=tuple(dataclasses.replace(seat, odds=None) for seat in view.seats),
    )
    with_odds, without = decode(render_runout(view)), decode(render_runout(river))
    assert with_odds.size == without.size  # the same three rows
    assert with_odds.tobytes() != without.tobytes()


@pytest.mark.parametrize(
    ("label", "first", "second"),
    [("folded", "8888", "1111"), ("big_blind", "88", "11"), ("dealer", "8", "1")],
)
def test_badges_blinds_and_the_button_are_seven_pixels_on_a_phone(
    label: str, first: str, second: str
) -> None:
    # Labels of digits, which all have one width: the pill or disc keeps its size.
    base = example_table(10, board=("As", "Kh", "7c"))
    views = [
        dataclasses.replace(base, labels=dataclasses.replace(base.labels, **{label: text}))
        for text in (first, second)
    ]
    assert _ink_height(*(render_table(view) for view in views)) >= MIN_TEXT
