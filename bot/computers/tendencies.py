"""One opponent's habits over a session, as counters: the figures tracking software shows.

Kept by :class:`bot.computers.notebook.Notebook` from public moves; carried to a decision in
:attr:`bot.computers.view.PlayerView.reads`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["Tendencies"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Tendencies:
    """One opponent's counters over the hands seen so far this session.

    ``hands`` dealt in; ``voluntary`` hands with chips put in by choice before the flop;
    ``raised`` hands raised before the flop; ``faced_raise``/``folded_raise`` decisions before
    the flop facing a raise and the folds among them; ``faced_bet``/``folded_bet`` the same
    after the flop facing a bet; ``flops`` flops seen, ``showdowns`` of them gone to a
    showdown; ``aggressive``/``calls`` bets and raises, and calls, after the flop.
    """

    hands: int = 0
    voluntary: int = 0
    raised: int = 0
    faced_raise: int = 0
    folded_raise: int = 0
    faced_bet: int = 0
    folded_bet: int = 0
    flops: int = 0
    showdowns: int = 0
    aggressive: int = 0
    calls: int = 0

    @property
    def vpip(self) -> float:
        return self.voluntary / self.hands if self.hands else 0.0

    @property
    def pfr(self) -> float:
        return self.raised / self.hands if self.hands else 0.0

    @property
    def fold_to_raise(self) -> float:
        return self.folded_raise / self.faced_raise if self.faced_raise else 0.0

    @property
    def fold_to_bet(self) -> float:
        return self.folded_bet / self.faced_bet if self.faced_bet else 0.0

    @property
    def went_to_showdown(self) -> float:
        return self.showdowns / self.flops if self.flops else 0.0

    @property
    def aggression(self) -> float:
        """Bets and raises per call after the flop (calls counted at least once)."""
        return self.aggressive / max(self.calls, 1)

    def __add__(self, other: Tendencies) -> Tendencies:
        return Tendencies(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )
