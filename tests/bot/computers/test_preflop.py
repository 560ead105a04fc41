"""The starting-hand table: its classes, its figures and its order."""

from __future__ import annotations

import random

import pytest

from bot.computers._preflop_table import EQUITY
from bot.computers.classes import ALL_CLASSES, MAX_OPPONENTS, combos_of, hand_class, measure
from bot.computers.preflop import CLASSES, COMBOS, class_equity, class_percentile
from engine.equity import equity


def test_169_classes_cover_the_1326_combinations_once() -> None:
    assert len(ALL_CLASSES) == len(set(CLASSES)) == 169
    assert len(COMBOS) == len(set(COMBOS)) == 1326
    for name in ALL_CLASSES:
        for a, b in combos_of(name):
            assert hand_class(a, b) == hand_class(b, a) == name


@pytest.mark.parametrize("name", ["AA", "T9s", "72o"])
def test_the_table_is_what_the_measurement_gives(name: str) -> None:
    assert measure(name) == EQUITY[name]
    assert len(EQUITY[name]) == MAX_OPPONENTS


def test_heads_up_figures_agree_with_exact_equity_against_every_hand() -> None:
    """AKs against a random hand: the average of exact equities over sampled opponents."""
    rng = random.Random(16)
    hero = combos_of("AKs")[0]
    rest = [c for c in range(52) if c not in hero]
    exact = [equity([hero, tuple(rng.sample(rest, 2))]).equities[0] for _ in range(150)]
    mean = sum(exact) / len(exact)
    spread = (sum((e - mean) ** 2 for e in exact) / (len(exact) - 1)) ** 0.5
    assert abs(class_equity("AKs", 1) - mean) < 4 * spread / len(exact) ** 0.5


def test_the_order_reads_like_poker() -> None:
    assert CLASSES[:5] == ("AA", "KK", "QQ", "JJ", "TT")
    assert set(CLASSES[-6:]) <= {"72o", "32o", "42o", "52o", "62o", "82o", "73o", "83o"}
    assert class_percentile("AKs") < 0.05 < class_percentile("T9s") < class_percentile("T4o")
    assert class_percentile("76s") < class_percentile("K2o")
    assert class_equity("AA", 9) < class_equity("AA", 1)
