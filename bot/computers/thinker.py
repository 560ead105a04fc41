"""The strategy behind every level: position, ranges, equity, pot odds and sizes.

Before the flop a hand is its class's place in the order of strength (:mod:`bot.computers.preflop`):
it opens when it is inside the range for the number of players still to act, and pushes or folds
when the stacks are short. Facing a raise it weighs its equity against the raiser's range with the
price. After the flop it estimates its equity against every opponent's range
(:mod:`bot.computers.sampling`) and compares it with a fair share of the pot to bet for value, with
the pot odds (plus implied odds for a draw) to call, and sometimes bets without the goods: a
continuation bet, a semi-bluff, a bluff. A :class:`~bot.computers.style.Style` sets how much of
each; a style that adapts reads the opponents' habits from :attr:`PlayerView.reads
<bot.computers.view.PlayerView.reads>` into their ranges, and hard into the style itself
(:mod:`bot.computers.adapt`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from bot.computers.adapt import Read, adapt_range, adapt_style, read
from bot.computers.classes import hand_class
from bot.computers.moves import all_in, bet_to, check_or_call, check_or_fold
from bot.computers.preflop import class_equity, class_percentile
from bot.computers.ranges import Range, opponent_ranges, preflop_aggressor
from bot.computers.sampling import equity_against
from bot.computers.style import Adapting, Reading, Style
from bot.computers.view import PlayerView
from engine.actions import Action, ActionKind, Street
from engine.config import Structure

__all__ = ["Thinker"]

# Share of hands to open by the number of players still to act behind (index), 6-max-like.
_OPEN = (1.0, 0.8, 0.45, 0.3, 0.22, 0.16, 0.13, 0.12, 0.11, 0.1)
_SHORT = 12
"""Effective stacks of at most this many big blinds play push or fold (no-limit)."""
_COMMIT = 0.4
"""A raise that would put in this share of the stack or more goes all-in instead."""


@dataclass(frozen=True, kw_only=True, slots=True)
class _Spot:
    """Facts about the decision that every rule below reads."""

    pot: int
    to_call: int
    effective: int  # the most this player can win from or lose to one opponent, in chips
    opponents: int
    in_position: bool

    @property
    def odds(self) -> float:
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0


class Thinker:
    """A computer player of one :class:`Style`."""

    __slots__ = ("name", "style")

    def __init__(self, style: Style) -> None:
        self.style = style
        self.name = style.level.value

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        spot = _spot(view)
        style = self.style
        habits: dict[int, Read | None] = {}
        if style.adapts is not Adapting.NONE and view.reads:
            habits = {p: read(view.reads[p]) for p in view.opponents}
            known = list(habits.values())
            full = style.adapts is Adapting.FULL
            style = adapt_style(style, known) if full else style
        if view.street is Street.PREFLOP:
            return self._preflop(view, spot, style, habits, rng)
        return self._postflop(view, spot, style, habits, rng)

    # ----------------------------------------------------------------- before the flop

    def _preflop(
        self,
        view: PlayerView,
        spot: _Spot,
        style: Style,
        habits: Mapping[int, Read | None],
        rng: random.Random,
    ) -> Action:
        legal = view.legal
        name = hand_class(*view.hole)
        strength = class_percentile(name)
        raises = sum(
            1 for m in view.history if not m.forced and m.kind in (ActionKind.BET, ActionKind.RAISE)
        )
        depth = spot.effective / max(view.big_blind, 1)
        short = view.structure is Structure.NO_LIMIT and view.allow_all_in and depth <= _SHORT
        if raises == 0:
            behind = _behind(view)
            width = min(1.0, _OPEN[min(behind, len(_OPEN) - 1)] * style.open_scale)
            if short:
                push = min(1.0, 6.0 / max(depth, 1.0) / max(behind, 1) * style.open_scale)
                if strength <= push and not (legal.can_check and strength > push / 2):
                    return all_in(legal)
                return check_or_fold(legal)
            if legal.can_check:  # the big blind after limps: raise the best, check the rest
                if strength <= width * 0.25 and rng.random() < style.raise_first:
                    return bet_to(legal, _open_size(view))
                return check_or_fold(legal)
            if strength <= width:
                if strength <= 0.03 or rng.random() < style.raise_first:
                    return self._raise(view, spot, _open_size(view))
                return check_or_call(legal)
            return check_or_fold(legal)
        return self._facing_raise(view, spot, style, habits, name, raises, short, rng)

    def _facing_raise(
        self,
        view: PlayerView,
        spot: _Spot,
        style: Style,
        habits: Mapping[int, Read | None],
        name: str,
        raises: int,
        short: bool,
        rng: random.Random,
    ) -> Action:
        legal = view.legal
        if style.reading is Reading.NONE:
            equity = class_equity(name, spot.opponents)
        else:
            ranges = _voluntary_ranges(view, habits)
            equity = equity_against(view.hole, (), ranges, rng, samples=style.samples)
            spot = _Spot(
                pot=spot.pot,
                to_call=spot.to_call,
                effective=spot.effective,
                opponents=len(ranges),
                in_position=spot.in_position,
            )
        fair = 1.0 / (spot.opponents + 1)
        realized = equity if spot.in_position else equity * style.realization
        strong = fair + (1.0 - fair) * style.raise_margin
        if equity >= strong and rng.random() < style.aggression:
            if short or raises >= 3:
                return all_in(legal)
            return self._raise(view, spot, _reraise_size(view, spot))
        need = _price(spot, implied=0.0 if short else style.implied * 0.5) - style.call_slack
        need += style.fear * _bigness(spot)
        if realized >= need:
            return check_or_call(legal)
        if (
            raises == 1
            and not short
            and equity >= fair * 0.8
            and rng.random() < style.bluff * 0.5
            and legal.can_raise
        ):
            return self._raise(view, spot, _reraise_size(view, spot))
        return check_or_fold(legal)

    # ----------------------------------------------------------------- after the flop

    def _postflop(
        self,
        view: PlayerView,
        spot: _Spot,
        style: Style,
        habits: Mapping[int, Read | None],
        rng: random.Random,
    ) -> Action:
        legal = view.legal
        read_ranges = opponent_ranges(view, reading=style.reading is not Reading.NONE)
        ranges = [_through(view, p, r, habits) for p, r in read_ranges.items()]
        if style.reading is not Reading.FULL:
            ranges = [Range(top=r.top, floor=r.floor) for r in ranges]
        samples = max(32, int(style.samples / math.sqrt(len(ranges) or 1)))
        equity = equity_against(view.hole, view.board, ranges, rng, samples=samples)
        fair = 1.0 / (spot.opponents + 1)
        value = fair + (1.0 - fair) * style.value_margin
        strong = fair + (1.0 - fair) * style.raise_margin
        crowd = spot.opponents
        if spot.to_call == 0:
            if equity >= value:
                if view.street < Street.RIVER and rng.random() < style.trap:
                    return check_or_fold(legal)
                return self._bet(view, spot, style.bet_size)
            draw = view.street < Street.RIVER and equity >= fair * 0.75
            if draw and rng.random() < style.semi_bluff / crowd:
                return self._bet(view, spot, style.bet_size)
            if (
                view.street is Street.FLOP
                and preflop_aggressor(view) == view.player
                and rng.random() < style.cbet / crowd
            ):
                return self._bet(view, spot, style.bet_size * 0.75)
            bluff = style.bluff * (1.4 if spot.in_position else 0.8) / crowd**1.5
            if equity < fair * 0.6 and rng.random() < bluff:
                return self._bet(view, spot, style.bet_size)
            return check_or_fold(legal)
        if equity >= strong and legal.can_raise and rng.random() < style.aggression:
            return self._raise(view, spot, _raise_size(view, spot, style.raise_size))
        implied = style.implied if view.street < Street.RIVER else 0.0
        need = _price(spot, implied=implied) - style.call_slack + style.fear * _bigness(spot)
        realized = equity if spot.in_position else equity * (0.5 + 0.5 * style.realization)
        if realized >= need:
            draw = view.street is Street.FLOP and equity < value
            if draw and legal.can_raise and rng.random() < style.semi_bluff * 0.25 / crowd:
                return self._raise(view, spot, _raise_size(view, spot, style.raise_size))
            return check_or_call(legal)
        return check_or_fold(legal)

    # ----------------------------------------------------------------- sizes

    def _bet(self, view: PlayerView, spot: _Spot, fraction: float) -> Action:
        amount = view.bets[view.player] + max(int(spot.pot * fraction), view.unit)
        return self._raise(view, spot, amount)

    def _raise(self, view: PlayerView, spot: _Spot, amount: int) -> Action:
        """Raise to ``amount``, or all-in when that commits most of the stack anyway."""
        legal = view.legal
        if legal.can_all_in and amount >= _COMMIT * legal.all_in_to:
            return all_in(legal)
        return bet_to(legal, amount)


def _spot(view: PlayerView) -> _Spot:
    me = view.player
    mine = view.stacks[me] + view.bets[me]
    others = [view.stacks[p] + view.bets[p] for p in view.opponents]
    effective = min(mine, max(others, default=0))
    n = view.player_count
    first = (view.button + 1) % n

    def order(p: int) -> int:
        return (p - first) % n

    in_position = all(order(me) > order(p) for p in view.opponents if not view.all_in[p])
    return _Spot(
        pot=view.pot_total,
        to_call=view.legal.to_call,
        effective=effective,
        opponents=max(len(view.opponents), 1),
        in_position=in_position,
    )


def _price(spot: _Spot, *, implied: float) -> float:
    """The equity a call needs: pot odds, less when chips behind can be won later."""
    if spot.to_call == 0:
        return 0.0
    behind = max(spot.effective - spot.to_call, 0)
    later = implied * min(behind, spot.pot)
    return spot.to_call / (spot.pot + spot.to_call + later)


def _bigness(spot: _Spot) -> float:
    """How big the bet faced is, 0 (nothing) to 1 (twice what was in the pot before it, or
    more), growing with the square of the bet: a half-pot bet counts 1/16, a pot-sized one 1/4."""
    before = max(spot.pot - spot.to_call, 1)
    return (min(spot.to_call / before, 2.0) / 2.0) ** 2


def _behind(view: PlayerView) -> int:
    """Players still to act after this one before the flop (the big blind acts last)."""
    n = view.player_count
    start = (view.big_blind_player + 1) % n
    mine = (view.player - start) % n
    return sum(
        1 for p in range(n) if (p - start) % n > mine and not view.folded[p] and not view.all_in[p]
    )


def _voluntary_ranges(view: PlayerView, habits: Mapping[int, Read | None]) -> list[Range]:
    """Ranges of the opponents who put chips in by choice (those still to act mostly fold)."""
    ranges = {
        p: _through(view, p, r, habits) for p, r in opponent_ranges(view, reading=True).items()
    }
    acted = {m.player for m in view.history if not m.forced and m.street is Street.PREFLOP}
    chosen = [r for p, r in ranges.items() if p in acted and view.committed[p] > 0]
    return chosen or list(ranges.values())[:1]


def _through(view: PlayerView, player: int, r: Range, habits: Mapping[int, Read | None]) -> Range:
    """``player``'s range read through their habits, when there are any (see
    :func:`bot.computers.adapt.adapt_range`)."""
    seen = habits.get(player)
    if seen is None:
        return r
    moves = [m.kind for m in view.history if m.player == player and not m.forced
             and m.street is Street.PREFLOP]  # fmt: skip
    raised = any(k in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) for k in moves)
    entered = raised or ActionKind.CALL in moves
    return adapt_range(r, seen, raised=raised, entered=entered)


def _open_size(view: PlayerView) -> int:
    """An opening raise: 2.5 big blinds heads-up, 3 at a fuller table, one more per limper."""
    bb = view.big_blind
    limpers = sum(1 for m in view.history if not m.forced and m.kind is ActionKind.CALL)
    base = 2.5 if view.player_count == 2 else 3.0
    return int((base + limpers) * bb)


def _reraise_size(view: PlayerView, spot: _Spot) -> int:
    """A re-raise: three times the bet in position, three and a half out of it, plus callers."""
    callers = sum(
        1 for p in view.opponents if view.bets[p] == view.current_bet and p != view.player
    )
    factor = 3.0 if spot.in_position else 3.5
    return int(view.current_bet * (factor + max(callers - 1, 0)))


def _raise_size(view: PlayerView, spot: _Spot, fraction: float) -> int:
    """A raise after the flop: call, then add ``fraction`` of the pot that makes."""
    return view.current_bet + int((spot.pot + spot.to_call) * fraction)
