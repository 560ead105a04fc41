"""Drive pokerkit 0.7.7 through the same hand as our engine, decision by decision.

pokerkit is a peer, not the judge. :func:`compare` replays one of our hands in pokerkit and,
before every action, checks that both agree on who acts, the amount to call, whether the
player may bet or raise, and the smallest and largest raise-to; at the end, the stacks. Where
pokerkit knowingly departs from RULES.md the comparison stops and names the departure (see
:class:`Departure`); each departure has its own test in ``test_hand_rules.py``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pokerkit import (
    Automation,
    BettingStructure,
    FixedLimitTexasHoldem,
    NoLimitTexasHoldem,
)

from engine import ActionKind, AnteMode, Hand, Street, Structure, format_cards
from engine.events import BlindPosted, PlayerActed, PotAwarded


class PotLimitTexasHoldem(NoLimitTexasHoldem):
    """pokerkit ships no pot-limit Texas hold'em; its pot-limit structure is a class flag."""

    betting_structure = BettingStructure.POT_LIMIT


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class Departure(Enum):
    """Where pokerkit 0.7.7 plays differently from RULES.md, and the test that pins ours.

    - ``SHORT_BIG_BLIND``: a big blind all-in for less than the blind; pokerkit lets the
      others call only what was posted (RULES.md: the full blind;
      ``test_big_blind_all_in_for_less_others_match_the_full_blind``).
    - ``SHORT_ALL_IN``: a no-limit or pot-limit all-in raise short of a full raise; pokerkit
      reopens the betting for players who acted
      (``test_short_all_in_does_not_reopen_for_players_who_acted``).
    - ``LIMIT_SHORT_ALL_IN``: a fixed-limit all-in short of a full bet; pokerkit's next raise
      is a full bet above it, ours completes the bet (``test_limit_facing_a_short_all_in_...``).
    - ``BLIND_BEFORE_ANTE``: a big blind who cannot post both the blind and a big-blind
      ante; ours posts the blind first (the blind has priority), pokerkit the ante
      (``test_a_big_blind_short_of_blind_and_ante_posts_the_blind_first``).
    - ``ODD_CHIPS``: odd chips with several pots, or several odd chips in one split; pokerkit
      merges pots with the same contenders and gives every odd chip to the first winner
      (``test_odd_chips_go_left_of_the_button_and_each_pot_splits_alone``). Decisions are
      all compared; only the final stacks are not.
    """

    SHORT_BIG_BLIND = "short big blind"
    SHORT_ALL_IN = "short all-in"
    LIMIT_SHORT_ALL_IN = "limit short all-in"
    BLIND_BEFORE_ANTE = "blind before ante"
    ODD_CHIPS = "odd chips"


@dataclass(frozen=True, kw_only=True, slots=True)
class Comparison:
    """What one hand's comparison covered: the decisions compared, how many of them had
    their raise checks excused, the departure met (None: none), and whether every action
    and the final stacks were compared (``to_the_end``)."""

    decisions: int
    excused: int
    departure: Departure | None
    to_the_end: bool


def _create(hand: Hand) -> Any:
    config = hand.config
    n = config.player_count
    assert config.button == n - 1, "pokerkit seats the button last"
    antes: list[int] = [0] * n
    if config.ante_mode is AnteMode.PER_PLAYER:
        antes = [config.ante] * n
    elif config.ante_mode is AnteMode.BIG_BLIND:
        # Index 1 is the big blind with three or more players; heads-up pokerkit swaps the
        # blinds and the antes alike, so index 1 lands on our big blind (player 0) too.
        antes[1] = config.ante
    common = {
        "automations": AUTOMATIONS,
        "ante_trimming_status": config.ante_mode is not AnteMode.BIG_BLIND,
        "raw_antes": antes,
        "raw_blinds_or_straddles": (config.small_blind, config.big_blind),
        "raw_starting_stacks": list(config.stacks),
        "player_count": n,
    }
    if config.structure is Structure.FIXED_LIMIT:
        game = FixedLimitTexasHoldem(
            AUTOMATIONS,
            common["ante_trimming_status"],
            antes,
            common["raw_blinds_or_straddles"],
            config.small_bet,
            config.big_bet,
        )
        # The cap is a count of bets and raises; our convention (RULES.md, "one bet and three
        # raises") counts the big blind as the first bet before the flop, pokerkit's counts
        # completions and raises only: the same cap is one less for pokerkit pre-flop.
        cap = config.raise_cap
        streets = [
            dataclasses.replace(street, max_completion_betting_or_raising_count=count)
            for street, count in zip(game.streets, [None if cap is None else cap - 1] + [cap] * 3)
        ]
        game.streets = tuple(streets)
        return game(list(config.stacks), n)
    if config.structure is Structure.POT_LIMIT:
        return PotLimitTexasHoldem.create_state(min_bet=config.big_blind, **common)
    return NoLimitTexasHoldem.create_state(min_bet=config.big_blind, **common)


def _short_big_blind(hand: Hand) -> bool:
    bb = hand.config.big_blind_player
    posted = sum(
        e.amount for e in hand.events if isinstance(e, BlindPosted) and e.player == bb and e.big
    )
    return posted < hand.config.big_blind


def _odd_chips(hand: Hand) -> bool:
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    for award in awards:
        odd = award.amount % len(award.winners)
        if odd >= 2 or (odd and len(awards) > 1):
            return True
    return False


def compare(hand: Hand) -> Comparison:
    """Replay ``hand`` (finished, button last) in pokerkit and in a fresh copy of ours; at
    every decision both must agree, and at the end the stacks must. Raises AssertionError on
    the first disagreement that no :class:`Departure` explains.

    A short all-in excuses only the raise checks of the rest of its betting round (pokerkit
    is the more permissive there, so our actions stay legal in it): who acts and the amount
    to call are still compared, and so are the final stacks."""
    config = hand.config
    if _short_big_blind(hand):
        return Comparison(
            decisions=0, excused=0, departure=Departure.SHORT_BIG_BLIND, to_the_end=False
        )
    if config.ante_mode is AnteMode.BIG_BLIND and (
        config.stacks[config.big_blind_player] < config.big_blind + config.ante
    ):
        return Comparison(
            decisions=0, excused=0, departure=Departure.BLIND_BEFORE_ANTE, to_the_end=False
        )
    state = _create(hand)
    ours = Hand(config, hand.deck)
    for p in range(ours.player_count):
        state.deal_hole(format_cards(ours.hole[p], ""))
    decisions = excused = 0
    short: tuple[Street, Departure] | None = None  # a short all-in in this round
    departure = None
    for action in hand.actions:
        _deal_board(state, ours)
        legal = ours.legal_actions()
        where = (config, list(hand.actions), decisions)
        assert state.actor_index == legal.player, ("who acts", state.actor_index, legal, where)
        assert state.checking_or_calling_amount == legal.to_call, ("the call", legal, where)
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        decisions += 1
        agree = (low is not None) == legal.can_raise and (
            not legal.can_raise or (low, high) == (legal.min_raise_to, legal.max_raise_to)
        )
        if not agree and short is not None and short[0] is ours.street:
            excused += 1
            departure = short[1]
        else:
            assert (low is not None) == legal.can_raise, ("may raise", low, legal, where)
            if legal.can_raise:
                assert (low, high) == (legal.min_raise_to, legal.max_raise_to), (low, high, where)
        bet, increment, raises = ours.current_bet, ours.min_increment, ours.raise_count
        acted = next(e for e in ours.act(action) if isinstance(e, PlayerActed))
        if acted.kind is ActionKind.FOLD:
            state.fold()
        elif acted.kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        else:
            if acted.all_in and config.structure is Structure.FIXED_LIMIT:
                if ours.raise_count == raises:  # short of a full bet: not counted
                    short = (acted.street, Departure.LIMIT_SHORT_ALL_IN)
            elif acted.all_in and acted.bet - bet < increment:
                short = (acted.street, Departure.SHORT_ALL_IN)
            if short is not None and short[0] is acted.street and not _raise(state, acted.bet):
                # a raise RULES.md allows and pokerkit does not (short all-ins adding up to a
                # full raise, or a limit completion): the hands part here
                return Comparison(
                    decisions=decisions, excused=excused, departure=short[1], to_the_end=False
                )
            state.complete_bet_or_raise_to(acted.bet)
    _deal_board(state, ours)
    assert not state.status, ("pokerkit thinks the hand goes on", config)
    if _odd_chips(hand):
        return Comparison(
            decisions=decisions, excused=excused, departure=Departure.ODD_CHIPS, to_the_end=False
        )
    assert list(state.stacks) == ours.stacks, ("final stacks", config, list(hand.actions))
    return Comparison(decisions=decisions, excused=excused, departure=departure, to_the_end=True)


def _raise(state: Any, to: int) -> bool:
    """Whether pokerkit would accept a bet or raise to ``to`` now."""
    try:
        state.verify_completion_betting_or_raising_to(to)
    except ValueError:
        return False
    return True


def _deal_board(state: Any, ours: Hand) -> None:
    """Deal pokerkit the board cards ours has dealt and it has not."""
    while True:
        dealt = len(state.board_cards)
        if dealt >= len(ours.board):
            return
        while not state.can_deal_board() and state.actor_index is not None:
            # pokerkit asks a lone player with chips to act even when nothing can move.
            assert not state.checking_or_calling_amount, "pokerkit wants a call"
            state.check_or_call()
        count = 3 if dealt == 0 else 1
        state.deal_board(format_cards(ours.board[dealt : dealt + count], ""))
