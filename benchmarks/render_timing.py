"""What the load benchmark runs in the render worker: a picture, and what drawing it cost there.

A module of its own so that the render process (started by a fork server, or the peer's worker
of :mod:`peer_renderer`) can import it by name.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from peer_renderer import PEER_COMMIT, PeerFunction

__all__ = ["RENDERERS", "renderer", "timed", "timed_each"]

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


def timed_each(function: Callable[[Any], bytes], views: list[Any]) -> list[tuple[int, float]]:
    """``function`` over ``views`` one after the other: each picture's size in bytes and the CPU
    seconds of this thread it took. One call per turn of several pictures, so that a renderer
    in another process is not woken for every picture (a process woken from a pipe draws its
    next picture with cold caches, which costs up to a millisecond of CPU time)."""
    timings = []
    for view in views:
        cpu = time.thread_time()
        png = function(view)
        timings.append((len(png), time.thread_time() - cpu))
    return timings
