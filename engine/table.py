"""One table and its session: seats, who is dealt in, the blinds, the end and the standings.

Pure and deterministic like the hand: no clock (every method that needs the time takes
``now``, seconds from any fixed origin), no randomness (the deck and, for the first button,
a random source are passed in). Players are opaque ids given by the application.

The rules this module chooses, where RULES.md leaves the choice to the house:

- **Seats** are numbered clockwise; a hand's players are the dealt-in seats in seat order.
- **The button** (:class:`~engine.rules.ButtonRule`): by default it moves one seat clockwise
  after every hand to the next player who can still play (seeds 000, 003, 004), and the two
  players after it post the blinds. Heads-up the button posts the small blind, and when a
  table shrinks to two, the last big blind takes the button so nobody posts the same blind
  twice in a row. The ``DEAD`` house rule moves the big blind instead, never skipping
  anyone. The first button of a table is passed in or drawn; later sessions carry it on.
- **Newcomers** seated before the session's first hand are dealt in at once. Later ones, and
  players back from sitting out while a hand was dealt, wait for the big blind: they are
  dealt in when it reaches their seat, and post it (or post a big blind to come in at once,
  under ``ReturnRule.POST``). Nobody waits when fewer than two could otherwise play.
- **Buy-ins** (:meth:`Table.buy_in_for`): within a session a member who left comes back with
  exactly what they left with; otherwise the house's :class:`~engine.rules.BuyIn` rule.
- **Leaving** between hands is immediate; during a hand it happens when the hand ends (the
  application folds for the player meanwhile). The stack goes with the player and still
  counts in the session's standings.
- **Empty stacks** (below ``min_stack_to_deal``, or 0) follow :class:`EmptyStackPolicy`.
- **The session ends** after a hand (or between hands) when its :class:`SessionEnd` is met,
  when an empty stack ends it (``NEW_SESSION``), or when a player has been knocked out and
  fewer than two can still take part. A time limit lets the hand in progress finish.
- **Corrections**: a table leader may void the hand in progress (every chip goes back, the
  hand does not count and is dealt again with the same blinds) or adjust a stack between
  hands, always with a reason; both are table events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from engine.blinds import Plan, Roles, from_button, next_plan
from engine.errors import SessionError
from engine.events import (
    BlindLevelChanged,
    Event,
    HandDealt,
    HandEnded,
    HandVoided,
    LeaderVoidedHand,
    PlayerLeft,
    PlayerSeated,
    Rebought,
    SessionEnded,
    SessionStarted,
    StackAdjusted,
    StatusChanged,
    TableEvent,
)
from engine.hand import Hand
from engine.rules import EmptyStackPolicy, HouseRules, SessionEnd
from engine.seats import Seat, SeatStatus, rank_standings

# The table's values and events are re-exported: what a table returns can be imported with it.
__all__ = [
    "BlindLevelChanged",
    "HandDealt",
    "LeaderVoidedHand",
    "PlayerLeft",
    "PlayerSeated",
    "Rebought",
    "Seat",
    "SeatStatus",
    "SessionStarted",
    "StatusChanged",
    "Table",
    "TableEvent",
    "rank_standings",
]


class Table:
    """A table's seats and session; hands are dealt with :meth:`start_hand` and settled
    with :meth:`finish_hand`.

    :attr:`log` holds the table's events since the last deal (each command also returns its
    own); it is not part of the saved state, which stays the same size however many hands
    are played: the hands themselves are stored on their own by the application.
    """

    # Slots: a live bot holds one per table, for as long as the table is open.
    __slots__ = (
        "directed", "ended", "hand", "hand_deck", "hand_plan", "hand_seats", "hands_played",
        "hands_total", "left", "level", "log", "redeal", "roles", "roles_before", "rules",
        "seats", "session", "started_at",
    )  # fmt: skip

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.seats: list[Seat | None] = [None] * rules.max_seats
        self.log: list[TableEvent] = []
        self.session = 1
        self.hands_played = 0
        self.hands_total = 0
        self.level = 0
        self.started_at: float | None = None
        self.ended: SessionEnded | None = None
        self.left: dict[str, int] = {}
        self.roles = Roles()
        self.redeal: Plan | None = None
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.hand_deck: tuple[int, ...] = ()
        self.hand_plan: Plan | None = None
        self.roles_before = self.roles
        self.directed = False
        """A tournament table: the tournament director decides who is dealt in and when the
        table closes, so the session never ends by itself (a table down to one player waits
        for the players the director moves in)."""

    @property
    def bb_seat(self) -> int | None:
        """The seat of the last hand's big blind (None before the first hand)."""
        return self.roles.big_blind

    # ----------------------------------------------------------------- queries

    def seat_of(self, player: str) -> int | None:
        for k, seat in enumerate(self.seats):
            if seat is not None and seat.player == player:
                return k
        return None

    def hand_player(self, player: str) -> int | None:
        """The player's index in the hand in progress, or None if they are not in it."""
        k = self.seat_of(player)
        if self.hand is None or k is None or k not in self.hand_seats:
            return None
        return self.hand_seats.index(k)

    def players(self) -> list[str]:
        return [s.player for s in self.seats if s is not None]

    def chips(self) -> dict[str, int]:
        """Every player's chips in this session (seated, or taken away when leaving)."""
        out = dict(self.left)
        for seat in self.seats:
            if seat is not None:
                out[seat.player] = seat.stack
        return out

    def standings(self) -> tuple[tuple[int, str, int], ...]:
        """``(place, player, chips)``; see :func:`rank_standings`."""
        return rank_standings(self.chips())

    def buy_in_for(self, player: str, requested: int | None = None) -> int:
        """The chips ``player`` sits down with now; raises :class:`SessionError` if they may
        not sit down, or not with ``requested`` (None: whatever the rules give).

        Within a session a member who left comes back with exactly what they left with, so
        nobody tops up by leaving; a member who left busted or below the minimum stays out
        for the session. Otherwise the house's :class:`~engine.rules.BuyIn` rule decides:
        by default the starting stack, equal for all.
        """
        if self.seat_of(player) is not None:
            raise SessionError(f"{player} is already seated", code="already_seated")
        if player in self.left:
            stack = self.left[player]
            if stack < self.rules.min_stack:
                raise SessionError(
                    f"{player} has too few chips to sit down this session", code="no_chips"
                )
            if requested is not None and requested != stack:
                raise SessionError(
                    f"{player} comes back with the {stack} they left with",
                    code="buy_in_returning",
                    amount=stack,
                )
            return stack
        low, high = self.rules.buy_in_range()
        if requested is None:
            return high
        if type(requested) is not int or not low <= requested <= high:
            if low == high:
                raise SessionError(
                    f"everyone sits down with {high}", code="buy_in_fixed", amount=high
                )
            raise SessionError(
                f"sit down with {low} to {high}", code="buy_in_range", low=low, high=high
            )
        return requested

    def _seat(self, player: str) -> tuple[int, Seat]:
        k = self.seat_of(player)
        if k is None:
            raise SessionError(f"{player} is not at this table", code="not_seated", player=player)
        seat = self.seats[k]
        assert seat is not None
        return k, seat

    def _set(self, k: int, seat: Seat | None) -> None:
        self.seats[k] = seat

    def _able(self, seat: Seat) -> bool:
        return seat.status is not SeatStatus.BUSTED and seat.stack >= self.rules.min_stack

    def _running(self) -> bool:
        """Whether this session has dealt a hand: newcomers then wait for the big blind."""
        return self.hands_played > 0 or self.hand is not None or self.redeal is not None

    # ----------------------------------------------------------------- seating

    def sit(self, player: str, *, seat: int | None = None, stack: int | None = None) -> int:
        """Seat a player (the first free seat unless ``seat`` is given); returns the seat.

        Without ``stack`` the player brings :meth:`buy_in_for` (what they left with earlier
        this session, or the house's buy-in); an explicit ``stack`` is the application's
        choice, which should come from :meth:`buy_in_for` too.
        A member sitting down once the session has dealt a hand waits for the big blind.
        """
        if self.seat_of(player) is not None:
            raise SessionError(f"{player} is already seated", code="already_seated")
        free = [k for k, s in enumerate(self.seats) if s is None]
        if seat is None:
            if not free:
                raise SessionError("the table is full", code="table_full")
            seat = free[0]
        elif not 0 <= seat < len(self.seats) or self.seats[seat] is not None:
            raise SessionError(f"seat {seat} is not free", code="seat_taken", seat=seat)
        if stack is None:
            stack = self.buy_in_for(player)
        if stack < self.rules.min_stack:
            raise SessionError(
                f"{player} has too few chips to sit down this session", code="no_chips"
            )
        waiting = self._running()
        self.left.pop(player, None)
        self._set(seat, Seat(player=player, stack=stack, waiting=waiting))
        self.log.append(PlayerSeated(seat=seat, player=player, stack=stack, waiting=waiting))
        return seat

    def leave(self, player: str) -> int | None:
        """Leave the table: returns the stack taken, or None if the player is in the hand in
        progress and leaves when it ends (see the :class:`PlayerLeft` event then)."""
        k, seat = self._seat(player)
        if self.hand is not None and k in self.hand_seats:
            self._set(k, replace(seat, leaving=True))
            return None
        self._remove(k, seat)
        return seat.stack

    def _remove(self, k: int, seat: Seat) -> None:
        self._set(k, None)
        self.left[seat.player] = seat.stack
        self.log.append(PlayerLeft(seat=k, player=seat.player, stack=seat.stack))

    def sit_out(self, player: str) -> None:
        """Not dealt in from the next hand on (the hand in progress is played out)."""
        k, seat = self._seat(player)
        if seat.status is not SeatStatus.ACTIVE:
            raise SessionError(f"{player} is not playing", code="not_active")
        self._set(k, replace(seat, status=SeatStatus.SITTING_OUT))
        self.log.append(StatusChanged(seat=k, player=player, status="sitting-out"))

    def sit_in(self, player: str) -> None:
        """Back from sitting out; a player who sat out while a hand was dealt waits for the
        big blind (or posts one, as the house's :class:`~engine.rules.ReturnRule` says)."""
        k, seat = self._seat(player)
        if seat.status is not SeatStatus.SITTING_OUT:
            raise SessionError(f"{player} is not sitting out", code="not_sitting_out")
        self._set(k, replace(seat, status=SeatStatus.ACTIVE))
        self.log.append(StatusChanged(seat=k, player=player, status="active"))

    # ----------------------------------------------------------------- the next hand

    def dealt_in(self) -> tuple[list[int], int | None]:
        """The seats the next hand would deal in, and its big-blind seat (None on the
        session's first hand, whose blinds follow from the button still to be drawn)."""
        plan = self._plan(None)
        if plan is None:
            return [], None
        return list(plan.seats), plan.big_blind

    def _at(self, k: int) -> Seat:
        seat = self.seats[k]
        assert seat is not None
        return seat

    def _candidates(self) -> list[int]:
        return [
            k
            for k, s in enumerate(self.seats)
            if s is not None and s.status is SeatStatus.ACTIVE and self._able(s)
        ]

    def _plan(self, button: int | None) -> Plan | None:
        """The next hand's seats and blinds, or None when fewer than two can play; with no
        earlier hand to follow, ``button`` (None: not drawn yet) places the button."""
        candidates = self._candidates()
        if len(candidates) < 2:
            return None
        redeal = self.redeal
        if redeal is not None and all(k in candidates for k in redeal.seats):
            return redeal
        roles = self.roles
        size = len(self.seats)
        if roles.button is None and roles.big_blind is None:
            if button is None:
                return Plan(seats=tuple(candidates), button=-1, big_blind=-1)
            return from_button(tuple(candidates), button)
        first = not self._running()
        live = [k for k in candidates if first or not self._at(k).waiting]
        players = {k: self._at(k).player for k in candidates}
        return next_plan(
            candidates=candidates, live=live, players=players, roles=roles, rules=self.rules,
            size=size,
        )  # fmt: skip

    def start_hand(
        self,
        deck: Sequence[int],
        now: float,
        *,
        button: int | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Deal the next hand from ``deck``. The session's first hand needs the button seat
        (``button``) or a random source to draw it (``rng``) unless an earlier session's
        button moves on; later hands ignore both. A refused deal changes nothing (only a
        session whose time is up ends, as :meth:`check_clock` would end it)."""
        if self.hand is not None:
            raise SessionError("a hand is in progress", code="hand_in_progress")
        self.check_clock(now)
        if self.ended is not None:
            raise SessionError("the session is over", code="session_over")
        plan = self._plan(None)
        if plan is None:
            raise SessionError("at least two players must be able to play", code="too_few")
        if plan.button < 0:
            if button is None:
                if rng is None:
                    raise SessionError("draw the first button", code="no_button")
                button = rng.choice(plan.seats)
            if button not in plan.seats:
                raise SessionError("the button must be on a dealt-in seat", code="button_seat")
            plan = from_button(plan.seats, button)
        started_at = now if self.started_at is None else self.started_at
        level = self.rules.level_at(elapsed=now - started_at, hands=self.hands_played)
        config = self.rules.hand_config(
            stacks=tuple(self._at(k).stack for k in plan.seats),
            button=plan.seats.index(plan.button),
            hand_number=self.hands_played,
            level=level,
        )
        if plan.posts:
            config = replace(config, posts=tuple(plan.seats.index(k) for k in plan.posts))
        hand = Hand(config, deck)  # the deck is checked here, before anything changes
        self._commit(plan, hand, started_at, level)
        return hand

    def _commit(self, plan: Plan, hand: Hand, started_at: float, level: int) -> None:
        self.log = []
        self.started_at = started_at
        if level != self.level:
            self.level = level
            small, big, ante = self.rules.blinds_at(level)
            self.log.append(
                BlindLevelChanged(level=level, small_blind=small, big_blind=big, ante=ante)
            )
        config = hand.config
        seats = plan.seats
        self.roles_before = self.roles
        self.roles = Roles(
            button=plan.button,
            big_blind=plan.big_blind,
            small_blind_player=self._at(seats[config.small_blind_player]).player,
            big_blind_player=self._at(seats[config.big_blind_player]).player,
            heads_up=len(seats) == 2,
        )
        self.redeal = None
        for k, seat in enumerate(self.seats):
            if seat is None:
                continue
            if k in seats:
                if seat.waiting:
                    self._set(k, replace(seat, waiting=False))
            elif seat.status is SeatStatus.SITTING_OUT or seat.waiting:
                # sat out (or waited) while a hand was dealt: back only at the big blind
                self._set(k, replace(seat, waiting=True))
        self.hand = hand
        self.hand_seats = seats
        self.hand_deck = hand.deck  # the hand's own tuple: its cards are ints
        self.hand_plan = plan
        self.log.append(
            HandDealt(
                hand_number=self.hands_played,
                seats=seats,
                button_seat=plan.button,
                structure=config.structure.value,
            )
        )

    # ----------------------------------------------------------------- after the hand

    def _settle(self, stacks: Sequence[int]) -> None:
        for k, stack in zip(self.hand_seats, stacks):
            self._set(k, replace(self._at(k), stack=stack))
        self.hand = None
        self.hand_seats = ()
        self.hand_deck = ()
        self.hand_plan = None
        for k, seat in enumerate(self.seats):
            if seat is not None and seat.leaving:
                self._remove(k, replace(seat, leaving=False))

    def finish_hand(self, now: float) -> list[TableEvent]:
        """Settle the finished hand: stacks back to the seats, leavers out, the empty-stack
        policy, the hand count, the end of the session. Returns the table events."""
        hand = self.hand
        if hand is None or not hand.is_over:
            raise SessionError("no finished hand to settle", code="hand_not_over")
        if hand.voided:
            raise SessionError("a voided hand is settled by void_hand", code="hand_voided")
        mark = len(self.log)
        ended = hand.events[-1]
        assert isinstance(ended, HandEnded)
        self._settle(ended.stacks)
        self.hands_played += 1
        self.hands_total += 1
        emptied = self._empty_stacks()
        self._check_end(now, emptied=emptied)
        return self.log[mark:]

    def _empty_stacks(self) -> bool:
        policy = self.rules.empty_stack
        emptied = False
        for k, seat in enumerate(self.seats):
            if seat is None or seat.status is SeatStatus.BUSTED or self._able(seat):
                continue
            emptied = True
            if policy is EmptyStackPolicy.SIT_OUT:
                self._set(k, replace(seat, status=SeatStatus.BUSTED))
                self.log.append(StatusChanged(seat=k, player=seat.player, status="busted"))
            elif policy is EmptyStackPolicy.REBUY:
                top = self.rules.starting_stack
                self._set(k, replace(seat, stack=top))
                self.log.append(
                    Rebought(seat=k, player=seat.player, added=top - seat.stack, stack=top)
                )
        return emptied

    def check_clock(self, now: float) -> SessionEnded | None:
        """End the session if its time is up and no hand is in progress."""
        if self.hand is None:
            self._check_end(now, emptied=False)
        return self.ended

    def _check_end(self, now: float, *, emptied: bool) -> None:
        if self.ended is not None or self.directed:
            return
        rules = self.rules
        end = rules.session_end
        seated = [s for s in self.seats if s is not None]
        able = sum(1 for s in seated if self._able(s))
        knocked_out = any(not self._able(s) for s in seated)
        reason = None
        if emptied and rules.empty_stack is EmptyStackPolicy.NEW_SESSION:
            reason = "empty_stack"
        elif end is SessionEnd.AFTER_HANDS and self.hands_played >= rules.end_after:
            reason = "hands"
        elif (
            end is SessionEnd.AFTER_MINUTES
            and self.started_at is not None
            and now - self.started_at >= 60 * rules.end_after
        ):
            reason = "time"
        elif knocked_out and able < 2:
            reason = "one_player_left" if end is SessionEnd.ONE_PLAYER_LEFT else "too_few_players"
        if reason is not None:
            self._end(reason)

    def _end(self, reason: str) -> None:
        self.ended = SessionEnded(
            session=self.session,
            reason=reason,
            hands=self.hands_played,
            standings=self.standings(),
        )
        self.log.append(self.ended)

    def close_session(self) -> SessionEnded:
        """End the session now (between hands), whatever its rule says."""
        if self.hand is not None:
            raise SessionError("a hand is in progress", code="hand_in_progress")
        if self.ended is None:
            self._end("closed")
        assert self.ended is not None
        return self.ended

    def new_session(self) -> SessionStarted:
        """After a session ended: a new one with the starting stack for every seated player
        (knocked-out players play again); the button keeps moving."""
        if self.ended is None:
            raise SessionError("the session is not over", code="session_not_over")
        self.session += 1
        self.hands_played = 0
        self.level = 0
        self.started_at = None
        self.ended = None
        self.left = {}
        self.redeal = None
        stack = self.rules.starting_stack
        for k, seat in enumerate(self.seats):
            if seat is not None:
                status = SeatStatus.ACTIVE if seat.status is SeatStatus.BUSTED else seat.status
                self._set(k, replace(seat, stack=stack, status=status, waiting=False))
        event = SessionStarted(session=self.session, stack=stack)
        self.log.append(event)
        return event

    # ----------------------------------------------------------------- corrections

    def void_hand(self, reason: str, *, by: str, now: float) -> list[Event]:
        """A table leader voids the hand in progress: every contribution goes back, the hand
        does not count, and the next hand is dealt with the same blinds."""
        hand = self.hand
        if hand is None:
            raise SessionError("no hand is in progress", code="no_hand")
        if not reason.strip():
            raise SessionError("say why the hand is voided", code="reason_missing")
        events = hand.void(reason)
        voided = events[-1]
        assert isinstance(voided, HandVoided)
        self.log.append(
            LeaderVoidedHand(
                hand_number=self.hands_played, reason=reason, by=by, refunds=voided.refunds
            )
        )
        # The same players are dealt in again with the same blinds, whoever sat down since.
        self.redeal = self.hand_plan
        self.roles = self.roles_before
        self._settle(voided.stacks)
        self._check_end(now, emptied=False)
        return events

    def adjust_stack(
        self,
        player: str,
        *,
        reason: str,
        by: str,
        to: int | None = None,
        delta: int | None = None,
    ) -> StackAdjusted:
        """A table leader sets a stack (``to``) or changes it (``delta``) between hands."""
        if self.hand is not None:
            raise SessionError("stacks are adjusted between hands", code="hand_in_progress")
        if not reason.strip():
            raise SessionError("say why the stack is adjusted", code="reason_missing")
        if (to is None) == (delta is None):
            raise SessionError("give either a new stack or a change", code="adjust_amount")
        k, seat = self._seat(player)
        after = to if to is not None else seat.stack + (delta or 0)
        if after < 0:
            raise SessionError("a stack cannot be negative", code="negative_stack")
        self._set(k, replace(seat, stack=after))
        event = StackAdjusted(
            seat=k, player=player, before=seat.stack, after=after, reason=reason, by=by
        )
        self.log.append(event)
        return event
