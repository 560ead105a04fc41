"""The render pool: the event loop hands each picture to a render worker itself.

``concurrent.futures.ProcessPoolExecutor`` moves every call and every result through two
threads of the bot's own process, one that pickles and writes the calls and one that reads the
results, and each takes the interpreter's lock from the event loop once a picture. It also
hands a worker its next call only after the manager thread has read the last result, so a
worker waits whenever that thread waits for the lock. Here the loop writes a call straight down
the worker's pipe and reads results from the other pipe when the loop finds it readable, never
waiting on either; each worker holds up to :data:`DEPTH` calls, so the next one is already in
its pipe when it finishes a picture. 2,000 table pictures asked at once of two workers, on
this machine, twice each: the bot's process spent 0.89-1.07 s of CPU on the executor's side
(0.30-0.41 of it on the loop's thread) and had the pictures in 2.2-3.1 s; 0.46-0.48 s on the
pool's (all of it on the loop's thread, there is no other) and had them in 1.7-1.8 s.

The workers are :mod:`bot.pictures.worker` processes started by a fork server (never a fork of
this threaded process); one is started with the bot (:meth:`RenderPool.start_for`) and another
when a call finds every worker busy, so a quiet bot runs one. A worker that dies fails the call
it was drawing with :class:`WorkerLost`; the calls queued behind it go to another worker,
started for them if need be. Offline (``in_process=False``: the tests that need no processes)
the pictures are drawn by one thread of this process instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from bot.pictures.worker import HEADER, framed, serve

__all__ = ["DEPTH", "JOIN_SECONDS", "MANY_TABLES", "RenderPool", "WorkerLost"]

T = TypeVar("T")

DEPTH = 2
"""Calls a worker holds at once: the one it draws and the next, waiting in its pipe."""
MANY_TABLES = 1000
"""Tables resumed at once from which a bot starts every worker as it starts, not only the first:
their first pictures come together (the load benchmark's 2,000 tables deal within 3 s), and a
worker started by them keeps them waiting the half second it takes to start. At 1,000 tables
the second worker started by the pictures still kept their deal p99 at 18 ms."""
JOIN_SECONDS = 5.0
"""How long :meth:`RenderPool.close` waits for each worker to end when asked to wait."""
_READ = 1 << 18
"""The most one read takes (into a buffer kept per worker: a table picture's reply, about 65 KB,
comes in one read, and no read allocates)."""


class WorkerLost(RuntimeError):
    """The render worker holding a call ended before it answered (killed, or out of memory)."""


class RenderPool:
    """Up to ``workers`` render processes (or one thread: ``in_process=False``)."""

    def __init__(self, *, in_process: bool, workers: int = 1, depth: int = DEPTH) -> None:
        self._most = max(1, workers)
        self._depth = depth
        self._thread = None if in_process else ThreadPoolExecutor(1, thread_name_prefix="render")
        self._links: list[_Link] = []
        self._waiting: deque[tuple[int, asyncio.Future[Any], bytes]] = deque()
        self._numbers = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    @property
    def processes(self) -> list[BaseProcess]:
        """The workers running now (for tests and the load benchmark's accounting)."""
        return [link.process for link in self._links]

    async def start_for(self, tables: int) -> None:
        """Start the workers a bot resuming ``tables`` tables wants at once: one, so that its
        first picture does not wait for the fork server, or all from :data:`MANY_TABLES`."""
        await self.start(self._most if tables >= MANY_TABLES else 1)

    async def start(self, workers: int = 1) -> None:
        """Have ``workers`` workers (at most the pool's) started and warmed up now, rather than
        when pictures first find them missing: the fork server and a worker take about half a
        second to start, which the first pictures after a start would wait for. A worker that
        dies as it starts is left for the pictures to replace."""
        if self._thread is not None or self._closed:
            return
        self._loop = self._loop or asyncio.get_running_loop()
        while len(self._links) < min(workers, self._most):
            self._start()
        asked = (self._ask(link, abs, 0) for link in list(self._links))
        await asyncio.gather(*asked, return_exceptions=True)

    async def _ask(self, link: _Link, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the worker ``link`` itself."""
        number, future, message = self._call(function, args)
        link.held[number] = future, message
        self._send(link, message)
        return await future

    def _call(
        self, function: Callable[..., T], args: tuple[Any, ...]
    ) -> tuple[int, asyncio.Future[T], bytes]:
        """A call's number, the future its reply sets, and its frame (what cannot be pickled
        fails here, before anything is sent)."""
        assert self._loop is not None
        number = next(self._numbers)
        return number, self._loop.create_future(), framed((number, function, args))

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker: its result, or the error it raised."""
        if self._closed:
            raise RuntimeError("the render pool is closed")
        if self._thread is not None:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, function, *args)
        self._loop = self._loop or asyncio.get_running_loop()
        number, future, message = self._call(function, args)
        self._waiting.append((number, future, message))
        self._dispatch()
        return await future

    def close(self, *, wait: bool = False) -> None:
        """End the workers (each reads the end of its calls' pipe and exits) and cancel every
        call not answered; with ``wait``, until each has ended."""
        self._closed = True
        if self._thread is not None:
            self._thread.shutdown(wait=wait, cancel_futures=True)
        for _, future, _ in self._waiting:
            future.cancel()
        self._waiting.clear()
        for link in self._links:
            self._drop(link, None)
            if wait:
                link.process.join(JOIN_SECONDS)
        self._links.clear()

    def _dispatch(self) -> None:
        while self._waiting:
            link = self._free_link()
            if link is None:
                return
            number, future, message = self._waiting.popleft()
            if future.done():  # cancelled while it waited
                continue
            link.held[number] = future, message
            if not self._send(link, message):
                return

    def _free_link(self) -> _Link | None:
        """The worker holding fewest calls, a new one if every worker is busy and there may be
        more, or none when all hold :data:`DEPTH`."""
        link = min(self._links, key=lambda link: len(link.held), default=None)
        if (link is None or link.held) and len(self._links) < self._most:
            link = self._start()
        return link if link is not None and len(link.held) < self._depth else None

    def _start(self) -> _Link:
        assert self._loop is not None
        link = _Link(multiprocessing.get_context("forkserver"))
        self._links.append(link)
        self._loop.add_reader(link.results, self._readable, link)
        return link

    def _send(self, link: _Link, message: bytes) -> bool:
        """Write what fits now; the rest when the pipe has room. False if the worker is gone."""
        assert self._loop is not None
        link.outgoing += message
        try:
            written = os.write(link.calls, link.outgoing)
        except BlockingIOError:
            written = 0
        except OSError as error:  # the worker is gone (EPIPE): its calls fail
            self._lost(link, error)
            return False
        del link.outgoing[:written]
        if link.outgoing and not link.writing:
            link.writing = True
            self._loop.add_writer(link.calls, self._writable, link)
        return True

    def _writable(self, link: _Link) -> None:
        assert self._loop is not None
        link.writing = False
        self._loop.remove_writer(link.calls)
        self._send(link, b"")

    def _readable(self, link: _Link) -> None:
        ended: bool | OSError
        try:
            replies, ended = link.read()
        except OSError as error:
            replies, ended = [], error
        for number, answered, value in replies:
            future, _ = link.held.pop(number)
            if future.done():  # its caller went away
                continue
            if answered:
                future.set_result(value)
            else:
                future.set_exception(value)
        if ended:
            self._lost(link, ended if isinstance(ended, OSError) else None)
        else:
            self._dispatch()

    def _lost(self, link: _Link, error: OSError | None) -> None:
        """A worker ended: the call it was drawing fails, the ones queued behind it in its pipe
        go first to another worker (a picture that kills its worker takes no other with it)."""
        if link.held:
            drawing = min(link.held)
            for number in sorted(link.held, reverse=True):
                if number != drawing:
                    future, message = link.held.pop(number)
                    self._waiting.appendleft((number, future, message))
        self._drop(link, WorkerLost(f"render worker {link.process.pid} ended: {error or 'exit'}"))
        self._links.remove(link)
        self._dispatch()

    def _drop(self, link: _Link, error: WorkerLost | None) -> None:
        """Stop watching ``link``, close its pipes, and end its calls: ``error``, or cancel."""
        if self._loop is not None:
            self._loop.remove_reader(link.results)
            if link.writing:
                self._loop.remove_writer(link.calls)
        link.close()
        for future, _ in link.held.values():
            if future.done():
                continue
            if error is None:
                future.cancel()
            else:
                future.set_exception(error)
        link.held.clear()


class _Link:
    """One render worker seen from the bot: its process, the pipe its calls go down and the
    one its results come up (the bot's ends, neither ever blocking), the calls it holds."""

    def __init__(self, context: Any) -> None:
        calls_read, self.calls = os.pipe()
        self.results, results_write = os.pipe()
        # Connections carry the worker's two ends through the fork server; ours stay raw.
        theirs = Connection(calls_read, writable=False), Connection(results_write, readable=False)
        self.process: BaseProcess = context.Process(
            target=serve, args=(*theirs, os.getpid()), name="holdem-render", daemon=True
        )
        try:
            self.process.start()
        finally:
            for end in theirs:
                end.close()  # the worker has its own copies: its exit is our end of file
        os.set_blocking(self.calls, False)
        os.set_blocking(self.results, False)
        self.held: dict[int, tuple[asyncio.Future[Any], bytes]] = {}
        self.outgoing = bytearray()
        self.writing = False
        self._incoming = bytearray()
        self._buffer = bytearray(_READ)

    def read(self) -> tuple[list[tuple[int, bool, Any]], bool]:
        """The whole replies read so far, and whether the worker has ended (end of file)."""
        ended = False
        while True:
            try:
                size = os.readv(self.results, (self._buffer,))
            except BlockingIOError:
                break
            if not size:
                ended = True
                break
            self._incoming += memoryview(self._buffer)[:size]
            if size < _READ:
                break
        replies = []
        start = 0
        with memoryview(self._incoming) as incoming:
            while len(incoming) - start >= HEADER.size:
                (size,) = HEADER.unpack_from(incoming, start)
                end = start + HEADER.size + size
                if len(incoming) < end:
                    break
                replies.append(pickle.loads(incoming[start + HEADER.size : end]))
                start = end
        del self._incoming[:start]
        return replies, ended

    def close(self) -> None:
        for end in (self.calls, self.results):
            with contextlib.suppress(OSError):  # closed already
                os.close(end)
