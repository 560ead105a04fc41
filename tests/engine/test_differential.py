"""Our engine against pokerkit 0.7.7 over thousands of seeded random hands.

Both play the same cards and the same actions (chosen from our legal actions); the final
stacks must be identical. Hands where pokerkit knowingly departs from RULES.md are counted
and kept out (``departs_from_rules``); the same situations have their own tests in
``test_hand_rules.py``.
"""

from __future__ import annotations

import random
import warnings

import pytest

from engine import AnteMode, HandConfig, Structure
from engine.simulate import play_random_hand

from .pokerkit_peer import departs_from_rules, peer_stacks

HANDS = 3000


@pytest.mark.parametrize("structure", list(Structure))
def test_final_stacks_match_pokerkit(structure: Structure) -> None:
    rng = random.Random(f"differential-{structure.value}")
    compared = 0
    warnings.simplefilter("ignore", UserWarning)  # pokerkit warns about pre-chosen cards
    for _ in range(HANDS):
        n = rng.randint(2, 10)
        mode = rng.choice(list(AnteMode))
        config = HandConfig(
            stacks=tuple(rng.randint(1, 300) for _ in range(n)),
            button=n - 1,
            small_blind=1,
            big_blind=2,
            ante=rng.randint(1, 2) if mode is not AnteMode.NONE else 0,
            ante_mode=mode,
            structure=structure,
            raise_cap=4 if structure is Structure.FIXED_LIMIT else None,
        )
        hand = play_random_hand(config, rng)
        if departs_from_rules(hand):
            continue
        assert peer_stacks(hand) == hand.stacks, hand.config
        compared += 1
    assert compared >= HANDS // 2
