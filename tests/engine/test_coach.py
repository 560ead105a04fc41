"""Learning mode figures: seed 002's two sums, outs that only the player's cards make, and
equity against random hands that agrees with an exact count."""

from __future__ import annotations

import itertools
import math

import pytest

from engine import CARDS, parse_cards
from engine.coach import (
    advise,
    equity_vs_random,
    find_outs,
    pot_odds,
    sampled_equity,
    winnable_pot,
)
from engine.equity import equity
from engine.evaluator import HandCategory


def test_seed_002_pot_odds_one_time_in_five() -> None:
    odds = pot_odds(40, 10)
    assert odds.needed == pytest.approx(1 / 5)
    assert odds.one_in == 5


def test_seed_002_nine_flush_outs_hit_about_a_third_by_the_river() -> None:
    outs = find_outs(parse_cards("Ah 7h"), parse_cards("Kh 9h 2c"))
    flush = outs.draws[0]
    assert flush.category is HandCategory.FLUSH
    assert len(flush.cards) == 9 and all(card.suit == 2 for card in flush.cards)
    assert outs.unseen == 47 and outs.cards_to_come == 2
    assert flush.by_river == pytest.approx(1 - (38 * 37) / (47 * 46))
    assert abs(flush.by_river - 1 / 3) < 0.02
    assert flush.next_card == pytest.approx(9 / 47)


def test_outs_are_counted_by_dealing_every_card() -> None:
    """By brute force: the river chance equals the share of two-card run-outs that hit."""
    hole, board = parse_cards("Jd Td"), parse_cards("9d 8s 2d")
    outs = find_outs(hole, board)
    out_cards = {c for draw in outs.draws for c in draw.cards}
    assert outs.count == len(out_cards)
    unseen = [c for c in CARDS if c not in {*hole, *board}]
    hits = sum(1 for pair in itertools.combinations(unseen, 2) if set(pair) & out_cards)
    assert outs.by_river == pytest.approx(hits / math.comb(len(unseen), 2))
    categories = [draw.category for draw in outs.draws]
    assert categories == sorted(categories, reverse=True)
    assert categories[:2] == [HandCategory.FLUSH, HandCategory.STRAIGHT]
    flush, straight = outs.draws[0], outs.draws[1]
    assert len(flush.cards) == 9  # every diamond left, the Q and the 7 included
    assert len(straight.cards) == 6  # the other queens and sevens


def test_a_card_that_pairs_the_board_is_no_out() -> None:
    outs = find_outs(parse_cards("Ac Qd"), parse_cards("9s 5h 2c 7d"))
    out_cards = {str(c) for draw in outs.draws for c in draw.cards}
    assert not out_cards & {"9c", "9d", "9h", "5c", "2d", "7c"}
    assert {"Ah", "Qs"} <= out_cards  # pairing a hole card is
    assert outs.cards_to_come == 1 and outs.by_river == pytest.approx(outs.next_card)


def test_equity_against_one_random_hand_matches_an_exact_count() -> None:
    """On the turn against one random hand: every opponent hand and river, counted exactly by
    engine.equity; the exact count agrees, and so does the sampled one within its error."""
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh 7c 2d 9s")
    unseen = [c for c in CARDS if c not in {*hole, *board}]
    share = 0.0
    count = 0
    for other in itertools.combinations(unseen, 2):
        result = equity([hole, other], board)
        share += result.equities[0]
        count += 1
    exact = share / count
    counted, none = equity_vs_random(hole, board, 1, seed=3)
    assert none == 0.0 and counted == pytest.approx(exact, abs=1e-12)
    estimate, error = sampled_equity(hole, board, 1, seed=3)
    assert 0 < error < 0.01
    assert abs(estimate - exact) < 4 * error
    assert (estimate, error) == sampled_equity(hole, board, 1, seed=3)
    assert (estimate, error) != sampled_equity(hole, board, 1, seed=4)


def test_advice_has_pot_odds_only_when_a_call_is_owed_and_outs_only_with_cards_to_come() -> None:
    hole = parse_cards("Ah 7h")
    owed = advise(hole, parse_cards("Kh 9h 2c"), pot=40, to_call=10, opponents=2, samples=200)
    assert owed.pot_odds is not None and owed.pot_odds.one_in == 5
    assert owed.outs is not None and owed.opponents == 2
    free = advise(hole, (), pot=3, to_call=0, opponents=5, samples=200)
    assert free.pot_odds is None and free.outs is None
    river = advise(hole, parse_cards("Kh 9h 2c 3s 4d"), pot=3, to_call=2, opponents=1, samples=50)
    assert river.outs is None


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        pot_odds(40, 0)
    with pytest.raises(ValueError):
        find_outs(parse_cards("Ah 7h"), parse_cards("Ah 9h 2c"))
    with pytest.raises(ValueError):
        find_outs(parse_cards("Ah 7h"), ())
    with pytest.raises(ValueError):
        equity_vs_random(parse_cards("Ah 7h"), (), 0)


def test_on_the_river_against_one_hand_the_equity_is_counted_exactly() -> None:
    """Every hand the opponent can hold, each by engine.equity: the same share, no error."""
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh 7c 2d 9s Kd")
    unseen = [c for c in CARDS if c not in {*hole, *board}]
    shares = [
        equity([hole, other], board).equities[0] for other in itertools.combinations(unseen, 2)
    ]
    assert len(shares) == 990
    exact, error = equity_vs_random(hole, board, 1, seed=5)
    assert error == 0.0
    assert exact == pytest.approx(sum(shares) / len(shares), abs=1e-12)
    assert advise(hole, board, pot=10, to_call=5, opponents=1).exact
    assert not advise(hole, board, pot=10, to_call=5, opponents=2, samples=50).exact


def test_a_call_that_puts_the_caller_all_in_can_win_only_up_to_their_stack() -> None:
    """The button raises to 40, the small blind has 10 in all: 1 posted, 9 to call. What the
    raise holds above 10 goes to a side pot the caller cannot win."""
    assert winnable_pot(43, [40, 1, 2], bet=1, to_call=9, all_in=True) == 13
    assert winnable_pot(43, [40, 1, 2], bet=1, to_call=39, all_in=False) == 43
