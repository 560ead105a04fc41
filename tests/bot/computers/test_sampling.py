"""Equity against ranges: sampled, seeded, and in line with exact equity."""

from __future__ import annotations

import random

from bot.computers.ranges import ANY, Range
from bot.computers.sampling import equity_against
from engine.cards import parse_cards
from engine.equity import equity

ACES_ONLY = Range(top=6 / 1326)  # the first six combinations in the order are the aces


def test_against_a_range_of_one_class_it_matches_exact_equity() -> None:
    hero = parse_cards("Kh Kd")
    board = parse_cards("7c 4d 2s")
    exact = [
        equity([hero, aces], board).equities[0]
        for aces in (parse_cards(t) for t in ("AsAh", "AsAc", "AhAc", "AsAd", "AhAd", "AcAd"))
    ]
    truth = sum(exact) / len(exact)
    guess = equity_against(hero, board, [ACES_ONLY], random.Random(1), samples=4000)
    assert abs(guess - truth) < 0.03


def test_the_same_seed_gives_the_same_estimate() -> None:
    hero, board = parse_cards("Ah Qh"), parse_cards("Kh 9h 4c")
    one = equity_against(hero, board, [ANY, ANY], random.Random(5), samples=200)
    two = equity_against(hero, board, [ANY, ANY], random.Random(5), samples=200)
    assert one == two


def test_more_opponents_and_narrower_ranges_mean_less_equity() -> None:
    hero, board = parse_cards("Qc Jc"), parse_cards("Qd 8s 3h")
    rng = random.Random(2)
    one = equity_against(hero, board, [ANY], rng, samples=3000)
    three = equity_against(hero, board, [ANY, ANY, ANY], rng, samples=3000)
    strong = equity_against(hero, board, [Range(top=0.1)], rng, samples=3000)
    assert three < one and strong < one


def test_bets_after_the_flop_make_a_range_fit_the_board() -> None:
    """Against a player who bet twice, second pair is worth less than against one who checked."""
    hero, board = parse_cards("8c 7c"), parse_cards("Kd 8s 3h 2c")
    rng = random.Random(3)
    checked = equity_against(hero, board, [Range(top=0.5)], rng, samples=3000)
    pressed = equity_against(hero, board, [Range(top=0.5, pressure=2)], rng, samples=3000)
    assert pressed < checked - 0.1


def test_the_river_needs_no_board() -> None:
    hero, board = parse_cards("As Ks"), parse_cards("Qs Js Ts 2d 3c")
    assert equity_against(hero, board, [ANY, ANY], random.Random(4), samples=50) == 1.0
