"""The render workers: processes that draw the pictures, and that never outlive the bot.

As many workers as the bot may use cores (:func:`default_workers`, or ``HOLDEM_RENDER_WORKERS``),
each at a lower scheduling priority (:data:`NICENESS`): the event loop and the database thread
always win a core, and the pictures take what they leave idle. The bot starts one as its
tables are resumed (all of them for many tables: :meth:`bot.pictures.pool.RenderPool.start_for`),
and another when a picture finds every worker busy, so a quiet bot runs one.

Workers started by a fork server (:mod:`bot.pictures.pool` starts them and hands them their
calls) leave three processes behind the bot: the workers, the fork server and
multiprocessing's resource tracker.
The last two already end by themselves once nothing holds their pipes open, and the only
other holders are the workers (each is handed the fork server's "alive" pipe and the tracker's
pipe so that they outlive it). So everything hangs on the workers, and each is made to end
with the bot:

- it watches the bot's process (a ``pidfd`` on Linux, which cannot be fooled by a reused
  process id; a once-a-second check elsewhere) and exits as soon as it is gone, a ``SIGKILL``
  included; the fork server and the tracker follow within moments;
- it ignores ``SIGINT``: Ctrl-C in a terminal reaches the whole process group, and the bot
  decides when its worker stops (on a clean exit it closes the pool), so the worker prints
  no ``KeyboardInterrupt`` traceback of its own.

The fork server's own ``PR_SET_PDEATHSIG`` would not help: on Linux it fires when the *thread*
that started a process ends, not the process, and the worker is the fork server's child, not
the bot's.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import select
import signal
import struct
import threading
import time
from multiprocessing.connection import Connection

__all__ = [
    "HEADER",
    "HEAP_KEPT",
    "MOST_WORKERS",
    "NICENESS",
    "PARENT_POLL_SECONDS",
    "default_workers",
    "framed",
    "keep_freed_memory",
    "serve",
]

HEAP_KEPT = 256 * 1024 * 1024
"""How much freed memory a worker keeps for its next pictures before it gives any back."""
LARGEST_FROM_HEAP = 32 * 1024 * 1024
"""Blocks up to this size come from the heap, not from a mapping of their own (glibc's most)."""
_M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters, from <malloc.h>
_M_MMAP_THRESHOLD = -3
PARENT_POLL_SECONDS = 1.0
"""How often a worker looks for its parent where the system offers no ``pidfd``."""
NICENESS = 10
"""How much lower than the bot's a worker's scheduling priority is (``os.nice``): Linux then
gives a busy worker about a tenth of the share of a busy thread of the bot on the same core."""
MOST_WORKERS = 4
"""The most workers :func:`default_workers` starts: each holds its own fonts, tiles and caches
(40 MB at start, about 100 MB once a busy bot has filled them)."""


def default_workers() -> int:
    """One worker per core this process may run on, at most :data:`MOST_WORKERS`: with the
    workers' lower priority, the loop's own core draws only while the loop is idle."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this system
        cores = os.cpu_count() or 1
    return max(1, min(MOST_WORKERS, cores))


HEADER = struct.Struct("!I")
"""Every message on a worker's pipes is this header (the length of what follows) and a pickle:
a call ``(number, function, args)`` down, a reply ``(number, answered, result or error)`` up."""


def framed(message: object) -> bytes:
    """``message`` as one frame of a worker's pipes."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def serve(calls: Connection, replies: Connection, parent: int) -> None:
    """A worker's life: answer the calls in ``calls`` one by one, in order, on ``replies``,
    until the bot closes its end of ``calls`` (or ends: :func:`exit_with`)."""
    _start_worker(parent)
    down, up = calls.fileno(), replies.fileno()
    while True:
        try:
            number, function, args = pickle.loads(_read_frame(down))
        except EOFError:
            return
        try:
            reply = framed((number, True, function(*args)))
        except Exception as error:  # the caller's to read, as the function raised it
            reply = framed((number, False, _portable(error)))
        view = memoryview(reply)
        while view:
            view = view[os.write(up, view) :]


def _read_frame(end: int) -> bytes:
    (size,) = HEADER.unpack(_read_exactly(end, HEADER.size))
    return _read_exactly(end, size)


def _read_exactly(end: int, size: int) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = os.read(end, size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return bytes(data)


def _portable(error: Exception) -> Exception:
    """``error`` if it survives a pickle, else a RuntimeError that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # any error of pickling means the same here
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _start_worker(parent: int) -> None:
    """A worker's first steps: step back behind the bot, leave Ctrl-C to the bot, follow the
    bot out, warm up."""
    os.nice(NICENESS)  # first: the threads started below inherit it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with(parent)
    keep_freed_memory()
    _warm_up()


def exit_with(parent: int) -> None:
    """End this process (at once, ``os._exit``) when process ``parent`` ends.

    A daemon thread waits on a ``pidfd`` of ``parent`` where the system has them, else checks
    every :data:`PARENT_POLL_SECONDS`. A parent already gone ends this process now.
    """
    try:
        handle: int | None = os.pidfd_open(parent)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no pidfd on this system or kernel
        handle = None
    watcher = threading.Thread(
        target=_wait_for_exit, args=(parent, handle), name="render-parent-watch", daemon=True
    )
    watcher.start()


def keep_freed_memory() -> bool:
    """Make the C allocator keep the memory a picture frees for the next one (glibc only).

    A picture allocates and frees a few blocks of hundreds of kilobytes (the canvas, its rows,
    the deflated bytes). glibc serves such blocks from mappings of their own, and moves its
    thresholds as they are freed; some workers settle where every freed block goes back to the
    system and the next picture faults it in again, 4 KB at a time. Which ones depends on the
    order of their first frees: in 2 of 4 runs of 2,000 table pictures in one fresh worker, it
    took 629,000 page faults and 4.1-4.5 s of CPU, against 11,500 faults and 2.9 s in the
    other two. Fixed thresholds keep those blocks in the heap and the heap's freed top in
    the process, bounded by :data:`HEAP_KEPT`: every run 10,800 faults and 2.7-2.8 s (the
    worker's resident set the same 57 MB after the run). Where the C library has no ``mallopt``
    (not glibc), nothing changes and this returns False.
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(
        mallopt(_M_MMAP_THRESHOLD, LARGEST_FROM_HEAP) and mallopt(_M_TRIM_THRESHOLD, HEAP_KEPT)
    )


def _wait_for_exit(parent: int, handle: int | None) -> None:
    if handle is not None:
        # A pidfd becomes readable when its process has ended.
        select.select([handle], [], [])
    else:
        while _alive(parent):
            time.sleep(PARENT_POLL_SECONDS)
    # The parent holds every result this process could still send: nothing is worth flushing.
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a process of another user holds the id
        return True
    return True


def _warm_up() -> None:
    """Load the renderer, its fonts, card tiles, the felt and the digits' masks in the worker
    before the first image, so that the first table drawn costs what every other one does."""
    from bot.pictures import render_hole_cards, render_table
    from bot.pictures.table import prepare_cards
    from bot.pictures.views import HoleCardsView, SeatView, TableView

    prepare_cards()
    render_hole_cards(HoleCardsView(cards=("As", "Kd")))
    seats = (SeatView(name="A", stack=1234567890, bet=50), SeatView(name="B", stack=100))
    render_table(TableView(seats=seats, board=("Qh", "Jc", "Td")))
