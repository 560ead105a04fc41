"""Equity against known figures, brute force over every board, and its own Monte Carlo."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from engine.cards import parse_cards
from engine.equity import EquityResult, equity
from engine.evaluator import evaluate7


def hands(*texts: str) -> list[tuple[int, ...]]:
    return [tuple(parse_cards(t)) for t in texts]


def brute_force(
    holes: Sequence[Sequence[int]], board: Sequence[int] = (), dead: Sequence[int] = ()
) -> tuple[list[Fraction], list[int], list[int]]:
    """Deal every board and evaluate every hand: (equities, wins, ties)."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    share = [Fraction(0)] * len(holes)
    wins = [0] * len(holes)
    ties = [0] * len(holes)
    boards = 0
    for rest in combinations(deck, 5 - len(board)):
        full = [*board, *rest]
        values = [evaluate7([*h, *full]) for h in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            share[i] += Fraction(1, len(winners))
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
        boards += 1
    return [s / boards for s in share], wins, ties


def assert_matches(result: EquityResult, expected: tuple[list[Fraction], list[int], list[int]]):
    equities, wins, ties = expected
    assert result.exact and result.std_error == 0.0
    assert list(result.wins) == wins
    assert list(result.ties) == ties
    assert result.equities == pytest.approx([float(e) for e in equities], abs=1e-12)


# --- Known figures ------------------------------------------------------------------------------


def test_aces_against_kings_preflop() -> None:
    """Figures from a brute force over all 1,712,304 boards with eval7's C evaluator."""
    result = equity(hands("AsAh", "KdKc"))
    assert result.exact and result.boards == math.comb(48, 5)
    assert result.wins == (1388072, 317694)
    assert result.ties == (6538, 6538)
    assert result.equities[0] == pytest.approx(0.8125548967940273, abs=1e-12)
    assert equity(hands("AsAh", "KsKh")).equities[0] == pytest.approx(0.826366112559452, abs=1e-12)


@pytest.mark.parametrize(
    ("spot", "first"),
    [
        (("AsKs", "QsJs"), 0.6595461436754221),  # same suit: flushes collide
        (("AhKh", "2c2d"), 0.5008424321849391),  # the classic coin flip
    ],
)
def test_known_preflop_spots(spot: tuple[str, str], first: float) -> None:
    """Also from the eval7 brute force."""
    assert equity(hands(*spot)).equities[0] == pytest.approx(first, abs=1e-12)


def test_identical_hands_split_almost_always() -> None:
    result = equity(hands("7c2d", "7h2s"))
    assert result.equities == (0.5, 0.5)
    assert result.wins[0] == result.wins[1]  # the flush boards each hand wins alone
    assert sum(result.wins) + result.ties[0] == result.boards


def test_river_is_a_single_board() -> None:
    result = equity(hands("AsKs", "QdQc", "2h2c"), parse_cards("Qs 7s 2s 9d 3c"))
    assert result.boards == 1 and result.equities == (1.0, 0.0, 0.0)


# --- Brute force --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("holes", "flop"),
    [
        (("AsKs", "QdQc"), "Qs 7s 2d"),
        (("AsKs", "QdQc", "Jh Th", "5c 5d"), "9h 8h 2s"),
        (("Ah2h", "Kh3h", "QhJc", "7d7c", "8s9s"), "Th 4h 4s"),
        (("AcAd", "AhAs"), "Kc Qc Jc"),
        (
            ("2c3d", "4h5s", "6c7d", "8h9s", "TcJd", "QhKs", "Ac2d", "3h4s", "5c6d", "7h8s"),
            "9c Th Jc",
        ),
    ],
)
def test_flop_and_turn_match_brute_force(holes: tuple[str, ...], flop: str) -> None:
    players = hands(*holes)
    board = parse_cards(flop)
    result = equity(players, board)
    assert result.boards == math.comb(52 - 2 * len(players) - 3, 2)
    assert_matches(result, brute_force(players, board))
    turn = board + tuple(c for c in range(52) if c not in {*board, *sum(players, ())})[:1]
    assert_matches(equity(players, turn), brute_force(players, turn))


def random_spot(seed: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Hands plus enough dead cards that a brute force over all boards stays quick.

    Half of the spots keep most of one suit alive so that flush boards are common.
    """
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    if seed % 2:
        deck.sort(key=lambda c: (c & 3) != 0)  # clubs first
        deck[:20] = rng.sample(deck[:20], 20)
    players = [tuple(deck[2 * i : 2 * i + 2]) for i in range(rng.randint(2, 6))]
    left = deck[2 * len(players) :]
    rng.shuffle(left)
    live = rng.randint(16, 24)
    return players, left[live:]


@pytest.mark.parametrize("seed", range(24))
def test_preflop_shortcuts_match_brute_force(seed: int) -> None:
    players, dead = random_spot(seed)
    assert_matches(equity(players, dead=dead), brute_force(players, dead=dead))


def test_preflop_suited_hands_in_one_suit_match_brute_force() -> None:
    players = hands("AsKs", "QsJs", "2s3s", "7s7c")
    dead = [c for c in range(52) if c & 3 in (1, 2)][:20]
    assert_matches(equity(players, dead=dead), brute_force(players, dead=dead))


# --- Monte Carlo --------------------------------------------------------------------------------


def test_monte_carlo_is_reproducible_and_close() -> None:
    players = hands("AsAh", "KdKc", "QsJs", "7c2d", "9h9c", "Td8d")
    exact = equity(players)
    first = equity(players, rng=random.Random(5), exact_limit=0, samples=20_000)
    again = equity(players, rng=random.Random(5), exact_limit=0, samples=20_000)
    assert first == again
    assert not first.exact and first.boards == 20_000
    assert 0 < first.std_error < 0.005
    assert math.fsum(first.equities) == pytest.approx(1.0)
    for estimate, truth in zip(first.equities, exact.equities):
        assert abs(estimate - truth) < 3 * first.std_error


def test_monte_carlo_on_the_flop() -> None:
    players = hands("AsKs", "QdQc")
    board = parse_cards("Qs 7s 2d")
    exact = equity(players, board)
    sampled = equity(players, board, rng=random.Random(1), exact_limit=100, samples=5_000)
    assert abs(sampled.equities[0] - exact.equities[0]) < 3 * sampled.std_error


def test_monte_carlo_needs_a_random_source() -> None:
    with pytest.raises(ValueError, match="rng"):
        equity(hands("AsAh", "KdKc"), exact_limit=1000)


# --- Input checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("holes", "board", "dead", "message"),
    [
        (["AsAh"], "", "", "2 to 10 hands"),
        (["AsAh", "KdKc"] + [f"{r}c{r}d" for r in "23456789T"], "", "", "2 to 10 hands"),
        (["AsAhAd", "KdKc"], "", "", "hand 1 has 3 cards"),
        (["AsAh", "Kd"], "", "", "hand 2 has 1 cards"),
        (["AsAh", "KdKc"], "2c3c", "", "0, 3, 4 or 5"),
        (["AsAh", "AsKc"], "", "", "As appears more than once"),
        (["AsAh", "KdKc"], "Kd 2c 3c", "", "Kd appears more than once"),
        (["AsAh", "KdKc"], "", "Ah", "Ah appears more than once"),
    ],
)
def test_bad_input_is_refused(holes: list[str], board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(hands(*holes), parse_cards(board), dead=parse_cards(dead))


def test_out_of_range_cards_and_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="not a card"):
        equity([(0, 1), (2, 52)])
    with pytest.raises(ValueError, match="samples"):
        equity(hands("AsAh", "KdKc"), samples=0)
    with pytest.raises(ValueError, match="cards left"):
        players, board = hands("AsAh", "KdKc"), parse_cards("2c3c4c")
        dead = [c for c in range(52) if c not in {*board, *players[0], *players[1]}][1:]
        equity(players, board, dead=dead)
