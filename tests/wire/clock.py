"""The stand-in's clock: Discord's idea of now, which a test may move forward.

Discord's rules that depend on time (an interaction token works for follow-ups and edits of
the original response for :data:`TOKEN_LIFETIME` seconds, then its calls fail with 401, code
50027) are judged by :attr:`StandIn.clock <tests.wire.standin.StandIn.clock>`, never by the
wall clock directly. The clock is the machine's monotonic time plus :attr:`Clock.offset`: a
test that wants a quarter of an hour to have passed for Discord moves it
(``standin.clock.advance(16 * 60)``) while the bot process, which has its own clock, notices
nothing but Discord's answers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["TOKEN_LIFETIME", "Clock"]

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction token works for follow-ups and edits (Discord: 15 minutes)."""


@dataclass
class Clock:
    """Now, as the stand-in Discord sees it: monotonic seconds plus ``offset``."""

    offset: float = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Move Discord's time forward by ``seconds`` (it never goes back)."""
        if seconds < 0:
            raise ValueError("the stand-in's clock never goes back")
        self.offset += seconds
