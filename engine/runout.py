"""Run it twice: the rest of the board dealt twice from one deck, every pot split between them.

When the players are all in before the river, a house may let them (or make them) deal the
remaining board twice. The first board is dealt exactly as a single run-out would be; the
second repeats the streets still to come with the next cards of the same deck (burning before
each street as the first did), so no card appears on both. Every pot is then split in two
halves, the main pot last as always: the first half is awarded on the first board, the second
half on the second, each among the players eligible for that pot, with the usual odd-chip rule
inside a half (RULES.md, "Splitting a pot"). When a pot is odd, **the odd chip goes with the
first board**: its half is the larger one (as pokerkit settles several run-outs).

A hand holds its run-out when :attr:`Hand.hold_run_out` is set before the betting ends: the
hands are turned face up and the hand waits (``hand.held``) for :meth:`Hand.run_out` with 1 or
2. :func:`replay_runs` rebuilds such a hand from its config, deck, actions and the number of
runs chosen.

In PHH the second board follows the first as more ``d db`` lines (the order pokerkit deals
several run-outs in), and the user-defined field ``_run_count = 2`` says the board was run
twice; see :mod:`engine.phh`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.actions import Action, Street
from engine.cards import Card
from engine.evaluator import evaluate7
from engine.events import BoardDealt, PotAwarded
from engine.pots import Pot, build_pots, split_pot

if TYPE_CHECKING:
    from engine.config import HandConfig
    from engine.hand import Hand

__all__ = ["RUN_COUNT_FIELD", "board_cards_dealt", "halves", "replay_runs", "run_twice"]

RUN_COUNT_FIELD = "_run_count"
"""The PHH user-defined field that records a board run twice."""

_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


def halves(amount: int) -> tuple[int, int]:
    """A pot's two halves, the first board's first: the odd chip goes with the first board.

    >>> halves(7)
    (4, 3)
    """
    return amount - amount // 2, amount // 2


def run_twice(hand: Hand) -> None:
    """Deal both boards of a held run-out and settle every pot on them (``Hand.run_out(2)``)."""
    live = hand.live_players()
    common = tuple(hand.board)
    start = hand.street
    while hand.street < Street.RIVER:
        hand._deal_street()
    second = list(common)
    street = start
    while street < Street.RIVER:
        street = Street(street + 1)
        if hand.config.burn:
            hand._deck_pos += 1
        cards = hand._draw(_SIZES[street])
        second.extend(cards)
        hand.events.append(BoardDealt(street=street, cards=cards, board=tuple(second), run=2))
    hand.second_board = tuple(second)
    _settle(hand, live, (tuple(hand.board), hand.second_board))


def _settle(hand: Hand, live: Sequence[int], boards: tuple[tuple[Card, ...], ...]) -> None:
    n = hand.player_count
    values = [_values(hand, live, board) for board in boards]
    hand.values = values[0]
    folded = hand.folded
    pots = build_pots(hand.contributions, [not f for f in folded], [True] * n)
    if hand.dead:
        pots[0] = Pot(amount=pots[0].amount + hand.dead, eligible=pots[0].eligible)
    first_left = (hand.config.button + 1) % n
    for k in range(len(pots) - 1, -1, -1):
        pot = pots[k]
        for run, (board_values, half) in enumerate(zip(values, halves(pot.amount)), start=1):
            if half == 0:
                continue
            top = max(board_values[p] for p in pot.eligible)
            winners = [
                p
                for p in sorted(pot.eligible, key=lambda q: (q - first_left) % n)
                if board_values[p] == top
            ]
            shares = split_pot(half, winners, first_left, n)
            for p, share in zip(winners, shares):
                hand.stacks[p] += share
            hand.events.append(
                PotAwarded(
                    pot=k,
                    amount=half,
                    winners=tuple(winners),
                    shares=tuple(shares),
                    value=top,
                    run=run,
                )
            )
    hand._finish()


def _values(hand: Hand, live: Sequence[int], board: Sequence[Card]) -> list[int]:
    values = [-1] * hand.player_count
    for p in live:
        a, b = hand.hole[p]
        values[p] = evaluate7((a, b, *board))
    return values


def board_cards_dealt(hand: Hand) -> int:
    """How many board cards the hand has dealt, on both boards of a hand run twice."""
    second = sum(len(e.cards) for e in hand.events if isinstance(e, BoardDealt) and e.run == 2)
    return len(hand.board) + second


def replay_runs(
    config: HandConfig, deck: Sequence[int], actions: Iterable[Action], runs: int | None
) -> Hand:
    """Rebuild a hand whose run-out is held: ``runs`` (1 or 2) once chosen, ``None`` while
    the choice is still open (the hand is then left ``held``)."""
    from engine.hand import Hand

    hand = Hand(config, deck)
    hand.hold_run_out = True
    for action in actions:
        hand.act(action)
    if hand.held and runs is not None:
        hand.run_out(runs)
    return hand
