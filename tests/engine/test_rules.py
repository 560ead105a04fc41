"""House rules: validation, presets, storage, and what each structure allows in a hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import (
    PRESETS,
    ActionKind,
    AllInNotAllowed,
    AnteMode,
    BlindSchedule,
    EmptyStackPolicy,
    GameKind,
    Hand,
    HouseRules,
    InvalidSetup,
    RaiseNotAllowed,
    RaiseTooLarge,
    Refill,
    SessionEnd,
    Structure,
    preset,
)
from engine.events import PotAwarded
from engine.phh import parse_history, verify_history
from engine.phh.__main__ import verify

from .helpers import action, play, stacked_deck

# ----------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"small_blind": 0}, "small_blind"),
        ({"small_blind": 3, "big_blind": 2}, "big_blind"),
        ({"ante": -1}, "ante"),
        ({"ante": 1}, "ante_mode"),
        ({"ante_mode": AnteMode.PER_PLAYER}, "ante_mode"),
        ({"starting_stack": 1}, "starting_stack"),
        ({"min_stack_to_deal": 101}, "min_stack"),
        ({"raise_cap": 4}, "raise_cap_game"),
        ({"game": GameKind.FIXED_LIMIT, "raise_cap": 0}, "raise_cap"),
        ({"game": GameKind.MIXED}, "mixed_every"),
        ({"mixed_every": 4}, "mixed_game"),
        ({"game": GameKind.HOME_FIXED}, "home_min_stack"),
        (
            {
                "game": GameKind.HOME_FIXED,
                "min_stack_to_deal": 8,
                "ante": 1,
                "ante_mode": AnteMode.PER_PLAYER,
            },
            "home_ante",
        ),
        (
            {
                "game": GameKind.HOME_FIXED,
                "min_stack_to_deal": 8,
                "schedule": BlindSchedule.EVERY_HANDS,
                "schedule_every": 5,
            },
            "home_schedule",
        ),
        ({"schedule": BlindSchedule.EVERY_MINUTES}, "schedule_every"),
        ({"schedule_every": 5}, "schedule_every"),
        (
            {"schedule": BlindSchedule.EVERY_HANDS, "schedule_every": 5, "blind_factor": 1},
            "blind_factor",
        ),
        ({"session_end": SessionEnd.AFTER_HANDS}, "end_after"),
        ({"end_after": 10}, "end_after"),
        (
            {"session_end": SessionEnd.ONE_PLAYER_LEFT, "empty_stack": EmptyStackPolicy.REBUY},
            "end_unreachable",
        ),
        ({"max_seats": 1}, "max_seats"),
        ({"max_seats": 11}, "max_seats"),
        ({"turn_seconds": 5}, "turn_seconds"),
    ],
)
def test_bad_settings_are_refused_with_a_code(settings: dict[str, object], code: str) -> None:
    with pytest.raises(InvalidSetup) as caught:
        HouseRules(**settings)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert caught.value.message


def test_the_big_blind_message_reads_well() -> None:
    with pytest.raises(InvalidSetup, match="the big blind must be at least the small blind"):
        HouseRules(small_blind=5, big_blind=2)


def test_with_changes_validates_again_and_refuses_unknown_names() -> None:
    rules = HouseRules().with_changes(big_blind=4, small_blind=2)
    assert (rules.small_blind, rules.big_blind) == (2, 4)
    with pytest.raises(InvalidSetup) as caught:
        HouseRules().with_changes(big_blind=0)
    assert caught.value.code == "big_blind"
    with pytest.raises(InvalidSetup) as caught:
        HouseRules().with_changes(colour="red")
    assert caught.value.code == "unknown_setting"


# ----------------------------------------------------------------- presets and storage


def test_the_default_is_the_default_house_set_up() -> None:
    rules = preset("no-limit")
    assert rules == HouseRules()
    assert rules.game is GameKind.NO_LIMIT
    assert (rules.small_blind, rules.big_blind, rules.ante, rules.starting_stack) == (1, 2, 0, 100)
    assert rules.schedule is BlindSchedule.FIXED
    assert rules.max_seats == 10


def test_the_presets_of_the_documents() -> None:
    assert set(PRESETS) == {
        "no-limit",
        "pot-limit",
        "fixed-limit",
        "mixed",
        "home-fixed",
        "tournament",
    }
    assert preset("pot-limit").game is GameKind.POT_LIMIT
    assert preset("fixed-limit").raise_cap == 4
    assert preset("mixed").mixed_every > 0
    home = preset("home-fixed")
    assert (home.min_stack_to_deal, home.session_end, home.end_after) == (
        8,
        SessionEnd.AFTER_MINUTES,
        45,
    )
    tour = preset("tournament")
    assert (tour.schedule, tour.schedule_every, tour.blind_factor) == (
        BlindSchedule.EVERY_MINUTES,
        15,
        2,
    )
    assert tour.session_end is SessionEnd.ONE_PLAYER_LEFT
    assert tour.empty_stack is EmptyStackPolicy.SIT_OUT
    with pytest.raises(InvalidSetup) as caught:
        preset("omaha")
    assert caught.value.code == "unknown_preset"


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_round_trip_through_json(name: str) -> None:
    rules = preset(name)
    data = json.loads(json.dumps(rules.to_dict()))
    assert HouseRules.from_dict(data) == rules


def test_from_dict_refuses_bad_values() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "omaha"}, "bad_value"),
        ({"big_blind": "2"}, "bad_value"),
        ({"mixed_blinds_change": 1}, "bad_value"),
        ({"ring": 3}, "unknown_setting"),
    ]
    for data, code in cases:
        with pytest.raises(InvalidSetup) as caught:
            HouseRules.from_dict(data)
        assert caught.value.code == code
    assert HouseRules.from_dict({}) == HouseRules()


@pytest.mark.parametrize(
    "settings",
    [
        {"small_blind": 1.5},
        {"big_blind": 2.0},
        {"big_blind": True},
        {"starting_stack": 100.0},
        {"raise_cap": 4.0, "game": GameKind.FIXED_LIMIT},
        {"mixed_blinds_change": 1, "game": GameKind.MIXED, "mixed_every": 8},
        {"game": "no-limit"},
    ],
)
def test_house_rules_built_directly_take_only_exact_types(settings: dict[str, Any]) -> None:
    with pytest.raises(InvalidSetup) as caught:
        HouseRules(**settings)
    assert caught.value.code == "bad_value" and caught.value.params["name"] in settings


# ----------------------------------------------------------------- derived per hand


def test_blind_levels_by_minutes_and_by_hands() -> None:
    tour = preset("tournament")
    assert tour.level_at(elapsed=14 * 60 + 59, hands=99) == 0
    assert tour.level_at(elapsed=15 * 60, hands=0) == 1
    assert tour.blinds_at(3) == (8, 16, 0)
    by_hands = HouseRules(
        schedule=BlindSchedule.EVERY_HANDS,
        schedule_every=10,
        ante=1,
        ante_mode=AnteMode.BIG_BLIND,
    )
    assert by_hands.level_at(elapsed=1e9, hands=19) == 1
    config = by_hands.hand_config(stacks=(50, 50, 50), button=0, level=2)
    assert (config.small_blind, config.big_blind, config.ante) == (4, 8, 4)
    assert config.ante_mode is AnteMode.BIG_BLIND
    assert HouseRules().level_at(elapsed=1e9, hands=1000) == 0


def test_mixed_switches_every_n_hands() -> None:
    rules = HouseRules(game=GameKind.MIXED, mixed_every=2, raise_cap=4)
    structures = [rules.structure_at(k) for k in range(6)]
    fl, nl = Structure.FIXED_LIMIT, Structure.NO_LIMIT
    assert structures == [fl, fl, nl, nl, fl, fl]
    limit = rules.hand_config(stacks=(9, 9), button=0, hand_number=0)
    assert (limit.raise_cap, limit.small_bet, limit.big_bet) == (4, 2, 4)
    assert rules.hand_config(stacks=(9, 9), button=0, hand_number=2).raise_cap is None
    changing = rules.with_changes(mixed_blinds_change=True)
    doubled = changing.hand_config(stacks=(9, 9), button=0, hand_number=1)
    assert (doubled.small_blind, doubled.big_blind, doubled.small_bet) == (2, 4, 4)
    assert changing.hand_config(stacks=(9, 9), button=0, hand_number=2).big_blind == 2


# ----------------------------------------------------------------- the structures in play


def test_pot_limit_maximums() -> None:
    config = preset("pot-limit").hand_config(stacks=(200, 200, 200), button=0)
    hand = Hand(config, stacked_deck(config, ["AsAh", "KsKh", "QsQh"]))
    # p1 (button) opens: call 2 makes a pot of 5, so at most 2 + 5 = 7
    assert hand.legal_actions().max_raise_to == 7
    with pytest.raises(RaiseTooLarge) as caught:
        play(hand, "p1 raise 8")
    assert caught.value.code == "pot_limit"
    play(hand, "p1 raise 7")
    # p2 (small blind, 1 in): call 6 makes a pot of 16, so at most 7 + 16 = 23
    assert hand.legal_actions().max_raise_to == 23
    assert hand.legal_actions().min_raise_to == 12


def test_fixed_limit_increments_small_then_big_bet() -> None:
    config = preset("fixed-limit").hand_config(stacks=(200, 200), button=0)
    hand = Hand(config, stacked_deck(config, ["AsAh", "KsKh"]))
    assert (hand.legal_actions().min_raise_to, hand.legal_actions().max_raise_to) == (4, 4)
    play(hand, "p1 call", "p2 check")
    assert hand.legal_actions().min_raise_to == 2  # the flop: the small bet
    play(hand, "p2 check", "p1 check")
    assert hand.legal_actions().max_raise_to == 4  # the turn: the big bet
    play(hand, "p2 bet 4")
    assert hand.legal_actions().min_raise_to == 8


@pytest.mark.parametrize("cap", [4, 2])
def test_the_raise_cap_counts_the_bet_and_the_raises(cap: int) -> None:
    rules = HouseRules(game=GameKind.FIXED_LIMIT, raise_cap=cap)
    config = rules.hand_config(stacks=(500, 500, 500), button=0)
    hand = Hand(config, stacked_deck(config, ["AsAh", "KsKh", "QsQh"]))
    # pre-flop the big blind is the bet: cap - 1 raises remain
    players = ["p1", "p2", "p3"]
    to = 2
    for k in range(cap - 1):
        to += 2
        play(hand, f"{players[k % 3]} raise {to}")
    legal = hand.legal_actions()
    assert legal.min_raise_to is None
    with pytest.raises(RaiseNotAllowed) as caught:
        hand.act(action(f"p{legal.player + 1} raise {to + 2}"))
    assert caught.value.code == "raise_cap"
    while hand.street.name == "PREFLOP":
        hand.check_or_call()
    # on the flop the opening bet counts: bet and cap - 1 raises
    to = 0
    for _ in range(cap):
        assert hand.legal_actions().min_raise_to == to + 2
        hand.raise_to(to + 2)
        to += 2
    assert hand.legal_actions().min_raise_to is None


def test_without_a_cap_a_raise_war_goes_on_to_the_stacks() -> None:
    config = HouseRules(game=GameKind.FIXED_LIMIT).hand_config(stacks=(30, 30), button=0)
    hand = Hand(config, stacked_deck(config, ["AsAh", "KsKh"]))
    raises = 0
    while hand.legal_actions().min_raise_to is not None:
        hand.raise_to(hand.legal_actions().min_raise_to or 0)
        raises += 1
    assert raises == 14  # 2 -> 30 in steps of 2: far beyond pokerkit's bet and three raises


# ----------------------------------------------------------------- home fixed-points (seed 004)


def _home_hand(holes: list[str], board: str, stacks: tuple[int, ...] = (100, 100, 100)) -> Hand:
    config = preset("home-fixed").hand_config(stacks=stacks, button=0)
    assert not config.burn and not config.allow_all_in
    return Hand(config, stacked_deck(config, holes, board))


def test_home_preflop_everyone_joins_for_two_or_folds() -> None:
    hand = _home_hand(["2c3d", "8s8c", "KdQd"], "ThJhQhKhAh")
    legal = hand.legal_actions()  # p1, the button, speaks first after the big blind
    assert (legal.player, legal.to_call, legal.min_raise_to, legal.can_all_in) == (
        0,
        2,
        None,
        False,
    )
    with pytest.raises(RaiseNotAllowed):
        play(hand, "p1 raise 4")
    with pytest.raises(AllInNotAllowed):
        play(hand, "p1 allin")
    events = play(hand, "p1 call", "p2 call")
    assert [e.added for e in events] == [2, 1]  # type: ignore[union-attr]
    legal = hand.legal_actions()  # the big blind has paid 2 already and stays in for free
    assert (legal.player, legal.can_check, legal.min_raise_to) == (2, True, None)
    play(hand, "p3 check")
    assert hand.street.name == "FLOP" and hand.pot_total == 6


def test_home_later_rounds_pass_pay_two_or_fold_and_the_pair_split_the_royal_board() -> None:
    # seed 004's example: A 2c3d and B 8s8c both play the royal flush on the board
    hand = _home_hand(["2c3d", "8s8c", "KdQd"], "ThJhQhKhAh")
    play(hand, "p1 call", "p2 call", "p3 check")
    # flop: p2 (first left of the button) passes, p3 pays 2; everyone else pays 2 or folds,
    # including p2 who passed; nobody may raise
    legal = hand.legal_actions()
    assert (legal.player, legal.can_check, legal.min_raise_to, legal.max_raise_to) == (
        1,
        True,
        2,
        2,
    )
    play(hand, "p2 check", "p3 bet 2")
    legal = hand.legal_actions()
    assert (legal.player, legal.to_call, legal.min_raise_to) == (0, 2, None)
    play(hand, "p1 call")
    assert hand.legal_actions().min_raise_to is None
    play(hand, "p2 call")
    assert hand.street.name == "TURN"
    # turn: all pass; river: p3 folds to a payment
    play(hand, "p2 check", "p3 check", "p1 check")
    play(hand, "p2 bet 2", "p3 fold", "p1 call")
    assert hand.is_over
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert set(awards[0].winners) == {0, 1} and awards[0].shares == (8, 8)
    assert hand.stacks == [102, 102, 96]


def test_home_no_side_pots_and_no_burn() -> None:
    hand = _home_hand(["2c3d", "8s8c", "KdQd"], "ThJhQhKhAh", stacks=(8, 8, 8))
    play(hand, "p1 call", "p2 call", "p3 check")
    for _ in range(3):
        play(hand, "p2 bet 2", "p3 call", "p1 call")
    assert hand.is_over and sum(hand.stacks) == 24
    assert len([e for e in hand.events if isinstance(e, PotAwarded)]) == 1


# ----------------------------------------------------------------- PHH fixed-limit


FT_HAND = """
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 ????", "d dh p2 AhAd", "d dh p3 KcKs",
  "p3 cbr 4", "p1 cc", "p2 cc",
  "d db Ac7d2h", "p1 cc", "p2 cbr 2", "p3 cbr 4", "p1 f", "p2 cc",
  "d db 9s", "p2 cbr 4", "p3 cc",
  "d db 3c", "p2 cc", "p3 cc",
  "p2 sm AhAd", "p3 sm KcKs",
]
"""


def test_phh_verifies_a_fixed_limit_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = verify_history(parse_history(FT_HAND))
    assert hand.config.structure is Structure.FIXED_LIMIT
    assert hand.stacks == [96, 116, 88]
    assert any(a.kind is ActionKind.RAISE for a in hand.actions)
    path = tmp_path / "ft.phh"
    path.write_text(FT_HAND)
    assert verify([path]) == (1, 0, 0)
    capsys.readouterr()


def test_phh_refuses_a_fixed_limit_raise_of_the_wrong_size(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(FT_HAND.replace('"p3 cbr 4", "p1 cc"', '"p3 cbr 5", "p1 cc"'))
    assert verify([path]) == (0, 1, 0)


# ----------------------------------------------------------------- refills and buy-ins


def test_refill_policies_are_validated() -> None:
    assert HouseRules(refill=Refill.DAILY, refill_to=100).refill_to == 100
    assert HouseRules(refill=Refill.WHEN_EMPTY, refill_to=50, refill_wait_hours=12)
    for settings, code in [
        ({"refill_to": 100}, "refill_none"),
        ({"refill": Refill.DAILY, "refill_to": 1}, "refill_to"),
        ({"refill": Refill.DAILY, "refill_to": 100, "refill_wait_hours": 3}, "refill_wait"),
        ({"refill": Refill.WHEN_EMPTY, "refill_to": 100}, "refill_wait"),
        (
            {"refill": Refill.WHEN_EMPTY, "refill_to": 100, "refill_wait_hours": 24 * 31},
            "refill_wait",
        ),
    ]:
        with pytest.raises(InvalidSetup) as caught:
            HouseRules(**settings)  # type: ignore[arg-type]
        assert caught.value.code == code
    stored = HouseRules(refill=Refill.WHEN_EMPTY, refill_to=50, refill_wait_hours=12).to_dict()
    assert stored["refill"] == "when-empty"
    assert HouseRules.from_dict(stored).refill is Refill.WHEN_EMPTY
