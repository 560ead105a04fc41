"""What the load benchmark runs in the render worker: a picture, and what drawing it cost there.

A module of its own so that the render process (started by a fork server) can import it by name.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["RENDERERS", "renderer", "timed"]

RENDERERS = ("current", "2406b56")
"""``current``: ``bot.pictures``; ``2406b56``: the peer copy in ``peer_render_2406b56``."""


def renderer(name: str) -> tuple[Callable[[Any], bytes], Callable[[Any], bytes]]:
    """The (table, showdown) render functions of the renderer called ``name``."""
    if name == "2406b56":
        from peer_render_2406b56.showdown import render_showdown
        from peer_render_2406b56.table import render_table

        return render_table, render_showdown
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
