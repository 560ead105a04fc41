"""An event's settings: tables, chips, the blind structure, registration, re-entry and the
payout table, as one frozen, validated value.

The director (:mod:`engine.tournament.director`) reads it and never changes it; the rules it
follows are listed in RULES.md ("Tournaments"). A structure longer than its last level goes on
doubling the last level, so seed 002 (blinds double every 15 minutes until one player has every
chip) is ``levels=(Level(small_blind=1, big_blind=2, minutes=15),)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.errors import InvalidSetup

__all__ = [
    "Break",
    "BreakOrder",
    "Clock",
    "EventConfig",
    "Level",
    "PayoutStructure",
]


class Clock(Enum):
    """What moves the blinds up: minutes of play, or hands (counted at the event's busiest
    table, so every table sees the level change at about the same hand)."""

    MINUTES = "minutes"
    HANDS = "hands"


class PayoutStructure(Enum):
    """A named payout table that depends on the size of the field (see
    :func:`engine.tournament.payouts.shares`)."""

    WINNER_TAKES_ALL = "winner-takes-all"
    STANDARD = "standard"
    """About 15 % of the field paid, shares falling as 1/(place + 1)."""


class BreakOrder(Enum):
    """The published order in which tables break (WSOP 2024 rule 66: posted in advance)."""

    HIGHEST_FIRST = "highest-first"
    """The highest-numbered table breaks first; tables opened later break before the rest."""
    DRAWN = "drawn"
    """An order drawn with the event's seed when play starts, published with the seat draw."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Level:
    """One blind level: its blinds and ante, and how long it lasts (``length`` minutes or
    hands, by the event's :class:`Clock`)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    length: int = 15

    def doubled(self, times: int) -> Level:
        factor = 2**times
        return Level(
            small_blind=self.small_blind * factor,
            big_blind=self.big_blind * factor,
            ante=self.ante * factor,
            length=self.length,
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class Break:
    """A pause of ``minutes`` after level ``after_level`` (1-based) ends."""

    after_level: int
    minutes: int


def _bad(message: str, code: str) -> InvalidSetup:
    return InvalidSetup(message, code=code)


@dataclass(frozen=True, kw_only=True, slots=True)
class EventConfig:
    """Everything an event is agreed with before its first hand.

    - ``seats_per_table``: 2 to 10; ``starting_chips`` for every entry.
    - ``levels`` and ``clock``; ``breaks``, minutes of the event's clock after a level, with
      either clock (with levels by hands a level ends by the hands of the event's busiest
      table, see :mod:`engine.tournament.schedule`).
    - ``start_when``: a sit-and-go starts by itself when this many have registered.
    - ``max_entries``: a cap on the field (the players registered, then every entry and
      re-entry); ``None``: no cap. ``min_entries``: play starts only with this many
      registered (at least 2).
    - ``late_registration_until``: registration (and re-entry) stays open to the end of this
      level (1-based); 0 closes it when play starts. With a clock by hands it also closes
      when one player has every chip (nothing can be dealt, so the level cannot end).
    - ``re_entries``: how many times a busted player may enter again while it is open.
    - ``buy_in``: points per entry (0 allowed); the pool is ``buy_in`` times the entries.
    - ``payouts``: explicit percentages by place (summing to 100), or empty for ``structure``.
    - ``redraw_at``: table counts (besides the final table, always redrawn) at which every
      seat is drawn again, e.g. ``(3, 2)``.
    - ``halt_short``: full-table play halts at a table this many players short of the
      table with the most (TDA 10D: 3); 0 never halts.
    - ``hand_for_hand_margin``: hand-for-hand play starts with this many players to go before
      the money (1: on the bubble), or earlier, while one hand at the fullest table could
      still reach the money; 0 never.
    - ``seed``: every draw (seats, buttons, the break order) comes from it.
    """

    seats_per_table: int = 9
    starting_chips: int = 10_000
    levels: tuple[Level, ...] = (Level(small_blind=25, big_blind=50),)
    clock: Clock = Clock.MINUTES
    breaks: tuple[Break, ...] = ()
    start_when: int | None = None
    max_entries: int | None = None
    min_entries: int = 2
    late_registration_until: int = 0
    re_entries: int = 0
    buy_in: int = 0
    payouts: tuple[int, ...] = ()
    structure: PayoutStructure = PayoutStructure.STANDARD
    redraw_at: tuple[int, ...] = ()
    break_order: BreakOrder = BreakOrder.HIGHEST_FIRST
    halt_short: int = 3
    hand_for_hand_margin: int = 1
    seed: str = "0"

    def __post_init__(self) -> None:
        if not 2 <= self.seats_per_table <= 10:
            raise _bad("a table seats 2 to 10 players", "tournament_seats")
        if self.starting_chips < 1:
            raise _bad("the starting chips must be at least 1", "tournament_chips")
        if not self.levels:
            raise _bad("the structure needs at least one level", "tournament_levels")
        for level in self.levels:
            if not 1 <= level.small_blind <= level.big_blind or level.ante < 0:
                raise _bad("each level needs 1 <= small blind <= big blind", "tournament_levels")
            if level.length < 1:
                raise _bad("each level lasts at least one minute or hand", "tournament_levels")
        if any(b.after_level < 1 or b.minutes < 1 for b in self.breaks):
            raise _bad("a break follows a level and lasts a minute or more", "tournament_breaks")
        if self.start_when is not None and self.start_when < 2:
            raise _bad("a sit-and-go needs at least two players", "tournament_start")
        if (
            self.min_entries < 2
            or (self.start_when or self.min_entries) < self.min_entries
            or (
                self.max_entries is not None
                and self.max_entries < max(self.min_entries, self.start_when or 2)
            )
        ):
            raise _bad("the field's cap is at least its minimum to start", "tournament_field")
        if self.late_registration_until < 0 or self.re_entries < 0 or self.buy_in < 0:
            raise _bad("registration settings cannot be negative", "tournament_registration")
        if self.payouts and (sum(self.payouts) != 100 or min(self.payouts) < 0):
            raise _bad("the payout percentages must add up to 100", "tournament_payouts")
        if list(self.payouts) != sorted(self.payouts, reverse=True):
            raise _bad("a better place never pays less", "tournament_payouts")
        if any(n < 2 for n in self.redraw_at):
            raise _bad("redraws are at two tables or more", "tournament_redraw")
        if self.halt_short < 0 or self.hand_for_hand_margin < 0:
            raise _bad("halting and hand-for-hand cannot be negative", "tournament_halt")

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); past the last, the last level doubled once per level."""
        if number <= len(self.levels):
            return self.levels[number - 1]
        return self.levels[-1].doubled(number - len(self.levels))

    def pause_after(self, number: int) -> int:
        """Minutes of break after level ``number`` (0: none)."""
        return next((b.minutes for b in self.breaks if b.after_level == number), 0)

    def level_ends(self, number: int) -> float:
        """Seconds of the event's clock (breaks included) at which level ``number`` ends
        (minutes clock); its break, if any, follows.

        >>> EventConfig(levels=(Level(small_blind=1, big_blind=2, length=10),),
        ...     breaks=(Break(after_level=1, minutes=5),)).level_ends(2)
        1500.0
        """
        return sum(
            60.0 * (self.level(n).length + (self.pause_after(n) if n < number else 0))
            for n in range(1, number + 1)
        )

    def hands_level(self, hands: int) -> tuple[int, int]:
        """The level after ``hands`` hands (clock by hands) and the hands left in it.

        >>> EventConfig(levels=(Level(small_blind=1, big_blind=2, length=3),)).hands_level(7)
        (3, 2)
        """
        number = 1
        while hands >= self.level(number).length:
            hands -= self.level(number).length
            number += 1
        return number, self.level(number).length - hands

    def schedule_at(self, seconds: float) -> tuple[int, bool]:
        """``(level, on break)`` after ``seconds`` of the event's clock (minutes clock)."""
        left = max(0.0, seconds)
        number = 1
        while True:
            length = 60.0 * self.level(number).length
            if left < length:
                return number, False
            left -= length
            pause = 60.0 * self.pause_after(number)
            if left < pause:
                return number, True
            left -= pause
            number += 1
