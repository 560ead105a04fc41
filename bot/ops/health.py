"""The heartbeat the container health check reads, with the state of the gateway in it.

A process that is alive but not connected to Discord answers nobody, so a beat alone proves
little. The running bot writes a :class:`Beat` every :data:`HEARTBEAT_INTERVAL` seconds, and
at once when its gateway connection changes: the time, when it started, and the gateway's
state as :class:`bot.discord.gateway_watch.GatewayWatch` follows it through discord.py's events
(connected and ready, heartbeats acknowledged; the watch lives in the Discord layer, so this
module imports no ``discord``). ``python -m bot --health`` exits 0 only for a fresh beat of a ready
gateway; :func:`unhealthy` says why not, in one line.

Two graces keep a healthy bot from being restarted for being busy: :data:`START_GRACE` after
start (logging in and the first ``READY`` take a while on a big bot), and
:data:`RECONNECT_GRACE` after a dropped connection (discord.py reconnects by itself; the first
heartbeat on a new connection is acknowledged within about 40 seconds).

A bot that exits, cleanly on SIGTERM or after a failed start, writes a last beat saying
:attr:`Gateway.STOPPED` (:func:`mark_stopped`), so the check fails at once instead of after
:data:`MAX_AGE`; only a process killed outright leaves a beat that ages out.

The time is written *into* the file and ``now`` is passed in, so the check does not depend
on file-system timestamps or a hidden clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

from bot.settings import DEFAULT_DB, default_heartbeat_path

__all__ = [
    "HEARTBEAT_INTERVAL",
    "MAX_AGE",
    "RECONNECT_GRACE",
    "START_GRACE",
    "Beat",
    "Gateway",
    "GatewayProbe",
    "heartbeat_loop",
    "heartbeat_path",
    "mark_stopped",
    "read_heartbeat",
    "unhealthy",
    "write_heartbeat",
]

HEARTBEAT_INTERVAL = 30.0
MAX_AGE = 3 * HEARTBEAT_INTERVAL  # three missed beats: the process is stuck or gone
START_GRACE = 120.0
"""Seconds after start during which a bot that is not ready yet counts as healthy."""
RECONNECT_GRACE = 60.0
"""Seconds a dropped or unacknowledged connection may last before the bot is unhealthy."""


class Gateway(Enum):
    """The bot's connection to Discord's gateway, as the heartbeat records it."""

    STARTING = "starting"
    """Logging in or connecting for the first time: not ready yet."""
    READY = "ready"
    """Connected, ready, and its heartbeats are acknowledged."""
    UNACKNOWLEDGED = "unacknowledged"
    """Connected, but no heartbeat on this connection has been acknowledged."""
    DISCONNECTED = "disconnected"
    """The connection dropped (for a sharded bot: at least one shard's)."""
    CLOSED = "closed"
    """The bot has closed its connection for good (it is stopping)."""
    STOPPED = "stopped"
    """The process has exited (the last beat it writes)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Beat:
    """One heartbeat: ``at`` the time written, ``started`` the bot's start, ``since`` when the
    gateway entered ``gateway`` (all seconds since the epoch)."""

    at: float
    started: float
    gateway: Gateway
    since: float


def heartbeat_path(environ: Mapping[str, str]) -> str:
    """``HOLDEM_HEARTBEAT``, else beside ``HOLDEM_DB`` (needs no token: the health check only
    reads this file)."""
    return environ.get("HOLDEM_HEARTBEAT", "").strip() or default_heartbeat_path(
        environ.get("HOLDEM_DATABASE_URL", "").strip()
        or environ.get("HOLDEM_DB", "").strip()
        or DEFAULT_DB
    )


def write_heartbeat(
    path: str | os.PathLike[str],
    now: float,
    *,
    gateway: Gateway = Gateway.READY,
    started: float | None = None,
    since: float | None = None,
) -> None:
    """Record a beat at ``now`` as one line of JSON; atomic, so a reader never sees half a
    file. ``started`` and ``since`` default to ``now``; the loop passes all of them."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    record = {
        "at": now,
        "started": now if started is None else started,
        "gateway": gateway.value,
        "since": now if since is None else since,
    }
    temporary.write_text(json.dumps(record) + "\n", encoding="ascii")
    os.replace(temporary, target)


def read_heartbeat(path: str | os.PathLike[str]) -> Beat | None:
    """The last beat, or ``None`` if the file is missing, unreadable or not a beat."""
    try:
        record = json.loads(Path(path).read_text(encoding="ascii"))
        beat = Beat(
            at=float(record["at"]),
            started=float(record["started"]),
            gateway=Gateway(record["gateway"]),
            since=float(record["since"]),
        )
    except (OSError, ValueError, UnicodeDecodeError, TypeError, KeyError):
        return None
    times = (beat.at, beat.started, beat.since)
    return beat if all(math.isfinite(t) for t in times) else None


def unhealthy(
    beat: Beat | None,
    now: float,
    *,
    max_age: float = MAX_AGE,
    start_grace: float = START_GRACE,
    reconnect_grace: float = RECONNECT_GRACE,
) -> str | None:
    """Why the bot that wrote ``beat`` is not healthy at ``now``, or ``None`` if it is.

    >>> ready = Beat(at=100.0, started=0.0, gateway=Gateway.READY, since=30.0)
    >>> unhealthy(ready, 110.0) is None
    True
    >>> unhealthy(ready, 200.0)
    'the last heartbeat is 100 s old (more than 90 s): the bot is stuck or not running'
    """
    if beat is None:
        return "no heartbeat: the bot is not running (or HOLDEM_HEARTBEAT points elsewhere)"
    if beat.gateway is Gateway.STOPPED:
        return f"the bot is not running: it stopped {max(now - beat.at, 0.0):.0f} s ago"
    age = now - beat.at
    if not -max_age <= age <= max_age:
        return (
            f"the last heartbeat is {age:.0f} s old (more than {max_age:.0f} s): the bot is "
            "stuck or not running"
        )
    state = beat.gateway
    if state is Gateway.READY:
        return None
    if state is Gateway.CLOSED:
        return "the bot has closed its connection to Discord (it is stopping)"
    if state is Gateway.STARTING:
        waited = now - beat.started
        if waited <= start_grace:
            return None
        return f"the bot has not become ready on Discord's gateway in {waited:.0f} s"
    lasted = now - beat.since
    if lasted <= reconnect_grace:
        return None
    what = (
        "no heartbeat acknowledged by Discord's gateway"
        if state is Gateway.UNACKNOWLEDGED
        else "disconnected from Discord's gateway"
    )
    return f"{what} for {lasted:.0f} s"


def mark_stopped(path: str | os.PathLike[str], now: float) -> None:
    """The last beat of a process on its way out: unhealthy at once. A heartbeat folder the
    bot cannot write (perhaps why it stopped) is left as it is.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     mark_stopped(f"{folder}/heartbeat", 100.0)
    ...     unhealthy(read_heartbeat(f"{folder}/heartbeat"), 100.5)
    'the bot is not running: it stopped 0 s ago'
    """
    previous = read_heartbeat(path)
    started = now if previous is None else previous.started
    with contextlib.suppress(OSError):
        write_heartbeat(path, now, gateway=Gateway.STOPPED, started=started, since=now)


class GatewayProbe(Protocol):
    """What the heartbeat loop needs to know about the gateway (a
    :class:`bot.discord.gateway_watch.GatewayWatch`)."""

    changed: asyncio.Event

    def state(self) -> Gateway: ...


async def heartbeat_loop(
    path: str | os.PathLike[str],
    clock: Callable[[], float],
    watch: GatewayProbe,
    interval: float = HEARTBEAT_INTERVAL,
) -> None:
    """Beat every ``interval`` seconds, and at once when ``watch`` reports a change, until
    cancelled; the file write runs off the event loop."""
    started = now = clock()
    last: Gateway | None = None
    since = started
    while True:
        watch.changed.clear()
        state = watch.state()
        if state is not last:
            since = now if last is not None else started
            last = state
        write = asyncio.ensure_future(
            asyncio.to_thread(write_heartbeat, path, now, gateway=state, started=started,
                              since=since)
        )  # fmt: skip
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            await write  # a cancelled loop ends after its write, never before a later beat
            raise
        # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancel that comes
        # as the event is set (the gateway closing at a stop), and the loop would run on.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(interval):
                await watch.changed.wait()
        now = clock()
