"""A computer player sees what a seated player sees, and nothing else."""

from __future__ import annotations

import dataclasses
import enum
import gc
import random

import pytest

from bot.computers import (
    CallingStation,
    Level,
    PlayerView,
    RandomPlayer,
    Strategy,
    observe,
    player_for,
)
from engine import AnteMode, Card, Hand, HandConfig, NotYourTurn, Pot, parse_cards
from engine.actions import LegalActions
from tests.engine.helpers import hand, play

STRATEGIES: list[Strategy] = [
    player_for(Level.EASY),
    player_for(Level.NORMAL),
    player_for(Level.HARD),
    CallingStation(),
    RandomPlayer(),
]


def _values_only(value: object, path: str = "view") -> list[str]:
    """Paths inside ``value`` holding anything but plain values (ints, enums, frozen records)."""
    if value is None or isinstance(value, bool | int | float | str | enum.Enum):
        return []
    if isinstance(value, tuple):
        return [bad for i, item in enumerate(value) for bad in _values_only(item, f"{path}[{i}]")]
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return [
            bad
            for f in dataclasses.fields(value)
            for bad in _values_only(getattr(value, f.name), f"{path}.{f.name}")
        ]
    return [f"{path}: {type(value).__name__}"]


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def _six_handed(holes: list[str], board: str) -> Hand:
    h = hand((200,) * 6, holes=holes, board=board, button=0)
    play(h, "p4 raise 6", "p5 call", "p6 fold", "p1 call", "p2 fold", "p3 call")
    play(h, "p3 check", "p4 bet 10", "p5 fold", "p1 call")
    return h


def test_the_view_is_values_only_and_reaches_neither_the_hand_nor_the_deck() -> None:
    h = _six_handed(["2c2d", "3c3d", "AhQh", "4c4d", "5c5d", "6c6d"], "Ks 9d 4h Jc 7s")
    view = observe(h, h.to_act or 0)
    assert _values_only(view) == []
    reachable = _reachable(view)
    assert not any(obj is h or obj is h.deck or obj is h.hole for obj in reachable)
    others = {c for p, cards in enumerate(h.hole) if p != view.player for c in cards}
    seen_cards = {obj for obj in reachable if isinstance(obj, Card)}
    assert seen_cards.isdisjoint(others)
    assert set(view.hole) == set(h.hole_cards(view.player))


def test_the_view_is_frozen() -> None:
    view = observe(_six_handed(["2c2d", "3c3d", "AhQh", "4c4d", "5c5d", "6c6d"], "Ks9d4hJc7s"), 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.stacks = (0,) * 6  # type: ignore[misc]


def test_other_players_cards_and_the_deck_change_nothing_a_strategy_decides() -> None:
    board = "Ks 9d 4h Jc 7s"
    first = _six_handed(["2c2d", "3c3d", "AhQh", "4c4d", "5c5d", "6c6d"], board)
    second = _six_handed(["Ac Ad", "Qc Qd", "AhQh", "8c 8d", "Th Tc", "Jh Js"], board)
    assert first.deck != second.deck
    me = first.to_act
    assert me is not None and me == second.to_act
    one, two = observe(first, me), observe(second, me)
    assert one == two
    for strategy in STRATEGIES:
        for seed in range(30):
            a = strategy.decide(one, random.Random(seed))
            b = strategy.decide(two, random.Random(seed))
            assert a == b, strategy.name


def test_the_view_holds_the_public_table() -> None:
    h = _six_handed(["2c2d", "3c3d", "AhQh", "4c4d", "5c5d", "6c6d"], "Ks 9d 4h Jc 7s")
    view = observe(h, 2)
    assert view.board == tuple(parse_cards("Ks 9d 4h"))
    assert view.stacks == tuple(h.stacks) and view.bets == tuple(h.bets)
    assert view.pot_total == h.pot_total == 6 * 4 + 1 + 2 * 10
    assert view.pots == tuple(h.pots()) and all(isinstance(p, Pot) for p in view.pots)
    assert view.legal == h.legal_actions() and isinstance(view.legal, LegalActions)
    assert view.opponents == (3, 0)
    moves = [(m.player, m.kind.value, m.bet, m.forced) for m in view.history]
    assert moves[:3] == [(1, "bet", 1, True), (2, "bet", 2, True), (3, "raise", 6, False)]
    assert moves[-2:] == [(4, "fold", 0, False), (0, "call", 10, False)]
    assert len(view.history) == 2 + len(h.actions)


def test_a_view_is_only_for_the_player_to_act() -> None:
    h = hand((100, 100, 100), button=0)
    with pytest.raises(NotYourTurn):
        observe(h, 1)


def test_antes_are_public_moves() -> None:
    config = HandConfig(
        stacks=(100, 100, 100),
        button=0,
        small_blind=1,
        big_blind=2,
        ante=1,
        ante_mode=AnteMode.PER_PLAYER,
    )
    h = Hand(config, list(range(52)))
    view: PlayerView = observe(h, 0)
    forced = [(m.player, m.added) for m in view.history if m.forced]
    assert forced == [(1, 1), (2, 1), (0, 1), (1, 1), (2, 2)]
