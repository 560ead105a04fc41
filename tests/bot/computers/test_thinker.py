"""The levels play real poker: ranges by position, pot odds, value bets, bluffs, push or fold."""

from __future__ import annotations

import random
from collections import Counter

from bot.computers import Level, observe, player_for
from engine import CARDS, ActionKind, Hand, Structure, parse_cards
from tests.engine.helpers import hand, play

EASY, NORMAL, HARD = (player_for(level) for level in Level)
SEEDS = range(40)
OTHERS = ["2c 3d", "4c 5d", "6c 8d", "9c Jd", "Qc 2d"]


def _kinds(player: object, h: Hand, seeds: range = SEEDS) -> Counter[ActionKind]:
    view = observe(h, h.to_act if h.to_act is not None else -1)
    return Counter(player.decide(view, random.Random(s)).kind for s in seeds)  # type: ignore[attr-defined]


def _utg(holes: str, stacks: int = 200) -> Hand:
    """Six-handed, button p1: p4 is first to act before the flop."""
    seats = OTHERS[:3] + [holes] + OTHERS[3:]
    return hand((stacks,) * 6, holes=seats, button=0)


def test_hard_raises_aces_and_folds_seven_deuce_first_in() -> None:
    assert set(_kinds(HARD, _utg("As Ah"))) <= {ActionKind.RAISE, ActionKind.ALL_IN}
    assert set(_kinds(HARD, _utg("7s 2h"))) == {ActionKind.FOLD}


def test_easy_plays_more_hands_than_hard_and_raises_fewer() -> None:
    rng = random.Random(9)
    played = Counter[str]()
    raised = Counter[str]()
    taken = set(parse_cards("".join(OTHERS)))
    free = [str(c) for c in CARDS if c not in taken]
    for _ in range(150):
        h = _utg(" ".join(rng.sample(free, 2)))
        for player in (EASY, HARD):
            kinds = _kinds(player, h, range(1))
            played[player.name] += kinds[ActionKind.FOLD] == 0
            raised[player.name] += kinds[ActionKind.RAISE] + kinds[ActionKind.ALL_IN]
    assert played["easy"] > played["hard"]
    assert raised["easy"] < raised["hard"]


def _river_checked_to(holes: str, board: str) -> Hand:
    """Heads-up, the button (p1) to act on the river after a check."""
    h = hand((200, 200), holes=[holes, "Qd Qc"], board=board, button=0)
    play(h, "p1 call", "p2 check")
    for _ in range(3):
        play(h, "p2 check", "p1 check") if h.street < 3 else play(h, "p2 check")
    return h


def test_bluffing_grows_with_the_level() -> None:
    h = _river_checked_to("7h 2c", "Ks Jd 9s 4h 3c")
    seeds = range(400)
    bets = {p.name: _kinds(p, h, seeds)[ActionKind.BET] for p in (EASY, NORMAL, HARD)}
    assert bets["easy"] < bets["normal"] < bets["hard"]
    assert bets["hard"] < len(seeds) / 2


def test_every_level_bets_the_nuts_when_checked_to() -> None:
    h = _river_checked_to("Ah Kh", "Qh Jh Th 4c 3d")
    for player in (EASY, NORMAL, HARD):
        kinds = _kinds(player, h)
        assert kinds[ActionKind.BET] + kinds[ActionKind.ALL_IN] >= len(SEEDS) * 0.9, player.name


def test_a_cheap_call_is_made_and_a_dear_one_with_little_is_refused() -> None:
    def facing(bet: int) -> Hand:
        h = hand((400, 400), holes=["8c 7c", "Ks Qd"], board="Kd 8s 3h 2c 5d", button=0)
        play(h, "p1 raise 6", "p2 call", "p2 check", "p1 check", "p2 check", "p1 check")
        play(h, "p2 bet " + str(bet))
        return h

    for player in (EASY, NORMAL, HARD):
        assert _kinds(player, facing(2))[ActionKind.FOLD] == 0, player.name
    assert _kinds(HARD, facing(390))[ActionKind.FOLD] == len(SEEDS)


def test_short_stacks_push_or_fold() -> None:
    def button_short(holes: str) -> Hand:
        h = hand(
            (200, 200, 200, 16, 200, 200),
            holes=[*OTHERS[:3], holes, *OTHERS[3:]],
            button=3,
        )
        play(h, "p1 fold", "p2 fold", "p3 fold")
        return h

    assert set(_kinds(HARD, button_short("Ac Kd"))) == {ActionKind.ALL_IN}
    assert set(_kinds(HARD, button_short("7c 2h"))) == {ActionKind.FOLD}


def test_home_fixed_pays_instead_of_raising() -> None:
    """In the home game nobody may raise before the flop: a strong hand pays the payment."""
    h = hand(
        (20, 20, 20),
        holes=["Ks Kd", "2c 7d", "As Ah"],
        button=0,
        structure=Structure.FIXED_LIMIT,
        small_bet=2,
        big_bet=2,
        raise_cap=1,
        allow_all_in=False,
    )
    assert set(_kinds(HARD, h)) == {ActionKind.CALL}
