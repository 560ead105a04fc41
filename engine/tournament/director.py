"""The tournament director: a pure function from an event's state and one input to the next
state and the decisions taken.

:func:`apply` never changes the state it is given; chance comes only from the event's seed
and the number of inputs applied before, so :func:`replay` of an event's inputs gives the
same states and decisions on any machine. The application stores each input before acting
on what :func:`apply` returns.

A table asks to deal with :class:`HandStarting`; the director deals it
(:class:`HandDealt`) or holds it (:class:`HandHeld`) and deals it by itself, in the
decisions of a later input, once the hold is over. After every input the director settles
the room in this order: tables that must break or be redrawn, balancing, hand-for-hand,
the end of the event, then the held tables that can now deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from engine.errors import SessionError
from engine.tournament.config import BreakOrder, Clock, EventConfig
from engine.tournament.payouts import prizes
from engine.tournament.places import Out, finishing_groups, pay
from engine.tournament.records import (
    Bust,
    ClockTicked,
    Decision,
    EditEvent,
    EventFinished,
    EventStarted,
    HandDealt,
    HandFinished,
    HandForHand,
    HandHeld,
    HandStarting,
    HoldReason,
    Input,
    PlaceFinished,
    Registered,
    RegistrationClosed,
    Start,
    TableBroken,
    TableOpened,
    Unregistered,
)
from engine.tournament.rulings import Pending, apply_pending, edit, rule
from engine.tournament.schedule import announce_level, hand_counted, read_clock
from engine.tournament.seating import balance_once, break_table, draw, redraw, seat_late
from engine.tournament.tables import TableState, dealt, plan

__all__ = ["EventState", "Phase", "apply", "new_event", "replay"]


class Phase(Enum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True, kw_only=True, slots=True)
class EventState:
    """Everything the director knows of an event, never changed in place.

    ``chips`` are the players still in (with their stacks before any hand in progress);
    ``entries`` counts each player's entries; ``break_order`` lists the tables still open,
    the next to break first; ``ready`` are the tables held that asked to deal; ``round`` the
    tables that have played their hand-for-hand hand of the round (``round_closed``: no other
    table may join it, its hands began before hand-for-hand), ``round_outs`` its busts;
    ``unplaced`` the busts while registration is open (placed when it closes), in order;
    ``places`` every place finished so far (``placed`` places in all); ``last_table`` the
    highest table number used (a table opened later takes the next, never a broken
    table's); ``seconds`` the latest reading of the clock (an older one is ignored);
    ``paused`` while the director holds play, ``pending`` the director's rulings waiting
    for a hand's end (:mod:`engine.tournament.rulings`)."""

    config: EventConfig
    phase: Phase = Phase.REGISTERING
    steps: int = 0
    registered: tuple[str, ...] = ()
    entries: Mapping[str, int] = field(default_factory=dict)
    total_entries: int = 0
    chips: Mapping[str, int] = field(default_factory=dict)
    tables: Mapping[int, TableState] = field(default_factory=dict)
    break_order: tuple[int, ...] = ()
    registration_open: bool = True
    level: int = 1
    on_break: bool = False
    break_until: float | None = None
    hand_for_hand: bool = False
    round: frozenset[int] = frozenset()
    round_closed: bool = False
    round_outs: tuple[Out, ...] = ()
    unplaced: tuple[tuple[Out, ...], ...] = ()
    prizes: tuple[int, ...] = ()
    places: tuple[PlaceFinished, ...] = ()
    ready: frozenset[int] = frozenset()
    last_table: int = 0
    placed: int = 0
    seconds: float = 0.0
    paused: bool = False
    pending: tuple[Pending, ...] = ()

    @property
    def pool(self) -> int:
        return self.config.buy_in * self.total_entries

    def table_of(self, player: str) -> TableState | None:
        for table in self.tables.values():
            if player in table.seats:
                return table
        return None


def new_event(config: EventConfig) -> EventState:
    """An event open for registration."""
    return EventState(config=config)


def replay(config: EventConfig, inputs: Iterable[Input]) -> tuple[EventState, list[Decision]]:
    """The state after ``inputs`` and every decision taken on the way."""
    state = new_event(config)
    decisions: list[Decision] = []
    for item in inputs:
        state, taken = apply(state, item)
        decisions.extend(taken)
    return state, decisions


def apply(state: EventState, item: Input) -> tuple[EventState, tuple[Decision, ...]]:
    """The state after ``item`` and the decisions it brings. Raises
    :class:`~engine.errors.SessionError` (nothing changes) for an input that is not possible
    now: registering twice, a hand finished at a table not dealing, chips that do not add up."""
    work = _Work(state)
    if isinstance(item, Registered):
        work.register(item.player)
    elif isinstance(item, Unregistered):
        work.unregister(item.player)
    elif isinstance(item, Start):
        work.start()
    elif isinstance(item, HandStarting):
        work.hand_starting(item.table)
    elif isinstance(item, HandFinished):
        work.hand_finished(item.table, item.stacks)
    elif isinstance(item, ClockTicked):
        if work.phase is Phase.RUNNING and read_clock(work, item.seconds):
            work.settle()
    elif isinstance(item, EditEvent):
        if work.phase is not Phase.REGISTERING:
            raise _error("the event has started", "tournament_started")
        edit(work, item.config, registered=len(work.registered))
    elif work.phase is not Phase.RUNNING:
        raise _error("the event is not running", "tournament_not_running")
    elif rule(work, item):
        work.phase = Phase.FINISHED
    return work.freeze(), tuple(work.out)


def _error(message: str, code: str) -> SessionError:
    return SessionError(message, code=code)


class _Work:
    """One input's working copy of the state: changed freely, frozen at the end."""

    def __init__(self, state: EventState) -> None:
        self.state = state
        self.config = state.config
        self.phase = state.phase
        self.registered = list(state.registered)
        self.entries = dict(state.entries)
        self.total_entries = state.total_entries
        self.chips = dict(state.chips)
        self.tables = dict(state.tables)
        self.break_order = list(state.break_order)
        self.registration_open = state.registration_open
        self.level = state.level
        self.on_break = state.on_break
        self.break_until = state.break_until
        self.hand_for_hand = state.hand_for_hand
        self.round = set(state.round)
        self.round_closed = state.round_closed
        self.round_outs = list(state.round_outs)
        self.unplaced = list(state.unplaced)
        self.prizes = state.prizes
        self.places = list(state.places)
        self.placed = state.placed
        self.ready = set(state.ready)
        self.last_table = state.last_table
        self.seconds = state.seconds
        self.paused = state.paused
        self.pending: list[Pending] = list(state.pending)
        self.out: list[Decision] = []
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(f"{self.config.seed}/{self.state.steps}")
        return self._rng

    def freeze(self) -> EventState:
        return replace(
            self.state,
            phase=self.phase,
            config=self.config,
            steps=self.state.steps + 1,
            registered=tuple(self.registered),
            entries=self.entries,
            total_entries=self.total_entries,
            chips=self.chips,
            tables=self.tables,
            break_order=tuple(self.break_order),
            registration_open=self.registration_open,
            level=self.level,
            on_break=self.on_break,
            break_until=self.break_until,
            hand_for_hand=self.hand_for_hand,
            round=frozenset(self.round),
            round_closed=self.round_closed,
            round_outs=tuple(self.round_outs),
            unplaced=tuple(self.unplaced),
            prizes=self.prizes,
            places=tuple(self.places),
            ready=frozenset(self.ready),
            last_table=self.last_table,
            placed=self.placed,
            seconds=self.seconds,
            paused=self.paused,
            pending=tuple(self.pending),
        )

    # --- registration -------------------------------------------------------------------------

    def register(self, player: str) -> None:
        if self.phase is Phase.FINISHED or not self.registration_open:
            raise _error("registration is closed", "tournament_closed")
        if player in self.chips or player in self.registered:
            raise _error(f"{player} is already in the event", "tournament_registered")
        cap = self.config.max_entries
        if cap is not None and self.total_entries + len(self.registered) >= cap:
            raise _error("the event is full", "tournament_full")
        if self.phase is Phase.REGISTERING:
            self.registered.append(player)
            if self.config.start_when is not None and len(self.registered) >= (
                self.config.start_when
            ):
                self.start()
            return
        entries = self.entries.get(player, 0)
        if entries > self.config.re_entries:
            raise _error(f"{player} has no re-entry left", "tournament_no_reentry")
        self.entries[player] = entries + 1
        self.total_entries += 1
        self.chips[player] = self.config.starting_chips
        seated = seat_late(self.tables, player, self.config.starting_chips, self.rng)
        if seated is None:
            number = self.last_table + 1
            self.last_table = number
            self.tables[number] = TableState(
                number=number, seats=(None,) * self.config.seats_per_table, button=0
            )
            self.break_order.insert(0, number)
            seated = seat_late(self.tables, player, self.config.starting_chips, self.rng)
            assert seated is not None
            # The entrant posts the table's first small blind (see TableState.opener).
            self.tables[number] = replace(self.tables[number], button=seated.seat, opener=player)
            self.out.append(TableOpened(table=number, button=seated.seat, opener=player))
        self.out.append(seated)
        self.settle()

    def unregister(self, player: str) -> None:
        if self.phase is not Phase.REGISTERING or player not in self.registered:
            raise _error(f"{player} cannot unregister now", "tournament_unregister")
        self.registered.remove(player)

    def start(self) -> None:
        if self.phase is not Phase.REGISTERING:
            raise _error("the event has started", "tournament_started")
        if len(self.registered) < max(2, self.config.min_entries):
            raise _error("too few players have registered", "tournament_too_few")
        seats = self.config.seats_per_table
        count = len(self.registered)
        numbers = list(range(1, (count + seats - 1) // seats + 1))
        self.last_table = len(numbers)
        for player in self.registered:
            self.entries[player] = 1
            self.chips[player] = self.config.starting_chips
        self.total_entries = count
        self.tables, drawn = draw(self.registered, numbers, seats, self.chips, self.rng)
        if self.config.break_order is BreakOrder.DRAWN:
            self.break_order = list(numbers)
            self.rng.shuffle(self.break_order)
        else:
            self.break_order = sorted(numbers, reverse=True)
        self.registered = []
        self.phase = Phase.RUNNING
        self.out.append(
            EventStarted(entries=count, tables=tuple(numbers), break_order=tuple(self.break_order))
        )
        self.out.extend(drawn)
        announce_level(self)
        if self.config.late_registration_until == 0:
            self.close_registration()
        self.settle()

    def close_registration(self) -> None:
        self.registration_open = False
        self.prizes = prizes(
            self.config.buy_in * self.total_entries, self.total_entries, self.config
        )
        self.out.append(
            RegistrationClosed(
                entries=self.total_entries,
                pool=self.config.buy_in * self.total_entries,
                prizes=self.prizes,
            )
        )
        for outs in self.unplaced:
            self._place(outs)
        self.unplaced = []

    # --- hands --------------------------------------------------------------------------------

    def hand_starting(self, number: int) -> None:
        table = self.tables.get(number)
        if table is None or table.in_hand:
            raise _error(f"table {number} cannot deal now", "tournament_table")
        self.ready.add(number)
        self.settle()
        if number in self.ready:
            reason = self._hold(self.tables[number])
            assert reason is not None
            self.out.append(HandHeld(table=number, reason=reason))

    def hand_finished(self, number: int, stacks: tuple[tuple[str, int], ...]) -> None:
        table = self.tables.get(number)
        if table is None or not table.in_hand:
            raise _error(f"no hand is being played at table {number}", "tournament_no_hand")
        after = dict(stacks)
        if sorted(after) != sorted(table.hand_players) or len(after) != len(stacks):
            raise _error("the stacks must be those of the players dealt in", "tournament_stacks")
        before = {p: self.chips[p] for p in table.hand_players}
        if sum(after.values()) != sum(before.values()) or min(after.values()) < 0:
            raise _error("the chips after the hand do not add up", "tournament_chips")
        dealt_in = table.hand_players
        table = replace(table, in_hand=False, hand_players=())
        outs: list[Out] = []
        for player in dealt_in:
            if after[player] == 0:
                outs.append(Out(player=player, table=number, started=before[player]))
                table = table.with_player(table.seat_of(player), None)
                del self.chips[player]
                self.out.append(Bust(player=player, table=number))
            else:
                self.chips[player] = after[player]
        self.tables[number] = table
        if self.hand_for_hand and number in self.round:
            self.round_outs.extend(outs)
        elif outs:
            self._bust(tuple(outs))
        if self.pending:
            apply_pending(self, number)
        hand_counted(self)
        self.settle()

    def _bust(self, outs: tuple[Out, ...]) -> None:
        if self.registration_open:
            self.unplaced.append(outs)
        else:
            self._place(outs)

    def _place(self, outs: tuple[Out, ...]) -> None:
        for group in finishing_groups(outs):
            worst = self.total_entries - self.placed
            finished = pay(group, worst, self.prizes)
            self.places.append(finished)
            self.placed += len(group)
            self.out.append(finished)

    def _hold(self, table: TableState) -> HoldReason | None:
        """Why ``table`` cannot deal now, or ``None``."""
        if self.phase is not Phase.RUNNING or len(self.chips) < 2:
            return HoldReason.NOT_RUNNING
        if self.paused:
            return HoldReason.PAUSED
        if self.on_break:
            return HoldReason.ON_BREAK
        if self._needs_redraw() is not None:
            return HoldReason.REDRAW
        if table.count < 2:
            return HoldReason.TOO_FEW
        most = max(t.count for t in self.tables.values())
        if self.config.halt_short and table.count <= most - self.config.halt_short:
            return HoldReason.SHORT
        if self.hand_for_hand and (table.number in self.round or self.round_closed):
            return HoldReason.HAND_FOR_HAND
        return None

    def _deal(self, number: int) -> None:
        table = self.tables[number]
        hand = plan(table)
        assert hand is not None
        self.tables[number] = dealt(table, hand)
        self.ready.discard(number)
        if self.hand_for_hand:
            self.round.add(number)
        blinds = self.config.level(self.level)
        self.out.append(
            HandDealt(
                table=number,
                seats=hand.seats,
                button=hand.button,
                small_blind_seat=hand.small_blind,
                big_blind_seat=hand.big_blind,
                small_blind=blinds.small_blind,
                big_blind=blinds.big_blind,
                ante=blinds.ante,
                level=self.level,
            )
        )

    # --- settling the room --------------------------------------------------------------------

    def settle(self) -> None:
        if self.phase is not Phase.RUNNING:
            return
        if self.hand_for_hand and self.round:
            if not self._round_over():
                self._deal_ready()
                return
            outs, self.round_outs, self.round = tuple(self.round_outs), [], set()
            self.round_closed = False
            if outs:
                self._bust(outs)
        self._shrink()
        self._balance()
        self._hand_for_hand()
        if self._finish():
            return
        self._deal_ready()

    def _round_over(self) -> bool:
        """Every table has played its hand of the round, or cannot (too few players, too
        short, or every seat about to be drawn again); none is still playing."""
        tables = self.tables.values()
        if any(t.in_hand for t in tables):
            return False
        if self.round_closed or self._needs_redraw() is not None:
            return True
        return all(t.number in self.round or self._idle_hold(t) for t in tables)

    def _idle_hold(self, table: TableState) -> bool:
        """Whether ``table`` could not take part in a hand-for-hand round anyway."""
        most = max(t.count for t in self.tables.values())
        short = self.config.halt_short and table.count <= most - self.config.halt_short
        return table.count < 2 or bool(short)

    def _needed(self) -> int:
        seats = self.config.seats_per_table
        return max(1, (len(self.chips) + seats - 1) // seats)

    def _needs_redraw(self) -> int | None:
        """The table count to draw every seat onto, when the next break brings one."""
        needed = self._needed()
        if needed >= len(self.tables):
            return None
        if needed == 1 or needed in self.config.redraw_at:
            return needed
        return None

    def _shrink(self) -> None:
        """Break tables (or redraw every seat) while fewer tables would hold the field."""
        for number in [n for n in self.break_order if self.tables[n].count == 0]:
            if not self.tables[number].in_hand and len(self.tables) > 1:
                del self.tables[number]
                self.break_order.remove(number)
                self.ready.discard(number)
                self.out.append(TableBroken(table=number))
        while self._needed() < len(self.tables):
            target = self._needs_redraw()
            if target is not None:
                if any(t.in_hand for t in self.tables.values()):
                    return
                keep = sorted(self.break_order[-target:])
                self.out.extend(
                    redraw(
                        self.tables, self.break_order, keep, self.config.seats_per_table, self.rng
                    )
                )
                self.break_order = [n for n in self.break_order if n in keep]
                self.ready &= set(keep)
                return
            number = self.break_order[0]
            if self.tables[number].in_hand:
                return
            self.out.extend(break_table(self.tables, number, self.rng))
            self.break_order.pop(0)
            self.ready.discard(number)

    def _balance(self) -> None:
        if self._needs_redraw() is not None:
            return  # every seat is drawn again once the hands being played end
        # Tables whose break waits for their hand to end: their players are counted as
        # already spread over the others.
        leaving = self.break_order[: max(0, len(self.tables) - self._needed())]
        halt = self.config.halt_short
        while (move := balance_once(self.tables, self.break_order, leaving, halt)) is not None:
            self.out.append(move)

    def _hand_for_hand(self) -> None:
        paid = len(self.prizes)
        left = len(self.chips)
        margin = self.config.hand_for_hand_margin
        # One hand can bust every player at its table but one: hand-for-hand starts while
        # one hand at the fullest table cannot yet carry the field into the money, so no
        # hand reaches the money outside it; once on, it stays on until the money.
        reach = max(margin, max(t.count for t in self.tables.values()) - 1)
        on = (
            not self.registration_open
            and margin > 0
            and len(self.tables) > 1
            and paid < left
            and (self.hand_for_hand or left <= paid + reach)
        )
        if on != self.hand_for_hand:
            # WSOP 2024 rule 126a and c: the hands being played when hand-for-hand starts
            # are its first round (their busts share places); no other table deals until
            # they are over.
            self.hand_for_hand = on
            self.round = {n for n, t in self.tables.items() if t.in_hand} if on else set()
            self.round_closed = bool(self.round)
            self.out.append(HandForHand(on=on))

    def _finish(self) -> bool:
        if len(self.chips) != 1 or any(t.in_hand for t in self.tables.values()):
            return False
        if self.registration_open:
            if self.config.clock is not Clock.HANDS:
                return False  # the minutes clock will close it; a late entry may still come
            # A clock counting hands cannot move with nothing to deal: the level that ends
            # late registration would never come, so it ends here.
            self.close_registration()
        (winner,) = self.chips
        finished = pay((winner,), 1, self.prizes)
        self.places.append(finished)
        self.placed += 1
        self.out.append(finished)
        self.out.append(EventFinished(winner=winner))
        self.phase = Phase.FINISHED
        self.ready = set()
        return True

    def _deal_ready(self) -> None:
        for number in sorted(self.ready):
            if number in self.tables and self._hold(self.tables[number]) is None:
                self._deal(number)
