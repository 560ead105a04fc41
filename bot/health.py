"""The heartbeat the container health check reads.

The running bot calls :func:`write_heartbeat` every :data:`HEARTBEAT_INTERVAL` seconds (start
:func:`heartbeat_loop` as a task once it is connected); ``python -m bot --health`` exits 0 when
the last beat is younger than :data:`MAX_AGE`. The time is written *into* the file and ``now``
is passed in, so the check does not depend on file-system timestamps or a hidden clock.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from .config import DEFAULT_DB, default_heartbeat_path

__all__ = [
    "HEARTBEAT_INTERVAL",
    "MAX_AGE",
    "check_heartbeat",
    "heartbeat_loop",
    "heartbeat_path",
    "write_heartbeat",
]

HEARTBEAT_INTERVAL = 30.0
MAX_AGE = 3 * HEARTBEAT_INTERVAL  # three missed beats: the process is stuck or gone


def heartbeat_path(environ: Mapping[str, str]) -> str:
    """``HOLDEM_HEARTBEAT``, else beside ``HOLDEM_DB`` (needs no token: the health check only
    reads this file)."""
    return environ.get("HOLDEM_HEARTBEAT", "").strip() or default_heartbeat_path(
        environ.get("HOLDEM_DB", "").strip() or DEFAULT_DB
    )


def write_heartbeat(path: str | os.PathLike[str], now: float) -> None:
    """Record ``now`` (seconds since the epoch); atomic, so a reader never sees half a file."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(f"{now:.3f}\n", encoding="ascii")
    os.replace(temporary, target)


def check_heartbeat(path: str | os.PathLike[str], now: float, max_age: float = MAX_AGE) -> bool:
    """Whether the last beat is at most ``max_age`` seconds old (a missing or unreadable file,
    or one from the future by more than ``max_age``, is not healthy)."""
    try:
        beat = float(Path(path).read_text(encoding="ascii").strip())
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return abs(now - beat) <= max_age


async def heartbeat_loop(
    path: str | os.PathLike[str],
    clock: Callable[[], float],
    interval: float = HEARTBEAT_INTERVAL,
) -> None:
    """Beat forever (until cancelled); the file write runs off the event loop."""
    while True:
        await asyncio.to_thread(write_heartbeat, path, clock())
        await asyncio.sleep(interval)
