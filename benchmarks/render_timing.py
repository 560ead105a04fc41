"""What the load benchmark runs in the render worker: a picture, and what drawing it cost there.

A module of its own so that the render process (started by a fork server, or the peer's worker
of :mod:`peer_renderer`) can import it by name.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from peer_renderer import PEER_COMMIT, PeerFunction

__all__ = ["RENDERERS", "renderer", "timed"]

RENDERERS = ("current", PEER_COMMIT)
"""``current``: ``bot.pictures``; ``2406b56``: the peer's ``bot.pictures``, taken from git and
run in a worker of its own (:mod:`peer_renderer`)."""


def renderer(name: str) -> tuple[Callable[[Any], bytes], Callable[[Any], bytes]]:
    """The (table, showdown) render functions of the renderer called ``name``; the peer's run
    only in a :class:`peer_renderer.PeerExecutor`."""
    if name == PEER_COMMIT:
        return (
            PeerFunction("bot.pictures.table", "render_table"),
            PeerFunction("bot.pictures.showdown", "render_showdown"),
        )
    from bot.pictures import render_showdown as showdown
    from bot.pictures import render_table as table

    return table, showdown


def timed(function: Callable[[Any], bytes], view: Any) -> tuple[bytes, float, float]:
    """``function(view)``, with the CPU seconds of this thread and the wall seconds it took.

    CPU time is what sets the worker's capacity; on a shared machine the wall time also holds
    the moments the worker waited for a core.
    """
    cpu, wall = time.thread_time(), time.perf_counter()
    png = function(view)
    return png, time.thread_time() - cpu, time.perf_counter() - wall
