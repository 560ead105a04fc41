"""The evaluator against the rules' worked cases, a brute-force reference and treys."""

from __future__ import annotations

import ast
import random
import sys
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import evaluator, evaluator_tables
from engine.cards import CARDS, Rank, parse_cards
from engine.evaluator import (
    FLUSH_SUITS,
    RANK_CODES,
    SEVEN_VALUES,
    SUIT_CODES,
    SUIT_MASK,
    HandCategory,
    best_hand,
    category_of,
    evaluate,
    evaluate7,
    rank_value,
    ranks_of,
)


def value(text: str) -> int:
    return evaluate(parse_cards(text))


def shows(board: str, *holes: str) -> list[int]:
    return [evaluate7(parse_cards(board + hole)) for hole in holes]


# --- The rules' worked cases (RULES.md, "Cards and hands") -----------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Kh Jh 9h 3h 2h", "Kd Jd 7d 6d 5d"),  # flush card by card
        ("9c 9d 9h 4s 4c", "8c 8d 8h As Ac"),  # full house by the trips
        ("Jc Jd 2h 2s 4c", "Tc Td 9h 9s 8c"),  # two pair by the high pair
        ("8c 8d 6h 6s 3c", "8h 8s 5h 5s Kc"),  # then the low pair
        ("Jc Jd Ah 9s 3c", "Jh Js Ac 8s 7c"),  # pair, then kickers
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),  # six-high straight beats the wheel
        ("5c 4d 3h 2s Ac", "Ac Kd Qh Js 9c"),  # the wheel is a straight
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Kc Kd"),  # any quads beat any full house
        ("5h 4h 3h 2h Ah", "Ac Ad Ah As Kd"),  # steel wheel beats quad aces
    ],
)
def test_worked_cases(better: str, worse: str) -> None:
    assert value(better) > value(worse)


@pytest.mark.parametrize("hand", ["Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c"])
def test_no_wrap_around_straights(hand: str) -> None:
    assert category_of(value(hand)) == HandCategory.HIGH_CARD


def test_board_full_house_splits() -> None:
    q_a, q_2 = shows("8c 8d 8h Qs 4c", "Qd Ac", "Qh 2d")
    assert q_a == q_2
    assert (
        best_hand(parse_cards("8c 8d 8h Qs 4c Qd Ac")).name == "Full house, eights full of queens"
    )


def test_board_quads_kicker() -> None:
    a, b, king = shows("Jc Jd Jh Js 9c", "8d 2c", "6h 5d", "Kd 3c")
    assert a == b < king


def test_suits_and_unused_cards_never_break_ties() -> None:
    assert value("As Kd Qh Js 9c") == value("Ac Kc Qd Jd 9h")
    assert shows("Ac Kd 7h 7s 2c", "3d 5d", "4h 5c") == [value("Ac Kd 7h 7s 5c")] * 2


def test_six_and_five_cards_share_the_scale() -> None:
    seven = parse_cards("Ah Kh 7d 7c 7s 2h 3h")
    assert evaluate(seven) == evaluate7(seven) == evaluate(seven[:5])


@pytest.mark.parametrize("count", [0, 4, 8])
def test_wrong_counts_are_refused(count: int) -> None:
    with pytest.raises(ValueError):
        evaluate(CARDS[:count])
    with pytest.raises(ValueError):
        best_hand(CARDS[:count])


# --- Names, ranks and cards of the best hand --------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "name", "ranks", "best"),
    [
        ("As Ks Qs Js Ts 2c 3d", "Royal flush", "A", "As Ks Qs Js Ts"),
        ("9h 8h 7h 6h 5h 5c 5d", "Straight flush, nine high", "9", "9h 8h 7h 6h 5h"),
        ("Jc Jd Jh Js 2c 9d 3h", "Four of a kind, jacks", "J9", "Js Jh Jd Jc 9d"),
        ("9c 9d 9h Ks Kc 2d 2h", "Full house, nines full of kings", "9K", "9h 9d 9c Ks Kc"),
        ("Kd Jd 9d 3d 2d 2c Qh", "Flush, king high", "KJ932", "Kd Jd 9d 3d 2d"),
        ("Ac 2d 3h 4s 5c Kd Kh", "Straight, five high", "5", "5c 4s 3h 2d Ac"),
        ("7c 7d 7h Ks 2c 9d 3h", "Three of a kind, sevens", "7K9", "7h 7d 7c Ks 9d"),
        ("Jc Jd 2h 2s 4c 3d 3h", "Two pair, jacks and threes", "J34", "Jd Jc 3h 3d 4c"),
        ("Jc Jd 2h 2s 4c", "Two pair, jacks and twos", "J24", "Jd Jc 2s 2h 4c"),
        ("Kc Kd 2h 5s 9c Td 3h", "Pair of kings", "KT95", "Kd Kc Td 9c 5s"),
        ("6c 6d 2h 5s 9c", "Pair of sixes", "6952", "6d 6c 9c 5s 2h"),
        ("Ac Qd 2h 5s 9c Td 3h", "High card, ace", "AQT95", "Ac Qd Td 9c 5s"),
    ],
)
def test_best_hand(cards: str, name: str, ranks: str, best: str) -> None:
    hand = best_hand(parse_cards(cards))
    assert hand.name == name
    assert "".join(r.char for r in hand.ranks) == ranks
    assert " ".join(map(str, hand.cards)) == best
    assert hand.value == evaluate(parse_cards(cards))
    assert hand.category == category_of(hand.value)
    assert evaluate(hand.cards) == hand.value


def _searched_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five a search finds: the first of ``combinations(cards, 5)`` reaching the value."""
    top = evaluate(cards)
    return next(five for five in combinations(cards, 5) if evaluate(five) == top)


def test_best_five_are_the_ones_a_search_finds() -> None:
    """The best five are picked by the ranks the value names, not searched for: the same
    cards as the search, for hands with few ranks (quads, full houses, two pair from three),
    few suits (flushes, straight flushes, the wheel) and any cards, 5 to 7 of them."""
    rng = random.Random(20261206)
    pools = [list(range(52))]
    for _ in range(60):
        ranks = rng.sample(range(13), rng.randint(2, 5))
        pools.append([4 * r + s for r in ranks for s in range(4)])
        suits = rng.sample(range(4), rng.randint(1, 2))
        pools.append([4 * r + s for r in range(13) for s in suits])
    checked = Counter()
    for k in range(9_000):
        pool = pools[k % len(pools)]
        cards = rng.sample(pool, min(len(pool), rng.choice((5, 6, 7, 7))))
        hand = best_hand(cards)
        assert sorted(hand.cards) == sorted(_searched_five(cards)), cards
        assert hand.value == evaluate(cards) and hand.ranks == ranks_of(hand.value)
        checked[hand.category] += 1
    assert set(checked) == set(HandCategory)


def test_ranks_of_carry_the_pair_of_a_full_house() -> None:
    assert ranks_of(value("9c 9d 9h Ks Kc")) == (Rank.NINE, Rank.KING)


def test_value_table_has_every_hand_class_once() -> None:
    """7,462 distinct five-card hands, with the textbook count per category."""
    counts = Counter(category_of(v) for v in range(7462))
    assert [counts[c] for c in HandCategory] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert value("7c 5d 4h 3s 2c") == 0
    assert value("As Ks Qs Js Ts") == 7461
    for bad in (-1, 7462):
        with pytest.raises(ValueError):
            category_of(bad)
        with pytest.raises(ValueError):
            ranks_of(bad)


def test_rank_table_holds_the_best_five_of_every_six_and_seven() -> None:
    """Every rank multiset of 6 or 7 cards (no five of a kind) has the value of its best
    5-card part, and nothing else is in the tables: the definition, checked whole. The rank
    keys of each size are unique (else two multisets would share a value by accident)."""
    counted = {5: 0, 6: 0, 7: 0}
    for size in (5, 6, 7):
        keys = set()
        for ranks in combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) > 4:
                continue
            counted[size] += 1
            key = sum(RANK_CODES[r] for r in ranks)
            keys.add(key)
            if size > 5:
                best = max(rank_value(key - RANK_CODES[r], size - 1) for r in set(ranks))
                assert rank_value(key, size) == best, ranks
        assert len(keys) == counted[size]
    assert counted == {5: 6175, 6: 18_395, 7: 49_205}
    # Only the worst hand's value is 0: every other nonzero slot holds a multiset's value.
    five, six = evaluator.short_tables(5)[0], evaluator.short_tables(6)[0]
    assert sum(v > 0 for v in five) == counted[5] - 1
    assert sum(v > 0 for v in six) <= counted[6] <= len(six)
    assert sum(v > 0 for v in SEVEN_VALUES) <= counted[7] <= len(SEVEN_VALUES) < 250_000


def test_the_shipped_tables_equal_a_fresh_build() -> None:
    """engine/evaluator_data.py is what engine/evaluator_tables.py builds today."""
    fresh = evaluator_tables.build()
    shipped = (
        evaluator.short_tables(5),
        evaluator.short_tables(6),
        (evaluator.SEVEN_VALUES, evaluator.SEVEN_OFFSETS),
    )
    for size, (values, offsets) in enumerate(shipped):
        assert list(values) == list(fresh.rank_values[size])
        assert list(offsets) == list(fresh.rank_offsets[size])
    assert list(evaluator.FLUSH_VALUES) == list(fresh.flush_values)
    assert list(evaluator.FLUSH_SUITS) == list(fresh.flush_suits)
    assert fresh.scores == evaluator._SCORES
    assert (RANK_CODES, SUIT_CODES, evaluator.SUIT_BITS, evaluator.ROW_SHIFT) == (
        evaluator_tables.RANK_CODES,
        evaluator_tables.SUIT_CODES,
        evaluator_tables.SUIT_BITS,
        evaluator_tables.ROW_SHIFT,
    )
    # And the text the generator writes decodes to the same tables.
    assert (
        evaluator.decode(evaluator_tables.encode(fresh.rank_values[2]), "H")
        == (fresh.rank_values[2])
    )


def test_the_hot_path_spells_the_key_layout_as_literals() -> None:
    """evaluate7 writes SUIT_MASK, SUIT_BITS and SUIT_BITS + ROW_SHIFT as literals (cheaper
    than globals); they must be today's."""
    layout = {evaluator.SUIT_MASK, evaluator.SUIT_BITS, evaluator.SUIT_BITS + evaluator.ROW_SHIFT}
    assert layout <= set(evaluate7.__code__.co_consts)


def test_pair_codes_add_two_cards() -> None:
    codes = evaluator.CARD_CODES
    assert all(
        evaluator.PAIR_CODES[a][b] == codes[a] + codes[b] for a in range(52) for b in range(52)
    )


def test_suit_keys_tell_every_flush_of_seven_cards() -> None:
    for suits in combinations_with_replacement(range(4), 7):
        flush = next((s for s in range(4) if suits.count(s) >= 5), -1)
        assert FLUSH_SUITS[sum(SUIT_CODES[s] for s in suits) & SUIT_MASK] == flush, suits


# --- A brute-force reference and treys ---------------------------------------------------------


def reference5(cards: Sequence[int]) -> tuple[int, ...]:
    """Score five cards the slow, obvious way: (category, ranks in tie-breaking order)."""
    ranks = sorted((c // 4 + 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    straight_top = 0
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        straight_top = 5
    if straight_top and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def reference(cards: Sequence[int]) -> tuple[int, ...]:
    return max(reference5(five) for five in combinations(cards, 5))


def random_hands(seed: int, count: int, size: int = 7) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def assert_same_order(ours: Sequence[int], theirs: Sequence[object]) -> None:
    """Equal exactly when theirs are equal, and sorted the same way (ties included)."""
    pairs = sorted(set(zip(ours, theirs)))
    assert len(pairs) == len(set(ours)) == len({t for _, t in pairs})
    assert [t for _, t in pairs] == sorted(t for _, t in pairs)  # type: ignore[type-var]


def test_agrees_with_brute_force_reference() -> None:
    hands = random_hands(seed=7, count=6_000)
    # Mix in hands rich in flushes and pairs, where mistakes would hide.
    rng = random.Random(8)
    hands += [rng.sample(range(0, 52, 2), 7) for _ in range(1_500)]
    hands += [rng.sample(range(24), 7) for _ in range(1_500)]
    ours = [evaluate7(h) for h in hands]
    assert_same_order(ours, [reference(h) for h in hands])
    assert [category_of(v) for v in ours] == [reference(h)[0] for h in hands]


@pytest.mark.parametrize("size", [5, 6])
def test_short_hands_agree_with_reference(size: int) -> None:
    hands = random_hands(seed=size, count=3_000, size=size)
    assert_same_order([evaluate(h) for h in hands], [reference(h) for h in hands])


def test_agrees_with_treys() -> None:
    treys = pytest.importorskip("treys")
    judge = treys.Evaluator()
    as_treys = [treys.Card.new(str(c)) for c in CARDS]
    hands = random_hands(seed=11, count=20_000)
    theirs = [
        judge.evaluate([as_treys[c] for c in h[:2]], [as_treys[c] for c in h[2:]]) for h in hands
    ]
    ours = [evaluate7(h) for h in hands]
    # Pairwise: treys is lower-better.
    for i in range(0, len(hands), 2):
        a, b = ours[i] - ours[i + 1], theirs[i + 1] - theirs[i]
        assert (a > 0) - (a < 0) == (b > 0) - (b < 0), [str(CARDS[c]) for c in hands[i]]
    # Both number the 7,462 classes densely, so the values are mirror images.
    assert all(o == 7462 - t for o, t in zip(ours, theirs))
    for o, t in zip(ours, theirs):
        treys_class = judge.get_rank_class(t)  # 0 royal, 1 straight flush, ..., 9 high card
        assert category_of(o) == (8 if treys_class <= 1 else 9 - treys_class)


@settings(max_examples=300, deadline=None, database=None)
@given(
    st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
    st.permutations(range(4)),
)
def test_suit_relabelling_and_card_order_change_nothing(cards: list[int], suits: list[int]) -> None:
    relabelled = [c - c % 4 + suits[c % 4] for c in cards]
    assert evaluate7(cards) == evaluate7(relabelled[::-1])
    assert evaluate7(cards) == max(evaluate(five) for five in combinations(cards, 5))


def test_engine_modules_import_only_the_standard_library() -> None:
    root = Path(__file__).resolve().parents[2] / "engine"
    for name in ("evaluator.py", "evaluator_tables.py", "evaluator_data.py", "equity.py"):
        tree = ast.parse((root / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                assert top == "engine" or top in sys.stdlib_module_names, (name, module)
