"""One hand of Texas hold'em as a state machine.

A hand is its :class:`HandConfig`, its deck order and its list of actions: :func:`replay`
rebuilds the state exactly from those three. Every action is checked completely before
anything changes, so an illegal one raises and leaves the hand as it was.

Players are indices 0..n-1, clockwise; the table maps them to seats and names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import compress
from operator import itemgetter, not_, sub
from typing import TYPE_CHECKING

from engine.actions import Action, ActionKind, LegalActions, Street
from engine.cards import CARDS, Card
from engine.config import AnteMode, HandConfig, Structure
from engine.errors import (
    AllInNotAllowed,
    CannotCheck,
    HandOver,
    IllegalAction,
    NotYourTurn,
    RaiseNotAllowed,
    RaiseTooLarge,
    RaiseTooSmall,
)
from engine.evaluator import evaluate7
from engine.pots import Pot, award_pots, build_pots

if TYPE_CHECKING:
    from engine.events import Event

__all__ = ["Hand", "replay"]

# The cards dealt on reaching each street, by the street
_BOARD_SIZES = (0, 3, 1, 1)

# The members the hot paths compare with, as module constants: reading ``ActionKind.CALL``
# goes through the enum class's attribute machinery, several times the cost of a global.
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_ALL_IN = ActionKind.ALL_IN
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_PREFLOP = Street.PREFLOP
_FLOP = Street.FLOP
_RIVER = Street.RIVER
_SHOWDOWN = Street.SHOWDOWN
_NEXT_STREET = (Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN)
_FIXED_LIMIT = Structure.FIXED_LIMIT
_POT_LIMIT = Structure.POT_LIMIT
_CARD_NUMBERS = frozenset(range(52))

# A hand notes each event as (kind, values), the values in the order of the record's fields
# (engine/events.py), and builds the records when its events are read: these are the kinds,
# indexes into _makers(). The records' module is imported then, not with the hand: a replay
# that only checks the outcome never reads them, and never imports it.
(
    _STARTED,
    _ANTE,
    _BLIND,
    _HOLE,
    _ACTED,
    _RETURNED,
    _BOARD,
    _SHOWN,
    _MUCKED,
    _AWARDED,
    _ENDED,
    _VOIDED,
) = range(12)


@cache
def _makers() -> tuple[Callable[..., Event], ...]:
    """The makers of the records, by kind (:func:`engine.events.maker`)."""
    from engine import events

    kinds = (
        events.HandStarted,
        events.AntePosted,
        events.BlindPosted,
        events.HoleCardsDealt,
        events.PlayerActed,
        events.BetReturned,
        events.BoardDealt,
        events.CardsShown,
        events.CardsMucked,
        events.PotAwarded,
        events.HandEnded,
        events.HandVoided,
    )
    return tuple(events.maker(kind) for kind in kinds)


# _ORDERS[n][start]: the n players clockwise from ``start``, the order of every search for
# the next player to act.
_ORDERS = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(11)
)


class Hand:
    """The live state of one hand; read it through properties, change it through :meth:`act`."""

    __slots__ = (
        "_acted_at",
        "_deck_pos",
        "_events",
        "_first_left",
        "_full_level",
        "_n",
        "_pending",
        "_reopen_level",
        "actions",
        "all_in",
        "bets",
        "board",
        "config",
        "contributions",
        "current_bet",
        "dead",
        "deck",
        "folded",
        "held",
        "hold_run_out",
        "hole",
        "last_aggressor",
        "min_increment",
        "raise_count",
        "ran_out",
        "second_board",
        "shown",
        "stacks",
        "street",
        "to_act",
        "values",
        "voided",
    )

    def __init__(self, config: HandConfig, deck: Sequence[int]) -> None:
        n = config.player_count
        needed = 2 * n + 5 + (3 + config.burn_hole if config.burn else 0)
        if len(deck) < needed:
            raise ValueError(f"the deck needs at least {needed} cards")
        # check_deck, inlined: this runs once a hand, in every replay and simulation. Distinct
        # numbers of cards pass the first test; anything else is judged by the full check.
        cards = set(deck)
        if len(cards) != len(deck) or (
            not cards <= _CARD_NUMBERS and (min(deck) < 0 or max(deck) > 51)
        ):
            raise ValueError("a deck must hold distinct cards")
        self.config = config
        # CARDS[c] for every card at once (a float raises TypeError here, as indexing does)
        self.deck: tuple[Card, ...] = itemgetter(*deck)(CARDS)
        self.actions: list[Action] = []
        self._events: list[Event] = []
        self._pending: list[tuple[int, tuple[object, ...]]] = []
        self.street = _PREFLOP
        self.board: list[Card] = []
        self.hole: list[tuple[Card, ...]] = []
        self.stacks = list(config.stacks)
        self.bets = [0] * n
        self.contributions = [0] * n
        self.dead = 0
        self.folded = [False] * n
        self.all_in = [False] * n
        self.to_act: int | None = None
        self.current_bet = 0
        self.min_increment = config.big_blind
        self.raise_count = 0
        self.last_aggressor: int | None = None
        self.values: list[int] = []
        self.shown = [False] * n
        self.voided = False
        self.ran_out = False
        self.hold_run_out = False
        self.held = False
        self.second_board: tuple[Card, ...] = ()
        self._acted_at = [-1] * n
        self._full_level = 0
        self._reopen_level = 0
        self._deck_pos = 0
        self._n = n
        self._first_left = (config.button + 1) % n
        self._start()

    # ----------------------------------------------------------------- queries

    @property
    def player_count(self) -> int:
        return self._n

    @property
    def is_over(self) -> bool:
        return self.street is _SHOWDOWN

    @property
    def pot_total(self) -> int:
        """Every chip put in this hand and not yet awarded (bets in front included)."""
        return 0 if self.is_over else sum(self.contributions) + self.dead

    def pots(self) -> list[Pot]:
        """The pots as they stand, main pot first, the bets of this round not yet gathered."""
        if self.is_over:
            return []
        collected = [c - b for c, b in zip(self.contributions, self.bets)]
        live = [not f for f in self.folded]
        capped = [a and b == 0 for a, b in zip(self.all_in, self.bets)]
        if not any(collected) and not self.dead:
            return []
        return _with_dead(build_pots(collected, live, capped), self.dead)

    def live_players(self) -> list[int]:
        return [i for i in range(self._n) if not self.folded[i]]

    def legal_actions(self) -> LegalActions:
        """What the player to act may do; raises :class:`HandOver` when nobody is to act."""
        i = self.to_act
        if i is None:
            raise HandOver("the hand is over")
        stack = self.stacks[i]
        bet = self.bets[i]
        current = self.current_bet
        to_call = min(current - bet, stack)
        all_in_to = bet + stack
        low, high = self._raise_bounds(i)
        return LegalActions(
            player=i,
            can_check=bet >= current,
            to_call=to_call if to_call > 0 else 0,
            call_is_all_in=0 < stack <= current - bet,
            min_raise_to=low,
            max_raise_to=high,
            can_all_in=self.config.allow_all_in and (all_in_to <= current or high == all_in_to),
            all_in_to=all_in_to,
            current_bet=current,
            is_bet=current == 0,
        )

    def hole_cards(self, player: int) -> tuple[Card, ...]:
        return self.hole[player]

    # ----------------------------------------------------------------- actions

    @property
    def events(self) -> list[Event]:
        """Everything that happened in this hand, in order: its log, history and persistence.

        Each event is noted as it happens and its record built when this list is first read
        after it: a replay that only checks the outcome never builds them (replays must be fast).
        """
        pending = self._pending
        if pending:
            makers = _makers()
            self._events.extend([makers[kind](*values) for kind, values in pending])
            pending.clear()
        return self._events

    def act(self, action: Action) -> list[Event]:
        """Apply one action (:meth:`apply`); returns the events it caused (a slice of
        :attr:`events`)."""
        mark = len(self.events)
        self.apply(action)
        return self.events[mark:]

    def apply(self, action: Action) -> None:
        """Apply one action, checked completely first: an illegal one raises its typed error
        and changes nothing. :meth:`act` is this plus the events it caused; a replay that
        wants only the outcome calls this and skips building them.

        The action's fields are checked for their exact types first (an ``int`` player and
        amount, never a bool or a float, and an :class:`ActionKind`): a 4.5 or a NaN that
        slipped through would leave fractional stacks or a hand that never ends.
        """
        # Every replayed action comes through here, so the type checks are one test
        # on the way in (the helper words the error) and a fold, the commonest move, is
        # written out in place; the checks and their order are unchanged.
        player = action.player
        kind = action.kind
        amount = action.amount
        if (
            type(kind) is not ActionKind
            or type(player) is not int
            or (amount is not None and type(amount) is not int)
        ):
            _check_types(action)  # raises the error of the first wrong field
        i = self.to_act
        if i is None:
            raise HandOver("the hand is over")
        if player != i:
            raise NotYourTurn("it is not your turn", player=player, to_act=i)
        if kind is _FOLD:
            self.folded[i] = True
            self._acted_at[i] = self.current_bet
            self._pending.append((_ACTED, (i, _FOLD, 0, self.bets[i], False, self.street)))
        elif kind is _CALL:
            self._call(i)
        elif kind is _CHECK:
            if self.bets[i] < self.current_bet:
                owed = min(self.current_bet - self.bets[i], self.stacks[i])
                raise CannotCheck(f"you cannot check: {owed} to call", to_call=owed)
            self._record(i, _CHECK, 0)
        elif kind is _ALL_IN:
            if not self.config.allow_all_in:
                raise AllInNotAllowed("all-in is not allowed in this game")
            to = self.bets[i] + self.stacks[i]
            if to <= self.current_bet:
                self._call(i)
            else:
                self._check_raise(i, to)
                self._raise(i, to)
        else:
            if amount is None:
                raise IllegalAction("say how much to raise to", code="amount_missing")
            self._check_raise(i, amount)
            self._raise(i, amount)
        self.actions.append(action)
        if self.folded.count(False) == 1:
            self._close_round()
        else:
            self._open_round(i + 1 if i + 1 < self._n else 0)

    def fold(self) -> list[Event]:
        return self.act(Action(player=self._need_actor(), kind=ActionKind.FOLD))

    def check_or_call(self) -> list[Event]:
        return self.act(Action(player=self._need_actor(), kind=ActionKind.CALL))

    def raise_to(self, amount: int) -> list[Event]:
        return self.act(Action(player=self._need_actor(), kind=ActionKind.RAISE, amount=amount))

    def void(self, reason: str) -> list[Event]:
        """Give every contribution back (a table leader's correction); the hand ends."""
        if self.is_over:
            raise HandOver("the hand is over")
        mark = len(self.events)
        refunds_list = list(self.contributions)
        if self.dead:
            refunds_list[self.config.big_blind_player] += self.dead
            self.dead = 0
        refunds = tuple(refunds_list)
        for p in range(self._n):
            self.stacks[p] += refunds[p]
            self.contributions[p] = 0
            self.bets[p] = 0
        self.voided = True
        self.held = False  # a run-out waiting for its choice is never dealt
        self.to_act = None
        self.street = _SHOWDOWN
        self._pending.append((_VOIDED, (reason, refunds, tuple(self.stacks))))
        return self.events[mark:]

    # ----------------------------------------------------------------- internals

    def _need_actor(self) -> int:
        if self.to_act is None:
            raise HandOver("the hand is over")
        return self.to_act

    def _raise_bounds(self, i: int) -> tuple[int | None, int | None]:
        """The raise-to range for player ``i``, or (None, None) when they may not raise."""
        config = self.config
        stack = self.stacks[i]
        bet = self.bets[i]
        current = self.current_bet
        all_in_to = bet + stack
        if all_in_to <= current:
            return None, None
        fixed = config.structure is _FIXED_LIMIT
        acted_at = self._acted_at[i]
        if acted_at >= 0:
            if fixed:
                if self._reopen_level <= acted_at:
                    return None, None
            elif current - acted_at < self.min_increment:
                return None, None
        if config.raise_cap is not None and self.raise_count >= config.raise_cap:
            return None, None
        folded = self.folded
        all_in = self.all_in
        bets = self.bets
        stacks = self.stacks
        for p in range(self._n):
            if p != i and not folded[p] and not all_in[p] and bets[p] + stacks[p] > current:
                break
        else:
            return None, None  # nobody could answer a raise
        if fixed:
            # The next bet is one step above the last complete bet or raise: after a short
            # all-in it completes that bet (RULES.md, "Fixed-limit short all-ins").
            low = self._full_level + self._step()
            high = low
        else:
            low = current + self.min_increment if current else config.big_blind
            if config.structure is _POT_LIMIT:
                high = current + sum(self.contributions) + self.dead + (current - bet)
            else:
                high = all_in_to
        if high > all_in_to:
            high = all_in_to
        if low > all_in_to:
            low = all_in_to
        return low, high

    def _check_raise(self, i: int, to: int) -> None:
        low, high = self._raise_bounds(i)
        all_in_to = self.bets[i] + self.stacks[i]
        if low is None or high is None:
            if to > all_in_to:
                raise RaiseTooLarge(
                    f"you have only {all_in_to} to raise to", code="over_stack", amount=all_in_to
                )
            if self.config.raise_cap is not None and self.raise_count >= self.config.raise_cap:
                raise RaiseNotAllowed(
                    f"the betting is capped at {self.config.raise_cap} bets this round",
                    code="raise_cap",
                    cap=self.config.raise_cap,
                )
            owed = min(self.current_bet - self.bets[i], self.stacks[i])
            raise RaiseNotAllowed(
                f"you may not raise now: call {owed} or fold", code="not_reopened", to_call=owed
            )
        if to <= self.current_bet:
            raise RaiseTooSmall(f"the minimum raise is to {low}", code="min_raise", amount=low)
        if to < low and to != all_in_to:
            word = "bet" if self.current_bet == 0 else "raise"
            raise RaiseTooSmall(f"the minimum {word} is to {low}", code="min_raise", amount=low)
        if to > high:
            if to > all_in_to:
                raise RaiseTooLarge(
                    f"you have only {all_in_to} to raise to", code="over_stack", amount=all_in_to
                )
            if self.config.structure is _POT_LIMIT:
                raise RaiseTooLarge(
                    f"the pot limit is a raise to {high}", code="pot_limit", amount=high
                )
            raise RaiseTooLarge(
                f"in fixed-limit the raise is to {high}", code="fixed_limit", amount=high
            )

    def _call(self, i: int) -> None:
        owed = self.current_bet - self.bets[i]
        if owed <= 0:
            self._record(i, _CHECK, 0)
            return
        stack = self.stacks[i]
        if owed > stack:
            owed = stack
        self._move(i, owed)
        self._record(i, _CALL, owed)

    def _step(self) -> int:
        """The fixed-limit bet of this street: the small bet, then the big bet from the turn."""
        config = self.config
        return config.small_bet if self.street <= _FLOP else config.big_bet

    def _raise(self, i: int, to: int) -> None:
        added = to - self.bets[i]
        kind = _BET if self.current_bet == 0 else _RAISE
        if self.config.structure is _FIXED_LIMIT:
            self._count_fixed(to)
        else:
            increment = to - self.current_bet
            if increment >= self.min_increment:
                self.min_increment = increment
            self.raise_count += 1
        self.current_bet = to
        self.last_aggressor = i
        self._move(i, added)
        self._record(i, kind, added)

    def _count_fixed(self, to: int) -> None:
        """The standard limit rule for a bet or raise to ``to``: a complete one counts toward
        the cap and reopens the betting; an all-in short of it reopens only if it is at least
        half a bet above the last level that did, and never counts toward the cap."""
        step = self._step()
        if to - self._full_level >= step:
            self._full_level = to
            self._reopen_level = to
            self.raise_count += 1
        elif 2 * (to - self._reopen_level) >= step:
            self._reopen_level = to

    def _move(self, i: int, amount: int) -> None:
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contributions[i] += amount
        if self.stacks[i] == 0:
            self.all_in[i] = True

    def _record(self, i: int, kind: ActionKind, added: int) -> None:
        self._acted_at[i] = self.current_bet
        all_in = self.all_in[i] and added > 0
        self._pending.append((_ACTED, (i, kind, added, self.bets[i], all_in, self.street)))

    def _draw(self, count: int) -> tuple[Card, ...]:
        start = self._deck_pos
        self._deck_pos = start + count
        return self.deck[start : start + count]

    # ----------------------------------------------------------------- flow

    def _start(self) -> None:
        config = self.config
        n = self._n
        sb = config.small_blind_player
        bb = config.big_blind_player
        pending = self._pending
        pending.append((_STARTED, (config.button, sb, bb, tuple(self.stacks))))
        order = _ORDERS[n][self._first_left]
        ante = config.ante
        if ante and config.ante_mode is AnteMode.PER_PLAYER:
            for p in order:
                self._post_ante(p, ante)
        big_blind = config.big_blind
        self._post_blind(sb, config.small_blind, big=False)
        self._post_blind(bb, big_blind, big=True)
        for p in config.posts:
            self._post_blind(p, big_blind, big=True)
        if ante and config.ante_mode is AnteMode.BIG_BLIND:
            self._post_ante(bb, ante, dead=True)
        self.current_bet = big_blind
        self.raise_count = 1
        self.min_increment = big_blind
        self._full_level = self._reopen_level = big_blind
        first = self._deck_pos
        if config.burn and config.burn_hole:
            first += 1  # seeds 000 and 002: the dealer burns one before dealing
        # one card each from the button's left, then a second round
        deck = self.deck
        self._deck_pos = first + 2 * n
        hole: list[tuple[Card, ...]] = [()] * n
        for k, p in enumerate(order, first):
            cards = hole[p] = (deck[k], deck[k + n])
            pending.append((_HOLE, (p, cards)))
        self.hole = hole
        self._open_round((bb + 1) % n)

    def _post_ante(self, p: int, ante: int, *, dead: bool = False) -> None:
        """Post an ante; a big-blind ante is dead money for the main pot, not a stake."""
        amount = min(ante, self.stacks[p])
        if amount <= 0:
            return
        self.stacks[p] -= amount
        if dead:
            self.dead += amount
        else:
            self.contributions[p] += amount
        if self.stacks[p] == 0:
            self.all_in[p] = True
        self._pending.append((_ANTE, (p, amount, self.all_in[p])))

    def _post_blind(self, p: int, blind: int, *, big: bool) -> None:
        stack = self.stacks[p]
        amount = blind if blind < stack else stack
        if amount <= 0:
            return
        self._move(p, amount)
        self._pending.append((_BLIND, (p, amount, big, self.all_in[p])))

    def _open_round(self, start: int) -> None:
        """Give the turn to the first player from ``start`` on, clockwise, who must act; close
        the round when nobody must.

        A player must act who is neither folded nor all-in and either faces a bet they could
        still answer or has not acted yet while someone else could still answer them. One loop
        with the tests written out: it runs after every action.
        """
        n = self._n
        folded = self.folded
        all_in = self.all_in
        bets = self.bets
        acted_at = self._acted_at
        current = self.current_bet
        if True not in all_in:
            # Nobody is all-in, and two or more are still in (the callers' invariant): every
            # player still in has someone to answer them, and the tests below come down to
            # facing a bet or not having acted.
            for p in _ORDERS[n][start]:
                if not folded[p] and (bets[p] < current or acted_at[p] < 0):
                    self.to_act = p
                    return
            self._close_round()
            return
        for p in _ORDERS[n][start]:
            if folded[p] or all_in[p]:
                continue
            if bets[p] < current:
                # Below the current bet, p must act unless every other player still in is
                # all-in and none of them put in more than p: the current bet is then a big
                # blind nobody posted in full (a short or ante-emptied blind), and calling it
                # would only come back.
                top = 0
                for q in range(n):
                    if q != p and not folded[q]:
                        if not all_in[q]:
                            self.to_act = p
                            return
                        if bets[q] > top:
                            top = bets[q]
                if bets[p] < top:
                    self.to_act = p
                    return
            elif acted_at[p] < 0:
                # unacted but matched: p acts only if someone else could still respond
                for q in range(n):
                    if q != p and not folded[q] and not all_in[q]:
                        self.to_act = p
                        return
        self._close_round()

    def _close_round(self) -> None:
        self.to_act = None
        self._return_uncalled()
        live = list(compress(range(self._n), map(not_, self.folded)))
        if len(live) == 1:
            self._award_uncontested(live[0])
            return
        all_in = self.all_in
        street = self.street
        if street < _RIVER and len([p for p in live if not all_in[p]]) <= 1:
            if self.hold_run_out:
                self._hold(live)
                return
            self._run_out(live)
            return
        if street is _RIVER:
            self._showdown(live)
            return
        self._next_street()

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = max(bets)
        if top == 0:
            return
        leader = bets.index(top)
        second = max(bets[:leader] + bets[leader + 1 :])
        if top > second:
            extra = top - second
            bets[leader] -= extra
            self.contributions[leader] -= extra
            self.stacks[leader] += extra
            self.all_in[leader] = False
            self._pending.append((_RETURNED, (leader, extra)))

    def _deal_street(self) -> None:
        street = _NEXT_STREET[self.street]
        if self.config.burn:
            self._deck_pos += 1
        cards = self._draw(_BOARD_SIZES[street])
        board = self.board
        board.extend(cards)
        self.street = street
        self._pending.append((_BOARD, (street, cards, tuple(board), 1)))

    def _reset_round(self) -> None:
        n = self._n
        self.bets = [0] * n
        self._acted_at = [-1] * n
        self.current_bet = 0
        self.raise_count = 0
        self.last_aggressor = None
        self.min_increment = self.config.big_blind
        self._full_level = self._reopen_level = 0

    def _next_street(self) -> None:
        self._reset_round()
        self._deal_street()
        self._open_round(self._first_left)

    def _run_out(self, live: list[int]) -> None:
        """Betting is over with cards to come: hands are tabled, then the board is dealt."""
        self.ran_out = True
        for p in self._showdown_order(live):
            self._show(p)
        self._reset_round()
        while self.street < _RIVER:
            self._deal_street()
        self._showdown(live)

    def _hold(self, live: list[int]) -> None:
        """As :meth:`_run_out`, but stop with the hands face up until :meth:`run_out` says
        how many times to deal the rest of the board (``hold_run_out``: run it twice)."""
        self.ran_out = True
        self.held = True
        for p in self._showdown_order(live):
            self._show(p)
        self._reset_round()

    def run_out(self, runs: int = 1) -> list[Event]:
        """Deal a held run-out once, or twice with every pot split between the two boards
        (the rules are in :mod:`engine.runout`); returns the events it caused."""
        if not self.held:
            raise IllegalAction("no run-out is waiting to be dealt", code="no_run_out")
        if runs not in (1, 2):
            raise IllegalAction("the board runs once or twice", code="run_count", runs=runs)
        mark = len(self.events)
        self.held = False
        live = self.live_players()
        if runs == 2:
            self._run_twice(live)
        else:
            while self.street < _RIVER:
                self._deal_street()
            self._showdown(live)
        return self.events[mark:]

    def _run_twice(self, live: list[int]) -> None:
        """The first board is dealt as a single run-out would be; the second repeats the
        streets still to come with the next cards of the same deck, burning as the first did.
        Every pot is then awarded in halves, one on each board."""
        start = self.street
        second = list(self.board)
        while self.street < _RIVER:
            self._deal_street()
        street = start
        while street < _RIVER:
            street = _NEXT_STREET[street]
            if self.config.burn:
                self._deck_pos += 1
            cards = self._draw(_BOARD_SIZES[street])
            second.extend(cards)
            self._pending.append((_BOARD, (street, cards, tuple(second), 2)))
        self.second_board = tuple(second)
        self.values = self._values(live, self.board)
        self._award(self._final_pots(), (self.values, self._values(live, second)))

    def _showdown_order(self, live: list[int]) -> list[int]:
        start = self.last_aggressor if self.last_aggressor is not None else self._first_left
        return [p for p in _ORDERS[self._n][start] if p in live]  # clockwise from start

    def _show(self, p: int) -> None:
        if not self.shown[p]:
            self.shown[p] = True
            self._pending.append((_SHOWN, (p, self.hole[p])))

    def _values(self, live: list[int], board: Sequence[Card]) -> list[int]:
        """Every live player's hand value on ``board`` (-1 for the folded)."""
        values = [-1] * self._n
        for p in live:
            h = self.hole[p]
            values[p] = evaluate7((h[0], h[1], board[0], board[1], board[2], board[3], board[4]))
        return values

    def _final_pots(self) -> list[Pot]:
        """The pots once the betting is over: every contribution is capped."""
        live = [not f for f in self.folded]
        return _with_dead(build_pots(self.contributions, live, [True] * self._n), self.dead)

    def _award(self, pots: list[Pot], values: tuple[list[int], ...]) -> None:
        """Award ``pots`` on one board or two (:func:`engine.pots.award_pots`); the hand ends."""
        stacks = self.stacks
        for award in award_pots(pots, values, self._first_left, self._n):
            for p, share in zip(award.winners, award.shares):
                stacks[p] += share
            self._pending.append((_AWARDED, award))
        self._finish()

    def _showdown(self, live: list[int]) -> None:
        values = self._values(live, self.board)
        self.values = values
        pots = self._final_pots()
        if not self.ran_out:
            # In turn, a player shows a hand that ties or beats the best shown for some pot
            # they could win, and mucks one that cannot.
            best = [-1] * len(pots)
            pending = self._pending
            for p in self._showdown_order(live):
                value = values[p]
                mine = [k for k, pot in enumerate(pots) if p in pot.eligible]
                for k in mine:
                    if value >= best[k]:
                        break
                else:
                    pending.append((_MUCKED, (p,)))
                    continue
                self.shown[p] = True
                pending.append((_SHOWN, (p, self.hole[p])))
                for k in mine:
                    if value > best[k]:
                        best[k] = value
        self._award(pots, (values,))

    def _award_uncontested(self, p: int) -> None:
        amount = sum(self.contributions) + self.dead
        self.stacks[p] += amount
        self._pending.append((_AWARDED, (0, amount, (p,), (amount,), 0, 1)))
        self._finish()

    def _finish(self) -> None:
        self.street = _SHOWDOWN
        self.to_act = None
        stacks = tuple(self.stacks)
        net = tuple(map(sub, stacks, self.config.stacks))
        self._pending.append((_ENDED, (stacks, net)))


def _check_types(action: Action) -> None:
    if type(action.kind) is not ActionKind:
        raise IllegalAction(f"not a kind of move: {action.kind!r}", code="bad_kind")
    if type(action.player) is not int:
        raise IllegalAction(f"not a player: {action.player!r}", code="bad_player")
    amount = action.amount
    if amount is not None and type(amount) is not int:
        message = f"an amount is a whole number of chips, not {amount!r}"
        raise IllegalAction(message, code="bad_amount")


def _with_dead(pots: list[Pot], dead: int) -> list[Pot]:
    if dead:
        main = pots[0]
        pots[0] = Pot(amount=main.amount + dead, eligible=main.eligible)
    return pots


def replay(
    config: HandConfig,
    deck: Sequence[int],
    actions: Iterable[Action],
    *,
    run_count: int | None = None,
    watch: Callable[[Hand], object] | None = None,
) -> Hand:
    """Rebuild a hand from its three defining facts: the one replay that a table snapshot,
    a stored hand, the stats' backfill and a replay's pictures all call.

    ``run_count`` says whether the hand held its run-out (:attr:`Hand.hold_run_out`, to run
    it twice): ``None`` when it did not, so the board is dealt once as the betting ends; else
    the number of runs chosen, 1 or 2, dealt once the actions are in, or 0 while the choice is
    still open (the hand is left ``held``). ``watch`` is called with the hand as dealt and
    after every action, before a held run-out is dealt.
    """
    hand = Hand(config, deck)
    if run_count is not None:
        hand.hold_run_out = True
    if watch is None:
        apply = hand.apply  # the hot path: no event record is built unless it is read
        for action in actions:
            apply(action)
    else:
        watch(hand)
        for action in actions:
            hand.apply(action)
            watch(hand)
    if run_count and hand.held:
        hand.run_out(run_count)
    return hand
