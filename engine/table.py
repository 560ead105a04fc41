"""One table and its session: seats, who is dealt in, the blinds, the end and the standings.

Pure and deterministic like the hand: no clock (every method that needs the time takes
``now``, seconds from any fixed origin), no randomness (the deck and, for the first button,
a random source are passed in). Players are opaque ids given by the application.

The rules this module chooses, where RULES.md leaves the choice to the house:

- **Seats** are numbered clockwise; a hand's players are the dealt-in seats in seat order.
- **The big blind never skips a player.** It moves each hand to the next seat clockwise that
  can be dealt in; the small blind and the button are the two dealt-in seats before it
  (heads-up: the button is the other player and posts the small blind). With nobody coming or
  going this is exactly "the button moves one seat clockwise after every hand", passing over
  empty and sitting-out seats; when a player leaves from the blinds the button may stay put
  for one hand, so that nobody skips the big blind. The first button is passed in or drawn.
- **Newcomers** seated before the session's first hand are dealt in at once. Later ones wait
  for the big blind: they are dealt in when it reaches their seat, and post it. A player who
  sits out while the big blind passes their seat waits for it in the same way on return.
  Either waits no longer when fewer than two players could otherwise play.
- **Leaving** between hands is immediate; during a hand it happens when the hand ends (the
  application folds for the player meanwhile). The stack goes with the player and still
  counts in the session's standings.
- **Empty stacks** (below ``min_stack_to_deal``, or 0) follow :class:`EmptyStackPolicy`.
- **The session ends** after a hand (or between hands) when its :class:`SessionEnd` is met,
  when an empty stack ends it (``NEW_SESSION``), or when a player has been knocked out and
  fewer than two can still take part. A time limit lets the hand in progress finish.
- **Corrections**: a table leader may void the hand in progress (every chip goes back, the
  hand does not count and is dealt again with the same blinds) or adjust a stack between
  hands, always with a reason; both are recorded in :attr:`Table.log`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .errors import SessionError
from .events import Event, HandEnded, HandVoided, SessionEnded, StackAdjusted
from .hand import Hand
from .rules import EmptyStackPolicy, HouseRules, SessionEnd
from .seating import (
    BlindLevelChanged,
    HandDealt,
    LeaderVoidedHand,
    PlayerLeft,
    PlayerSeated,
    Rebought,
    Seat,
    SeatStatus,
    SessionStarted,
    StatusChanged,
    TableEvent,
    rank_standings,
)

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


def _next_seat(after: int, seats: Sequence[int], size: int) -> int:
    """The first of ``seats`` strictly clockwise after seat ``after``."""
    return min(seats, key=lambda s: (s - after - 1) % size)


class Table:
    """A table's seats and session; hands are dealt with :meth:`start_hand` and settled
    with :meth:`finish_hand`. Every change is appended to :attr:`log`."""

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
        self.bb_seat: int | None = None
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.hand_deck: tuple[int, ...] = ()

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

    # ----------------------------------------------------------------- seating

    def sit(self, player: str, *, seat: int | None = None, stack: int | None = None) -> int:
        """Seat a player (the first free seat unless ``seat`` is given); returns the seat.

        The stack is the starting stack, or what the player left with earlier this session.
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
            stack = self.left.pop(player, self.rules.starting_stack)
        if stack < self.rules.min_stack:
            raise SessionError(
                f"{player} has too few chips to sit down this session", code="no_chips"
            )
        waiting = self.bb_seat is not None
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
        """Back from sitting out (waiting for the big blind if it passed meanwhile)."""
        k, seat = self._seat(player)
        if seat.status is not SeatStatus.SITTING_OUT:
            raise SessionError(f"{player} is not sitting out", code="not_sitting_out")
        self._set(k, replace(seat, status=SeatStatus.ACTIVE))
        self.log.append(StatusChanged(seat=k, player=player, status="active"))

    # ----------------------------------------------------------------- the next hand

    def dealt_in(self) -> tuple[list[int], int | None]:
        """The seats the next hand would deal in, and its big-blind seat (None on the first
        hand: it follows from the button)."""
        candidates = [
            k
            for k, s in enumerate(self.seats)
            if s is not None and s.status is SeatStatus.ACTIVE and self._able(s)
        ]
        if len(candidates) < 2:
            return [], None
        if self.bb_seat is None:
            return candidates, None
        bb = _next_seat(self.bb_seat, candidates, len(self.seats))
        dealt = [k for k in candidates if k == bb or not self._at(k).waiting]
        if len(dealt) < 2:
            dealt = candidates
        return dealt, bb

    def _at(self, k: int) -> Seat:
        seat = self.seats[k]
        assert seat is not None
        return seat

    def start_hand(
        self,
        deck: Sequence[int],
        now: float,
        *,
        button: int | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Deal the next hand from ``deck``. The session's first hand needs the button seat
        (``button``) or a random source to draw it (``rng``); later hands ignore both."""
        if self.hand is not None:
            raise SessionError("a hand is in progress", code="hand_in_progress")
        self.check_clock(now)
        if self.ended is not None:
            raise SessionError("the session is over", code="session_over")
        dealt, bb = self.dealt_in()
        if not dealt:
            raise SessionError("at least two players must be able to play", code="too_few")
        n = len(dealt)
        if bb is None:
            if button is None:
                if rng is None:
                    raise SessionError("draw the first button", code="no_button")
                button = rng.choice(dealt)
            if button not in dealt:
                raise SessionError("the button must be on a dealt-in seat", code="button_seat")
            index = dealt.index(button)
            bb = dealt[(index + (1 if n == 2 else 2)) % n]
        b = dealt.index(bb)
        button_index = (b - (1 if n == 2 else 2)) % n
        self._pass_over(bb, dealt)
        if self.started_at is None:
            self.started_at = now
        level = self.rules.level_at(elapsed=now - self.started_at, hands=self.hands_played)
        if level != self.level:
            self.level = level
            small, big, ante = self.rules.blinds_at(level)
            self.log.append(
                BlindLevelChanged(level=level, small_blind=small, big_blind=big, ante=ante)
            )
        config = self.rules.hand_config(
            stacks=tuple(self._at(k).stack for k in dealt),
            button=button_index,
            hand_number=self.hands_played,
            level=self.level,
        )
        hand = Hand(config, deck)
        self.bb_seat = bb
        for k in dealt:
            if self._at(k).waiting:
                self._set(k, replace(self._at(k), waiting=False))
        self.hand = hand
        self.hand_seats = tuple(dealt)
        self.hand_deck = tuple(int(c) for c in deck)
        self.log.append(
            HandDealt(
                hand_number=self.hands_played,
                seats=self.hand_seats,
                button_seat=dealt[button_index],
                structure=config.structure.value,
            )
        )
        return hand

    def _pass_over(self, bb: int, dealt: list[int]) -> None:
        """Players sitting out whose seat the big blind passes must wait for it on return."""
        if self.bb_seat is None:
            return
        size = len(self.seats)
        for k, seat in enumerate(self.seats):
            if seat is None or k in dealt or seat.status is not SeatStatus.SITTING_OUT:
                continue
            if 0 < (k - self.bb_seat) % size < (bb - self.bb_seat) % size:
                self._set(k, replace(seat, waiting=True))

    # ----------------------------------------------------------------- after the hand

    def _settle(self, stacks: Sequence[int]) -> None:
        for k, stack in zip(self.hand_seats, stacks):
            self._set(k, replace(self._at(k), stack=stack))
        self.hand = None
        self.hand_seats = ()
        self.hand_deck = ()
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
        if self.ended is not None:
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
        stack = self.rules.starting_stack
        for k, seat in enumerate(self.seats):
            if seat is not None:
                status = SeatStatus.ACTIVE if seat.status is SeatStatus.BUSTED else seat.status
                self._set(k, replace(seat, stack=stack, status=status))
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
        # The big blind stays where it was: the same blinds are posted again.
        seats = self.hand_seats
        self.bb_seat = seats[(seats.index(self.bb_seat or 0) - 1) % len(seats)]
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

    # ----------------------------------------------------------------- storage

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot; the hand in progress is stored as config, deck and actions."""
        from .session import table_to_dict

        return table_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """The inverse of :meth:`to_dict` (the hand in progress is replayed)."""
        from .session import table_from_dict

        return table_from_dict(data)
