"""The worked examples and rules of RULES.md, one test each.

Players are 1-based as in hand histories; the button is the last player unless a test says
otherwise, so with three or more players p1 posts the small blind and p2 the big blind.
"""

from __future__ import annotations

import math

import pytest

from engine import (
    CARDS,
    Action,
    ActionKind,
    AnteMode,
    CannotCheck,
    Hand,
    HandConfig,
    HandOver,
    IllegalAction,
    InvalidSetup,
    NotYourTurn,
    RaiseNotAllowed,
    RaiseTooLarge,
    RaiseTooSmall,
    Street,
    Structure,
    preset,
    replay,
)
from engine.codec import config_from_dict, config_to_dict
from engine.events import (
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardsMucked,
    CardsShown,
    PotAwarded,
)

from .helpers import action, hand, play, snapshot

# --- blinds and order -----------------------------------------------------------------------


def test_three_handed_blinds_and_first_to_act() -> None:
    h = hand([100, 100, 100])
    assert h.bets == [1, 2, 0]
    assert h.to_act == 2  # p3, left of the big blind (and the button)


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    h = hand([100, 100])  # button = p2
    assert h.bets == [2, 1]
    assert h.to_act == 1
    play(h, "p2 call", "p1 check")
    assert h.street is Street.FLOP
    assert h.to_act == 0  # the big blind acts first after the flop
    play(h, "p1 check")
    assert h.to_act == 1


def test_big_blind_may_raise_when_everyone_only_called() -> None:
    h = hand([100, 100, 100])
    play(h, "p3 call", "p1 call")
    legal = h.legal_actions()
    assert legal.player == 1 and legal.can_check and legal.min_raise_to == 4
    play(h, "p2 raise 8")
    assert h.to_act == 2


def test_small_blind_completes_by_paying_the_difference() -> None:
    h = hand([100, 100, 100])
    play(h, "p3 call")
    assert h.legal_actions().to_call == 1


# --- minimum raise --------------------------------------------------------------------------


def test_minimum_raise_examples() -> None:
    h = hand([100, 100, 100, 100])
    assert h.legal_actions().min_raise_to == 4
    with pytest.raises(RaiseTooSmall, match="the minimum raise is to 4"):
        play(h, "p3 raise 3")
    play(h, "p3 raise 7")
    assert h.legal_actions().min_raise_to == 12
    with pytest.raises(RaiseTooSmall, match="the minimum raise is to 12") as info:
        play(h, "p4 raise 11")
    assert info.value.code == "min_raise" and info.value.params == {"amount": 12}
    play(h, "p4 raise 12", "p1 fold", "p2 fold", "p3 call")
    assert h.street is Street.FLOP
    assert h.legal_actions().min_raise_to == 2  # a new opening bet may again be 2


def test_check_then_raise_in_the_same_round() -> None:
    h = hand([100, 100, 100])
    play(h, "p3 call", "p1 call", "p2 check", "p1 check", "p2 bet 4", "p3 raise 10")
    play(h, "p1 raise 30")  # p1 checked earlier and may raise now
    assert h.current_bet == 30


def test_raise_above_the_stack_is_refused() -> None:
    h = hand([100, 50, 100])
    play(h, "p3 raise 10", "p1 fold")
    with pytest.raises(RaiseTooLarge, match="you have only 50"):
        play(h, "p2 raise 60")


# --- short all-in ---------------------------------------------------------------------------


def test_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    # A bets 10, B calls 10, C all-in for 14; D may raise (to at least 24); A and B may not.
    h = hand([200, 200, 16, 200, 200, 200], button=5)
    # order after the flop: p1 (A) p2 (B) p3 (C, 14 behind) p4 (D) ...
    play(h, "p3 call", "p4 call", "p5 call", "p6 call", "p1 call", "p2 check")
    assert h.street is Street.FLOP and h.stacks[2] == 14
    for step in ("p1 bet 10", "p2 call", "p3 allin"):
        play(h, step)
    legal_d = h.legal_actions()
    assert legal_d.player == 3 and legal_d.min_raise_to == 24
    play(h, "p4 call", "p5 fold", "p6 fold")
    legal_a = h.legal_actions()
    assert legal_a.player == 0 and legal_a.to_call == 4 and not legal_a.can_raise
    before = snapshot(h)
    with pytest.raises(RaiseNotAllowed, match="call 4 or fold"):
        play(h, "p1 raise 30")
    assert snapshot(h) == before
    play(h, "p1 call", "p2 call")
    assert h.street is Street.TURN


def test_full_raise_after_short_all_in_reopens() -> None:
    h = hand([200, 200, 16, 200, 200, 200], button=5)
    play(h, "p3 call", "p4 call", "p5 call", "p6 call", "p1 call", "p2 check")
    play(h, "p1 bet 10", "p2 call", "p3 allin", "p4 raise 24", "p5 fold", "p6 fold")
    assert h.legal_actions().can_raise  # A faces 14 more than A's own bet: a full raise


def test_short_all_ins_add_up_to_a_full_raise() -> None:
    h = hand([200, 200, 16, 23, 200, 200], button=5)
    play(h, "p3 call", "p4 call", "p5 call", "p6 call", "p1 call", "p2 check")
    play(h, "p1 bet 10", "p2 call", "p3 allin", "p4 allin")  # 14, then 21: +11 >= 10
    play(h, "p5 fold", "p6 fold")
    legal = h.legal_actions()
    assert legal.player == 0 and legal.can_raise and legal.min_raise_to == 31


def test_big_blind_all_in_for_less_others_match_the_full_blind() -> None:
    h = hand([100, 1, 100, 100])  # p2 posts 1 of the 2
    assert h.bets[1] == 1 and h.all_in[1]
    assert h.legal_actions().to_call == 2
    play(h, "p3 call", "p4 call", "p1 call")
    assert h.contributions == [2, 1, 2, 2]
    assert h.street is Street.FLOP


# --- pots -----------------------------------------------------------------------------------


def test_side_pot_example_12_30_30() -> None:
    h = hand([12, 30, 30], holes=["AsAh", "KsKh", "QsQh"], board="2c7d9hJc3s")
    play(h, "p3 allin", "p1 allin", "p2 call")
    pots = {e.pot: (e.amount, e.winners) for e in h.events if isinstance(e, PotAwarded)}
    assert pots == {0: (36, (0,)), 1: (36, (1,))}
    assert h.stacks == [36, 36, 0]


def test_uncalled_bet_is_returned() -> None:
    h = hand([100, 100, 100])
    events = play(h, "p3 raise 10", "p1 fold", "p2 fold")
    assert BetReturned(player=2, amount=8) in events
    assert h.stacks == [99, 98, 103]


def test_fold_to_one_player_wins_without_showing() -> None:
    h = hand([100, 100, 100])
    events = play(h, "p3 fold", "p1 fold")
    assert not any(isinstance(e, CardsShown) for e in events)
    assert h.is_over and h.stacks == [99, 101, 100]


def test_odd_chips_go_left_of_the_button_and_each_pot_splits_alone() -> None:
    # p1 and p3 tie with the board; pot of 3 chips from blinds... build an odd pot with ante
    h = hand(
        [50, 50, 50],
        holes=["2c3d", "4h5s", "2d3c"],
        board="AsKsQhJd9c",
        ante=1,
        ante_mode=AnteMode.PER_PLAYER,
    )
    play(h, "p3 call", "p1 call", "p2 fold")
    while not h.is_over:
        play(h, f"p{h.to_act + 1} check")
    # pot = 3 antes + 2 + 2 + 2 (BB folded after posting) = 9: p1 and p3 split, odd chip to p1
    (award,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert award.amount == 9 and award.winners == (0, 2) and award.shares == (5, 4)


def test_odd_chip_goes_to_first_winner_left_of_button_not_first_listed() -> None:
    h = hand([50, 50, 50], holes=["2c3d", "4h5s", "2d3c"], board="AsKsQhJd9c", button=0)
    # button p1; p2 small blind, p3 big blind; p3 is nearest the button's left among p1/p3
    play(h, "p1 call", "p2 fold", "p3 check")
    while not h.is_over:
        play(h, f"p{h.to_act + 1} check")
    (award,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert award.amount == 5 and award.winners == (2, 0) and award.shares == (3, 2)


def test_ties_and_kickers_at_showdown() -> None:
    # board 8-8-8-Q-4: Q-A and Q-2 both make eights full of queens and split
    h = hand([100, 100], holes=["QcAd", "Qd2h"], board="8c8d8hQs4c")
    play(h, "p2 call", "p1 check")
    while not h.is_over:
        play(h, f"p{h.to_act + 1} check")
    (award,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert set(award.winners) == {0, 1} and h.stacks == [100, 100]


# --- showdown order and mucking -------------------------------------------------------------


def test_last_aggressor_shows_first_and_beaten_hands_muck() -> None:
    h = hand([100, 100, 100], holes=["2c7d", "AsAh", "KsKh"], board="3c8d9hJc4s")
    play(h, "p3 call", "p1 call", "p2 check")
    play(h, "p1 check", "p2 check", "p3 check")  # flop
    play(h, "p1 check", "p2 check", "p3 check")  # turn
    play(h, "p1 check", "p2 check", "p3 bet 4", "p1 call", "p2 call")  # river
    shown = [
        (type(e).__name__, e.player) for e in h.events if isinstance(e, (CardsShown, CardsMucked))
    ]
    assert shown == [("CardsShown", 2), ("CardsMucked", 0), ("CardsShown", 1)]


def test_checked_through_first_left_of_button_shows_first() -> None:
    h = hand([100, 100, 100], holes=["AsAh", "2c7d", "KsKh"], board="3c8d9hJc4s")
    play(h, "p3 call", "p1 call", "p2 check")
    for _ in range(3):
        play(h, "p1 check", "p2 check", "p3 check")
    shown = [
        (type(e).__name__, e.player) for e in h.events if isinstance(e, (CardsShown, CardsMucked))
    ]
    assert shown == [("CardsShown", 0), ("CardsMucked", 1), ("CardsMucked", 2)]


def test_all_in_runs_out_the_board_and_shows_every_hand() -> None:
    h = hand([50, 50, 50], holes=["AsAh", "KsKh", "2c7d"], board="3c8d9hJc4s")
    play(h, "p3 fold", "p1 allin", "p2 call")
    assert h.is_over and h.ran_out
    kinds = [type(e).__name__ for e in h.events]
    assert kinds.index("CardsShown") < kinds.index("BoardDealt")
    assert sum(isinstance(e, BoardDealt) for e in h.events) == 3
    assert h.stacks == [100, 0, 50]


# --- errors ---------------------------------------------------------------------------------


def test_not_your_turn_and_hand_over() -> None:
    h = hand([100, 100, 100])
    before = snapshot(h)
    with pytest.raises(NotYourTurn, match="it is not your turn"):
        play(h, "p1 call")
    assert snapshot(h) == before
    play(h, "p3 fold", "p1 fold")
    with pytest.raises(HandOver):
        play(h, "p2 check")


def test_cannot_check_facing_a_bet() -> None:
    h = hand([100, 100, 100])
    with pytest.raises(CannotCheck, match="2 to call"):
        play(h, "p3 check")


def test_call_with_nothing_to_call_is_a_check() -> None:
    h = hand([100, 100, 100])
    play(h, "p3 call", "p1 call")
    events = play(h, "p2 call")
    assert events[0].kind is ActionKind.CHECK  # type: ignore[union-attr]


# --- antes ----------------------------------------------------------------------------------


def test_per_player_antes_and_big_blind_ante() -> None:
    h = hand([100, 100, 100], ante=1, ante_mode=AnteMode.PER_PLAYER)
    assert h.stacks == [98, 97, 99] and h.pot_total == 6
    h = hand([100, 100, 100], ante=2, ante_mode=AnteMode.BIG_BLIND)
    assert h.stacks == [99, 96, 100] and h.pot_total == 5
    play(h, "p3 fold", "p1 fold")
    assert h.stacks == [99, 101, 100]


def test_big_blind_ante_is_dead_money_for_the_main_pot() -> None:
    # a short all-in player can win the big-blind ante
    h = hand(
        [100, 100, 10],
        holes=["2c7d", "3h8s", "AsAh"],
        board="KcQd9h5c4s",
        ante=3,
        ante_mode=AnteMode.BIG_BLIND,
    )
    play(h, "p3 allin", "p1 call", "p2 call")
    while not h.is_over:
        play(h, f"p{h.to_act + 1} check")
    main = next(e for e in h.events if isinstance(e, PotAwarded) and e.pot == 0)
    assert main.amount == 33 and main.winners == (2,)


# --- replay ---------------------------------------------------------------------------------


def test_replay_rebuilds_the_hand_exactly() -> None:
    h = hand([100, 80, 60], holes=["AsAh", "KsKh", "QsQh"], board="2c7d9hJc3s")
    play(h, "p3 raise 6", "p1 call", "p2 raise 20", "p3 call", "p1 fold", "p2 bet 10", "p3 call")
    again = replay(h.config, h.deck, list(h.actions))
    assert again.events == h.events
    assert snapshot(again) == snapshot(h)


def test_action_text() -> None:
    assert str(action("p3 raise 12")) == "p3 raise 12"


# --- exact inputs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "amount", "code"),
    [
        (ActionKind.RAISE, 4.5, "bad_amount"),
        (ActionKind.RAISE, math.nan, "bad_amount"),
        (ActionKind.RAISE, True, "bad_amount"),
        (ActionKind.RAISE, "6", "bad_amount"),
        ("raise", 6, "bad_kind"),
        ("fold", None, "bad_kind"),
    ],
)
def test_an_action_of_the_wrong_type_is_refused_and_changes_nothing(
    kind: object, amount: object, code: str
) -> None:
    h = hand([100, 100, 100])
    before = snapshot(h)
    with pytest.raises(IllegalAction) as refused:
        h.act(Action(player=2, kind=kind, amount=amount))  # type: ignore[arg-type]
    assert refused.value.code == code
    assert snapshot(h) == before
    play(h, "p3 raise 6")  # the hand goes on as if nothing had been tried
    assert h.stacks[2] == 94


def test_a_bool_is_not_a_player() -> None:
    h = hand([100, 100])  # p2 (index 1) to act: True == 1 must not pass for them
    before = snapshot(h)
    with pytest.raises(IllegalAction) as refused:
        h.act(Action(player=True, kind=ActionKind.CALL))
    assert refused.value.code == "bad_player" and snapshot(h) == before


@pytest.mark.parametrize(
    "settings",
    [
        {"small_bet": -2, "structure": Structure.FIXED_LIMIT},
        {"big_bet": -4},
        {"small_bet": 4, "big_bet": 2, "structure": Structure.FIXED_LIMIT},
        {"big_blind": 2.0},
        {"small_blind": True},
        {"ante": 0.5, "ante_mode": AnteMode.PER_PLAYER},
        {"stacks": (100, 99.5)},
        {"burn": 1},
    ],
)
def test_a_hand_config_takes_only_whole_chips_and_real_bets(settings: dict[str, object]) -> None:
    base: dict[str, object] = {"stacks": (100, 100), "button": 1, "small_blind": 1}
    base["big_blind"] = 2
    with pytest.raises(InvalidSetup):
        HandConfig(**{**base, **settings})  # type: ignore[arg-type]


def test_a_stack_below_the_ante_is_all_in_for_the_ante() -> None:
    h = hand([1, 100, 100], ante=2, ante_mode=AnteMode.PER_PLAYER)
    posted = [e for e in h.events if isinstance(e, AntePosted)]
    assert [(e.player, e.amount, e.all_in) for e in posted] == [
        (0, 1, True),
        (1, 2, False),
        (2, 2, False),
    ]
    assert h.all_in[0] and h.stacks[0] == 0 and h.to_act == 2
    play(h, "p3 call", "p2 check")
    assert h.street is Street.FLOP  # the small blind, all-in for its ante, posted nothing
    # p1 can win only the antes it matched: 1 from each player
    assert h.pots()[0].amount == 3


def test_nobody_is_asked_to_call_a_big_blind_that_no_one_posted() -> None:
    # Every player but p1 is all-in for the ante; the big blind (p2) posted nothing. Calling
    # would only come back to p1, folding would give up the antes: there is no decision.
    h = hand([10, 2, 5, 2], button=3, ante=6, ante_mode=AnteMode.PER_PLAYER)
    assert h.to_act is None and h.is_over
    assert sum(h.stacks) == 19


def test_a_short_big_blind_heads_up_leaves_the_small_blind_nothing_to_decide() -> None:
    # p2 (big blind) is all-in for 1; p1, the small blind, already matches it.
    h = hand([100, 1], button=0)
    assert h.is_over and not h.actions and sum(h.stacks) == 101


# --- fixed-limit short all-ins --------------------------------------------------------------


def _limit(stacks: list[int], *, cap: int | None = 4) -> Hand:
    h = hand(stacks, structure=Structure.FIXED_LIMIT, raise_cap=cap)  # bets of 2, then 4
    play(h, "p3 call", "p1 call", "p2 check")
    assert h.street is Street.FLOP
    return h


def test_limit_facing_a_short_all_in_bet_call_it_or_complete_it() -> None:
    h = _limit([3, 50, 50])
    play(h, "p1 allin")  # a bet of 1, short of the small bet of 2
    legal = h.legal_actions()
    assert legal.to_call == 1 and legal.min_raise_to == legal.max_raise_to == 2
    play(h, "p2 raise 2")  # completes the bet
    assert h.raise_count == 1 and h.legal_actions().min_raise_to == 4


def test_limit_an_incomplete_raise_does_not_count_toward_the_cap() -> None:
    h = _limit([50, 50, 7])
    play(h, "p1 bet 2", "p2 raise 4", "p3 allin")  # to 5: one short of a raise
    assert h.legal_actions().min_raise_to == 6  # completes the raise to 4
    play(h, "p1 raise 6")
    legal = h.legal_actions()
    assert h.raise_count == 3 and legal.player == 1 and legal.min_raise_to == 8
    play(h, "p2 raise 8")
    assert not h.legal_actions().can_raise  # the fourth bet caps the round


def test_limit_an_all_in_of_half_a_bet_reopens_the_betting() -> None:
    h = _limit([50, 50, 8])
    play(h, "p1 check", "p2 check", "p3 check")
    assert h.street is Street.TURN  # the big bet, 4
    play(h, "p1 bet 4", "p2 call", "p3 allin")  # to 6: half a bet more
    legal = h.legal_actions()
    assert legal.player == 0 and legal.to_call == 2 and legal.min_raise_to == 8


def test_limit_an_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    h = _limit([50, 50, 7])
    play(h, "p1 check", "p2 check", "p3 check")
    play(h, "p1 bet 4", "p2 call", "p3 allin")  # to 5: a quarter of a bet more
    legal = h.legal_actions()
    assert legal.player == 0 and legal.to_call == 1 and not legal.can_raise
    with pytest.raises(RaiseNotAllowed):
        play(h, "p1 raise 8")


# --- the burn card --------------------------------------------------------------------------


def test_the_dealer_burns_one_card_before_the_hole_cards_and_before_each_street() -> None:
    config = HandConfig(stacks=(100, 100, 100), button=2, small_blind=1, big_blind=2)
    h = Hand(config, list(range(52)))
    # card 0 is burnt; p1 (left of the button) gets cards 1 and 4, p2 2 and 5, p3 3 and 6
    assert h.hole == [(CARDS[1], CARDS[4]), (CARDS[2], CARDS[5]), (CARDS[3], CARDS[6])]
    play(h, "p3 call", "p1 call", "p2 check")
    assert h.board == [CARDS[8], CARDS[9], CARDS[10]]  # card 7 burnt
    play(h, "p1 check", "p2 check", "p3 check")
    assert h.board[3] == CARDS[12]  # card 11 burnt


def test_home_fixed_burns_nothing() -> None:
    config = preset("home-fixed").hand_config(stacks=(100, 100, 100), button=2)
    h = Hand(config, list(range(52)))
    assert h.hole[0] == (CARDS[0], CARDS[3])
    play(h, "p3 call", "p1 call", "p2 check")
    assert h.board == [CARDS[6], CARDS[7], CARDS[8]]


def test_a_hand_stored_before_the_hole_burn_replays_as_it_was_dealt() -> None:
    stored = config_to_dict(HandConfig(stacks=(100, 100), button=1, small_blind=1, big_blind=2))
    del stored["burn_hole"]
    old = Hand(config_from_dict(stored), list(range(52)))
    assert old.hole == [(CARDS[0], CARDS[2]), (CARDS[1], CARDS[3])]


def test_a_big_blind_short_of_blind_and_ante_posts_the_blind_first() -> None:
    h = hand([100, 3, 100], ante=2, ante_mode=AnteMode.BIG_BLIND)
    blind = next(e for e in h.events if isinstance(e, BlindPosted) and e.big)
    ante = next(e for e in h.events if isinstance(e, AntePosted))
    assert (blind.amount, ante.amount) == (2, 1) and h.all_in[1]
    assert h.legal_actions().to_call == 2  # a full big blind to match
