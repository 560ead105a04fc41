"""Our engine against pokerkit 0.7.7, decision by decision, over thousands of random hands.

Both play the same cards and the same actions (chosen from our legal actions). Before every
action both must agree on who acts, the amount to call, whether a bet or raise is allowed,
and the smallest and largest raise-to; at the end, on the stacks. A hand stops being compared
only where pokerkit knowingly departs from RULES.md (:class:`Departure`, each with its own
test in ``test_hand_rules.py``), and only from that point on.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest

from engine import AnteMode, HandConfig, Structure
from tests.engine.simulate import play_random_hand

from .pokerkit_peer import Departure, compare

HANDS = 3000


@pytest.mark.parametrize("structure", list(Structure))
def test_every_decision_matches_pokerkit(structure: Structure) -> None:
    rng = random.Random(f"differential-{structure.value}")
    warnings.simplefilter("ignore", UserWarning)  # pokerkit warns about pre-chosen cards
    decisions = excused = to_the_end = 0
    departures: Counter[Departure | None] = Counter()
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
        result = compare(play_random_hand(config, rng))
        decisions += result.decisions
        excused += result.excused
        to_the_end += result.to_the_end
        departures[result.departure] += 1
    # Nearly every decision is compared in full and nearly every hand to its last chip; what
    # is left out meets one of the named departures, and only from that point on.
    assert excused <= 0.01 * decisions, (excused, decisions, departures)
    assert to_the_end >= 0.9 * HANDS, (to_the_end, departures)


def test_a_heads_up_big_blind_ante_is_compared_like_any_other() -> None:
    """The seat mapping of a heads-up big-blind ante (pokerkit swaps antes heads-up, as it
    swaps the blinds): once right, such hands agree with pokerkit to the last chip."""
    rng = random.Random("heads-up-ante")
    warnings.simplefilter("ignore", UserWarning)
    compared = 0
    for _ in range(200):
        config = HandConfig(
            stacks=(rng.randint(20, 300), rng.randint(20, 300)),
            button=1,
            small_blind=1,
            big_blind=2,
            ante=rng.randint(1, 3),
            ante_mode=AnteMode.BIG_BLIND,
        )
        result = compare(play_random_hand(config, rng))
        compared += result.departure is None
    assert compared >= 150
