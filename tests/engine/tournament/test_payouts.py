"""Payout tables: shares and prizes in whole points that add up exactly, better places never
paid less, ties splitting what their places pay."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.tournament import EventConfig, PayoutStructure, paid_places, prizes, shares, split
from engine.tournament.payouts import BASIS


@given(
    pool=st.integers(0, 10**7),
    field=st.integers(1, 2000),
    structure=st.sampled_from(list(PayoutStructure)),
)
def test_named_structures_pay_the_whole_pool_best_first(
    pool: int, field: int, structure: PayoutStructure
) -> None:
    config = EventConfig(structure=structure)
    paid = prizes(pool, field, config)
    assert sum(paid) == pool
    assert len(paid) == min(field, paid_places(field, structure))
    assert list(paid) == sorted(paid, reverse=True)
    assert sum(shares(field, config)) == BASIS


@given(pool=st.integers(0, 10**6), field=st.integers(1, 30))
def test_explicit_percentages_pay_the_whole_pool(pool: int, field: int) -> None:
    config = EventConfig(payouts=(50, 30, 20))
    paid = prizes(pool, field, config)
    assert sum(paid) == pool
    assert len(paid) == min(field, 3)
    if field >= 3 and pool % 10 == 0:
        assert paid == (pool // 2, pool * 3 // 10, pool // 5)


def test_a_field_of_300_pays_45_places() -> None:
    assert paid_places(300, PayoutStructure.STANDARD) == 45
    assert paid_places(300, PayoutStructure.WINNER_TAKES_ALL) == 1
    assert [paid_places(n, PayoutStructure.STANDARD) for n in (5, 6, 9, 10, 20, 21)] == [
        1, 2, 2, 3, 3, 4,
    ]  # fmt: skip


@given(total=st.integers(0, 10**6), names=st.sets(st.text(min_size=1, max_size=4), min_size=1))
def test_a_tie_splits_every_point(total: int, names: set[str]) -> None:
    parts = split(total, sorted(names, reverse=True))
    assert sum(parts.values()) == total
    assert max(parts.values()) - min(parts.values()) <= 1
    ordered = [parts[n] for n in sorted(names)]
    assert ordered == sorted(ordered, reverse=True)  # the odd points go in name order
