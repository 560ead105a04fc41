"""Positions at one table: the worst seat for a player moved in to balance, and who waits for
the big blind (TDA 9 and 10A, WSOP 66 and 67a)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from engine.blinds import Roles
from engine.tournament import TableState, plan, worst_seat
from engine.tournament.tables import dealt, waits_if_seated

NEW = "newcomer"


def table(seats: str, *, button: int, small: str, big: str) -> TableState:
    """A table from a seat string ("ab.c..": a player's initial or an empty seat) that has
    dealt a hand with the button at ``button`` and the blinds posted by ``small`` and
    ``big``."""
    row = tuple(None if c == "." else c for c in seats)
    big_seat = seats.index(big) if big in seats else (button + 2) % len(seats)
    roles = Roles(button=button, big_blind=big_seat, small_blind_player=small, big_blind_player=big)
    return TableState(number=1, seats=row, button=button, roles=roles, hands=1)


def test_a_seat_between_the_next_blinds_is_the_worst_position() -> None:
    # Last hand: button a (0), blinds b (1) and c (2). Next: button b, small c, big d (4).
    t = table("abc.defg.", button=0, small="b", big="c")
    nxt = plan(t)
    assert nxt is not None and (nxt.button, nxt.small_blind, nxt.big_blind) == (1, 2, 4)
    assert worst_seat(t) == 3
    seated = t.with_player(3, NEW, waits=waits_if_seated(t, 3))
    after = plan(seated)
    assert after is not None and after.big_blind == 3  # the newcomer posts the next big blind
    assert not waits_if_seated(t, 8)  # after the big blind: dealt in at once


def test_seats_from_the_last_button_to_the_next_small_blind_wait() -> None:
    # Last hand: button e (7); next hand: button a (2), small b (3), big c (4).
    t = table("..abc.e..", button=7, small="a", big="b")
    nxt = plan(t)
    assert nxt is not None and (nxt.button, nxt.small_blind, nxt.big_blind) == (2, 3, 4)
    assert [k for k in (0, 1, 5, 6, 8) if waits_if_seated(t, k)] == [0, 1, 8]
    assert worst_seat(t) == 5  # the first empty seat after the small blind


def test_a_table_down_to_two_never_gives_a_newcomer_the_small_blind() -> None:
    # The case the 300-player simulation found: heads-up next, and a third player moved in.
    t = TableState(
        number=2, seats=(None, "s", "t", None), button=1, hands=3,
        roles=Roles(button=1, big_blind=0, small_blind_player="t", big_blind_player="gone"),
    )  # fmt: skip
    seat = worst_seat(t)
    after = plan(t.with_player(seat, NEW, waits=waits_if_seated(t, seat)))
    assert after is not None
    assert seat not in (after.small_blind, after.button)


@st.composite
def tables(draw: st.DrawFn) -> TableState:
    size = draw(st.integers(3, 10))
    occupied = draw(st.sets(st.integers(0, size - 1), min_size=2, max_size=size - 1))
    row = tuple(f"p{k}" if k in occupied else None for k in range(size))
    t = TableState(number=1, seats=row, button=draw(st.sampled_from(sorted(occupied))))
    for _ in range(draw(st.integers(0, 12))):
        hand = plan(t)
        assert hand is not None
        t = replace(dealt(t, hand), in_hand=False, hand_players=())
        if draw(st.booleans()) and t.count > 2:  # someone leaves between hands
            gone = draw(st.sampled_from([k for k, p in enumerate(t.seats) if p is not None]))
            t = t.with_player(gone, None)
    return t


@given(tables())
def test_a_newcomer_is_never_dealt_in_as_the_small_blind_or_the_button(t: TableState) -> None:
    for seat in t.empty_seats():
        waits = waits_if_seated(t, seat)
        after = plan(t.with_player(seat, NEW, waits=waits))
        assert after is not None
        if t.roles is not None and seat in after.seats:
            assert seat not in (after.small_blind, after.button) or len(after.seats) == 2
            assert not waits or seat == after.big_blind


@given(tables())
def test_the_worst_seat_takes_the_next_big_blind_when_one_can(t: TableState) -> None:
    def posts_big_blind(seat: int) -> bool:
        after = plan(t.with_player(seat, NEW, waits=waits_if_seated(t, seat)))
        return after is not None and after.big_blind == seat

    if any(posts_big_blind(k) for k in t.empty_seats()):
        assert posts_big_blind(worst_seat(t))
