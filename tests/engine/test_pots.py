"""Pots: the layers of all-ins, a pot split between tied winners, and the awards on one board
or two (the one place chips go to winners, for the showdown and the run-out alike)."""

from __future__ import annotations

from engine.pots import Pot, award_pots, build_pots, halves, split_pot


def test_side_pots_are_layered_by_the_all_in_amounts() -> None:
    pots = build_pots([12, 30, 30], [True] * 3, [True] * 3)
    assert [(p.amount, p.eligible) for p in pots] == [(36, (0, 1, 2)), (36, (1, 2))]


def test_the_odd_chip_goes_to_the_tied_winner_nearest_the_buttons_left() -> None:
    assert split_pot(5, [3, 1], first_left=2, n=4) == [3, 2]


def test_on_two_boards_the_odd_chip_goes_with_the_first() -> None:
    assert halves(7) == (4, 3) and halves(8) == (4, 4) and halves(1) == (1, 0)


def test_one_board_awards_each_pot_whole_the_main_pot_last() -> None:
    pots = [Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=20, eligible=(1, 2))]
    values = [[9, 5, 5]]  # player 0 wins the main pot; 1 and 2 tie for the side pot
    awards = award_pots(pots, values, 1, 3)
    assert [(a.pot, a.amount, a.winners, a.shares, a.value, a.run) for a in awards] == [
        (1, 20, (1, 2), (10, 10), 5, 1),
        (0, 30, (0,), (30,), 9, 1),
    ]


def test_two_boards_award_each_pot_in_halves_one_on_each_board() -> None:
    pots = [Pot(amount=31, eligible=(0, 1)), Pot(amount=1, eligible=(1,))]
    values = [[9, 5], [5, 9]]
    awards = award_pots(pots, values, 0, 2)
    assert [(a.pot, a.amount, a.winners, a.shares, a.run) for a in awards] == [
        (1, 1, (1,), (1,), 1),  # a half of nothing (the side pot's second) is skipped
        (0, 16, (0,), (16,), 1),
        (0, 15, (1,), (15,), 2),
    ]
