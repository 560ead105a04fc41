"""Run it twice: the rest of the board dealt twice from one deck, every pot split between them.

When the players are all in before the river, a house may let them (or make them) deal the
remaining board twice. The first board is dealt exactly as a single run-out would be; the
second repeats the streets still to come with the next cards of the same deck (burning before
each street as the first did), so no card appears on both. Every pot is then split in two
halves, the main pot last as always: the first half is awarded on the first board, the second
half on the second, each among the players eligible for that pot, with the usual odd-chip rule
inside a half (RULES.md, "Splitting a pot"). When a pot is odd, **the odd chip goes with the
first board**: its half is the larger one (as pokerkit settles several run-outs).

Where each rule lives: :meth:`Hand.run_out(2) <engine.hand.Hand.run_out>` deals both boards,
and :func:`engine.pots.award_pots` awards the pots on them, in :func:`~engine.pots.halves`,
as it awards them on one board at any showdown.

A hand holds its run-out when :attr:`Hand.hold_run_out` is set before the betting ends: the
hands are turned face up and the hand waits (``hand.held``) for :meth:`Hand.run_out` with 1 or
2. :func:`engine.hand.replay` with ``run_count`` rebuilds such a hand from its config, deck,
actions and the number of runs chosen.

In PHH the second board follows the first as more ``d db`` lines (the order pokerkit deals
several run-outs in), and the user-defined field ``_run_count = 2`` says the board was run
twice; see :mod:`engine.phh`.
"""

from __future__ import annotations

from engine.hand import Hand

__all__ = ["RUN_COUNT_FIELD", "board_cards_dealt"]

RUN_COUNT_FIELD = "_run_count"
"""The PHH user-defined field that records a board run twice."""


def board_cards_dealt(hand: Hand) -> int:
    """How many board cards the hand has dealt, on both boards of a hand run twice."""
    from engine.events import BoardDealt  # here: a hand imports the records when it is read

    second = sum(len(e.cards) for e in hand.events if isinstance(e, BoardDealt) and e.run == 2)
    return len(hand.board) + second
