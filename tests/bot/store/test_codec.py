"""Engine values survive JSON and text exactly: a hand replays to the same events."""

from __future__ import annotations

import doctest
import json
import random
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot.guilds.wallets
import bot.store.codec
from bot.store.codec import (
    config_from_dict,
    config_to_dict,
    decode_action,
    decode_actions,
    decode_config,
    decode_deck,
    encode_action,
    encode_actions,
    encode_config,
    encode_deck,
)
from engine import Action, ActionKind, AnteMode, HandConfig, Structure, replay
from tests.engine.simulate import play_random_hand

configs = st.builds(
    lambda stacks, button, sb, extra, ante, mode, structure, cap, all_in, burn: HandConfig(
        stacks=tuple(stacks),
        button=button % len(stacks),
        small_blind=sb,
        big_blind=sb + extra,
        ante=ante,
        ante_mode=mode,
        structure=structure,
        raise_cap=cap,
        allow_all_in=all_in,
        burn=burn,
    ),
    st.lists(st.integers(1, 10_000), min_size=2, max_size=10),
    st.integers(0, 9),
    st.integers(0, 50),
    st.integers(1, 50),
    st.integers(0, 10),
    st.sampled_from(AnteMode),
    st.sampled_from(Structure),
    st.none() | st.integers(1, 5),
    st.booleans(),
    st.booleans(),
)


@given(configs)
def test_config_round_trips_through_json(config: HandConfig) -> None:
    text = encode_config(config)
    assert decode_config(text) == config
    assert config_from_dict(json.loads(json.dumps(config_to_dict(config)))) == config
    assert decode_config(text).blinds == config.blinds


def test_deck_is_a_string_of_cards() -> None:
    deck = list(range(52))
    random.Random(7).shuffle(deck)
    text = encode_deck(deck)
    assert len(text) == 104
    assert decode_deck(text) == deck
    assert encode_deck([51, 0]) == "As2c"


@pytest.mark.parametrize(
    "action",
    [
        Action(player=0, kind=ActionKind.FOLD),
        Action(player=3, kind=ActionKind.CHECK),
        Action(player=9, kind=ActionKind.CALL),
        Action(player=1, kind=ActionKind.BET, amount=4),
        Action(player=2, kind=ActionKind.RAISE, amount=1234),
        Action(player=5, kind=ActionKind.ALL_IN),
    ],
)
def test_action_round_trips(action: Action) -> None:
    assert decode_action(encode_action(action)) == action


@pytest.mark.parametrize("text", ["", "0", "x fold", "0 dance", "0 raise x", "0 raise 1 2"])
def test_malformed_action_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        decode_action(text)


@pytest.mark.parametrize("seed", range(20))
def test_played_hand_replays_from_its_encoding(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    config = HandConfig(
        stacks=tuple(rng.randint(20, 400) for _ in range(n)),
        button=rng.randrange(n),
        small_blind=1,
        big_blind=2,
        structure=rng.choice(list(Structure)),
    )
    hand = play_random_hand(config, rng)
    deck = [int(c) for c in hand.deck]
    again = replay(
        decode_config(encode_config(config)),
        decode_deck(encode_deck(deck)),
        decode_actions(encode_actions(hand.actions)),
    )
    assert again.events == hand.events
    assert again.stacks == hand.stacks


@pytest.mark.parametrize("module", [bot.store.codec, bot.guilds.wallets])
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0
