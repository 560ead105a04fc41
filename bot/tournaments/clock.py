"""An event's clock as its runner keeps it: seconds of play, counted on from the last reading
written, standing while play is paused and while no process runs the event; and when the
runner writes a reading (:class:`~engine.tournament.ClockTicked`) for the director."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.tournament import Clock, ClockTicked, EventState, Phase

__all__ = ["CLOCK_RECORD", "EventClock"]

CLOCK_RECORD = 15.0
"""How often the clock's reading is written, so a restart resumes it within this."""


@dataclass(kw_only=True, slots=True)
class EventClock:
    """``base`` seconds of play when this process took the event over (the last reading
    written), counted on from ``since`` (this process's clock, ``now``: seconds since the
    epoch); ``written``: the last reading written."""

    now: Callable[[], float]
    base: float = 0.0
    since: float = 0.0
    written: float = 0.0

    def restart(self, base: float) -> None:
        """Count on from ``base`` seconds of play (a reading written), as of now."""
        self.base = self.written = base
        self.since = self.now()

    def seconds(self, state: EventState) -> float:
        """Seconds of play now (standing while play is paused)."""
        if state.paused:
            return state.seconds
        return self.base + max(0.0, self.now() - self.since)

    def reading(self, state: EventState) -> ClockTicked | None:
        """The reading to write now, if one is due: when the level or a break moves, and
        every :data:`CLOCK_RECORD` seconds so that a restart resumes the clock within that.
        With levels by hands only a break needs the clock: its first reading (which starts
        its minutes), its end, and the readings in between."""
        config = state.config
        if state.phase is not Phase.RUNNING or state.paused:
            return None
        seconds = self.seconds(state)
        if config.clock is Clock.MINUTES:
            moved = config.schedule_at(seconds) != (state.level, state.on_break)
        elif state.on_break:
            until = state.break_until
            moved = until is None or seconds >= until
        else:
            return None
        if moved or seconds - self.written >= CLOCK_RECORD:
            return ClockTicked(seconds=seconds)
        return None
