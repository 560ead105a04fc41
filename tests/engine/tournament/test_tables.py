"""Positions at one table: the worst seat for a player moved in to balance, and when a
newcomer is dealt in (TDA 9 and 10A, WSOP 66 and 67a, with the moving button of RULES.md)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from engine.blinds import Roles
from engine.tournament import TableState, plan, worst_seat
from engine.tournament.tables import TablePlan, dealt

NEW = "newcomer"


def table(seats: str, *, button: int, small: str, big: str) -> TableState:
    """A table from a seat string ("ab.c..": a player's initial or an empty seat) that has
    dealt a hand with the button at ``button`` and the blinds posted by ``small`` and
    ``big``."""
    row = tuple(None if c == "." else c for c in seats)
    big_seat = seats.index(big) if big in seats else (button + 2) % len(seats)
    roles = Roles(button=button, big_blind=big_seat, small_blind_player=small, big_blind_player=big)
    return TableState(number=1, seats=row, button=button, roles=roles, hands=1)


def positions(hand: TablePlan | None) -> tuple[int, int, int]:
    assert hand is not None
    return hand.button, hand.small_blind, hand.big_blind


def next_hand(t: TableState) -> tuple[TableState, TablePlan]:
    """Deal ``t``'s next hand and end it with nobody out."""
    hand = plan(t)
    assert hand is not None
    return replace(dealt(t, hand), in_hand=False, hand_players=()), hand


def test_a_seat_between_the_next_blinds_is_the_worst_position() -> None:
    # Last hand: button a (0), blinds b (1) and c (2). Next: button b, small c, big d (4).
    t = table("abc.defg.", button=0, small="b", big="c")
    assert positions(plan(t)) == (1, 2, 4)
    assert worst_seat(t) == 3
    assert plan(t.with_player(3, NEW)).big_blind == 3  # type: ignore[union-attr]
    after_big = plan(t.with_player(8, NEW))  # after the big blind: dealt in at once
    assert after_big is not None and 8 in after_big.seats


def test_a_newcomer_sits_out_only_the_hands_that_would_give_them_the_button_or_small_blind() -> (
    None
):
    # Last hand: button e (7); next hand: button a (2), small b (3), big c (4).
    t = table("..abc.e..", button=7, small="a", big="b")
    assert positions(plan(t)) == (2, 3, 4)
    out = [k for k in (0, 1, 5, 6, 8) if k not in plan(t.with_player(k, NEW)).seats]  # type: ignore[union-attr]
    assert out == [0, 1, 8]
    assert worst_seat(t) == 5  # the first empty seat after the small blind
    # Seated at 8, the next button's seat: out for one hand, then dealt in behind the button.
    t, first = next_hand(t.with_player(8, NEW))
    assert 8 not in first.seats and positions(first) == (2, 3, 4)
    t, second = next_hand(t)
    assert 8 in second.seats and positions(second) == (3, 4, 6)


def test_a_bust_in_the_hand_being_played_never_puts_a_newcomer_in_the_small_blind() -> None:
    # A player moved in mid-hand between the next hand's blinds (c and d) would post the big
    # blind; c busts in that hand, and the next small blind would be theirs. They sit out
    # until the button has passed them, then post the big blind when it reaches them.
    t = table("abc.d....", button=0, small="b", big="c").with_player(3, NEW)
    assert positions(plan(t)) == (1, 2, 3)
    t = t.with_player(2, None)  # c is out
    seen = []
    for _ in range(4):
        t, hand = next_hand(t)
        seen.append((3 in hand.seats, positions(hand)))
        if hand.big_blind == 3:
            break
    assert seen == [(False, (1, 4, 0)), (False, (4, 0, 1)), (True, (0, 1, 3))]
    assert NEW not in t.owing


def test_a_table_down_to_two_never_gives_a_newcomer_the_small_blind() -> None:
    # The case the 300-player simulation found: heads-up next, and a third player moved in.
    t = TableState(
        number=2, seats=(None, "s", "t", None), button=1, hands=3,
        roles=Roles(button=1, big_blind=0, small_blind_player="t", big_blind_player="gone"),
    )  # fmt: skip
    seat = worst_seat(t)
    after = plan(t.with_player(seat, NEW))
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


@given(tables(), st.data())
def test_a_newcomer_never_takes_the_button_or_the_small_blind_before_the_big_blind(
    t: TableState, data: st.DataObject
) -> None:
    """Whatever the table and whoever leaves between hands, a newcomer is dealt in as the
    button or the small blind only after posting a big blind there; while nobody leaves,
    they sit out at most two hands running."""
    seat = data.draw(st.sampled_from(t.empty_seats()))
    t = t.with_player(seat, NEW)
    running = 0
    for _ in range(12):
        if NEW not in t.owing or t.count < 2:
            break
        t, hand = next_hand(t)
        if seat not in hand.seats:
            running += 1
            assert running <= 2
        else:
            running = 0
            assert seat == hand.big_blind or seat not in (hand.button, hand.small_blind)
        others = [k for k, p in enumerate(t.seats) if p not in (None, NEW)]
        if len(others) > 2 and data.draw(st.booleans()):
            t = t.with_player(data.draw(st.sampled_from(others)), None)
            running = 0


@given(tables())
def test_the_worst_seat_takes_the_next_big_blind_when_one_can(t: TableState) -> None:
    def posts_big_blind(seat: int) -> bool:
        after = plan(t.with_player(seat, NEW))
        return after is not None and after.big_blind == seat

    if any(posts_big_blind(k) for k in t.empty_seats()):
        assert posts_big_blind(worst_seat(t))
