"""The director's decisions of time: the event's clock, its levels and its breaks.

With levels by minutes the schedule is read off the clock
(:meth:`~engine.tournament.config.EventConfig.schedule_at`). With levels by hands a level
ends by the hands of the busiest table (:func:`hand_counted`), and a break that follows it
lasts its minutes of the clock from the first reading after the level's end
(:func:`read_clock`): the event's state keeps the reading at which it ends.

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
    break_until: float | None
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
    elif work.on_break:
        if work.break_until is None:  # the first reading after the level's last hand
            work.break_until = seconds + 60.0 * work.config.pause_after(work.level)
        if seconds >= work.break_until:
            work.on_break = False
            work.break_until = None
            work.out.append(BreakEnded())
            _to_level(work, work.level + 1)
    return True


def hand_counted(work: Timed) -> None:
    """A hand ended: with levels by hands, the level the busiest table's hands reach (the
    table that has dealt the most). A level ends once that table has dealt the level's last
    hand; when a break follows it, the break starts instead of the next level: no table deals
    until it is over (the hands being played are played out), and its minutes run from the
    next reading of the clock. The next level starts when the break ends."""
    if work.config.clock is not Clock.HANDS or work.on_break:
        return
    hands = max((t.hands for t in work.tables.values()), default=0)
    level, _ = work.config.hands_level(hands)
    for ended in range(work.level, level):
        if work.config.pause_after(ended):
            _to_level(work, ended)
            work.on_break = True
            work.break_until = None
            work.out.append(BreakStarted(after_level=ended))
            return
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
