"""All-in odds: each face-up hand's chance to win and to tie every pot it can win.

When betting is over with two or more hands still in, the hands are turned face up and the
rest of the board is dealt street by street; television shows each hand's chances as the
cards come. With side pots a hand may be ahead for the main pot and out of a side pot it
never covered, so the chances are per pot, each among the players eligible for it.

How the figures are found, by the cards still to come:

* **a single pot before the flop**: :func:`engine.equity.equity`, exact over every board (its
  rank-multiset method, well under the 250 ms budget even with nine hands);
* **several pots before the flop**: one seeded Monte Carlo run of ``samples`` boards, each
  board scored once for every pot, with its standard error; exact enumeration would cost one
  equity run per pot;
* **the flop or later**: exact, every remaining board (at most 1,128) dealt and scored.

Only the cards everyone can see should be passed as ``dead`` (folded hands and burnt cards
are unknown to the table): the odds then match what any viewer can work out.

>>> from engine.cards import parse_cards as p
>>> from engine.pots import Pot
>>> pot = Pot(amount=200, eligible=(0, 1))
>>> odds = runout_odds({0: p("AsAh"), 1: p("KdKc")}, p("2c7d9h"), pots=[pot])
>>> round(odds.pots[0].win[0], 4), odds.exact
(0.9162, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from engine.cards import CARDS, Card
from engine.equity import equity, tally_boards
from engine.events import BoardDealt, CardsShown
from engine.pots import Pot, build_pots

if TYPE_CHECKING:
    from engine.hand import Hand

__all__ = ["DEFAULT_ODDS_SAMPLES", "PotChances", "RunoutOdds", "runout_odds", "street_odds"]

DEFAULT_ODDS_SAMPLES = 8_000
"""Monte Carlo boards for several pots before the flop: nine hands and three pots in about
140 ms of CPU (``benchmarks/bench_odds.py``), a standard error of at most 0.56 percentage
points on any figure."""


@dataclass(frozen=True, kw_only=True)
class PotChances:
    """One pot (0 = main) and, for each eligible player in ``players``, the chance to win it
    alone (``win``) and to split it (``tie``); the two lists follow ``players``."""

    pot: int
    amount: int
    players: tuple[int, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]

    def of(self, player: int) -> tuple[float, float] | None:
        """``(win, tie)`` of ``player``, or ``None`` when they cannot win this pot."""
        if player not in self.players:
            return None
        k = self.players.index(player)
        return self.win[k], self.tie[k]


@dataclass(frozen=True, kw_only=True)
class RunoutOdds:
    """The chances on one board: ``boards`` is how many boards were counted (all of them when
    ``exact``, else the samples drawn) and ``std_error`` the largest standard error of any
    figure (0.0 when exact)."""

    board: tuple[Card, ...]
    pots: tuple[PotChances, ...]
    exact: bool
    boards: int
    std_error: float

    def for_player(self, player: int) -> tuple[tuple[int, float, float], ...]:
        """``(pot, win, tie)`` for each pot ``player`` can win, main pot first."""
        out = []
        for chances in self.pots:
            figures = chances.of(player)
            if figures is not None:
                out.append((chances.pot, figures[0], figures[1]))
        return tuple(out)


def runout_odds(
    hands: Mapping[int, Sequence[int]],
    board: Sequence[int] = (),
    *,
    pots: Sequence[Pot],
    dead: Sequence[int] = (),
    seed: int = 0,
    samples: int = DEFAULT_ODDS_SAMPLES,
) -> RunoutOdds:
    """The chances of the face-up ``hands`` (player -> two cards) for each of ``pots``.

    Every eligible player of every pot must have a hand here; players not in a pot still hold
    their cards, so those are out of the deck for every pot. A Monte Carlo run draws from
    ``random.Random(seed)``: the same spot and seed give the same figures.
    """
    _check(hands, pots)
    if samples < 1:
        raise ValueError("samples must be positive")
    players = sorted(hands)
    order = {p: k for k, p in enumerate(players)}
    cards = [tuple(hands[p]) for p in players]
    contested = [k for k, pot in enumerate(pots) if len(pot.eligible) > 1]
    if not contested:
        settled = tuple(_uncontested(k, pot) for k, pot in enumerate(pots))
        board_cards = tuple(CARDS[c] for c in board)
        return RunoutOdds(board=board_cards, pots=settled, exact=True, boards=0, std_error=0.0)
    if not board and len(contested) == 1 and len(pots[contested[0]].eligible) == len(players):
        return _single_preflop(cards, players, pots, contested[0], dead)
    used = {c for hand in cards for c in hand} | set(board) | set(dead)
    if len(used) != sum(len(h) for h in cards) + len(board) + len(dead):
        raise ValueError("a card appears more than once")
    deck = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    if len(board) not in (0, 3, 4, 5) or len(deck) < missing:
        raise ValueError(f"cannot deal a board from {len(board)} cards and {len(deck)} left")
    eligible = [tuple(order[p] for p in pot.eligible) for pot in pots]
    exact = bool(board) or not contested
    rest: Iterable[Sequence[int]]
    if exact:
        rest = combinations(deck, missing)
    else:
        rng = random.Random(seed)
        rest = (rng.sample(deck, missing) for _ in range(samples))
    tally = _tally(cards, board, rest, [eligible[k] for k in contested])
    return _result(tally, pots, contested, order, board, exact=exact)


def _check(hands: Mapping[int, Sequence[int]], pots: Sequence[Pot]) -> None:
    if not 2 <= len(hands) <= 10:
        raise ValueError(f"odds need 2 to 10 face-up hands, got {len(hands)}")
    for p, hand in hands.items():
        if len(hand) != 2:
            raise ValueError(f"player {p} holds {len(hand)} cards, not 2")
    if not pots:
        raise ValueError("odds need at least one pot")
    for k, pot in enumerate(pots):
        if not pot.eligible or any(p not in hands for p in pot.eligible):
            raise ValueError(f"pot {k}: every eligible player needs a face-up hand")


def _single_preflop(
    cards: list[tuple[int, ...]],
    players: list[int],
    pots: Sequence[Pot],
    contested: int,
    dead: Sequence[int],
) -> RunoutOdds:
    """Before the flop with one pot that everyone can win: exact, by :func:`equity`."""
    result = equity(cards, dead=dead)
    n = result.boards
    by_player = {p: k for k, p in enumerate(players)}
    out = []
    for k, pot in enumerate(pots):
        if k != contested:
            out.append(_uncontested(k, pot))
            continue
        idx = [by_player[p] for p in pot.eligible]
        out.append(
            PotChances(
                pot=k,
                amount=pot.amount,
                players=tuple(pot.eligible),
                win=tuple(result.wins[i] / n for i in idx),
                tie=tuple(result.ties[i] / n for i in idx),
            )
        )
    return RunoutOdds(board=(), pots=tuple(out), exact=True, boards=n, std_error=0.0)


def _uncontested(k: int, pot: Pot) -> PotChances:
    return PotChances(pot=k, amount=pot.amount, players=pot.eligible, win=(1.0,), tie=(0.0,))


Tally = dict[tuple[tuple[int, ...], ...], int]
"""For each contested pot, the winners (hand indexes) -> number of boards."""


def _tally(
    hands: Sequence[Sequence[int]],
    board: Sequence[int],
    rest: Iterable[Sequence[int]],
    eligible: Sequence[tuple[int, ...]],
) -> Tally:
    """Score each completion of the board once and record who wins each contested pot."""

    def winners(values: list[int]) -> tuple[tuple[int, ...], ...]:
        out = []
        for group in eligible:
            best = max(values[i] for i in group)
            out.append(tuple(i for i in group if values[i] == best))
        return tuple(out)

    return tally_boards(hands, board, rest, winners)


def _result(
    tally: Tally,
    pots: Sequence[Pot],
    contested: Sequence[int],
    order: Mapping[int, int],
    board: Sequence[int],
    *,
    exact: bool,
) -> RunoutOdds:
    """Turn the tally into chances; ``order`` maps a player to their hand index."""
    n = sum(tally.values())
    out: list[PotChances] = []
    worst = 0.0
    for k, pot in enumerate(pots):
        if k not in contested:
            out.append(_uncontested(k, pot))
            continue
        slot = contested.index(k)
        wins: dict[int, int] = {}
        ties: dict[int, int] = {}
        for outcome, count in tally.items():
            winners = outcome[slot]
            target = wins if len(winners) == 1 else ties
            for i in winners:
                target[i] = target.get(i, 0) + count
        idx = [order[p] for p in pot.eligible]
        win = tuple(wins.get(i, 0) / n for i in idx)
        tie = tuple(ties.get(i, 0) / n for i in idx)
        if not exact and n > 1:
            for q in win + tie:
                worst = max(worst, math.sqrt(q * (1.0 - q) / (n - 1)))
        out.append(PotChances(pot=k, amount=pot.amount, players=pot.eligible, win=win, tie=tie))
    return RunoutOdds(
        board=tuple(CARDS[c] for c in board),
        pots=tuple(out),
        exact=exact,
        boards=n,
        std_error=worst,
    )


def street_odds(hand: Hand, *, seed: int = 0) -> tuple[RunoutOdds, ...]:
    """The odds at each step of a hand's all-in run-out, for television: once the hands are
    face up (the board as it was when the betting ended), then after each street dealt, up to
    the turn. Empty for a hand that was not run out. Only the first board of a hand run twice.

    The pots are the hand's final ones (nothing is bet during a run-out), each among the
    players still in who reached it; only face-up cards are known, as for a viewer.
    """
    shown_at = next((k for k, e in enumerate(hand.events) if isinstance(e, CardsShown)), None)
    if not hand.ran_out or shown_at is None:
        return ()
    live = hand.live_players()
    hands = {p: hand.hole[p] for p in live}
    n = hand.player_count
    pots = build_pots(hand.contributions, [not f for f in hand.folded], [True] * n)
    if hand.dead:
        pots[0] = Pot(amount=pots[0].amount + hand.dead, eligible=pots[0].eligible)
    deals = [e for e in hand.events[shown_at:] if isinstance(e, BoardDealt) and e.run == 1]
    first = len(hand.board) - sum(len(e.cards) for e in deals)
    boards = [hand.board[:first], *(e.board for e in deals)]
    return tuple(
        runout_odds(hands, board, pots=pots, seed=seed) for board in boards if len(board) < 5
    )
