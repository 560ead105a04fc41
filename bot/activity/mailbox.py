"""A page's views waiting to be sent: what :class:`asyncio.Queue` gives a stream, for one
reader and a bounded backlog, at a fraction of the cost (each outcome puts a view into every
open page's mailbox, so this is paid hundreds of times per move).

>>> box = Mailbox(2)
>>> for view in ("a", "b", "c"):
...     box.put_nowait(view)
>>> box.qsize(), box.get_nowait(), box.get_nowait(), box.empty()
(2, 'b', 'c', True)
"""

from __future__ import annotations

import asyncio
from collections import deque

__all__ = ["Mailbox"]


class Mailbox:
    """The newest ``size`` items, oldest first: a put into a full mailbox drops its oldest
    item. One reader at a time awaits :meth:`get`."""

    def __init__(self, size: int) -> None:
        self._items: deque[str] = deque(maxlen=size)
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: str) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()

    def get_nowait(self) -> str:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)
