"""Player statistics as poker tracking software counts them, from a hand's own events.

Pure: a finished :class:`~engine.Hand` (rebuilt from its stored config, deck and actions) gives
one :class:`HandFacts` per player (:func:`hand_facts`); facts add up into :class:`PlayerStats`
counters, which is what the store keeps per member and hour (:mod:`bot.store.stats`) so that
any period is a sum of a few rows. The ratios are computed from the counters when shown.

The definitions (also in the players' guide, ``docs/players.md``), as PokerTracker and Hold'em
Manager use them:

- **hands**: hands dealt in and finished (a voided hand does not count).
- **VPIP** (voluntarily put money in pot): of the hands with a pre-flop decision, those in
  which the player called or raised pre-flop. Posting a blind is not voluntary; the big
  blind checking is not; the small blind completing is. A big blind's walk, or a blind
  all-in from posting, had no decision and is left out of both sides.
- **PFR** (pre-flop raise): of the same hands, those in which the player raised pre-flop.
- **3-bet**: of the hands in which the player had to act facing exactly one pre-flop raise
  (the big blind is the first bet, the open raise the second), those in which they re-raised.
- **AF** (aggression factor): post-flop bets and raises divided by post-flop calls; checks
  and folds do not count; none when there were no calls.
- **WTSD** (went to showdown): of the hands in which the player saw the flop, those they were
  still in when the hand was decided by showing cards (two or more players left).
- **W$SD** (won at showdown): of those showdowns, the ones in which the player won chips.
- **net**: chips won minus chips lost over the hands.
- **biggest pot**: the most chips the player collected in one hand, their own included.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from enum import Enum

from engine import ActionKind, Hand, Street
from engine.events import BoardDealt, HandEnded, PlayerActed, PotAwarded

__all__ = ["HandFacts", "Period", "PlayerStats", "hand_facts"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


class Period(Enum):
    """Which hands a member's stats cover."""

    SESSION = "session"
    """The table session of the member's latest hand."""
    WEEK = "week"
    """The last seven days, counted in whole hours."""
    ALL = "all"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandFacts:
    """What one hand says about one player's play; each flag adds 1 to its counter."""

    vpip_chance: bool = False
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    aggressive: int = 0
    """Post-flop bets and raises."""
    calls: int = 0
    """Post-flop calls."""
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False
    net: int = 0
    collected: int = 0
    """Chips awarded from the pots (0 when the player won none)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerStats:
    """Counters over a set of hands; every ratio is computed from them (``None``: no chance).

    All fields but ``biggest_pot`` add up over hands; ``biggest_pot`` takes the maximum.
    """

    hands: int = 0
    vpip_chances: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    aggressive: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    net: int = 0
    biggest_pot: int = 0

    @classmethod
    def of_hand(cls, facts: HandFacts) -> PlayerStats:
        """The counters of one hand."""
        return cls(
            hands=1,
            vpip_chances=int(facts.vpip_chance),
            vpip=int(facts.vpip),
            pfr=int(facts.pfr),
            three_bet_chances=int(facts.three_bet_chance),
            three_bets=int(facts.three_bet),
            aggressive=facts.aggressive,
            calls=facts.calls,
            saw_flop=int(facts.saw_flop),
            showdowns=int(facts.showdown),
            showdowns_won=int(facts.won_at_showdown),
            net=facts.net,
            biggest_pot=facts.collected,
        )

    def __add__(self, other: PlayerStats) -> PlayerStats:
        values = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        values["biggest_pot"] = max(self.biggest_pot, other.biggest_pot)
        return PlayerStats(**values)

    @classmethod
    def total(cls, parts: Iterable[PlayerStats]) -> PlayerStats:
        out = cls()
        for part in parts:
            out = out + part
        return out

    @property
    def vpip_rate(self) -> float | None:
        return _ratio(self.vpip, self.vpip_chances)

    @property
    def pfr_rate(self) -> float | None:
        return _ratio(self.pfr, self.vpip_chances)

    @property
    def three_bet_rate(self) -> float | None:
        return _ratio(self.three_bets, self.three_bet_chances)

    @property
    def aggression_factor(self) -> float | None:
        return _ratio(self.aggressive, self.calls)

    @property
    def showdown_rate(self) -> float | None:
        """WTSD: showdowns per flop seen."""
        return _ratio(self.showdowns, self.saw_flop)

    @property
    def showdown_win_rate(self) -> float | None:
        """W$SD: showdowns won per showdown."""
        return _ratio(self.showdowns_won, self.showdowns)


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def hand_facts(hand: Hand) -> tuple[HandFacts, ...]:
    """One :class:`HandFacts` per player of a finished hand; ``()`` for a voided hand.

    Read from the hand's events only (what happened, not what the rules would allow), so a
    stored hand replayed gives the same facts as the live one.
    """
    if hand.voided or not hand.is_over:
        return ()
    n = hand.player_count
    chance = [False] * n
    vpip = [False] * n
    pfr = [False] * n
    three_chance = [False] * n
    three = [False] * n
    aggressive = [0] * n
    calls = [0] * n
    folded = [False] * n
    saw_flop = [False] * n
    collected = [0] * n
    raises = 0  # pre-flop bets and raises so far, the blind not counted
    net: tuple[int, ...] = (0,) * n
    for event in hand.events:
        if isinstance(event, PlayerActed):
            p, kind = event.player, event.kind
            if event.street is Street.PREFLOP:
                chance[p] = True
                if raises == 1 and not three_chance[p]:
                    three_chance[p] = True
                    three[p] = kind in _AGGRESSIVE
                if kind in _AGGRESSIVE:
                    raises += 1
                    vpip[p] = pfr[p] = True
                elif kind is ActionKind.CALL:
                    vpip[p] = True
            elif kind in _AGGRESSIVE:
                aggressive[p] += 1
            elif kind is ActionKind.CALL:
                calls[p] += 1
            if kind is ActionKind.FOLD:
                folded[p] = True
        elif isinstance(event, BoardDealt) and event.street is Street.FLOP:
            saw_flop = [not f for f in folded]
        elif isinstance(event, PotAwarded):
            for p, share in zip(event.winners, event.shares):
                collected[p] += share
        elif isinstance(event, HandEnded):
            net = event.net
    contested = folded.count(False) >= 2
    return tuple(
        HandFacts(
            vpip_chance=chance[p],
            vpip=vpip[p],
            pfr=pfr[p],
            three_bet_chance=three_chance[p],
            three_bet=three[p],
            aggressive=aggressive[p],
            calls=calls[p],
            saw_flop=saw_flop[p],
            showdown=contested and not folded[p],
            won_at_showdown=contested and not folded[p] and collected[p] > 0,
            net=net[p],
            collected=collected[p],
        )
        for p in range(n)
    )
