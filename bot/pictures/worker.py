"""The render worker: one process that draws the table images, and that never outlives the bot.

A :class:`~concurrent.futures.ProcessPoolExecutor` started by a fork server leaves three
processes behind the bot: the worker, the fork server and multiprocessing's resource tracker.
The last two already end by themselves once nothing holds their pipes open, and the only
other holder is the worker (it is handed the fork server's "alive" pipe and the tracker's pipe
so that they outlive it). So everything hangs on the worker, and the worker is made to end
with the bot:

- it watches the bot's process (a ``pidfd`` on Linux, which cannot be fooled by a reused
  process id; a once-a-second check elsewhere) and exits as soon as it is gone, a ``SIGKILL``
  included; the fork server and the tracker follow within moments;
- it ignores ``SIGINT``: Ctrl-C in a terminal reaches the whole process group, and the bot
  decides when its worker stops (on a clean exit it shuts the pool down), so the worker prints
  no ``KeyboardInterrupt`` traceback of its own.

The fork server's own ``PR_SET_PDEATHSIG`` would not help: on Linux it fires when the *thread*
that started a process ends, not the process, and the worker is the fork server's child, not
the bot's.
"""

from __future__ import annotations

import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

__all__ = ["PARENT_POLL_SECONDS", "render_executor"]

PARENT_POLL_SECONDS = 1.0
"""How often the worker looks for its parent where the system offers no ``pidfd``."""


def render_executor(*, in_process: bool) -> Executor:
    """One render worker: a process started by a fork server (never a fork of this threaded
    process) that exits with this process, or a thread where processes cost more than they
    save (the offline tests)."""
    if in_process:
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(
            max_workers=1, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
        )
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")


def _start_worker(parent: int) -> None:
    """The worker's first steps: leave Ctrl-C to the bot, follow the bot out, warm up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with(parent)
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
    from bot.pictures.views import HoleCardsView, SeatView, TableView

    render_hole_cards(HoleCardsView(cards=("As", "Kd")))
    seats = (SeatView(name="A", stack=1234567890, bet=50), SeatView(name="B", stack=100))
    render_table(TableView(seats=seats, board=("Qh", "Jc", "Td")))
