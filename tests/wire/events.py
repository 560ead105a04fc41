"""A tournament as its members see it through the stand-in: the event message in the channel,
one thread per table, the turns in those threads; and the members' side of play.

Everything is read from the stand-in's channels and threads, never from the bot's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field

from .channels import Message
from .game import turn_of
from .members import Member
from .standin import StandIn

__all__ = ["EventWatch", "event_message", "level_of", "players_left", "results_message"]

REGISTER = re.compile(r"holdem:event:(\d+):register")
LEVEL = re.compile(r"Level (\d+) · blinds")
LEFT = re.compile(r"Players left: (\d+) of (\d+)")


def _posted(standin: StandIn) -> list[Message]:
    return [
        m for m in standin.channel.messages.values() if m.v2 and m.via == "post" and "## " in m.text
    ]


def event_message(standin: StandIn) -> Message | None:
    """The event message: the first layout message the bot posted in the channel."""
    posted = _posted(standin)
    return posted[0] if posted else None


def results_message(standin: StandIn) -> Message | None:
    """The results message: a later one, posted when the event ends."""
    posted = _posted(standin)
    return posted[-1] if len(posted) > 1 else None


def level_of(message: Message) -> int | None:
    match = LEVEL.search(message.text)
    return int(match[1]) if match else None


def players_left(message: Message) -> int | None:
    match = LEFT.search(message.text)
    return int(match[1]) if match else None


@dataclass
class EventWatch:
    """Plays the members' turns in every table thread as they come: ``moves`` picks the
    button ("Fold", "Check", "All in" …) from the labels; counts what was played."""

    standin: StandIn
    members: list[Member]
    moves: tuple[str, ...] = ("Check", "Fold")
    depth: int = 3
    """How many of each thread's latest messages are looked at for a turn."""
    played: int = 0
    seen: set[tuple[int, int, int]] = field(default_factory=set)
    turns: list[tuple[int, int]] = field(default_factory=list)
    """Every member's turn seen, in order: (thread, member)."""
    errors: list[str] = field(default_factory=list)

    def member(self, member_id: int) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    async def run(self) -> None:
        """Until cancelled: every 0.2 s, play any member's turn shown in a thread."""
        while True:
            for thread in self.standin.threads(self.standin.channel.id):
                if thread.archived:
                    continue
                for message in list(thread.messages.values())[-self.depth :]:
                    await self._maybe_play(message)
            await asyncio.sleep(0.2)

    async def _maybe_play(self, message: Message) -> None:
        turn = turn_of(message)
        if turn is None:
            return
        key = (int(message.channel_id), turn.hand, turn.seq)
        who = self.member(turn.member)
        if who is None or key in self.seen:
            return
        self.seen.add(key)
        self.turns.append((key[0], who.id))
        label = next((turn.label(m) for m in self.moves if turn.label(m)), None)
        if label is None:
            return
        with contextlib.suppress(AssertionError):  # a turn that moved on meanwhile
            await who.click(message, label)
            self.played += 1
