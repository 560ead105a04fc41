"""The table and its session: seating, the button and blinds, levels, the end, corrections."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from engine import (
    PRESETS,
    Action,
    ActionKind,
    ButtonRule,
    BuyIn,
    EmptyStackPolicy,
    Hand,
    HouseRules,
    ReturnRule,
    Seat,
    SeatStatus,
    SessionEnd,
    SessionError,
    Table,
    preset,
    rank_standings,
)
from engine.codec import table_from_dict, table_to_dict
from engine.events import HandVoided, SessionEnded, StackAdjusted
from engine.table import BlindLevelChanged, HandDealt, LeaderVoidedHand, PlayerLeft, Rebought
from tests.engine.simulate import random_action, random_deck

DECK = list(range(52))
WIN_DECK = random_deck(random.Random(0))  # all-in pre-flop: the last player wins it all


def table_with(rules: HouseRules, seats: dict[int, str]) -> Table:
    table = Table(rules)
    for seat, player in seats.items():
        table.sit(player, seat=seat)
    return table


def check_down(hand: Hand) -> None:
    while hand.to_act is not None:
        hand.check_or_call()


def fold_to_big_blind(hand: Hand) -> None:
    while hand.to_act is not None:
        if hand.legal_actions().can_check:
            hand.check_or_call()
        else:
            hand.fold()


def all_in_and_call(hand: Hand) -> None:
    while hand.to_act is not None:
        legal = hand.legal_actions()
        if legal.can_all_in and legal.all_in_to > legal.current_bet:
            hand.act(Action(player=legal.player, kind=ActionKind.ALL_IN))
        else:
            hand.check_or_call()


def deal(
    table: Table,
    now: float = 0.0,
    play: Callable[[Hand], None] = fold_to_big_blind,
    deck: list[int] = DECK,
) -> Hand:
    hand = table.start_hand(deck, now, button=0)
    play(hand)
    table.finish_hand(now)
    return hand


def button_and_bb(table: Table) -> tuple[int, int]:
    dealt = [e for e in table.log if isinstance(e, HandDealt)][-1]
    hand = table.hand
    assert hand is not None
    return dealt.button_seat, dealt.seats[hand.config.big_blind_player]


# ----------------------------------------------------------------- seating and the button


def test_first_button_passed_in_or_drawn_and_blinds_follow_it() -> None:
    table = table_with(HouseRules(), {0: "a", 3: "b", 5: "c"})
    with pytest.raises(SessionError) as caught:
        table.start_hand(DECK, 0.0)
    assert caught.value.code == "no_button"
    hand = table.start_hand(DECK, 0.0, rng=random.Random(7))
    button, _ = button_and_bb(table)
    assert button in (0, 3, 5)
    assert table.hand_seats == (0, 3, 5)
    assert table.hand_player("b") == 1
    assert hand.config.stacks == (100, 100, 100)


def buttons_over(table: Table, hands: int) -> list[int]:
    buttons = []
    for _ in range(hands):
        hand = table.start_hand(DECK, 0.0, button=0)
        buttons.append(button_and_bb(table)[0])
        fold_to_big_blind(hand)
        table.finish_hand(0.0)
    return buttons


def test_button_moves_one_seat_past_empty_and_sitting_out_seats() -> None:
    table = table_with(HouseRules(), {0: "a", 2: "b", 4: "c", 7: "d"})
    table.sit_out("d")
    assert buttons_over(table, 6) == [0, 2, 4, 0, 2, 4]


def test_the_button_skips_a_player_sitting_out_who_then_waits_for_the_big_blind() -> None:
    table = table_with(HouseRules(), {0: "a", 2: "b", 4: "c", 7: "d"})
    assert buttons_over(table, 2) == [0, 2]  # the big blind is on d (seat 7)
    table.sit_out("c")  # c would have had the small blind
    assert buttons_over(table, 2) == [7, 0]  # one seat clockwise each hand, past c
    table.sit_in("c")
    seen = []
    for _ in range(3):
        hand = table.start_hand(DECK, 0.0)
        seen.append((button_and_bb(table), table.hand_seats))
        fold_to_big_blind(hand)
        table.finish_hand(0.0)
    # c comes back only when the big blind reaches seat 4, and posts it
    assert seen == [((2, 0), (0, 2, 7)), ((7, 2), (0, 2, 7)), ((0, 4), (0, 2, 4, 7))]


def test_dead_button_rule_the_big_blind_skips_nobody() -> None:
    table = table_with(HouseRules(button=ButtonRule.DEAD), {0: "a", 2: "b", 4: "c", 7: "d"})
    assert buttons_over(table, 2) == [0, 2]  # the big blind is on d (seat 7)
    table.sit_out("c")  # c would post the small blind next
    # the big blind moves on to a; b, two dealt-in seats before, keeps the button
    assert buttons_over(table, 2) == [2, 7]


def test_newcomer_waits_for_the_big_blind_and_posts_it() -> None:
    table = table_with(HouseRules(), {0: "a", 2: "b", 4: "c"})
    deal(table)  # button 0, small blind 2, big blind 4
    table.sit("d", seat=3)
    assert table.seats[3] is not None and table.seats[3].waiting
    seen: list[tuple[tuple[int, int], tuple[int, ...]]] = []
    for _ in range(3):
        hand = table.start_hand(DECK, 0.0)
        seen.append((button_and_bb(table), table.hand_seats))
        fold_to_big_blind(hand)
        table.finish_hand(0.0)
    assert seen[0] == ((2, 0), (0, 2, 4))
    assert seen[1] == ((4, 2), (0, 2, 4))
    # the big blind reaches seat 3: d is dealt in and posts it
    assert seen[2] == ((0, 3), (0, 2, 3, 4))


def test_newcomer_is_dealt_in_at_once_when_otherwise_fewer_than_two_could_play() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b"})
    deal(table)
    table.leave("b")
    table.sit("c", seat=5)
    table.start_hand(DECK, 0.0)
    assert table.hand_seats == (0, 5)


def test_sitting_out_past_the_big_blind_means_waiting_for_it() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c", 3: "d"})
    deal(table)  # button 0, big blind 2
    table.sit_out("d")
    deal(table)  # the big blind passes seat 3 to seat 0
    table.sit_in("d")
    assert table.seats[3] is not None and table.seats[3].waiting
    table.start_hand(DECK, 0.0)
    assert table.hand_seats == (0, 1, 2)
    with pytest.raises(SessionError):
        table.sit_in("d")


def test_three_handed_to_heads_up_and_back() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c"})
    deal(table)  # button a, big blind c
    table.leave("a")
    hand = table.start_hand(DECK, 0.0)
    config = hand.config
    assert config.player_count == 2
    # heads-up: the big blind moved on to b, c has the button and posts the small blind
    assert button_and_bb(table) == (2, 1)
    assert config.small_blind_player == config.button
    assert hand.to_act == config.button  # the button acts first before the flop
    fold_to_big_blind(hand)
    table.finish_hand(0.0)
    table.sit("a", seat=0)  # back with the stack taken away
    hand = table.start_hand(DECK, 0.0)
    # the big blind moves to the next seat after b: c; a waits
    assert table.hand_seats == (1, 2)
    fold_to_big_blind(hand)
    table.finish_hand(0.0)
    table.start_hand(DECK, 0.0)
    assert list(table.hand_seats) == [0, 1, 2]
    assert button_and_bb(table) == (1, 0)


def test_leaving_between_hands_and_during_a_hand() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c", 3: "d"})
    assert table.leave("d") == 100
    hand = table.start_hand(DECK, 0.0, button=0)
    assert table.leave("b") is None  # b is in the hand: leaves when it ends
    assert table.seats[1] is not None
    fold_to_big_blind(hand)
    events = table.finish_hand(0.0)
    left = [e for e in events if isinstance(e, PlayerLeft)]
    assert [(e.player, e.seat) for e in left] == [("b", 1)]
    assert table.seats[1] is None
    assert {p for _, p, _ in table.standings()} == {"a", "b", "c", "d"}
    with pytest.raises(SessionError) as caught:
        table.leave("zed")
    assert caught.value.code == "not_seated"


def test_seating_errors() -> None:
    table = table_with(HouseRules(max_seats=2), {0: "a"})
    with pytest.raises(SessionError, match="already seated"):
        table.sit("a")
    with pytest.raises(SessionError) as caught:
        table.sit("b", seat=0)
    assert caught.value.code == "seat_taken"
    table.sit("b")
    with pytest.raises(SessionError) as caught:
        table.sit("c")
    assert caught.value.code == "table_full"


# ----------------------------------------------------------------- levels and the session end


def test_blinds_double_every_fifteen_minutes_from_the_next_hand() -> None:
    table = table_with(preset("tournament"), {0: "a", 1: "b", 2: "c"})
    hand = table.start_hand(DECK, 100.0, button=0)
    assert hand.config.big_blind == 2
    fold_to_big_blind(hand)
    table.finish_hand(100.0 + 15 * 60)
    hand = table.start_hand(DECK, 100.0 + 15 * 60)
    assert (hand.config.small_blind, hand.config.big_blind) == (2, 4)
    assert [e for e in table.log if isinstance(e, BlindLevelChanged)] == [
        BlindLevelChanged(level=1, small_blind=2, big_blind=4, ante=0)
    ]


def test_a_time_limit_lets_the_hand_in_progress_finish() -> None:
    table = table_with(preset("home-fixed"), {0: "a", 1: "b", 2: "c"})
    hand = table.start_hand(DECK, 0.0, button=0)
    assert table.check_clock(46 * 60) is None  # a hand is in progress
    fold_to_big_blind(hand)
    table.finish_hand(46 * 60)
    assert table.ended is not None and table.ended.reason == "time"
    with pytest.raises(SessionError) as caught:
        table.start_hand(DECK, 47 * 60)
    assert caught.value.code == "session_over"


def test_the_clock_ends_the_session_between_hands() -> None:
    table = table_with(preset("home-fixed"), {0: "a", 1: "b"})
    deal(table, now=0.0)
    assert table.check_clock(44 * 60) is None
    ended = table.check_clock(45 * 60)
    assert ended is not None and ended.hands == 1


def test_after_n_hands_with_standings() -> None:
    rules = HouseRules(session_end=SessionEnd.AFTER_HANDS, end_after=3)
    table = table_with(rules, {0: "a", 1: "b", 2: "c"})
    for _ in range(3):
        deal(table)
    assert table.ended is not None
    assert table.ended.reason == "hands" and table.ended.hands == 3
    assert table.ended.standings == table.standings()
    chips = [c for _, _, c in table.ended.standings]
    assert chips == sorted(chips, reverse=True) and sum(chips) == 300


def test_standings_share_places() -> None:
    assert rank_standings({"a": 10, "b": 10, "c": 5, "d": 20}) == (
        (1, "d", 20),
        (2, "a", 10),
        (2, "b", 10),
        (4, "c", 5),
    )


def test_freeze_out_ends_when_one_player_has_every_chip() -> None:
    table = table_with(preset("tournament"), {0: "a", 1: "b"})
    deal(table, play=all_in_and_call, deck=WIN_DECK)
    assert table.ended is not None
    assert table.ended.reason == "one_player_left"
    assert table.ended.standings[0][2] == 200
    assert [s.status for s in table.seats if s is not None and s.stack == 0] == [SeatStatus.BUSTED]


# ----------------------------------------------------------------- empty stacks and min stack


def test_sit_out_policy_keeps_a_busted_player_out() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c"})
    deal(table, play=all_in_and_call, deck=WIN_DECK)
    busted = [s for s in table.seats if s is not None and s.status is SeatStatus.BUSTED]
    assert busted and all(s.stack == 0 for s in busted)
    if table.ended is None:
        table.start_hand(DECK, 0.0)
        assert all(table.seats[k].stack > 0 for k in table.hand_seats)  # type: ignore[union-attr]


def test_rebuy_policy_tops_up_to_the_starting_stack() -> None:
    table = table_with(HouseRules(empty_stack=EmptyStackPolicy.REBUY), {0: "a", 1: "b"})
    hand = table.start_hand(WIN_DECK, 0.0, button=0)
    all_in_and_call(hand)
    events = table.finish_hand(0.0)
    rebuys = [e for e in events if isinstance(e, Rebought)]
    assert len(rebuys) == 1 and rebuys[0].added == 100 and rebuys[0].stack == 100
    assert sorted(s.stack for s in table.seats if s is not None) == [100, 200]
    assert table.ended is None


def test_new_session_policy_restarts_with_equal_stacks() -> None:
    rules = HouseRules(empty_stack=EmptyStackPolicy.NEW_SESSION)
    table = table_with(rules, {0: "a", 1: "b", 2: "c"})
    deal(table, play=all_in_and_call, deck=WIN_DECK)
    assert table.ended is not None and table.ended.reason == "empty_stack"
    with pytest.raises(SessionError):
        table.start_hand(DECK, 1.0)
    table.new_session()
    assert table.session == 2 and table.hands_played == 0
    assert [s.stack for s in table.seats if s is not None] == [100, 100, 100]
    assert all(s.status is SeatStatus.ACTIVE for s in table.seats if s is not None)
    table.start_hand(DECK, 2.0)


def test_home_minimum_stack_of_eight_between_hands() -> None:
    table = table_with(preset("home-fixed"), {0: "a", 1: "b", 2: "c"})
    table.adjust_stack("c", to=9, reason="test set-up", by="host")
    hand = table.start_hand(WIN_DECK, 0.0, button=0)
    check_down(hand)  # everyone in for 2, then passes; c (big blind) loses the showdown
    table.finish_hand(0.0)
    c = table.seats[2]
    assert c is not None and c.stack == 7
    assert c.status is SeatStatus.BUSTED  # sits out for the rest of the session
    assert table.standings()[-1] == (3, "c", 7)  # the chips still count
    table.start_hand(DECK, 1.0)
    assert table.hand_seats == (0, 1)
    with pytest.raises(SessionError):
        table.sit_in("c")
    with pytest.raises(SessionError) as caught:
        table.sit("z", stack=7)
    assert caught.value.code == "no_chips"


def test_a_player_below_the_minimum_is_not_dealt_in_even_before_any_hand() -> None:
    table = table_with(preset("home-fixed"), {0: "a", 1: "b", 2: "c"})
    table.adjust_stack("c", to=7, reason="carried over", by="host")
    table.start_hand(DECK, 0.0, button=0)
    assert table.hand_seats == (0, 1)


# ----------------------------------------------------------------- corrections


def test_void_hand_returns_every_chip_and_deals_again_with_the_same_blinds() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c"})
    deal(table)
    hand = table.start_hand(DECK, 0.0)
    before = button_and_bb(table)
    stacks = [s.stack for s in table.seats if s is not None]
    hand.raise_to(6)
    events = table.void_hand("a card was exposed", by="host", now=0.0)
    assert isinstance(events[-1], HandVoided)
    assert [s.stack for s in table.seats if s is not None] == stacks
    assert isinstance(table.log[-1], LeaderVoidedHand) and table.log[-1].by == "host"
    assert table.hands_played == 1 and table.hand is None
    table.start_hand(DECK, 0.0)
    assert button_and_bb(table) == before
    with pytest.raises(SessionError) as caught:
        table.void_hand(" ", by="host", now=0.0)
    assert caught.value.code == "reason_missing"


def test_adjust_stack_between_hands_with_a_reason() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b"})
    event = table.adjust_stack("a", delta=-10, reason="misclick refund to b", by="admin")
    assert event == StackAdjusted(
        seat=0, player="a", before=100, after=90, reason="misclick refund to b", by="admin"
    )
    table.adjust_stack("b", to=110, reason="misclick refund to b", by="admin")
    assert table.chips() == {"a": 90, "b": 110}
    for kwargs, code in [
        ({"to": 5, "delta": 5, "reason": "x"}, "adjust_amount"),
        ({"to": -1, "reason": "x"}, "negative_stack"),
        ({"to": 5, "reason": ""}, "reason_missing"),
    ]:
        with pytest.raises(SessionError) as caught:
            table.adjust_stack("a", by="admin", **kwargs)  # type: ignore[arg-type]
        assert caught.value.code == code
    table.start_hand(DECK, 0.0, button=0)
    with pytest.raises(SessionError) as caught:
        table.adjust_stack("a", to=1, reason="x", by="admin")
    assert caught.value.code == "hand_in_progress"


# ----------------------------------------------------------------- storage


def test_snapshot_round_trips_mid_hand_and_plays_on_identically() -> None:
    rng = random.Random(3)
    table = table_with(preset("mixed").with_changes(mixed_every=1), {0: "a", 2: "b", 5: "c"})
    deal(table)
    table.sit("d", seat=7)
    table.sit_out("b")
    hand = table.start_hand(random_deck(rng), 5.0)
    for _ in range(2):
        if hand.to_act is not None:
            hand.act(random_action(hand, rng))
    data = json.loads(json.dumps(table_to_dict(table)))
    copy = table_from_dict(data)
    assert table_to_dict(copy) == table_to_dict(table)
    assert copy.seats == table.seats
    assert copy.hand is not None and copy.hand.events == hand.events
    for t in (table, copy):
        assert t.hand is not None
        while t.hand.to_act is not None:
            t.hand.act(random_action(t.hand, random.Random(9)))
        t.finish_hand(10.0)
    assert table_to_dict(copy) == table_to_dict(table)


# ----------------------------------------------------------------- every preset to the end


def play_session(table: Table, rng: random.Random, *, max_hands: int = 400) -> SessionEnded:
    now = 0.0
    for _ in range(max_hands):
        if table.check_clock(now) is not None:
            break
        hand = table.start_hand(random_deck(rng), now, rng=rng)
        total = sum(table.chips().values())
        while hand.to_act is not None:
            hand.act(random_action(hand, rng))
        events = table.finish_hand(now)
        added = sum(e.added for e in events if isinstance(e, Rebought))
        assert sum(table.chips().values()) == total + added
        if table.ended is not None:
            break
        now += 60.0
    return table.close_session()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_plays_to_the_end_of_a_session(name: str) -> None:
    rng = random.Random(f"session-{name}")
    table = table_with(preset(name), {0: "a", 1: "b", 3: "c", 4: "d"})
    ended = play_session(table, rng)
    assert ended.session == 1 and ended.hands > 0
    places = [place for place, _, _ in ended.standings]
    chips = [count for _, _, count in ended.standings]
    assert chips == sorted(chips, reverse=True) and places[0] == 1
    assert {p for _, p, _ in ended.standings} == {"a", "b", "c", "d"}
    if name == "home-fixed":
        assert ended.reason in ("time", "too_few_players")
    if name == "tournament":
        assert ended.reason == "one_player_left" and chips[0] == 400


# ----------------------------------------------------------------- house rules, a table on its own


def test_a_voided_hand_is_dealt_again_to_the_same_players_whoever_sat_down() -> None:
    table = table_with(HouseRules(), {0: "a", 2: "b", 4: "c"})
    hand = table.start_hand(DECK, 0.0, button=0)  # the session's first hand
    before = (button_and_bb(table), table.hand_seats, hand.config.stacks)
    table.sit("d", seat=1)  # between the button and the small blind
    table.sit("e", seat=3)  # between the blinds
    table.void_hand("misdeal", by="host", now=0.0)
    hand = table.start_hand(DECK, 0.0)
    assert (button_and_bb(table), table.hand_seats, hand.config.stacks) == before
    fold_to_big_blind(hand)
    table.finish_hand(0.0)
    # afterwards the newcomers wait for the big blind as usual
    assert table.seats[1] is not None and table.seats[1].waiting
    table.start_hand(DECK, 0.0)
    assert button_and_bb(table) == (2, 0) and table.hand_seats == (0, 2, 4)


def test_a_newcomer_before_a_new_sessions_first_hand_is_dealt_in() -> None:
    rules = HouseRules(session_end=SessionEnd.AFTER_HANDS, end_after=1)
    table = table_with(rules, {0: "a", 2: "b", 4: "c"})
    deal(table)
    assert table.ended is not None
    table.new_session()
    table.sit("d", seat=1)
    table.start_hand(DECK, 0.0)
    assert table.hand_seats == (0, 1, 2, 4)
    assert button_and_bb(table)[0] == 1  # the button moved on from seat 0, to d


@pytest.mark.parametrize("problem", ["bad_deck", "bad_button", "too_few"])
def test_a_refused_deal_changes_nothing(problem: str) -> None:
    rules = preset("tournament").with_changes(schedule_every=1)
    table = table_with(rules, {0: "a", 2: "b", 4: "c"})
    deal(table)
    table.sit("d", seat=3)
    table.sit_out("b")
    if problem == "too_few":
        table.sit_out("a")
        table.sit_out("c")
    before = table_to_dict(table)
    deck, button = (DECK[:9], None) if problem == "bad_deck" else (DECK, 7)
    if problem == "bad_button":
        table = table_from_dict({**before, "roles": {"button": None, "big_blind": None}})
        before = table_to_dict(table)
    with pytest.raises((SessionError, ValueError)):
        table.start_hand(deck, 61.0 * 60, button=button)
    assert table_to_dict(table) == before and table.level == 0 and table.hand is None


def test_members_who_leave_come_back_with_exactly_what_they_took() -> None:
    table = table_with(preset("home-fixed"), {0: "a", 1: "b", 2: "c"})
    assert table.buy_in_for("z") == 100
    table.adjust_stack("a", to=5, reason="test", by="host")
    table.adjust_stack("b", to=130, reason="test", by="host")
    assert table.leave("a") == 5 and table.leave("b") == 130
    assert table.buy_in_for("b") == 130
    for player, requested, code in [
        ("a", None, "no_chips"),  # below home-fixed's minimum of 8: out for the session
        ("b", 100, "buy_in_returning"),
        ("z", 150, "buy_in_fixed"),  # everyone sits down with the starting stack
        ("c", None, "already_seated"),
    ]:
        with pytest.raises(SessionError) as caught:
            table.buy_in_for(player, requested)
        assert caught.value.code == code
    with pytest.raises(SessionError):
        table.sit("a")
    assert table.seats[table.sit("b")] == Seat(player="b", stack=130)
    table.close_session()
    table.new_session()
    assert table.buy_in_for("a") == 100  # a new session starts everyone equal


def test_buy_in_choice_is_a_house_rule() -> None:
    table = Table(HouseRules(buy_in=BuyIn.CHOICE, min_stack_to_deal=10))
    assert HouseRules(buy_in=BuyIn.CHOICE).buy_in_range() == (2, 100)
    assert table.buy_in_for("a", 40) == 40 and table.buy_in_for("a") == 100
    with pytest.raises(SessionError) as caught:
        table.buy_in_for("a", 9)
    assert caught.value.code == "buy_in_range" and caught.value.params == {"low": 10, "high": 100}


def test_posting_the_big_blind_deals_a_returning_player_in_at_once() -> None:
    table = table_with(HouseRules(returning=ReturnRule.POST), {0: "a", 2: "b", 4: "c", 6: "d"})
    deal(table)  # button a, small blind b, big blind c
    table.sit("e", seat=7)  # after the blinds: posts and plays at once
    table.sit("f", seat=3)  # between the next button (b) and big blind (d): waits
    hand = table.start_hand(DECK, 0.0)
    assert table.hand_seats == (0, 2, 4, 6, 7) and button_and_bb(table) == (2, 6)
    e = table.hand_seats.index(7)
    assert hand.config.posts == (e,) and hand.bets[e] == 2
    assert hand.to_act == e  # first after the big blind, with the option like a big blind
    assert hand.legal_actions().can_check


def test_heads_up_the_last_big_blind_takes_the_button() -> None:
    table = table_with(HouseRules(), {0: "a", 1: "b", 2: "c"})
    deal(table)  # button a, small blind b, big blind c
    table.leave("b")
    table.start_hand(DECK, 0.0)
    # moving on from a would give c the button; c posted the big blind, so c takes it and
    # a, who posted no blind, posts the big blind
    assert button_and_bb(table) == (2, 0)


def test_a_saved_table_does_not_grow_with_the_hands_played() -> None:
    def save_after(hands: int) -> int:
        table = table_with(HouseRules(empty_stack=EmptyStackPolicy.REBUY), {0: "a", 1: "b"})
        for _ in range(hands):
            deal(table)
        return len(json.dumps(table_to_dict(table)))

    assert save_after(2000) <= save_after(10) + 8  # a few more digits in the counters
