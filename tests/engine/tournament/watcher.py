"""An onlooker that follows an event from the director's decisions alone, as the application
will, and checks the tournament rules as it goes. Its positions are worked out here, apart
from the director's, by the plain moving-button rule (RULES.md): the button moves to the next
player, the two after it post the blinds.

It checks after every input: chips conserved; the room it rebuilt from the decisions is the
director's; from ``within_one_from`` tables down, table sizes within one whenever no hand is
being played and no hand-for-hand round is open; a balancing move takes the next big blind of
the fullest table between hands to the empty seat that pays the big blind soonest at a table
with the fewest, and that player is never dealt in as the small blind there; tables break in
the published order; players busting in one hand-for-hand round place as the rules say. (The
newcomers' blinds and waits are measured by :mod:`tests.engine.tournament.floor`.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.tournament import (
    Bust,
    Decision,
    EventStarted,
    EventState,
    HandDealt,
    HandFinished,
    Input,
    MoveReason,
    PlaceFinished,
    PlayerMoved,
    PlayerSeated,
    TableBroken,
    TableOpened,
)


def _after(seat: int, pool: list[int], size: int) -> int:
    return min(pool, key=lambda s: (s - seat - 1) % size)


def _before(seat: int, pool: list[int], size: int) -> int:
    return min(pool, key=lambda s: (seat - s - 1) % size)


@dataclass
class _Mirror:
    seats: list[str | None]
    button: int
    last_button: int | None = None
    last_heads_up: bool = False
    owing: set[str] = field(default_factory=set)
    opener: str | None = None

    def occupied(self) -> list[int]:
        return [k for k, p in enumerate(self.seats) if p is not None]

    def simple(self) -> bool:
        """Whether the plain rule applies: three or more players, the last hand not heads-up,
        and the plain rule's button and small blind owe the table no big blind (a newcomer
        sits out the hands that would give them either)."""
        if len(self.occupied()) < 3 or self.last_heads_up:
            return False
        button, small, _ = self.blinds()
        return not {self.seats[button], self.seats[small]} & self.owing

    def blinds(self) -> tuple[int, int, int]:
        """(button, small blind, big blind) seats of the next hand, by the plain rule."""
        occupied, size = self.occupied(), len(self.seats)
        if self.last_button is None and self.opener is not None and self.opener in self.seats:
            # A table opened for a late entry: the entrant posts the first small blind.
            small = self.seats.index(self.opener)
            return _before(small, occupied, size), small, _after(small, occupied, size)
        if self.last_button is None:
            button = self.button if self.button in occupied else _after(self.button, occupied, size)
        else:
            button = _after(self.last_button, occupied, size)
        small = _after(button, occupied, size)
        return button, small, _after(small, occupied, size)


@dataclass
class Watcher:
    starting_chips: int
    seats: int
    within_one_from: int = 12
    tables: dict[int, _Mirror] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    balance_moves_checked: int = 0
    first_hands_checked: int = 0
    first_hands_as_big_blind: int = 0
    balanced_checks: int = 0
    rounds_checked: int = 0
    tied_across_tables: int = 0
    ordered_at_one_table: int = 0
    pending_first_hand: dict[str, int] = field(default_factory=dict)
    owes_big_blind: set[str] = field(default_factory=set)
    round_outs: list[tuple[str, int, int]] = field(default_factory=list)
    places: dict[str, PlaceFinished] = field(default_factory=dict)
    _busy: set[int] = field(default_factory=set)  # tables in a hand when the input came

    def __call__(
        self, before: EventState, item: Input, after: EventState, taken: tuple[Decision, ...]
    ) -> None:
        if isinstance(item, HandFinished) and before.hand_for_hand and item.table in before.round:
            for player, chips in item.stacks:
                if chips == 0:
                    self.round_outs.append((player, item.table, before.chips[player]))
        self._busy = {n for n, t in before.tables.items() if t.in_hand}
        if isinstance(item, HandFinished):
            self._busy.discard(item.table)
        for decision in taken:
            self._follow(decision)
        self._check_room(after)
        self._check_round(after)

    # --- following the decisions --------------------------------------------------------------

    def _follow(self, decision: Decision) -> None:
        if isinstance(decision, EventStarted):
            self.order = list(decision.break_order)
        elif isinstance(decision, TableOpened):
            if decision.table not in self.order:
                self.order.insert(0, decision.table)
            self.tables[decision.table] = _Mirror(
                seats=[None] * self.seats, button=decision.button, opener=decision.opener
            )
        elif isinstance(decision, PlayerSeated):
            table = self.tables[decision.table]
            table.seats[decision.seat] = decision.player
            if table.last_button is not None:
                table.owing.add(decision.player)
        elif isinstance(decision, PlayerMoved):
            self._move(decision)
        elif isinstance(decision, TableBroken):
            assert self.order and self.order[0] == decision.table, "broken out of order"
            self.order.pop(0)
            del self.tables[decision.table]
        elif isinstance(decision, Bust):
            # A bust at the table changes its blinds: the promise made at the move lapses.
            for player, number in list(self.pending_first_hand.items()):
                if number == decision.table or player == decision.player:
                    del self.pending_first_hand[player]
                    self.owes_big_blind.discard(player)
            table = self.tables[decision.table]
            table.seats[table.seats.index(decision.player)] = None
        elif isinstance(decision, HandDealt):
            self._dealt(decision)
        elif isinstance(decision, PlaceFinished):
            for player in decision.players:
                self.places[player] = decision  # a re-entered player's last entry counts

    def _move(self, move: PlayerMoved) -> None:
        self.owes_big_blind.discard(move.player)
        self.pending_first_hand.pop(move.player, None)
        if move.reason is MoveReason.REDRAW:
            # A redraw's tables were opened afresh (TableOpened) just before: fill them.
            self.tables[move.to_table].seats[move.to_seat] = move.player
            return
        source = self.tables[move.from_table]
        assert source.seats[move.from_seat] == move.player
        target = self.tables[move.to_table]
        assert target.seats[move.to_seat] is None
        if move.reason is MoveReason.BALANCE:
            self._check_balance(move, source, target)
        source.seats[move.from_seat] = None
        source.owing.discard(move.player)
        target.seats[move.to_seat] = move.player
        if target.last_button is not None:
            target.owing.add(move.player)

    def _check_balance(self, move: PlayerMoved, source: _Mirror, target: _Mirror) -> None:
        counts = {n: len(t.occupied()) for n, t in self.tables.items()}
        # Tables about to break (the field fits on fewer) are neither source nor target.
        needed = max(1, -(-sum(counts.values()) // self.seats))
        staying = self.order[len(self.order) - needed :]
        free = [n for n in staying if n not in self._busy]
        assert move.from_table in free, "moved from a table between hands"
        assert counts[move.from_table] == max(counts[n] for n in free), "from the fullest"
        assert counts[move.to_table] == min(counts[n] for n in staying), "to the smallest"
        assert counts[move.from_table] - counts[move.to_table] >= 2
        if source.simple():
            assert move.player == source.seats[source.blinds()[2]], "the next big blind moves"
        if target.simple():
            _, small, _ = target.blinds()
            size = len(target.seats)
            empty = [k for k, p in enumerate(target.seats) if p is None]
            worst = min(empty, key=lambda k: (k - small - 1) % size)
            assert move.to_seat == worst, "to the worst position"
            self.balance_moves_checked += 1
            _, small, big = target.blinds()
            between = 0 < (move.to_seat - small) % size < (big - small) % size
            if target.last_button is not None and between:
                self.owes_big_blind.add(move.player)
            if target.last_button is not None or target.opener is not None:
                # A table drawn at the start or at a redraw that has dealt no hand has no
                # worst position yet (its button was drawn), nor one where fewer than two
                # players are not waiting (everyone is dealt in there, RULES.md). At a table
                # opened for a late entry the entrant posts the first small blind, so nobody
                # moved there gets it (the next big blind there moves on as more arrive).
                self.pending_first_hand[move.player] = move.to_table

    def _dealt(self, hand: HandDealt) -> None:
        table = self.tables[hand.table]
        assert {hand.button, hand.small_blind_seat, hand.big_blind_seat} <= set(hand.seats)
        if len(hand.seats) == 2:
            assert hand.small_blind_seat == hand.button, "heads-up the button posts the SB"
        else:
            assert hand.small_blind_seat != hand.button != hand.big_blind_seat
        players = {k: table.seats[k] for k in hand.seats}
        assert None not in players.values()
        for seat, player in players.items():
            assert player is not None
            if self.pending_first_hand.get(player) == hand.table:
                del self.pending_first_hand[player]
                assert seat != hand.small_blind_seat or len(hand.seats) == 2, (
                    "a player moved to balance is never dealt in as the small blind"
                )
                self.first_hands_checked += 1
                if player in self.owes_big_blind:
                    assert seat == hand.big_blind_seat, "seated between the blinds: the next BB"
                    self.first_hands_as_big_blind += 1
            self.owes_big_blind.discard(player)
            if seat == hand.big_blind_seat:
                table.owing.discard(player)
        table.last_button = hand.button
        table.last_heads_up = len(hand.seats) == 2

    # --- checks on the whole room -------------------------------------------------------------

    def _check_room(self, state: EventState) -> None:
        if state.phase.value == "registering":
            return
        assert sum(state.chips.values()) == state.total_entries * self.starting_chips
        mine = {n: tuple(t.seats) for n, t in self.tables.items()}
        theirs = {n: t.seats for n, t in state.tables.items()}
        assert mine == theirs, "the decisions alone rebuild the room"
        assert self.order == list(state.break_order)
        if state.phase.value != "running" or len(state.tables) > self.within_one_from:
            return
        if any(t.in_hand for t in state.tables.values()) or state.round:
            return
        counts = [t.count for t in state.tables.values()]
        assert max(counts) - min(counts) <= 1, f"tables not balanced: {counts}"
        self.balanced_checks += 1

    def _check_round(self, state: EventState) -> None:
        if not self.round_outs or state.round_outs:
            return
        outs, self.round_outs = self.round_outs, []
        if not all(p in self.places for p, _, _ in outs):
            return  # registration still open: placed later
        self.rounds_checked += 1
        for a, table_a, chips_a in outs:
            for b, table_b, chips_b in outs:
                place_a, place_b = self.places[a], self.places[b]
                if table_a == table_b and chips_a > chips_b:
                    assert place_a.best < place_b.best, "more chips at the start places higher"
                    self.ordered_at_one_table += 1
                alone_a = sum(1 for _, t, _ in outs if t == table_a) == 1
                alone_b = sum(1 for _, t, _ in outs if t == table_b) == 1
                if a < b and table_a != table_b and alone_a and alone_b:
                    assert place_a == place_b, "busts at different tables tie"
                    self.tied_across_tables += 1
