"""All-in odds per pot: equal to engine.equity where exact, within the stated error where not."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from engine import CARDS, parse_cards
from engine.equity import equity
from engine.odds import DEFAULT_ODDS_SAMPLES, RunoutOdds, runout_odds, street_odds
from engine.pots import Pot

from .helpers import hand as make_hand
from .helpers import play

Hands = Mapping[int, Sequence[int]]


def _spot(rng: random.Random, n: int, board: int) -> tuple[Hands, list[int]]:
    deck: list[int] = list(CARDS)
    rng.shuffle(deck)
    players = sorted(rng.sample(range(10), n))
    hands = {p: (deck[2 * k], deck[2 * k + 1]) for k, p in enumerate(players)}
    return hands, deck[2 * n : 2 * n + board]


def _assert_equals_equity(odds: RunoutOdds, pot: int, hands: Hands) -> None:
    """The pot's figures are equity's counts over the same boards, the others' cards dead."""
    chances = odds.pots[pot]
    eligible = list(chances.players)
    dead = [c for p, hand in hands.items() if p not in eligible for c in hand]
    board = list(odds.board)
    result = equity([hands[p] for p in eligible], board, dead=dead)
    assert odds.exact and result.exact
    assert odds.boards == result.boards
    for k in range(len(eligible)):
        assert chances.win[k] == result.wins[k] / result.boards
        assert chances.tie[k] == result.ties[k] / result.boards


@pytest.mark.parametrize("street", [3, 4, 5])
def test_one_pot_after_the_flop_equals_equity(street: int) -> None:
    rng = random.Random(street)
    for n in range(2, 10):
        hands, board = _spot(rng, n, street)
        pot = Pot(amount=10 * n, eligible=tuple(sorted(hands)))
        odds = runout_odds(hands, board, pots=[pot])
        _assert_equals_equity(odds, 0, hands)
        assert odds.std_error == 0.0


def test_one_pot_before_the_flop_is_exact_and_equals_equity() -> None:
    hands = {2: tuple(parse_cards("AsAh")), 5: tuple(parse_cards("KdKc"))}
    odds = runout_odds(hands, pots=[Pot(amount=40, eligible=(2, 5))])
    _assert_equals_equity(odds, 0, hands)
    assert odds.for_player(5) == ((0, odds.pots[0].win[1], odds.pots[0].tie[1]),)


def test_side_pots_after_the_flop_are_each_decided_among_their_players() -> None:
    rng = random.Random(7)
    for n in range(3, 10):
        hands, board = _spot(rng, n, rng.choice((3, 4)))
        players = sorted(hands)
        pots = [
            Pot(amount=30, eligible=tuple(players)),
            Pot(amount=20, eligible=tuple(players[1:])),
            Pot(amount=10, eligible=tuple(players[-2:])),
        ]
        odds = runout_odds(hands, board, pots=pots)
        for k in range(3):
            _assert_equals_equity(odds, k, hands)
        assert odds.for_player(players[0]) == ((0, odds.pots[0].win[0], odds.pots[0].tie[0]),)


def test_side_pots_before_the_flop_by_monte_carlo_within_the_stated_error() -> None:
    hands = {
        0: tuple(parse_cards("AsKs")),
        1: tuple(parse_cards("QhQd")),
        2: tuple(parse_cards("7c6c")),
    }
    pots = [Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=20, eligible=(0, 1))]
    odds = runout_odds(hands, pots=pots, seed=11)
    assert not odds.exact and odds.boards == DEFAULT_ODDS_SAMPLES
    assert 0.0 < odds.std_error < 0.0056
    assert odds == runout_odds(hands, pots=pots, seed=11)  # seeded: reproducible
    main = equity(list(hands.values()))
    side = equity([hands[0], hands[1]], dead=hands[2])
    for k in range(3):
        assert abs(odds.pots[0].win[k] - main.wins[k] / main.boards) < 4 * odds.std_error
    for k in range(2):
        assert abs(odds.pots[1].win[k] - side.wins[k] / side.boards) < 4 * odds.std_error
        assert abs(odds.pots[1].tie[k] - side.ties[k] / side.boards) < 4 * odds.std_error


def test_a_pot_with_one_player_left_is_theirs() -> None:
    hands = {0: tuple(parse_cards("2c2d")), 1: tuple(parse_cards("AhAd"))}
    board = list(parse_cards("Ks 9d 4c"))
    pots = [Pot(amount=20, eligible=(0, 1)), Pot(amount=12, eligible=(1,))]
    odds = runout_odds(hands, board, pots=pots)
    assert odds.pots[1].of(1) == (1.0, 0.0)
    assert odds.pots[1].of(0) is None
    assert odds.for_player(0) == ((0, odds.pots[0].win[0], odds.pots[0].tie[0]),)


def test_the_river_is_certain() -> None:
    hands = {0: tuple(parse_cards("AsAh")), 1: tuple(parse_cards("KdKc"))}
    board = list(parse_cards("Kh 7d 2c 9s 3h"))
    odds = runout_odds(hands, board, pots=[Pot(amount=8, eligible=(0, 1))])
    assert odds.boards == 1
    assert odds.pots[0].win == (0.0, 1.0)


def test_bad_spots_raise() -> None:
    hands = {0: tuple(parse_cards("AsAh")), 1: tuple(parse_cards("KdKc"))}
    with pytest.raises(ValueError, match="eligible"):
        runout_odds(hands, pots=[Pot(amount=8, eligible=(0, 2))])
    with pytest.raises(ValueError, match="more than once"):
        runout_odds(hands, list(parse_cards("As 7d 2c")), pots=[Pot(amount=8, eligible=(0, 1))])
    with pytest.raises(ValueError, match="2 to 10"):
        runout_odds({0: hands[0]}, pots=[Pot(amount=8, eligible=(0,))])


def test_street_odds_follow_a_run_out_street_by_street() -> None:
    hand = make_hand((100, 100), ["AsAh", "KdKc"], "2c 7d 9h Jc 3s")
    play(hand, "p2 allin", "p1 call")
    stages = street_odds(hand, seed=1)
    assert [len(s.board) for s in stages] == [0, 3, 4]
    assert [tuple(map(str, s.board)) for s in stages[1:]] == [
        ("2c", "7d", "9h"),
        ("2c", "7d", "9h", "Jc"),
    ]
    pre = equity([hand.hole[0], hand.hole[1]])
    assert stages[0].pots[0].win == (pre.wins[0] / pre.boards, pre.wins[1] / pre.boards)
    assert all(s.exact and s.pots[0].amount == 200 for s in stages)


def test_street_odds_of_a_side_pot_and_of_a_hand_not_run_out() -> None:
    hand = make_hand((100, 60, 30), ["AsAh", "KdKc", "QsQd"], "2c 7d 9h Jc 3s")
    play(hand, "p3 allin", "p1 allin", "p2 allin")
    stages = street_odds(hand)
    assert [p.amount for p in stages[-1].pots] == [90, 60]  # 40 uncalled went back
    assert stages[-1].pots[1].players == (0, 1)
    assert [len(s.pots[1].win) for s in stages] == [2, 2, 2]
    folded = make_hand((100, 100), ["AsAh", "KdKc"])
    play(folded, "p2 fold")
    assert street_odds(folded) == ()
