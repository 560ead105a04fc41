"""The seats of the table picture pasted as kept tiles: the same pixels as drawn in place."""

from __future__ import annotations

import dataclasses

import pytest

from bot.pictures import seats, table
from bot.pictures.seats import FACE
from bot.pictures.views import SeatOdds, SeatState, SeatView, TableView
from tests.bot.pictures.examples import example_table


def _views() -> list[TableView]:
    """Seat counts whose every seat takes a tile, every seat state, the turn on each seat in
    turn, shown cards, odds."""
    views = []
    for count in (1, 3, 6, 10):
        view = example_table(count)
        views.append(view)
        for turn in range(count):
            seated = tuple(
                dataclasses.replace(seat, is_turn=k == turn, state=list(SeatState)[k % 5])
                for k, seat in enumerate(view.seats)
            )
            views.append(dataclasses.replace(view, seats=seated, four_colour=bool(turn % 2)))
    shown = example_table(3, board=("2c", "3d", "4h"))
    seated = (
        dataclasses.replace(shown.seats[0], cards=("As", "Ah"), odds=SeatOdds(win=0.7, tie=0.1)),
        dataclasses.replace(shown.seats[1], cards=("Kd", "Kc"), odds=SeatOdds(win=0.2)),
        shown.seats[2],
    )
    views.append(dataclasses.replace(shown, seats=seated))
    return views


def test_the_face_of_a_seat_is_every_field_but_its_stack_and_bet() -> None:
    """A field added to the seat's view and drawn in its tile must be part of the tile's key,
    or a kept tile would show a seat as it was."""
    names = {field.name for field in dataclasses.fields(SeatView)}
    assert set(FACE) == names - {"stack", "bet"} and len(FACE) == len(set(FACE))


def test_seats_pasted_as_tiles_give_the_pixels_of_seats_drawn_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seats, "TILES_KEPT", 1024)  # every seat of these views kept
    monkeypatch.setattr(seats, "_tiles", {})
    monkeypatch.setattr(seats, "_seen", {})
    views = _views()
    first = [table.render_table(view) for view in views]  # each seat seen once: in place
    tiled = [table.render_table(view) for view in views]  # seen again: made tiles
    assert seats._tiles, "no seat was made a tile"
    assert first == tiled == [table.render_table(view) for view in views]  # pasted: same bytes
    monkeypatch.setattr(table, "_tile_region", lambda count, index, turn: None)
    in_place = [table.render_table(view) for view in views]
    differ = [k for k, (a, b) in enumerate(zip(tiled, in_place, strict=True)) if a != b]
    assert not differ, f"views {differ} differ"


def test_a_seat_changed_is_drawn_anew_and_the_tiles_kept_are_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seats, "TILES_KEPT", 24)
    monkeypatch.setattr(seats, "_tiles", {})
    monkeypatch.setattr(seats, "_seen", {})
    view = example_table(10)
    before = table.render_table(view)
    assert table.render_table(view) == before and len(seats._tiles) == 10  # seen twice: kept
    renamed = dataclasses.replace(view.seats[0], name="Zoë")
    after = table.render_table(dataclasses.replace(view, seats=(renamed, *view.seats[1:])))
    assert after != before
    for k in range(5):
        moved = tuple(dataclasses.replace(seat, name=f"{seat.name} {k}") for seat in view.seats)
        for _ in range(2):
            table.render_table(dataclasses.replace(view, seats=moved))
    assert len(seats._tiles) == seats.TILES_KEPT
    assert table.render_table(view) == before


def test_a_seat_seen_once_gets_no_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """With many tables drawn in turn no seat comes back before its tile would be dropped:
    a seat is drawn in place until it is seen again while still remembered."""
    monkeypatch.setattr(seats, "TILES_KEPT", 24)
    monkeypatch.setattr(seats, "_tiles", {})
    monkeypatch.setattr(seats, "_seen", {})
    views = []
    for k in range(6):
        view = example_table(10)
        renamed = tuple(dataclasses.replace(seat, name=f"{seat.name} {k}") for seat in view.seats)
        views.append(dataclasses.replace(view, seats=renamed))
    for view in views:  # 60 seats in turn, 24 remembered: none seen again in time
        table.render_table(view)
    for view in views:
        table.render_table(view)
    assert seats._tiles == {} and len(seats._seen) == seats.TILES_KEPT
