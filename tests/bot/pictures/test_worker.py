"""The render worker: a process of its own in production, replaced if it dies."""

from __future__ import annotations

import asyncio
import os
import signal

from bot.discord.table.images import Images
from bot.pictures import render_table
from bot.pictures.views import SeatView, TableView
from bot.pictures.worker import render_executor

VIEW = TableView(
    seats=(SeatView(name="alice", stack=100), SeatView(name="bob", stack=90, bet=10)),
    board=("As", "Kd", "Tc"),
)


async def test_a_worker_process_draws_the_same_image_as_this_process() -> None:
    executor = render_executor(in_process=True)
    try:
        png = await asyncio.get_running_loop().run_in_executor(executor, render_table, VIEW)
    finally:
        executor.shutdown(wait=True)
    assert png == render_table(VIEW)


async def test_a_dead_worker_is_replaced() -> None:
    images = Images(in_process=True)
    try:
        first = await images.render(render_table, VIEW)
        pool = images._pool
        for pid in list(getattr(pool, "_processes", {})):
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        again = await images.render(render_table, VIEW)
        assert again == first
        assert images._pool is not pool
    finally:
        images.close()
