"""Who places above whom when players bust together, and what each is paid.

- Players busting in the same hand at one table: the one who started the hand with more
  chips places higher (WSOP 2024 rule 126b); equal starting stacks tie (a choice, RULES.md).
- Hand-for-hand, players busting in the same round at different tables tie and split the
  prizes of the places they share. Combined with the rule above, a player is placed below
  exactly those busted at their own table who started with more chips: players with as many
  such players above them tie across the tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.tournament.payouts import split
from engine.tournament.records import PlaceFinished

__all__ = ["Out", "finishing_groups", "pay"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Out:
    """A bust: ``player`` at ``table``, who started the hand with ``started`` chips."""

    player: str
    table: int
    started: int


def finishing_groups(outs: Sequence[Out]) -> list[tuple[str, ...]]:
    """The players of ``outs`` (busted in one hand, or in one hand-for-hand round) in groups
    that tie, worst group first; each group's names in name order.

    >>> finishing_groups([Out(player="a", table=1, started=50), Out(player="b", table=1,
    ...     started=80), Out(player="c", table=2, started=10)])
    [('a',), ('b', 'c')]
    """
    above = {
        out.player: sum(
            1 for other in outs if other.table == out.table and other.started > out.started
        )
        for out in outs
    }
    ranks = sorted(set(above.values()), reverse=True)
    return [tuple(sorted(p for p, r in above.items() if r == rank)) for rank in ranks]


def pay(group: Sequence[str], worst: int, prizes: Sequence[int]) -> PlaceFinished:
    """The :class:`PlaceFinished` of ``group`` sharing the places ``worst - len + 1 .. worst``:
    the prizes of those places (0 past the paid ones) split between them."""
    best = worst - len(group) + 1
    total = sum(prizes[p - 1] for p in range(best, worst + 1) if p <= len(prizes))
    shares = split(total, group)
    names = tuple(sorted(group))
    return PlaceFinished(
        best=best, worst=worst, players=names, prizes=tuple(shares[n] for n in names)
    )
