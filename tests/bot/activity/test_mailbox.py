"""A page's mailbox: the newest views kept, oldest first, and a reader that waits for the
next one."""

from __future__ import annotations

import asyncio
import doctest

import pytest

import bot.activity.mailbox
from bot.activity.mailbox import Mailbox


def test_the_examples_run() -> None:
    result = doctest.testmod(bot.activity.mailbox)
    assert result.attempted > 0 and result.failed == 0


async def test_a_reader_waits_for_the_next_view_and_a_cancelled_one_leaves_no_trace() -> None:
    box = Mailbox(3)
    reader = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    assert not reader.done()
    box.put_nowait("a")
    assert await reader == "a" and box.empty()
    waiting = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    box.put_nowait("b")  # no reader is waiting: it stays for the next
    assert await box.get() == "b"
    with pytest.raises(asyncio.QueueEmpty):
        box.get_nowait()
