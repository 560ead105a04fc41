"""The table picture: determinism, references, every seat count, long names, layout."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageDraw
from render_helpers import decode, match_reference

from bot.pictures import SeatState, SeatView, TableView, render_table, table_layout
from bot.pictures.table import (
    FOOTER_LEFT,
    HEADER_LEFT,
    HEADER_RIGHT,
    HEIGHT,
    POT_AREA,
    WIDTH,
    _board_on_felt,
    board_slots,
    prepare_cards,
)
from tests.bot.pictures.examples import example_table

MAX_BYTES = 150_000
LONG_NAMES = (
    "W" * 32,
    "龍" * 32,
    "🃏" * 16 + "🎲" * 16,
    "مريم " * 6 + "ab",
    "Z̷̢͉̈́a̶̱͝l̴̰̈́g̶̛͔o̷̙͐" * 3,
    "tab\tnew\nline\rcarriage\x00nul",
    "\u202eevil right-to-left override",
    "lone surrogate \ud800 here",
    "",
    "   ",
    "x" * 1000,
)


def test_same_view_gives_same_bytes() -> None:
    view = example_table(10)
    assert render_table(view) == render_table(view)


@pytest.mark.parametrize("seat_count", range(2, 11))
def test_every_seat_count_renders_a_small_png(seat_count: int) -> None:
    data = render_table(example_table(seat_count))
    assert len(data) < MAX_BYTES
    assert decode(data).size == (WIDTH, HEIGHT)


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("table-10-flop", example_table(10)),
        ("table-2-preflop", example_table(2, board=())),
        (
            "table-6-river-four-colour",
            example_table(6, board=("Ac", "Kd", "7c", "Td", "2h"), four_colour=True),
        ),
    ],
)
def test_matches_reference(name: str, view: TableView) -> None:
    match_reference(name, render_table(view))


@pytest.mark.parametrize("seat_count", range(1, 11))
def test_layout_keeps_seats_bets_board_and_pots_apart(seat_count: int) -> None:
    spots = table_layout(seat_count)
    slots = board_slots()
    fixed = [HEADER_LEFT, HEADER_RIGHT, FOOTER_LEFT, POT_AREA, *slots]
    boxes = [spot.rect for spot in spots] + [spot.bet_rect for spot in spots]
    for box in boxes:
        assert box.inside(WIDTH, HEIGHT)
        assert not any(box.intersects(other) for other in fixed), box
    for first, second in itertools.combinations(boxes, 2):
        assert not first.intersects(second), (first, second)


def test_layout_refuses_more_than_ten_seats() -> None:
    with pytest.raises(ValueError):
        table_layout(11)


def _seats(names: tuple[str, ...]) -> tuple[SeatView, ...]:
    states = itertools.cycle(
        [SeatState.ACTIVE, SeatState.FOLDED, SeatState.ALL_IN, SeatState.SITTING_OUT]
    )
    return tuple(
        SeatView(name=name, stack=9_999_999, bet=9_999_999, state=state, is_turn=i == 0)
        for i, (name, state) in enumerate(zip(names, states))
    )


@pytest.mark.parametrize("seat_count", [2, 6, 10])
def test_long_and_unusual_names_stay_inside_their_seat(seat_count: int) -> None:
    names = tuple(LONG_NAMES[i % len(LONG_NAMES)] for i in range(seat_count))
    long_view = TableView(seats=_seats(names), board=("As", "Kd", "7c"))
    short_view = TableView(seats=_seats(("x",) * seat_count), board=("As", "Kd", "7c"))
    changed = ImageChops.difference(
        decode(render_table(long_view)), decode(render_table(short_view))
    )
    # Only the name lines may change: blank every seat box and nothing may be left.
    draw = ImageDraw.Draw(changed)
    for spot in table_layout(seat_count):
        draw.rectangle(spot.box.box, fill=(0, 0, 0))
    assert changed.getbbox() is None


@pytest.mark.parametrize("name", LONG_NAMES)
def test_any_name_renders(name: str) -> None:
    seats = (SeatView(name=name, stack=1), SeatView(name=name * 3, stack=2))
    assert len(render_table(TableView(seats=seats))) < MAX_BYTES


def test_empty_places_for_cards_to_come() -> None:
    image = decode(render_table(example_table(6, board=("As", "Kd", "7c"))))
    # A place still to come is felt inside, without a white card face.
    for slot in board_slots()[3:]:
        centre = image.getpixel(((slot.left + slot.right) // 2, (slot.top + slot.bottom) // 2))
        assert isinstance(centre, tuple) and centre[1] > centre[0] + 30


def test_four_colour_changes_only_clubs_and_diamonds() -> None:
    board = ("Ac", "Kd", "7h", "Ts", "2c")
    standard = decode(render_table(example_table(6, board=board)))
    four = decode(render_table(example_table(6, board=board, four_colour=True)))
    changed = ImageChops.difference(standard, four)
    slots = board_slots()
    for card, slot in zip(board, slots, strict=True):
        region = changed.crop((slot.left, slot.top, slot.right, slot.bottom)).getbbox()
        assert (region is not None) == (card[1] in "cd"), card
    for slot in slots:
        ImageDraw.Draw(changed).rectangle(slot.box, fill=(0, 0, 0))
    assert changed.getbbox() is None


def test_revealed_cards_and_all_states_render() -> None:
    seats = (
        SeatView(name="Shows", stack=10, cards=("Ah", "Kd"), is_turn=True),
        SeatView(name="Empty", state=SeatState.EMPTY),
        SeatView(name="Out", stack=5, state=SeatState.SITTING_OUT, in_hand=False),
        SeatView(name="One card", stack=5, cards=("2c",)),
    )
    image = decode(render_table(TableView(seats=seats, board=("As", "Ks", "Qs", "Js", "Ts"))))
    assert image.size == (WIDTH, HEIGHT)


def test_views_refuse_bad_cards_and_duplicates() -> None:
    seat = SeatView(name="a", stack=1)
    with pytest.raises(ValueError):
        TableView(seats=(seat,), board=("1s",))
    with pytest.raises(ValueError):
        TableView(seats=(seat,), board=("As", "As"))
    with pytest.raises(ValueError):
        TableView(seats=(SeatView(name="b", stack=1, cards=("As", "Kd")),), board=("As",))
    with pytest.raises(ValueError):
        TableView(seats=(seat,) * 11)
    with pytest.raises(ValueError):
        SeatView(name="a", stack=-1)


def test_picture_is_a_plain_rgb_png() -> None:
    with Image.open(__import__("io").BytesIO(render_table(example_table(3)))) as image:
        assert image.mode == "RGB"


def test_prepared_cards_leave_a_street_nothing_to_make() -> None:
    """A render worker prepares every card's board tiles before its first picture, so its
    first streets cost what the later ones do."""
    prepare_cards()
    made = _board_on_felt.cache_info().misses
    seats = (SeatView(name="ann", stack=90, cards=("Qd", "3h")), SeatView(name="bo", stack=80))
    for board in (("2c", "7h", "Ks", "Ad", "9s"), ("Th", "Tc", "4d", "5s", "Jh")):
        render_table(TableView(seats=seats, board=board))
    assert _board_on_felt.cache_info().misses == made
