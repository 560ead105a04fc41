"""Every computer player acts legally in every structure, and a seed fixes its decisions."""

from __future__ import annotations

import random

import pytest

from bot.computers import CallingStation, Level, RandomPlayer, Strategy, player_for
from engine import PRESETS, ActionKind, Hand
from engine.events import PlayerActed
from tests.bot.computers.match import play_hand

LINEUPS: dict[str, list[Strategy]] = {
    "levels": [player_for(Level.HARD), player_for(Level.NORMAL), player_for(Level.EASY)],
    "mixed": [player_for(Level.HARD), CallingStation(), RandomPlayer(), player_for(Level.EASY)],
}


def _session(preset: str, lineup: list[Strategy], hands: int, seed: int) -> list[Hand]:
    """``hands`` hands of a preset, the button moving, the blind level rising for schedules."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    played = []
    n = len(lineup)
    for number in range(hands):
        level = number % 4 if rules.schedule.value != "fixed" else 0
        stacks = tuple(rng.choice((rules.starting_stack, 13, 40, 300)) for _ in range(n))
        config = rules.hand_config(
            stacks=stacks, button=number % n, hand_number=number, level=level
        )
        deck = list(range(52))
        rng.shuffle(deck)
        played.append(play_hand(config, deck, lineup, seed=f"{seed}:{number}"))
    return played


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lineup", sorted(LINEUPS))
def test_every_player_finishes_hands_legally_in_every_preset(preset: str, lineup: str) -> None:
    # play_hand applies each decision through Hand.act, which raises on anything illegal.
    hands = _session(preset, LINEUPS[lineup], 40, seed=len(preset))
    for h in hands:
        assert h.is_over
        assert sum(h.stacks) == sum(h.config.stacks)
    if not PRESETS[preset].hand_config(stacks=(100, 100), button=0).allow_all_in:
        assert all(a.kind is not ActionKind.ALL_IN for h in hands for a in h.actions)


def test_the_same_seed_gives_the_same_decisions() -> None:
    lineup = LINEUPS["mixed"]
    one = _session("no-limit", lineup, 30, seed=7)
    two = _session("no-limit", lineup, 30, seed=7)
    assert [h.actions for h in one] == [h.actions for h in two]


def test_another_seed_gives_other_decisions() -> None:
    lineup = LINEUPS["levels"]
    one = _session("no-limit", lineup, 30, seed=7)
    config = [h.config for h in one]
    decks = [list(h.deck) for h in one]
    again = [
        play_hand(c, d, lineup, seed=f"other:{k}") for k, (c, d) in enumerate(zip(config, decks))
    ]
    assert [h.actions for h in one] != [h.actions for h in again]


def test_the_calling_station_never_folds_or_raises() -> None:
    hands = _session("no-limit", [CallingStation(), RandomPlayer(), CallingStation()], 40, seed=3)
    station_moves = [
        e.kind for h in hands for e in h.events if isinstance(e, PlayerActed) and e.player != 1
    ]
    assert set(station_moves) <= {ActionKind.CHECK, ActionKind.CALL}
    assert ActionKind.CALL in station_moves
