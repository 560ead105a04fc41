"""How normal reads the habits it has seen into ranges, and hard shifts its play against them.

A seated player's :class:`~bot.computers.notebook.Notebook` gives each opponent's session
counters (:class:`~bot.computers.tendencies.Tendencies`). :func:`read` turns them into
estimates, each pulled towards a balanced player's figure by a few imaginary observations so
that a handful of hands moves nothing much, and none at all before :data:`MIN_HANDS` hands.
From those estimates:

- :func:`adapt_style` (hard) shifts the style; within it :func:`adapt_calls` calls lighter
  against players who bet wildly. Against players who fold to bets it bluffs,
  continuation-bets and steals far more, with small bets; against players who call, it stops
  bluffing, bets thinner for value and bigger (a calling station pays an overbet as readily as a
  small one). Against players who bet whenever checked to it checks strong hands to let them.
- :func:`adapt_range` (normal and hard) reads each opponent's range through their habits: a
  player who enters one pot in six and calls holds a strong hand; one who plays everything
  holds anything; a passive player's bet means more than a maniac's.

With no counters (or too few hands) both return what they were given: hard then plays its
balanced game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.computers.ranges import Range
from bot.computers.style import Style
from bot.computers.tendencies import Tendencies

__all__ = ["MIN_HANDS", "Read", "adapt_calls", "adapt_range", "adapt_style", "read"]

MIN_HANDS = 15
"""Hands seen before a player's habits change anything."""
_WEIGHT = 10
"""Imaginary observations of balanced play each estimate starts from."""

# A balanced player's figures, which the estimates start from and are measured against.
_FOLD_TO_BET = 0.45
_FOLD_TO_RAISE = 0.45
_AGGRESSION = 0.5  # share of bets and raises among bets, raises and calls after the flop
_VPIP = 0.5
_PFR = 0.3


@dataclass(frozen=True, kw_only=True, slots=True)
class Read:
    """One opponent's estimated habits: shares from 0 to 1."""

    fold_to_bet: float
    fold_to_raise: float
    aggression: float
    vpip: float
    pfr: float

    @property
    def wild(self) -> float:
        """How little their bets mean, 0 to 1: they bet or raise much more than they call, or
        they bet and raise while hardly ever folding (bets that are not about their cards)."""
        loose = max(0.0, (0.3 - self.fold_to_bet) / 0.2) if self.aggression >= 0.3 else 0.0
        return min(1.0, max(self.bettor, loose))

    @property
    def bettor(self) -> float:
        """How much more they bet and raise than they call, 0 to 1."""
        return min(1.0, max(0.0, (self.aggression - 0.6) / 0.3))

    @property
    def passive(self) -> float:
        """How much their bets mean beyond a balanced player's, 0 to 1: they hardly ever bet."""
        return min(1.0, max(0.0, (0.35 - self.aggression) / 0.25))


def _shrunk(hits: int, tries: int, prior: float) -> float:
    return (hits + prior * _WEIGHT) / (tries + _WEIGHT)


def read(t: Tendencies) -> Read | None:
    """The estimates from one opponent's counters (``None`` before :data:`MIN_HANDS`)."""
    if t.hands < MIN_HANDS:
        return None
    return Read(
        fold_to_bet=_shrunk(t.folded_bet, t.faced_bet, _FOLD_TO_BET),
        fold_to_raise=_shrunk(t.folded_raise, t.faced_raise, _FOLD_TO_RAISE),
        aggression=_shrunk(t.aggressive, t.aggressive + t.calls, _AGGRESSION),
        vpip=_shrunk(t.voluntary, t.hands, _VPIP),
        pfr=_shrunk(t.raised, t.hands, _PFR),
    )


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def adapt_style(style: Style, reads: Sequence[Read | None]) -> Style:
    """The style to play against the opponents of ``reads`` (those still in the hand).

    >>> from bot.computers.style import STYLES, Level
    >>> hard = STYLES[Level.HARD]
    >>> folder = Read(fold_to_bet=0.95, fold_to_raise=0.9, aggression=0.1, vpip=0.1, pfr=0.1)
    >>> caller = Read(fold_to_bet=0.02, fold_to_raise=0.02, aggression=0.0, vpip=0.9, pfr=0.0)
    >>> adapt_style(hard, [folder]).bluff > hard.bluff > adapt_style(hard, [caller]).bluff
    True
    >>> adapt_style(hard, [None]) == hard
    True
    """
    known = [r for r in reads if r is not None]
    if not known:
        return style
    style = adapt_calls(style, known)
    folds = _mean([r.fold_to_bet for r in known]) - _FOLD_TO_BET
    steals = _mean([r.fold_to_raise for r in known]) - _FOLD_TO_RAISE
    if folds >= 0:  # they give up: bluff and continue far more, with smaller bets
        push = min(1.0, 2.2 * folds)
        bluff = style.bluff + (1.0 - style.bluff) * push
        cbet = style.cbet + (1.0 - style.cbet) * push
        semi = style.semi_bluff + (1.0 - style.semi_bluff) * push
        size = style.bet_size * (1.0 - 0.9 * folds)
        margin = style.value_margin
    else:  # they call: no bluffs, thinner value, bigger bets (less so into several callers)
        bluff = style.bluff * max(0.0, 1.0 + 4.0 * folds)
        cbet = style.cbet * max(0.0, 1.0 + 3.0 * folds)
        semi = style.semi_bluff * max(0.2, 1.0 + 3.0 * folds)
        thin = folds / len(known)
        size = style.bet_size * (1.0 - 2.5 * thin)
        margin = style.value_margin * max(0.15, 1.0 + 2.0 * thin)
    open_scale = style.open_scale * (1.0 + 3.0 * max(0.0, steals))
    return replace(
        style,
        open_scale=open_scale,
        raise_first=1.0 if steals > 0 else style.raise_first,
        bluff=bluff,
        cbet=cbet,
        semi_bluff=semi,
        bet_size=size,
        value_margin=margin,
        trap=0.7 * _mean([r.bettor for r in known]),
    )


def adapt_calls(style: Style, reads: Sequence[Read | None]) -> Style:
    """How it calls against the opponents of ``reads``: against players whose bets are not
    about their cards it calls lighter, and it raises a strong hand less against players who bet
    far more than they call (their bluffs are worth more than their folds).

    >>> from bot.computers.style import STYLES, Level
    >>> hard = STYLES[Level.HARD]
    >>> maniac = Read(fold_to_bet=0.5, fold_to_raise=0.2, aggression=0.9, vpip=0.8, pfr=0.6)
    >>> adapt_calls(hard, [maniac]).call_slack > hard.call_slack
    True
    """
    known = [r for r in reads if r is not None]
    if not known:
        return style
    wild = _mean([r.wild for r in known])
    bettor = _mean([r.bettor for r in known])
    return replace(
        style,
        call_slack=style.call_slack + 0.06 * wild,
        aggression=min(1.0, style.aggression + 0.2 * wild - 0.2 * bettor),
    )


def adapt_range(r: Range, habits: Read | None, *, raised: bool, entered: bool) -> Range:
    """An opponent's range read through their habits: ``raised`` or ``entered`` (put chips in
    by choice) before the flop.

    >>> tight = Read(fold_to_bet=0.5, fold_to_raise=0.8, aggression=0.1, vpip=0.15, pfr=0.02)
    >>> adapt_range(Range(top=1.0), tight, raised=False, entered=True).top
    0.18
    """
    if habits is None:
        return r
    top = r.top
    if raised and habits.wild > 0.5:
        top = 1.0  # their raises are not about their cards
    elif raised:
        top = max(top, min(1.0, habits.pfr * 1.2))
        if habits.pfr < 0.1:
            top = min(top, max(habits.pfr * 1.5, 0.05))
    elif entered:
        top = min(1.0, habits.vpip * 1.2)
    pressure = r.pressure
    if pressure:
        if habits.wild > 0.5:
            pressure = 0
        elif habits.passive > 0.5:
            pressure += 1
    return Range(top=round(max(top, r.floor + 0.02), 4), floor=r.floor, pressure=pressure)
