"""The levels of play, each a set of tendencies one strategy follows.

Easy is loose and passive: it plays many hands, rarely raises, thinks only of its own cards
(every opponent "could have anything"), calls small bets too much, bets small and runs from
big bets. Normal plays a sound, tighter game from position and pot odds, reads what a pre-flop
raise means, and reads how wide each player's ranges are from their habits this session. Hard
is a decent club player: it reads ranges through the whole hand, counts implied odds,
continues its pre-flop raise on the flop, semi-bluffs its draws and bluffs more, sizes its bets
for value, and shifts all of that against the habits it has seen (:mod:`bot.computers.adapt`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["STYLES", "Adapting", "Level", "Reading", "Style"]


class Level(Enum):
    """The levels a host chooses from."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class Adapting(Enum):
    """How far a player plays on the habits of the others it has seen this session."""

    NONE = "none"  # every opponent is an unknown
    RANGES = "ranges"  # their habits widen or narrow the ranges it reads
    FULL = "full"  # and it shifts its bluffs, value bets, sizes and steals against them


class Reading(Enum):
    """How far a player reads the opponents' moves into their ranges."""

    NONE = "none"  # every opponent holds any two cards
    PREFLOP = "preflop"  # pre-flop moves narrow the range; later bets do not
    FULL = "full"  # and every bet or raise after the flop asks more of the hand


@dataclass(frozen=True, kw_only=True, slots=True)
class Style:
    """One level's tendencies; probabilities are per decision, margins are equity shares.

    - ``open_scale`` widens (>1) or narrows the opening ranges; ``raise_first`` is the chance
      an opening hand raises rather than limps.
    - ``reading`` and ``samples``: how opponents' ranges are read and how many deals estimate
      the equity against them.
    - ``value_margin``/``raise_margin``: the part of the way from a fair share of the pot to
      certainty the equity must go before betting / raising for value.
    - ``call_slack`` lowers the equity a call needs below the pot odds (a loose caller);
      ``fear`` raises it by up to that much as the bet grows to twice the pot (a player who
      calls small bets and is scared off by big ones);
      ``implied`` counts that share of the chips still behind as won later when a draw comes in.
    - ``realization``: the share of its equity a hand out of position expects to realise.
    - ``bluff``, ``semi_bluff``, ``cbet``: how often it bets with nothing, with a draw, and on
      the flop after raising before it; ``aggression``: the chance a strong hand raises a bet
      rather than calling it.
    - ``bet_size``/``raise_size``: fractions of the pot for bets and raises where the structure
      lets the size be chosen.
    - ``adapts``: how far it plays on the habits it has seen this session
      (:mod:`bot.computers.adapt`); ``trap``: the chance it checks a strong hand before the
      river to let a player who bets whenever checked to bet (set by that adaptation).
    """

    level: Level
    open_scale: float
    raise_first: float
    reading: Reading
    samples: int
    value_margin: float
    raise_margin: float
    call_slack: float
    fear: float
    implied: float
    realization: float
    bluff: float
    semi_bluff: float
    cbet: float
    aggression: float
    bet_size: float
    raise_size: float
    adapts: Adapting = Adapting.NONE
    trap: float = 0.0


STYLES: dict[Level, Style] = {
    Level.EASY: Style(
        level=Level.EASY,
        open_scale=1.7,
        raise_first=0.05,
        reading=Reading.NONE,
        samples=40,
        value_margin=0.45,
        raise_margin=0.7,
        call_slack=0.08,
        fear=1.5,
        implied=0.0,
        realization=1.0,
        bluff=0.02,
        semi_bluff=0.0,
        cbet=0.0,
        aggression=0.3,
        bet_size=0.4,
        raise_size=0.6,
    ),
    Level.NORMAL: Style(
        level=Level.NORMAL,
        open_scale=1.0,
        raise_first=0.85,
        reading=Reading.PREFLOP,
        samples=64,
        value_margin=0.3,
        raise_margin=0.5,
        call_slack=0.0,
        fear=0.0,
        implied=0.1,
        realization=0.85,
        bluff=0.06,
        semi_bluff=0.2,
        cbet=0.4,
        aggression=0.6,
        bet_size=0.6,
        raise_size=0.8,
        adapts=Adapting.RANGES,
    ),
    Level.HARD: Style(
        level=Level.HARD,
        open_scale=1.0,
        raise_first=1.0,
        reading=Reading.FULL,
        samples=100,
        value_margin=0.25,
        raise_margin=0.45,
        call_slack=0.0,
        fear=0.0,
        implied=0.25,
        realization=0.85,
        bluff=0.12,
        semi_bluff=0.45,
        cbet=0.65,
        aggression=0.8,
        bet_size=0.9,
        raise_size=0.9,
        adapts=Adapting.FULL,
    ),
}
"""The tendencies of each level."""
