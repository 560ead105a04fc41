"""The learning mode's figures: pot odds of a call, outs, and equity against random hands.

Seed 002 teaches two sums, and this module does them for the player whose turn it is:

* **Pot odds.** "Er potten 40 og det koster 10 å bli med, må du vinne omtrent én gang av
  fem": a call of 10 into 40 risks 10 to win 50 in all, so it pays when it wins more than
  10 / 50 = one time in five.
* **Outs.** "Mangler du ett kort til flush etter floppen, er det ni kort i stokken som gir den,
  og med to felleskort igjen treffer du omtrent en tredjedel": an out is an unseen card that
  lifts the player's hand to a better category that the board alone does not make; with two
  cards to come, 9 outs among 47 unseen cards hit 1 - (38/47)(37/46), about 35 %.
* **Equity against random hands**: the share of pots the hand wins against as many opponents
  as are still in, holding any cards: counted over every hand and river one opponent can
  hold from the turn on, else a seeded Monte Carlo whose standard error goes with it.

Only what the player can see is used: their hole cards and the board. The other hands, folded
cards and burnt cards are unseen, as they are for the player.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, Card
from engine.evaluator import HandCategory, category_of, evaluate, evaluate7

__all__ = [
    "COACH_SAMPLES",
    "Advice",
    "Draw",
    "Outs",
    "PotOdds",
    "advise",
    "equity_vs_random",
    "find_outs",
    "is_exact",
    "pot_odds",
    "sampled_equity",
    "winnable_pot",
]

COACH_SAMPLES = 4_000
"""Monte Carlo deals for the equity against random hands: a standard error under 0.8 points,
a few tens of milliseconds for a full table."""


@dataclass(frozen=True, kw_only=True)
class PotOdds:
    """A call of ``to_call`` into ``pot`` (everything in the middle, bets included): it pays
    when the hand wins more than ``needed`` of the time, about one time in ``one_in``."""

    pot: int
    to_call: int
    needed: float
    one_in: int


def pot_odds(pot: int, to_call: int) -> PotOdds:
    """The share of the time a call must win to break even.

    >>> odds = pot_odds(40, 10)
    >>> odds.needed, odds.one_in
    (0.2, 5)
    """
    if pot < 0 or to_call <= 0:
        raise ValueError("pot odds need a pot of 0 or more and a call of more than 0")
    needed = to_call / (pot + to_call)
    return PotOdds(pot=pot, to_call=to_call, needed=needed, one_in=round(1 / needed))


def winnable_pot(
    pot_total: int, bets: Sequence[int], *, bet: int, to_call: int, all_in: bool
) -> int:
    """The pot a call can win: everything in the middle (``pot_total``, this round's
    ``bets`` in front included), less what those bets hold above the caller's whole stack
    when the call puts them ``all_in`` (that part goes to a side pot among the others).
    ``bet`` is what the caller has in front already, ``to_call`` what the call adds.

    >>> winnable_pot(130, [100, 20, 10], bet=20, to_call=30, all_in=True)
    80
    >>> winnable_pot(130, [100, 20, 10], bet=20, to_call=80, all_in=False)
    130
    """
    if not all_in:
        return pot_total
    cap = bet + to_call
    return pot_total - sum(max(0, b - cap) for b in bets)


@dataclass(frozen=True, kw_only=True)
class Draw:
    """The outs to one category: the ``cards`` that make it, and the chances to hit one of
    them on the next card and by the river (the same on the turn)."""

    category: HandCategory
    cards: tuple[Card, ...]
    next_card: float
    by_river: float


@dataclass(frozen=True, kw_only=True)
class Outs:
    """The unseen cards that improve the hand: ``draws`` by the best category each card
    makes, best first, and the chances to hit any of the ``count`` outs. ``unseen`` is how
    many cards the player cannot see, ``cards_to_come`` how many board cards are still due."""

    draws: tuple[Draw, ...]
    count: int
    unseen: int
    cards_to_come: int
    next_card: float
    by_river: float


def _chances(outs: int, unseen: int, to_come: int) -> tuple[float, float]:
    """The chance to hit one of ``outs`` on the next card, and within ``to_come`` cards."""
    miss_all = math.comb(unseen - outs, to_come) / math.comb(unseen, to_come)
    return outs / unseen, 1.0 - miss_all


def find_outs(hole: Sequence[int], board: Sequence[int]) -> Outs:
    """The outs of ``hole`` on a flop or turn ``board``.

    A card is an out when the player's best hand with it is of a better category than now, and
    better than the category the board makes with that card alone (so a card that pairs the
    board, giving everyone the same pair, is not an out).

    >>> from engine.cards import parse_cards as p
    >>> flush = find_outs(p("Ah 7h"), p("Kh 9h 2c")).draws[0]
    >>> flush.category.name, len(flush.cards), round(flush.by_river, 3)
    ('FLUSH', 9, 0.35)
    """
    if len(hole) != 2 or len(board) not in (3, 4):
        raise ValueError("outs need two hole cards and a flop or a turn")
    seen = set(hole) | set(board)
    if len(seen) != 2 + len(board):
        raise ValueError("a card appears more than once")
    now = category_of(evaluate([*hole, *board]))
    found: dict[HandCategory, list[Card]] = {}
    for card in CARDS:
        if card in seen:
            continue
        then = category_of(evaluate([*hole, *board, card]))
        if then > now and then > _board_category([*board, card]):
            found.setdefault(then, []).append(card)
    unseen = 52 - len(seen)
    to_come = 5 - len(board)
    draws = []
    for category in sorted(found, reverse=True):
        cards = tuple(found[category])
        next_card, by_river = _chances(len(cards), unseen, to_come)
        draws.append(Draw(category=category, cards=cards, next_card=next_card, by_river=by_river))
    count = sum(len(cards) for cards in found.values())
    next_card, by_river = _chances(count, unseen, to_come)
    return Outs(
        draws=tuple(draws),
        count=count,
        unseen=unseen,
        cards_to_come=to_come,
        next_card=next_card,
        by_river=by_river,
    )


def _board_category(cards: Sequence[int]) -> HandCategory:
    """The category the board cards make by themselves (4 or 5 of them)."""
    if len(cards) >= 5:
        return category_of(evaluate(cards))
    counts = sorted(Counter(c >> 2 for c in cards).values(), reverse=True)
    if counts[0] == 4:
        return HandCategory.FOUR_OF_A_KIND
    if counts[0] == 3:
        return HandCategory.THREE_OF_A_KIND
    if counts[0] == 2:
        return HandCategory.TWO_PAIR if counts[1] == 2 else HandCategory.ONE_PAIR
    return HandCategory.HIGH_CARD


def is_exact(board: Sequence[int], opponents: int) -> bool:
    """Whether :func:`equity_vs_random` counts every case rather than sampling: one opponent
    on the turn (44 rivers times 946 hands, tens of milliseconds) or the river (990 hands)."""
    return opponents == 1 and len(board) >= 4


def _unseen(hole: Sequence[int], board: Sequence[int], opponents: int, samples: int) -> list[int]:
    """The cards the player cannot see; a ``ValueError`` for a spot that cannot be."""
    if not 1 <= opponents <= 9 or len(hole) != 2 or len(board) not in (0, 3, 4, 5):
        raise ValueError("equity needs two hole cards, a board of 0, 3, 4 or 5, 1-9 opponents")
    if samples < 2:
        raise ValueError("at least two samples")
    seen = {*hole, *board}
    if len(seen) != 2 + len(board):
        raise ValueError("a card appears more than once")
    return [c for c in range(52) if c not in seen]


def equity_vs_random(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int,
    *,
    seed: int = 0,
    samples: int = COACH_SAMPLES,
) -> tuple[float, float]:
    """The share of pots ``hole`` wins against ``opponents`` random hands, and its standard
    error: counted exactly when :func:`is_exact` (the error is 0), else
    :func:`sampled_equity`. A tie counts as the share of the pot it takes."""
    deck = _unseen(hole, board, opponents, samples)
    if is_exact(board, opponents):
        return _heads_up_exact(hole, board, deck), 0.0
    return sampled_equity(hole, board, opponents, seed=seed, samples=samples)


def sampled_equity(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int,
    *,
    seed: int = 0,
    samples: int = COACH_SAMPLES,
) -> tuple[float, float]:
    """The seeded Monte Carlo estimate of :func:`equity_vs_random` and its standard error:
    ``samples`` deals of the missing board cards and the opponents' hands."""
    deck = _unseen(hole, board, opponents, samples)
    missing = 5 - len(board)
    draw = missing + 2 * opponents
    rng = random.Random(seed)
    total = 0.0
    square = 0.0
    mine = list(hole)
    for _ in range(samples):
        cards = rng.sample(deck, draw)
        full = [*board, *cards[:missing]]
        value = evaluate7((*mine, *full))
        ties = 1
        lost = False
        for k in range(opponents):
            other = evaluate7((cards[missing + 2 * k], cards[missing + 2 * k + 1], *full))
            if other > value:
                lost = True
                break
            if other == value:
                ties += 1
        share = 0.0 if lost else 1.0 / ties
        total += share
        square += share * share
    mean = total / samples
    error = math.sqrt(max(square / samples - mean * mean, 0.0) / (samples - 1))
    return mean, error


def _heads_up_exact(hole: Sequence[int], board: Sequence[int], deck: Sequence[int]) -> float:
    """The exact share against one opponent holding any two of the unseen cards, over every
    river still to come: each (river, opponent hand) pair is as likely as any other."""
    boards = [tuple(board)] if len(board) == 5 else [(*board, river) for river in deck]
    share = 0.0
    count = 0
    for full in boards:
        rest = [c for c in deck if c not in full]
        value = evaluate7((*hole, *full))
        for i, first in enumerate(rest):
            for second in rest[i + 1 :]:
                other = evaluate7((first, second, *full))
                share += 1.0 if value > other else 0.5 if value == other else 0.0
                count += 1
    return share / count


@dataclass(frozen=True, kw_only=True)
class Advice:
    """What the learning panel shows a player on their turn; ``pot_odds`` is ``None`` when
    nothing is owed, ``outs`` when no card is to come or before the flop. The equity is
    ``exact``, or an estimate from ``samples`` random deals with ``equity_error`` its
    standard error."""

    pot_odds: PotOdds | None
    outs: Outs | None
    equity: float
    equity_error: float
    opponents: int
    samples: int = COACH_SAMPLES
    exact: bool = False


def advise(
    hole: Sequence[int],
    board: Sequence[int],
    *,
    pot: int,
    to_call: int,
    opponents: int,
    seed: int = 0,
    samples: int = COACH_SAMPLES,
) -> Advice:
    """Everything for the panel of a player holding ``hole`` with ``opponents`` still in."""
    equity, error = equity_vs_random(hole, board, opponents, seed=seed, samples=samples)
    return Advice(
        pot_odds=pot_odds(pot, to_call) if to_call > 0 else None,
        outs=find_outs(hole, board) if len(board) in (3, 4) else None,
        equity=equity,
        equity_error=error,
        opponents=opponents,
        samples=samples,
        exact=is_exact(board, opponents),
    )
