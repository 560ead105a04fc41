"""What the load benchmark runs in the render worker: a picture, and what drawing it cost there.

A module of its own so that the render process (started by a fork server, or the peer's worker
of :mod:`peer_renderer`) can import it by name.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from peer_renderer import PEER_COMMIT, PeerFunction

__all__ = ["RENDERERS", "StreamPicture", "candidate_counts", "renderer", "stream_parts", "timed",
           "timed_each"]  # fmt: skip

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


@dataclass(frozen=True)
class StreamPicture:
    """What one picture of a stream cost in the worker: CPU seconds of the drawing and of
    today's PNG writer, the bytes deflated (the scanlines) and written, and each candidate
    writer's (:mod:`png_candidates`) CPU seconds and bytes."""

    kind: str
    draw: float
    encode: float
    scanlines: int
    png: int
    candidates: dict[str, tuple[float, int]]


def stream_parts(
    items: list[tuple[str, Any]],
    writers: tuple[str, ...],
    today: bool = True,
    check_every: int = 50,
) -> list[StreamPicture]:
    """Draw each ``(kind, view)`` of a stream and write it with today's writer (unless not
    ``today``) and with the candidates named ``writers``, timing each part with this thread's
    CPU time. Every ``check_every``-th picture of each writer is decoded by Pillow and compared
    with the drawing, pixel for pixel.

    zlib's candidates run in a worker where ISA-L never ran: ISA-L leaves the vector registers'
    upper halves dirty (no ``vzeroupper``), and zlib's deflate then takes twice its time on
    this machine (Pillow's drawing and ISA-L itself do not change)."""
    from PIL import Image
    from png_candidates import CANDIDATES

    from bot.pictures.png import encode_png
    from bot.pictures.showdown import draw_showdown
    from bot.pictures.table import draw_table

    drawings = {"table": draw_table, "showdown": draw_showdown}
    results = []
    for number, (kind, view) in enumerate(items):
        cpu = time.thread_time()
        image = drawings[kind](view)
        drawn = time.thread_time()
        png = encode_png(image) if today else b""
        written = time.thread_time()
        outputs = {"today": png} if today else {}
        candidates = {}
        for name in writers:
            write = CANDIDATES[name]
            start = time.thread_time()
            outputs[name] = write(image)
            candidates[name] = (time.thread_time() - start, len(outputs[name]))
        if number % check_every == 0:
            for name, data in outputs.items():
                with Image.open(io.BytesIO(data)) as decoded:
                    if decoded.convert("RGB").tobytes() != image.tobytes():
                        raise SystemExit(f"{name}: the PNG's pixels are not the picture's")
        scanlines = image.height * (image.width * len(image.getbands()) + 1)
        results.append(
            StreamPicture(kind, drawn - cpu, written - drawn, scanlines, len(png), candidates)
        )
    return results


def candidate_counts() -> dict[str, tuple[int, int, int, int]]:
    """For each band-cache candidate: bands looked up, hits, bytes deflated, bytes kept."""
    from png_candidates import CANDIDATES, BandCache

    return {
        name: (write.bands, write.hits, write.deflated, write.size)
        for name, write in CANDIDATES.items()
        if isinstance(write, BandCache)
    }
