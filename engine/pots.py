"""Pots and side pots, and how a pot is split between tied winners.

Pots are layered by the all-in amounts of the players still in the hand: the main pot holds,
from every contributor, up to the smallest all-in; each layer above is a side pot that only
players who covered it can win. Folded players' chips stay in the layers they reached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Award", "Pot", "award_pots", "build_pots", "halves", "split_pot"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], capped: Sequence[bool]
) -> list[Pot]:
    """Layer ``contributions`` into pots, main pot first.

    ``live`` marks players who have not folded; ``capped`` marks live players whose
    contribution can no longer grow (all-in, or the betting is over). Each distinct capped
    level closes a layer; everything above the highest closed level is one last pot.

    >>> [(p.amount, p.eligible) for p in build_pots([12, 30, 30], [True] * 3, [True] * 3)]
    [(36, (0, 1, 2)), (36, (1, 2))]
    """
    n = len(contributions)
    levels = sorted({contributions[i] for i in range(n) if live[i] and capped[i]})
    top = max(contributions, default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    previous = 0
    last = len(levels) - 1
    for index, level in enumerate(levels):
        ceiling = top if index == last else level
        amount = 0
        for c in contributions:
            if c > previous:
                amount += (c if c < ceiling else ceiling) - previous
        eligible = tuple(i for i in range(n) if live[i] and contributions[i] >= level)
        if amount > 0 or not pots:
            if not eligible and pots:
                pots[-1] = Pot(amount=pots[-1].amount + amount, eligible=pots[-1].eligible)
            else:
                pots.append(Pot(amount=amount, eligible=eligible))
        previous = ceiling
    return pots


def split_pot(amount: int, winners: Sequence[int], first_left: int, n: int) -> list[int]:
    """Shares of ``amount`` for ``winners`` in the order given.

    Odd chips go one at a time to the winners nearest the button's left, clockwise:
    ``first_left`` is the player left of the button, ``n`` the player count.

    >>> split_pot(5, [3, 1], first_left=2, n=4)
    [3, 2]
    """
    k = len(winners)
    base, odd = divmod(amount, k)
    shares = [base] * k
    if odd:
        by_distance = sorted(range(k), key=lambda j: (winners[j] - first_left) % n)
        for j in by_distance[:odd]:
            shares[j] += 1
    return shares


def halves(amount: int) -> tuple[int, int]:
    """A pot's two halves when the board is run twice, the first board's first: the odd chip
    goes with the first board (as pokerkit settles several run-outs).

    >>> halves(7)
    (4, 3)
    """
    return amount - amount // 2, amount // 2


class Award(NamedTuple):
    """What one pot, or one half of it, paid: the fields of :class:`engine.events.PotAwarded`
    in its order, so the hand notes it as it is (the record is built only when read)."""

    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    value: int
    run: int


def award_pots(
    pots: Sequence[Pot], values: Sequence[Sequence[int]], first_left: int, n: int
) -> list[Award]:
    """Award every pot at a showdown on one board or two, the last side pot first and the
    main pot last (RULES.md, "Splitting a pot").

    ``values[r][p]`` is player ``p``'s hand value on board ``r + 1`` (-1 for a player out
    of the hand). On one board each pot goes whole to its best eligible hands; on two it is
    split in :func:`halves`, the first half awarded on the first board and the second on the
    second, and a half of nothing is skipped. Ties split with :func:`split_pot`; the winners
    are listed clockwise from ``first_left``, the player left of the button.

    >>> pot = Pot(amount=7, eligible=(0, 1))
    >>> [(a.amount, a.winners, a.shares) for a in award_pots([pot], [[5, 5]], 1, 2)]
    [(7, (1, 0), (4, 3))]
    >>> [(a.run, a.winners, a.shares) for a in award_pots([pot], [[9, 5], [5, 9]], 1, 2)]
    [(1, (0,), (4,)), (2, (1,), (3,))]
    """
    twice = len(values) == 2
    awards: list[Award] = []
    for k in range(len(pots) - 1, -1, -1):
        pot = pots[k]
        eligible = pot.eligible
        clockwise = sorted(eligible, key=lambda q: (q - first_left) % n)
        if twice:
            first, second = halves(pot.amount)
            parts = [(1, values[0], first), (2, values[1], second)]
        else:
            parts = [(1, values[0], pot.amount)]
        for run, board_values, amount in parts:
            if twice and amount == 0:
                continue
            top = max([board_values[p] for p in eligible])
            winners = [p for p in clockwise if board_values[p] == top]
            shares = split_pot(amount, winners, first_left, n)
            awards.append(Award(k, amount, tuple(winners), tuple(shares), top, run))
    return awards
