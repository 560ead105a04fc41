"""Prizes: the payout table of a field and the pool, in whole points that add up exactly.

Rounding is by largest remainder (each place gets the floor of its share, then the points left
over go one each to the places with the largest fractions, the better place first on equal
fractions), so the prizes always add up to the pool and are the same on every machine. Places
that tie share the sum of their prizes equally; the points that do not divide go one each to
the tied players in the order of their names.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tournament.config import EventConfig, PayoutStructure

__all__ = ["in_proportion", "paid_places", "prizes", "shares", "split"]

BASIS = 10_000
"""Shares are in basis points: 10,000 is the whole pool."""


def paid_places(field: int, structure: PayoutStructure) -> int:
    """How many places a named structure pays for a field of ``field`` entries."""
    if structure is PayoutStructure.WINNER_TAKES_ALL or field < 6:
        return 1
    if field < 10:
        return 2
    if field <= 20:
        return 3
    return max(3, (field * 15 + 99) // 100)


def shares(field: int, config: EventConfig) -> tuple[int, ...]:
    """Each paid place's share of the pool in basis points, best place first, adding up to
    :data:`BASIS`: the event's explicit percentages, or its named structure's shares, where
    place ``k`` weighs ``1 / (k + 1)`` (50/33/25 normalised: about 46/31/23 for three)."""
    if config.payouts:
        paid = [p for p in config.payouts[: max(1, field)] if p > 0] or [100]
        return _largest_remainder(BASIS, paid)
    places = min(max(1, field), paid_places(field, config.structure))
    weights = [BASIS * 1000 // (k + 1) for k in range(1, places + 1)]
    return _largest_remainder(BASIS, weights)


def prizes(pool: int, field: int, config: EventConfig) -> tuple[int, ...]:
    """The prize of each paid place, best first; they add up to ``pool`` exactly.

    >>> from engine.tournament.config import EventConfig
    >>> prizes(1000, 10, EventConfig(payouts=(50, 30, 20)))
    (500, 300, 200)
    >>> sum(prizes(1001, 300, EventConfig()))
    1001
    """
    parts = shares(field, config)
    return _largest_remainder(pool, parts)


def split(total: int, players: Sequence[str]) -> dict[str, int]:
    """``total`` shared by tied ``players``: equal parts, the odd points one each in name order.

    >>> split(10, ["b", "a", "c"])
    {'a': 4, 'b': 3, 'c': 3}
    """
    names = sorted(players)
    each, odd = divmod(total, len(names))
    return {name: each + (1 if k < odd else 0) for k, name in enumerate(names)}


def in_proportion(total: int, weights: Sequence[int]) -> tuple[int, ...]:
    """``total`` shared in proportion to ``weights`` (positive) by largest remainder, in
    whole points that add up to ``total``.

    >>> in_proportion(100, [1, 1, 1])
    (34, 33, 33)
    """
    return _largest_remainder(total, weights)


def _largest_remainder(total: int, weights: Sequence[int]) -> tuple[int, ...]:
    """``total`` shared in proportion to ``weights`` (positive), in whole units."""
    whole = sum(weights)
    floors = [total * w // whole for w in weights]
    rests = [total * w % whole for w in weights]
    left = total - sum(floors)
    order = sorted(range(len(weights)), key=lambda k: (-rests[k], k))
    for k in order[:left]:
        floors[k] += 1
    return tuple(floors)
