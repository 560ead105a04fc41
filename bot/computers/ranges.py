"""What each opponent plausibly holds, read from the public moves of the hand.

A :class:`Range` is a slice of the starting hands ordered by strength
(:data:`bot.computers.preflop.COMBOS`) plus how much pressure the opponent has put on since the flop
(bets and raises, the large ones counting more). Pre-flop moves set the slice: an opener holds the
top fifth or so, a caller of a raise a wider slice without the very best hands (those would have
re-raised), a player who only checked the big blind holds anything. Bets and raises after the flop
ask more of the hand on this board; :mod:`bot.computers.sampling` applies that when it deals the
opponent a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.computers.view import PlayerView
from engine.actions import ActionKind, Street

__all__ = ["ANY", "Range", "opponent_ranges", "preflop_aggressor"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Range:
    """Hands between the ``floor`` and ``top`` percentiles of strength (0.0 is the best hand);
    ``pressure`` weighs the bets and raises made since the flop (see :func:`_weight`)."""

    top: float = 1.0
    floor: float = 0.0
    pressure: int = 0


ANY = Range()
"""Every hand, no pressure: what a player who cannot read ranges assumes."""

# How much wider ranges are when fewer players were dealt in (heads-up openers play most hands).
_WIDTH = {2: 2.6, 3: 1.7, 4: 1.35, 5: 1.15}


def preflop_aggressor(view: PlayerView) -> int | None:
    """The last player who raised before the flop (``None`` when nobody did)."""
    last = None
    for move in view.history:
        if move.street is Street.PREFLOP and not move.forced and _is_raise(move.kind):
            last = move.player
    return last


def opponent_ranges(view: PlayerView, *, reading: bool) -> dict[int, Range]:
    """A range for each opponent still in the hand.

    Without ``reading`` every opponent holds :data:`ANY` (the view of a player who thinks only
    of their own cards); with it, ranges follow each opponent's moves.
    """
    if not reading:
        return {p: ANY for p in view.opponents}
    width = _WIDTH.get(view.player_count, 1.0)
    return {p: _range_of(view, p, width) for p in view.opponents}


def _is_raise(kind: ActionKind) -> bool:
    return kind is ActionKind.BET or kind is ActionKind.RAISE


def _range_of(view: PlayerView, player: int, width: float) -> Range:
    raises_before = 0  # voluntary raises by anyone before this player's move
    top, floor = 1.0, 0.0
    pressure = 0
    pot = 0
    for move in view.history:
        if move.forced:
            pot += move.added
            continue
        if move.street is Street.PREFLOP:
            if move.player == player:
                top, floor = _preflop_slice(move.kind, raises_before, top, floor)
            if _is_raise(move.kind):
                raises_before += 1
        elif move.player == player and _is_raise(move.kind):
            pressure += _weight(move.added, pot)
        pot += move.added
    return Range(top=min(1.0, top * width), floor=min(floor, 0.5), pressure=pressure)


def _weight(added: int, pot: int) -> int:
    """Pressure of one bet or raise: a bet up to the pot counts one, an overbet two, a bet of
    more than twice the pot three (such bets are made with the goods far more often)."""
    if added <= pot:
        return 1
    return 2 if added <= 2 * pot else 3


def _preflop_slice(
    kind: ActionKind, raises_before: int, top: float, floor: float
) -> tuple[float, float]:
    """The strength slice a pre-flop move implies, given the slice the player had already shown."""
    if _is_raise(kind):
        new_top = (0.2, 0.07, 0.035)[min(raises_before, 2)]
        return min(top, new_top), 0.0
    if kind is ActionKind.CALL:
        if raises_before == 0:
            return min(top, 0.55), 0.04  # a limp: the best hands would have raised
        new_top = (0.55, 0.3, 0.1, 0.05)[min(raises_before, 3)]
        return min(top, new_top), 0.0 if raises_before > 1 else 0.02
    return top, floor  # a check (the big blind's option): anything
