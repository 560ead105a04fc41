"""Playing whole hands between strategies: for the tests, the benchmark and practice tables.

Each decision gets its own random source, seeded from the hand's seed and the decision's
number, so a hand replays exactly whatever order the players are asked in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.computers.players import Strategy
from bot.computers.view import observe
from engine.config import HandConfig
from engine.hand import Hand

__all__ = ["decision_rng", "play_hand"]


def decision_rng(seed: int | str, decision: int) -> random.Random:
    """The random source of one decision: ``seed`` names the hand, ``decision`` counts from 0."""
    return random.Random(f"{seed}:{decision}")


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
