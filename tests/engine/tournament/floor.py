"""What a player feels at the tables of an event, measured from the director's decisions and
states as :func:`tests.engine.tournament.simulate.simulate` runs it (pass a :class:`Floor` as
its ``check``):

- **Newcomers' blinds.** A player moved in by a break or a balance, or a late entry, at a
  table that has dealt a hand, owes that table a big blind: until they have posted one there,
  every hand dealt there is checked, and taking the button or posting the small blind (the
  button heads-up) counts as a fault.
- **Hands sat out.** The hands dealt at that table without them before they post a big
  blind there (a wait cut short by another move or a bust counts as it stood), and the
  longest run of such hands with nobody leaving the table in between (a player out or moved
  away shifts the blinds and may cost a newcomer two hands more).
- **Balance.** At every hand end, whether some table between hands holds two or more players
  more than the smallest table (``unbalanced``: the director could have moved a player and
  did not), a table's break still waiting for its hand counting its players as seated at the
  tables with the fewest; the spread of the table sizes (most minus fewest) at the hand ends
  with no break waiting; hand ends inside a hand-for-hand round or before a redraw (where
  nobody moves) apart. And every hand dealt at a table two or more players short of the
  fullest table, and every hand dealt while another table sat held three or more short (and
  the most hands one table dealt while another sat held short all along).
- **Hand-for-hand.** Whether the field reached the money at several tables without
  hand-for-hand ever starting.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.tournament import (
    Bust,
    Decision,
    EventState,
    HandDealt,
    HandFinished,
    HandForHand,
    Input,
    MoveReason,
    PlayerMoved,
    PlayerSeated,
    RegistrationClosed,
)


@dataclass
class Floor:
    owing: dict[str, int] = field(default_factory=dict)
    """Players who owe the table they sit at a big blind, and the hands sat out there."""
    at: dict[str, int] = field(default_factory=dict)
    """The table each of them owes."""
    waits: list[int] = field(default_factory=list)
    """Hands each newcomer sat out before posting their first big blind at the table (or
    before moving on or busting)."""
    faults: list[str] = field(default_factory=list)
    runs: dict[str, int] = field(default_factory=dict)
    longest_run: int = 0
    shifts: dict[str, int] = field(default_factory=dict)
    """Players who left an owing newcomer's table (out or moved away) while they owed."""
    over: list[str] = field(default_factory=list)
    """Newcomers who sat out more than three hands for each shift of the blinds plus one."""
    spreads: Counter[int] = field(default_factory=Counter)
    unbalanced: int = 0
    hand_ends: int = 0
    breaking: int = 0
    pending: int = 0
    short_deals: Counter[int] = field(default_factory=Counter)
    """Hands dealt at a table two or more players short of the fullest, by how short."""
    held_short: int = 0
    """Hands dealt while another table sat between hands three or more players short (held)."""
    held_for: dict[int, Counter[int]] = field(default_factory=dict)
    longest_held: int = 0
    """The most hands one table dealt while another sat held short all along."""
    hand_for_hand_started: bool = False
    money_reached: bool = False
    skipped: bool = False
    paid: int = 0
    events: int = 0

    def __call__(
        self, before: EventState, item: Input, after: EventState, taken: tuple[Decision, ...]
    ) -> None:
        for decision in taken:
            self._follow(before, after, decision)
        if isinstance(item, HandFinished):
            self._balance(after)
        self._money(before, after)

    # --- newcomers ----------------------------------------------------------------------------

    def _follow(self, before: EventState, after: EventState, decision: Decision) -> None:
        if isinstance(decision, PlayerMoved):
            if decision.player in self.owing:  # moved on before posting a big blind
                self._settled(decision.player)
            self._shifted(decision.from_table)
            target = before.tables.get(decision.to_table)
            dealt_before = target is not None and target.roles is not None
            if decision.reason is not MoveReason.REDRAW and dealt_before:
                self._owes(decision.player, decision.to_table)
        elif isinstance(decision, PlayerSeated) and before.phase.value == "running":
            target = before.tables.get(decision.table)
            if target is not None and target.roles is not None:
                self._owes(decision.player, decision.table)
        elif isinstance(decision, Bust):
            if decision.player in self.owing:
                self._settled(decision.player)
            self._shifted(decision.table)
        elif isinstance(decision, HandDealt):
            self._dealt(after, decision)
            most = max(t.count for t in after.tables.values())
            short = most - after.tables[decision.table].count
            if short >= 2:
                self.short_deals[short] += 1
            held = {
                n
                for n, t in after.tables.items()
                if not t.in_hand and t.count <= most - 3 and not after.hand_for_hand
            }  # (in a hand-for-hand round every table waits for the others anyway)
            self.held_short += len(held)
            self.held_for = {n: self.held_for.get(n, Counter()) for n in held}
            for counter in self.held_for.values():
                counter[decision.table] += 1
                self.longest_held = max(self.longest_held, counter[decision.table])
        elif isinstance(decision, HandForHand) and decision.on:
            self.hand_for_hand_started = True
        elif isinstance(decision, RegistrationClosed):
            self.paid = len(decision.prizes)

    def _dealt(self, after: EventState, hand: HandDealt) -> None:
        seats = after.tables[hand.table].seats
        dealt_in = {seats[k] for k in hand.seats}
        for player, sat_out in list(self.owing.items()):
            if self.at[player] != hand.table:
                continue
            if player not in dealt_in:
                self.owing[player] = sat_out + 1
                self.runs[player] = run = self.runs.get(player, 0) + 1
                self.longest_run = max(self.longest_run, run)
                continue
            self.runs.pop(player, None)
            seat = seats.index(player)
            if seat in (hand.button, hand.small_blind_seat) and seat != hand.big_blind_seat:
                self.faults.append(f"{player} at table {hand.table}: seat {seat} of {hand}")
            elif seat != hand.big_blind_seat:
                continue  # dealt in elsewhere: still owing
            self._settled(player)

    def _owes(self, player: str, number: int) -> None:
        self.owing[player] = 0
        self.at[player] = number

    def _settled(self, player: str) -> None:
        """``player`` owes their table nothing more (or left it): their wait is counted."""
        sat_out = self.owing.pop(player)
        del self.at[player]
        shifts = self.shifts.pop(player, 0)
        self.runs.pop(player, None)
        self.waits.append(sat_out)
        if sat_out > 3 * (1 + shifts):
            self.over.append(f"{player}: {sat_out} hands sat out, {shifts} shifts")

    def _shifted(self, number: int) -> None:
        """A player left table ``number``: its newcomers' runs of hands sat out start again."""
        for player, at in self.at.items():
            if at == number:
                self.runs.pop(player, None)
                self.shifts[player] = self.shifts.get(player, 0) + 1

    # --- balance and the money ----------------------------------------------------------------

    def _balance(self, state: EventState) -> None:
        if state.phase.value != "running" or len(state.tables) < 2:
            return
        seats = state.config.seats_per_table
        needed = max(1, (len(state.chips) + seats - 1) // seats)
        redraw = needed < len(state.tables) and needed in (1, *state.config.redraw_at)
        if state.round or redraw:
            self.pending += 1  # nobody moves inside a hand-for-hand round or before a redraw
            return
        leaving = state.break_order[: max(0, len(state.tables) - needed)]
        staying = [t for n, t in state.tables.items() if n not in leaving]
        counts = {t.number: t.count for t in staying}
        for _ in range(sum(state.tables[n].count for n in leaving)):
            # A waiting break's players, each to a table with the fewest, as it will seat them.
            counts[min((n for n in counts if counts[n] < seats), key=counts.__getitem__)] += 1
        fewest = min(counts.values())
        if any(not t.in_hand and counts[t.number] >= fewest + 2 for t in staying):
            self.unbalanced += 1
        if leaving:
            self.breaking += 1
            return
        self.hand_ends += 1
        self.spreads[max(counts.values()) - fewest] += 1

    def _money(self, before: EventState, after: EventState) -> None:
        if self.money_reached or not self.paid or after.registration_open:
            return
        if len(after.chips) <= self.paid:
            self.money_reached = True
            several = len(before.tables) > 1
            margin = after.config.hand_for_hand_margin
            self.skipped = several and margin > 0 and not self.hand_for_hand_started

    # --- figures ------------------------------------------------------------------------------

    def add(self, other: Floor) -> None:
        """Count ``other`` event's figures in with these."""
        self.events += 1
        self.waits += other.waits
        self.faults += other.faults
        self.over += other.over
        self.longest_run = max(self.longest_run, other.longest_run)
        self.spreads.update(other.spreads)
        self.unbalanced += other.unbalanced
        self.hand_ends += other.hand_ends
        self.breaking += other.breaking
        self.pending += other.pending
        self.short_deals.update(other.short_deals)
        self.held_short += other.held_short
        self.longest_held = max(self.longest_held, other.longest_held)
        self.skipped = self.skipped or other.skipped

    def summary(self) -> str:
        waits = sorted(self.waits)
        mean = sum(waits) / len(waits) if waits else 0.0
        within = sum(n for spread, n in self.spreads.items() if spread <= 1)
        return (
            f"newcomers {len(waits)}, faults {len(self.faults)}, hands sat out mean "
            f"{mean:.2f} max {waits[-1] if waits else 0}, longest run {self.longest_run}, over "
            f"the bound {len(self.over)}; hand ends {self.hand_ends}, "
            f"within one {within}, spreads {dict(sorted(self.spreads.items()))}, "
            f"unbalanced {self.unbalanced}, with a break waiting {self.breaking}, in a round or "
            f"before a redraw {self.pending}; hands dealt short by 2, 3, ...: "
            f"{[self.short_deals[k] for k in range(2, max(self.short_deals, default=1) + 1)]}, "
            f"while a table sat held short {self.held_short} (one table dealing "
            f"{self.longest_held} at most meanwhile)"
        )
