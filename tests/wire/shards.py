"""A stand-in Discord with several guilds on several gateway shards, for bots that run their
shards in separate processes.

Each guild has one text channel and lives on Discord's shard ``(guild_id >> 22) %
shard_count``. A bot connection's IDENTIFY names its shard (``[id, count]``): that
connection gets READY and GUILD_CREATE for its shard's guilds only, and every later event of a
guild (an interaction) goes out on the newest connection of the guild's shard, so a guild
whose shard's process is down hears nothing, as on Discord.

:class:`Tables` reads one guild's table through the stand-in as :class:`~.game.Game` does for
the single guild.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.tables.leases import shard_of
from tests.postgres import cluster

from . import payloads
from .channels import Channel
from .game import Turn, turn_of
from .members import Member
from .payloads import snowflake
from .process import STEP
from .standin import StandIn

__all__ = [
    "EveryCopy",
    "ShardedStandIn",
    "Tables",
    "start_database",
    "stop_database",
    "terminate_connections",
]


@dataclass
class ShardedStandIn(StandIn):
    shard_count: int = 2
    more_guilds: dict[int, int] = field(default_factory=dict)
    """Guilds besides :attr:`guild_id`, each with its channel id."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for guild, channel in self.more_guilds.items():
            self.channels[channel] = Channel(id=channel, guild_id=guild)

    @property
    def guilds(self) -> dict[int, int]:
        """Every guild and its channel."""
        return {self.guild_id: self.channel_id, **self.more_guilds}

    async def dispatch(self, event: str, data: Any) -> None:
        """A guild's event goes to its shard's connection; anything else to the newest."""
        guild = data.get("guild_id") if isinstance(data, dict) else None
        shard = None if guild is None else shard_of(int(guild), self.shard_count)
        await self.gateway.dispatch(event, data, shard=shard)

    async def _ready(self) -> None:
        identify = next(f for f in reversed(self.gateway.frames) if f.get("op") == 2)
        shard, count = identify["d"]["shard"]
        assert count == self.shard_count, f"the bot identified as shard {shard} of {count}"
        mine = {g: c for g, c in self.guilds.items() if shard_of(g, count) == shard}
        await self.gateway.dispatch(
            "READY",
            {
                "v": 10,
                "user": payloads.user(self.bot),
                "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                "session_id": f"standin-session-{snowflake()}",
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "shard": [shard, count],
            },
        )
        people = [self.bot, *self.people]
        for guild, channel in mine.items():
            channels = [payloads.text_channel(channel, guild)]
            await self.gateway.dispatch(
                "GUILD_CREATE",
                payloads.guild(guild, owner=self.owner_id, channels=channels, people=people),
            )


@dataclass
class Tables:
    """One guild's table as its members see it: the turn its channel shows."""

    standin: StandIn
    channel_id: int
    members: list[Member]

    def member(self, member_id: int) -> Member:
        return next(m for m in self.members if m.id == member_id)

    def turn(self) -> Turn | None:
        channel = self.standin.channels[self.channel_id]
        turns = [t for m in channel.visible() if (t := turn_of(m))]
        return max(turns, key=lambda t: t.message.touched, default=None)

    def texts(self) -> list[str]:
        return self.standin.channels[self.channel_id].texts()

    async def next_turn(self, after: Turn | None = None, *, timeout: float = STEP) -> Turn:
        """Wait for a turn later than ``after`` (any turn if ``None``)."""

        def later() -> Turn | None:
            turn = self.turn()
            if turn is None or (after and (turn.hand, turn.seq) <= (after.hand, after.seq)):
                return None
            return turn

        try:
            found: Turn = await self.standin.wait_for(later, timeout)
        except TimeoutError:
            raise AssertionError(
                f"channel {self.channel_id} did not move on from "
                f"{after and (after.hand, after.seq)}; last lines: {self.texts()[-6:]}"
            ) from None
        return found

    async def open(self) -> Turn:
        """The first member opens the table, the others join, the host deals."""
        host, *others = self.members
        assert not (await host.slash("holdem start")).ephemeral
        for other in others:
            assert (await other.slash("holdem join")).ephemeral  # the lobby says it
        assert not (await host.slash("holdem deal")).ephemeral
        return await self.next_turn()

    async def move(self, turn: Turn) -> Turn:
        """The member to act checks or calls by button; the next turn."""
        label = turn.label("Check") or turn.label("Call")
        assert label is not None, turn.labels
        answer = await self.member(turn.member).click(turn.message, label)
        assert not answer.ephemeral, answer.content
        return await self.next_turn(turn)


# ----------------------------------------------------------------- faults


class EveryCopy(ShardedStandIn):
    """A stand-in that sends every interaction to every connected bot process, as Discord
    does to two copies of the bot started on the same shard ids by mistake (each identifies
    as the shard, and each receives its events)."""

    async def dispatch(self, event: str, data: Any) -> None:
        if event != "INTERACTION_CREATE":
            await super().dispatch(event, data)
            return
        gateway = self.gateway
        for ws in list(gateway._sockets):
            if not ws.closed:
                gateway._sequence += 1
                await ws.send_json({"op": 0, "t": event, "s": gateway._sequence, "d": data})


def stop_database() -> None:
    """Stop this test process's PostgreSQL (every connection drops; it keeps its data)."""
    server = cluster()
    server.run("pg_ctl", "-D", str(server.folder / "data"), "-m", "fast", "-w", "stop")


def start_database() -> None:
    """Start it again after :func:`stop_database`, as :mod:`tests.postgres` first did."""
    server = cluster()
    server.run(
        "pg_ctl", "-D", str(server.folder / "data"), "-l", str(server.folder / "server.log"),
        "-w", "-o", f"-c listen_addresses='' -c unix_socket_directories={server.socket_dir} "
        "-c fsync=off -c full_page_writes=off -c max_connections=200", "start",
    )  # fmt: skip


async def terminate_connections(url: str) -> int:
    """End every other session on the server (``pg_terminate_backend``), as a failover or
    an administrator does; how many were ended."""
    admin = await asyncpg.connect(url)
    try:
        rows = await admin.fetch(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND datname = current_database() "
            "AND backend_type = 'client backend'"
        )
    finally:
        await admin.close()
    return sum(1 for row in rows if row[0])
