"""A table as its members see it through the stand-in: who is to act, the buttons they
have, the lines posted; and the moves that play a hand on.

The turn is read from the channel, never from the bot's memory: the message changed last
that carries move buttons (``holdem:act:<table>:<hand>:<seq>:<move>``), its last mention
naming the member to act. :meth:`Game.next_turn` waits until the table shows a later turn
(the next player, or the first turn of the next hand), which is how a member knows the table
moved on.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .channels import Channel, Message
from .members import Answer, Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, STEP, BotProcess
from .standin import StandIn

__all__ = ["NAMES", "Game", "Turn", "game"]

ACT = re.compile(r"holdem:act:[^:]+:(?P<hand>\d+):(?P<seq>\d+):(?P<move>[a-z]+)")
MENTION = re.compile(r"<@!?(\d+)>")
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")


@dataclass(frozen=True, kw_only=True)
class Turn:
    message: Message
    member: int
    hand: int
    seq: int

    @property
    def labels(self) -> list[str]:
        return list(self.message.buttons())

    def label(self, prefix: str) -> str | None:
        """The first button label starting with ``prefix`` ("Call", "Check", "Raise" …)."""
        return next((label for label in self.labels if label.startswith(prefix)), None)


def turn_of(message: Message) -> Turn | None:
    acts = [m for c in message.custom_ids() if (m := ACT.fullmatch(c)) and m["move"] != "cards"]
    mentions = MENTION.findall(message.text)
    if not acts or not mentions:
        return None
    return Turn(
        message=message,
        member=int(mentions[-1]),  # the turn comes last, after any line about the move
        hand=int(acts[0]["hand"]),
        seq=int(acts[0]["seq"]),
    )


@dataclass
class Game:
    standin: StandIn
    bot: BotProcess
    members: list[Member]
    stopped: list[BotProcess] = field(default_factory=list)
    where: int | None = None
    """The channel the table plays in (a group DM's, say); ``None``: the stand-in's own."""

    @property
    def channel(self) -> Channel:
        return self.standin.channels[self.where or self.standin.channel_id]

    @property
    def db(self) -> Path:
        return self.bot.db

    async def restart(self, *, settle: bool = True) -> None:
        """A new bot process on the same database (after the old one stopped or died);
        ``settle=False`` returns as soon as it has identified."""
        self.stopped.append(self.bot)
        self.bot = BotProcess(standin=self.standin, db=self.bot.db)
        await self.bot.start(settle=settle)

    def member(self, member_id: int) -> Member:
        return next(m for m in self.members if m.id == member_id)

    def texts(self) -> list[str]:
        return self.channel.texts()

    def since(self, message: Message) -> list[Message]:
        """The public messages in the channel from ``message`` on (ids rise with time)."""
        return [m for m in self.channel.visible() if int(m.id) >= int(message.id)]

    async def pinged(self, member: int, *, after: int) -> list[tuple[str, tuple[int, ...]]]:
        """Wait until a message after the first ``after`` pings ``member``; every ping since."""

        def seen() -> bool:
            return any(member in who for _, who in self.standin.notified[after:])

        try:
            await self.standin.wait_for(seen, STEP)
        except TimeoutError:
            raise AssertionError(
                f"no ping for {member}: {self.standin.notified[after:]}\n{self.bot.report()}"
            ) from None
        return self.standin.notified[after:]

    def turn(self) -> Turn | None:
        """The turn the channel shows now, if any."""
        turns = [t for m in self.channel.visible() if (t := turn_of(m))]
        return max(turns, key=lambda t: t.message.touched, default=None)

    async def next_turn(self, after: Turn | None = None, *, timeout: float = STEP) -> Turn:
        """Wait for a turn later than ``after`` (any turn if ``None``)."""

        def later() -> Turn | None:
            turn = self.turn()
            if turn is None:
                return None
            if after is not None and (turn.hand, turn.seq) <= (after.hand, after.seq):
                return None
            return turn

        try:
            found: Turn = await self.standin.wait_for(later, timeout)
        except TimeoutError:
            raise AssertionError(
                f"the table did not move on from {after and (after.hand, after.seq)} in "
                f"{timeout:.0f} s; last lines: {self.texts()[-8:]}\n{self.bot.report()}"
            ) from None
        return found

    async def wait_text(self, fragment: str, *, timeout: float = STEP) -> str:
        """Wait until a public line contains ``fragment``; that line."""

        def seen() -> str | None:
            return next((x for x in reversed(self.texts()) if fragment in x), None)

        try:
            found: str = await self.standin.wait_for(seen, timeout)
        except TimeoutError:
            raise AssertionError(
                f"no line with {fragment!r} in {timeout:.0f} s; last lines: "
                f"{self.texts()[-8:]}\n{self.bot.report()}"
            ) from None
        return found

    async def open(self, **start: Any) -> Turn:
        """The first member opens a table (``/holdem start`` with ``start``'s options), the
        others join by command, the host deals; the first turn."""
        host, *others = self.members
        opened = await host.slash("holdem start", **start)
        assert not opened.ephemeral, opened.content
        for other in others:  # answered privately: the lobby lists the seats
            joined = await other.slash("holdem join")
            assert joined.ephemeral and "You sit down" in joined.content, joined.content
        dealt = await host.slash("holdem deal")
        assert not dealt.ephemeral, dealt.content
        return await self.next_turn()

    async def play(self, turn: Turn, *, by_button: bool) -> tuple[Answer, Turn | None]:
        """The member to act checks or calls, by button or by command; their answer, and the
        turn shown before it (to wait past)."""
        who = self.member(turn.member)
        if by_button:
            label = turn.label("Check") or turn.label("Call")
            assert label is not None, turn.labels
            return await who.click(turn.message, label), turn
        command = "check" if turn.label("Check") else "call"
        return await who.slash(command), turn

    async def play_out(self, turn: Turn) -> Turn:
        """Check or call to the end of the hand, by button and command in turn; the first
        turn of the next hand, which the table deals by itself."""
        hand, by_button = turn.hand, True
        while turn.hand == hand:
            answer, before = await self.play(turn, by_button=by_button)
            assert answer.ephemeral != by_button, answer.content  # a slash move is told privately
            by_button = not by_button
            turn = await self.next_turn(before)
        return turn


@asynccontextmanager
async def game(
    tmp_path: Path, *, players: int = 3, env: dict[str, str] | None = None
) -> AsyncIterator[Game]:
    """A stand-in with ``players`` members (the first one may manage the server) and the
    bot running against it (with ``env`` over the harness's settings); both stopped at the
    end, whatever happened."""
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], admin=k == 0)
        for k in range(players)
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    played = Game(
        standin=standin,
        bot=BotProcess(standin=standin, db=tmp_path / "holdem.sqlite3", env=dict(env or {})),
        members=[Member(standin, p) for p in people],
    )
    try:
        await played.bot.start()
        yield played
    finally:
        for bot in (*played.stopped, played.bot):
            await bot.close()
        await standin.stop()
