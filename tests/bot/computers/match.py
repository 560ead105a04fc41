"""Playing whole hands between computer players, for the tests and the benchmarks.

The players decide as at a practice table: each decision draws from its own random source,
:func:`bot.computers.decision_rng`, so a hand replays exactly whatever order they are asked in.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.computers import Strategy, decision_rng, observe
from engine.config import HandConfig
from engine.hand import Hand

__all__ = ["play_hand"]


def play_hand(
    config: HandConfig, deck: Sequence[int], players: Sequence[Strategy], *, seed: int | str
) -> Hand:
    """Deal ``deck`` and let ``players[i]`` act for hand player ``i`` until the hand ends."""
    if len(players) != config.player_count:
        raise ValueError(f"{config.player_count} players are dealt in, {len(players)} given")
    hand = Hand(config, deck)
    decision = 0
    while hand.to_act is not None:
        p = hand.to_act
        hand.act(players[p].decide(observe(hand, p), decision_rng(seed, decision)))
        decision += 1
    return hand
