"""The director's decisions of time: the event's clock, its levels and its breaks.

Each function here changes the director's working state for one input (a reading of the
clock, a hand's end), as :mod:`engine.tournament.rulings` does for the director's rulings, so
a replay of the log decides every level and break exactly as it was first decided. The rules
are published in RULES.md ("Tournaments").
"""

from __future__ import annotations

from typing import Protocol

from engine.tournament.config import Clock, EventConfig
from engine.tournament.records import BreakEnded, BreakStarted, Decision, LevelStarted
from engine.tournament.tables import TableState

__all__ = ["Timed", "announce_level", "hand_counted", "read_clock"]


class Timed(Protocol):
    """What the clock changes of the director's working state (its own copy of one input's
    state, :class:`engine.tournament.director.EventState` while it works)."""

    config: EventConfig
    paused: bool
    seconds: float
    level: int
    on_break: bool
    registration_open: bool
    tables: dict[int, TableState]
    out: list[Decision]

    def close_registration(self) -> None: ...


def read_clock(work: Timed, seconds: float) -> bool:
    """A reading of the event's clock during play: ``seconds`` of play since the start.
    Whether it was taken (an older reading, or one while play is paused, is not)."""
    if seconds < work.seconds or work.paused:
        return False  # a stale reading must not end a break or start it again
    work.seconds = seconds
    if work.config.clock is Clock.MINUTES:
        level, on_break = work.config.schedule_at(seconds)
        _to_level(work, level)
        if on_break != work.on_break:
            work.on_break = on_break
            work.out.append(BreakStarted(after_level=level) if on_break else BreakEnded())
    return True


def hand_counted(work: Timed) -> None:
    """A hand ended: with levels by hands, the level the busiest table's hands reach."""
    if work.config.clock is Clock.HANDS:
        hands = max((t.hands for t in work.tables.values()), default=0)
        level, _ = work.config.hands_level(hands)
        _to_level(work, level)


def _to_level(work: Timed, level: int) -> None:
    if level <= work.level:
        return
    work.level = level
    announce_level(work)
    late = work.config.late_registration_until
    if work.registration_open and late and level > late:
        work.close_registration()


def announce_level(work: Timed) -> None:
    """Tell the level now being played, its blinds and ante."""
    blinds = work.config.level(work.level)
    work.out.append(
        LevelStarted(
            level=work.level,
            small_blind=blinds.small_blind,
            big_blind=blinds.big_blind,
            ante=blinds.ante,
        )
    )
