"""Random play: a seeded policy that picks among the legal actions.

Property tests, the differential tests against pokerkit, the benchmarks and the load test
all need hands played to the end by something other than a person; this is that something.
The random source is passed in, so a seed reproduces a hand exactly.
"""

from __future__ import annotations

import random

from engine.actions import Action, ActionKind, LegalActions
from engine.cards import CARDS
from engine.config import HandConfig
from engine.hand import Hand

__all__ = ["play_random_hand", "random_action", "random_deck", "random_move"]


def random_deck(rng: random.Random) -> list[int]:
    deck: list[int] = list(CARDS)
    rng.shuffle(deck)
    return deck


def random_action(hand: Hand, rng: random.Random) -> Action:
    """Fold, check/call, a raise between the bounds, or all-in, with fixed weights."""
    return random_move(hand.legal_actions(), rng)


def random_move(legal: LegalActions, rng: random.Random) -> Action:
    """:func:`random_action` from the legal actions alone (what a player outside the engine
    sees, e.g. in the application's table state)."""
    p = legal.player
    roll = rng.random()
    if roll < 0.15 and not legal.can_check:
        return Action(player=p, kind=ActionKind.FOLD)
    if roll < 0.70 or legal.min_raise_to is None or legal.max_raise_to is None:
        return Action(player=p, kind=ActionKind.CALL)
    if roll < 0.80 and legal.can_all_in:
        return Action(player=p, kind=ActionKind.ALL_IN)
    amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
    return Action(player=p, kind=ActionKind.RAISE, amount=amount)


def play_random_hand(config: HandConfig, rng: random.Random) -> Hand:
    hand = Hand(config, random_deck(rng))
    while hand.to_act is not None:
        hand.act(random_action(hand, rng))
    return hand
