"""Properties over random games: conservation, liveness, atomic errors, exact replay."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Action, ActionKind, AnteMode, EngineError, Hand, HandConfig, Structure, replay
from tests.engine.simulate import random_action, random_deck

from .helpers import snapshot

configs = st.builds(
    lambda n, stacks, ante, mode, structure, button, seed: (
        HandConfig(
            stacks=tuple(stacks[:n]),
            button=button % n,
            small_blind=1,
            big_blind=2,
            ante=ante if mode is not AnteMode.NONE else 0,
            ante_mode=mode,
            structure=structure,
            raise_cap=4 if structure is Structure.FIXED_LIMIT else None,
        ),
        seed,
    ),
    st.integers(2, 10),
    st.lists(st.integers(1, 400), min_size=10, max_size=10),
    st.integers(0, 3),
    st.sampled_from(list(AnteMode)),
    st.sampled_from(list(Structure)),
    st.integers(0, 9),
    st.integers(0, 2**32),
)


def illegal_attempts(hand: Hand) -> list[Action]:
    legal = hand.legal_actions()
    p = legal.player
    other = (p + 1) % hand.player_count
    attempts = [Action(player=other, kind=ActionKind.CALL)]
    if not legal.can_check:
        attempts.append(Action(player=p, kind=ActionKind.CHECK))
    if legal.min_raise_to is not None and legal.min_raise_to < legal.all_in_to:
        attempts.append(Action(player=p, kind=ActionKind.RAISE, amount=legal.min_raise_to - 1))
    attempts.append(Action(player=p, kind=ActionKind.RAISE, amount=legal.all_in_to + 1))
    if legal.max_raise_to is not None and legal.max_raise_to < legal.all_in_to:
        attempts.append(Action(player=p, kind=ActionKind.RAISE, amount=legal.max_raise_to + 1))
    return attempts


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs)
def test_random_hands_keep_every_invariant(case: tuple[HandConfig, int]) -> None:
    config, seed = case
    rng = random.Random(seed)
    hand = Hand(config, random_deck(rng))
    total = sum(config.stacks)
    while hand.to_act is not None:
        assert sum(hand.stacks) + hand.pot_total == total
        legal = hand.legal_actions()  # the player to act always has a legal action
        assert legal.player == hand.to_act and hand.stacks[legal.player] > 0
        for attempt in illegal_attempts(hand):
            before = snapshot(hand)
            try:
                hand.act(attempt)
            except EngineError as error:
                assert str(error)
            else:
                raise AssertionError(f"accepted {attempt}")
            assert snapshot(hand) == before
        hand.act(random_action(hand, rng))
    assert sum(hand.stacks) == total
    assert all(s >= 0 for s in hand.stacks)
    again = replay(config, hand.deck, hand.actions)
    assert again.events == hand.events and again.stacks == hand.stacks
