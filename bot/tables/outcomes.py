"""What a table command reports: one frozen record, built under the table's lock.

Every :class:`~bot.tables.service.TableService` command returns an :class:`Outcome` and hands the
same record to the service's listener, so whatever made the move (a slash command, a button,
a leave, a timeout, a restore) the bot's loop for that table sees it, in order. Nothing in
here refers to a live engine object: the public state of the table (:class:`TableState`) is
copied out as values, hole cards travel only in :attr:`Outcome.private`, each marked with its
owner, and the showdown carries only the cards that were shown.

The records fill their slots directly (:func:`engine.events.quick_init`): every move makes a
table state, a turn, a seat or two and an outcome on the event loop, under the table's lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.store.records import stand_in_name
from bot.tables.runouts import RunoutSpot
from engine import Action, HouseRules, LegalActions, SeatStatus, Street
from engine.events import Event, SessionEnded, quick_init
from engine.table import TableEvent

__all__ = [
    "BlindRole",
    "Outcome",
    "OutcomeKind",
    "PotState",
    "PotWon",
    "PrivateCards",
    "RunTwiceAsk",
    "SeatState",
    "Showdown",
    "ShownHand",
    "TableState",
    "TurnState",
]


class OutcomeKind(Enum):
    """What the command was; the loop decides what the table sees from it."""

    OPENED = "opened"
    JOINED = "joined"
    LEFT = "left"
    SAT_OUT = "sat-out"
    SAT_IN = "sat-in"
    DEALT = "dealt"
    ACTED = "acted"
    TIMED_OUT = "timed-out"
    STOPPED = "stopped"
    RESTORED = "restored"
    RUN_CHOICE = "run-choice"
    """A player agreed to run it twice, or the time to agree ran out."""
    MESSAGE_KEPT = "message-kept"
    SEATED = "seated"
    """The tournament director seated, moved or removed players between hands."""


class BlindRole(Enum):
    SMALL = "small"
    BIG = "big"


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class SeatState:
    """One occupied seat as everyone at the table sees it.

    ``stack`` and ``bet`` are live during a hand (the hand's own stacks); ``player`` is the
    member's index in the hand in progress, ``None`` when not dealt in. ``shown`` holds the
    hole cards only once they were tabled.
    """

    seat: int
    member: int
    name: str
    stack: int
    seat_stack: int = 0
    """The stack the member sat down to this hand with (chips in the pot still count as
    theirs until the hand is settled)."""
    bet: int = 0
    status: SeatStatus = SeatStatus.ACTIVE
    player: int | None = None
    folded: bool = False
    all_in: bool = False
    waiting: bool = False
    leaving: bool = False
    is_button: bool = False
    blind: BlindRole | None = None
    shown: tuple[str, ...] | None = None

    @property
    def in_hand(self) -> bool:
        """Dealt in and not folded."""
        return self.player is not None and not self.folded


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class PotState:
    amount: int
    eligible: tuple[int, ...]
    """The members who can win it."""


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class TurnState:
    """Whose turn it is and what they may do; ``seq`` is the number of actions taken in the
    hand so far, so a button or form made for this turn names exactly this decision."""

    member: int
    hand_id: int
    seq: int
    legal: LegalActions
    deadline: float | None
    turn_seconds: int
    pot_total: int

    def suggested_amounts(self) -> tuple[int, ...]:
        """Minimum raise, half pot, pot and all-in, within what the player may raise to."""
        low, high = self.legal.min_raise_to, self.legal.max_raise_to
        if low is None or high is None:
            return ()
        pot = self.pot_total + self.legal.to_call
        current = self.legal.current_bet
        candidates = (low, current + pot // 2, current + pot, high)
        return tuple(sorted({c for c in candidates if low <= c <= high}))


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class RunTwiceAsk:
    """An all-in run-out waiting for the players with chips at risk (``members``) to agree to
    run it twice by ``deadline``; ``agreed`` have. Silence is no."""

    hand_id: int
    members: tuple[int, ...]
    agreed: tuple[int, ...]
    deadline: float


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class TableState:
    """The public side of a table at one moment: what a spectator may know."""

    table_id: str
    guild_id: int
    channel_id: int
    rules: HouseRules
    preset: str | None
    host: int | None
    level: int
    small_blind: int
    big_blind: int
    ante: int
    seats: tuple[SeatState | None, ...]
    hands_played: int
    session: int
    session_over: bool
    hand_id: int | None = None
    hand_members: tuple[int, ...] = ()
    """The members of the hand in progress, in the hand's player order."""
    street: Street | None = None
    board: tuple[str, ...] = ()
    pots: tuple[PotState, ...] = ()
    pot_total: int = 0
    turn: TurnState | None = None
    messages: tuple[tuple[str, int, int], ...] = ()
    """The table's own messages the bot keeps: ``(kind, channel id, message id)``."""
    practice: bool = False
    """A practice table (a computer player sat down): its chips come from no wallet."""
    buy_in: int | None = None
    """What the host sat down with when the table opened."""
    names: tuple[tuple[int, str], ...] = ()
    """Display names of everyone who sat at the table, as they gave them (also after they
    left, so the hand they left from can still be told)."""
    run_twice: RunTwiceAsk | None = None
    """The run-it-twice question open in the hand in progress (house rule ``ask``)."""
    event: int | None = None
    """The tournament this table belongs to (its seats and deals are the director's)."""
    event_table: int | None = None
    """The table's number in its tournament."""
    event_level: int | None = None
    """The tournament's blind level of the last hand dealt here."""

    @property
    def in_hand(self) -> bool:
        return self.hand_id is not None

    def seat_of(self, member: int) -> SeatState | None:
        return next((s for s in self.seats if s is not None and s.member == member), None)

    def occupied(self) -> tuple[SeatState, ...]:
        return tuple(s for s in self.seats if s is not None)

    def name_of(self, member: int) -> str:
        """The member's display name at this table, or a short stand-in from their id."""
        found = next((n for m, n in self.names if m == member), None)
        return found if found else stand_in_name(member)

    def names_of(self, members: Sequence[int]) -> list[str]:
        """:meth:`name_of` of each of ``members``, the names looked up once for them all."""
        named = dict(reversed(self.names))  # a member's first name, as name_of finds it
        return [named.get(m) or stand_in_name(m) for m in members]

    def message(self, kind: str) -> tuple[int, int] | None:
        """``(channel id, message id)`` of the kept message of that kind."""
        return next(((c, m) for k, c, m in self.messages if k == kind), None)


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class PotWon:
    """What one hand took from one pot (0 = main, 1 = side pot 1, ...) on one board (``run``
    1, or 2 for the second board of a hand run twice)."""

    pot: int
    amount: int
    run: int = 1


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class ShownHand:
    member: int
    name: str
    cards: tuple[str, ...]
    won: int
    won_by_board: tuple[int, ...] = ()
    """What they won on each board of a hand run twice (``won`` is the sum); empty when the
    board ran once."""
    won_by_pot: tuple[PotWon, ...] = ()
    """Where ``won`` came from, pot by pot (board by board when run twice), in the order the
    pots were awarded; the showdown picture names each pot."""


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class Showdown:
    """The end of a hand whose cards were tabled: the board and every hand shown."""

    hand_id: int
    board: tuple[str, ...]
    hands: tuple[ShownHand, ...]
    second_board: tuple[str, ...] = ()
    """The second board of a hand run twice (``board`` is the first)."""
    pot_count: int = 1
    """How many pots the hand awarded (the main pot and its side pots), so a lone pot is
    named "Pot" and the first of several "Main pot"."""


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class PrivateCards:
    """One member's hole cards in one hand: for that member's eyes only."""

    member: int
    hand_id: int
    cards: tuple[str, ...]


@quick_init
@dataclass(frozen=True, kw_only=True, slots=True)
class Outcome:
    """What one command did and how the table stands after it.

    ``serial`` counts the table's outcomes, so a consumer can tell their order. ``request``
    is the caller's opaque correlation id (a bot passes its interaction id) so whoever made
    the move can be answered by whoever shows it. ``hand_id`` and ``hand_members`` describe
    the hand the ``events`` belong to, which may have just ended (``hand_over``); ``state`` is
    the table after the command, so it may already be between hands. ``private`` carries the
    hole cards of the hand in progress, one record per member.
    """

    kind: OutcomeKind
    table_id: str
    serial: int
    state: TableState
    actor: int | None = None
    request: int | None = None
    action: Action | None = None
    hand_id: int | None = None
    hand_members: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()
    table_events: tuple[TableEvent, ...] = ()
    hand_over: bool = False
    showdown: Showdown | None = None
    private: tuple[PrivateCards, ...] = ()
    sat_out: tuple[int, ...] = ()
    """Members the command sat out (a second timeout in a row)."""
    folded_for: tuple[int, ...] = ()
    """Members folded by the table, not by their own move (they had left the table)."""
    cashed_out: tuple[tuple[int, int], ...] = ()
    """``(member, chips)`` returned to wallets by this command."""
    voided_hand: int | None = None
    stack: int | None = None
    """The actor's stack after a join, or what a leave took away."""
    refilled: int = 0
    """Chips the house's refill policy paid into the actor's wallet before a join's buy-in
    (told to them privately: the house's chips, not a hand's)."""
    closed: bool = False
    """The table is gone (stopped): its loop ends after showing this."""
    commitment: str | None = None
    """The deck's commitment of the hand this outcome dealt (:func:`engine.fair.commit`):
    shown before the first action, its deck and salt revealed by the hand's history."""
    runout: RunoutSpot | None = None
    """The all-in run-out this outcome ended the hand with, for the odds at each street."""
    runs: int | None = None
    """How many boards this outcome chose to deal (1 or 2) for a held run-out."""

    @property
    def session_ended(self) -> SessionEnded | None:
        return next((e for e in self.table_events if isinstance(e, SessionEnded)), None)

    def cards_of(self, member: int) -> PrivateCards | None:
        return next((p for p in self.private if p.member == member), None)
