"""EditCoalescer: the latest edit per key within an interval, failures logged and contained."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import pytest

from bot.discord.table.coalesce import EditCoalescer

INTERVAL = 0.01


class FakeResponse:
    status = 500
    reason = "Internal Server Error"


class Recorder:
    def __init__(self) -> None:
        self.calls: list[Any] = []

    def edit(self, tag: Any, *, fail: bool = False) -> Any:
        async def run() -> None:
            if fail:
                raise discord.HTTPException(FakeResponse(), "boom")  # type: ignore[arg-type]
            self.calls.append(tag)

        return run


async def test_same_key_within_interval_sends_only_the_latest() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    edits.request(1, fake.edit("first"))
    edits.request(1, fake.edit("second"))
    assert fake.calls == []
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["second"]
    assert edits.sent == 1


async def test_different_keys_are_all_sent() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    edits.request(1, fake.edit("a"))
    edits.request(2, fake.edit("b"))
    await asyncio.sleep(INTERVAL * 5)
    assert sorted(fake.calls) == ["a", "b"]
    edits.request(1, fake.edit("c"))  # a later interval sends again
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls[-1] == "c" and edits.sent == 3


async def test_a_failing_edit_is_logged_and_the_others_still_go(
    caplog: pytest.LogCaptureFixture,
) -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    with caplog.at_level(logging.INFO, logger="holdem.bot"):
        edits.request(1, fake.edit("x", fail=True))
        edits.request(2, fake.edit("y"))
        await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["y"]
    assert any("coalesced edit failed" in r.getMessage() for r in caplog.records)


async def test_a_request_during_the_flush_is_not_lost() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    started = asyncio.Event()
    release = asyncio.Event()

    async def slow() -> None:
        started.set()
        await release.wait()
        fake.calls.append("slow")

    edits.request(1, slow)
    await started.wait()
    edits.request(2, fake.edit("late"))  # arrives while the first flush is sending
    release.set()
    await asyncio.sleep(INTERVAL * 10)
    assert fake.calls == ["slow", "late"]


async def test_drain_sends_pending_now() -> None:
    edits, fake = EditCoalescer(60.0), Recorder()
    edits.request(1, fake.edit("a"))
    edits.request(2, fake.edit("b", fail=True))
    await edits.drain()
    assert fake.calls == ["a"]


async def test_an_unexpected_error_does_not_stop_the_others() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()

    async def broken() -> None:
        raise RuntimeError("bug in an edit")

    edits.request(1, broken)
    edits.request(2, fake.edit("y"))
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["y"]


async def test_a_spaced_key_waits_its_period_and_sends_the_latest() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    every = INTERVAL * 20
    edits.request("event", fake.edit("a"), every=every)  # never sent: due at once
    await asyncio.sleep(INTERVAL * 5)
    edits.request("event", fake.edit("b"), every=every)
    edits.request("event", fake.edit("c"), every=every)
    edits.request("other", fake.edit("x"))  # an unspaced key goes out meanwhile
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["a", "x"]  # b and c wait for the period
    await asyncio.sleep(every)
    assert fake.calls == ["a", "x", "c"]  # the latest, once


async def test_news_on_a_spaced_key_goes_at_once_and_a_direct_send_restarts_its_period() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    every = 3600.0
    edits.cancel("event", sent=True)  # sent directly just now
    edits.request("event", fake.edit("stacks"), every=every)
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == []
    edits.request("event", fake.edit("level"))  # news: the latest state, at the next batch
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["level"]


async def test_an_edit_cancelled_before_its_batch_leaves_the_coalescer_quiet() -> None:
    edits, fake = EditCoalescer(INTERVAL), Recorder()
    edits.request(1, fake.edit("a"))
    flush = edits._task
    await asyncio.sleep(0)  # the batch is waiting out its interval
    edits.cancel(1)  # a newer version went out directly
    await asyncio.sleep(INTERVAL * 5)
    assert flush is not None and flush.done() and flush.exception() is None
    edits.request(2, fake.edit("b"))
    await asyncio.sleep(INTERVAL * 5)
    assert fake.calls == ["b"]
