"""The render worker: a process of its own in production, replaced if it dies."""

from __future__ import annotations

import asyncio
import os
import resource
import signal

from bot.discord.table.images import Images
from bot.pictures import render_table
from bot.pictures.views import SeatView, TableView
from bot.pictures.worker import MOST_WORKERS, NICENESS, default_workers, render_executor

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


async def test_workers_run_behind_the_bot() -> None:
    """Each worker lowers its own priority, so that the event loop wins a shared core."""
    executor = render_executor(in_process=True, workers=2)
    loop = asyncio.get_running_loop()
    try:
        niceness = await asyncio.gather(*(loop.run_in_executor(executor, os.nice, 0) for _ in "ab"))
    finally:
        executor.shutdown(wait=True)
    assert niceness == [min(19, os.nice(0) + NICENESS)] * 2


def faults_per_picture(count: int) -> float:
    """Page faults per table picture over ``count`` pictures of new names and stacks, after a
    first one (run in a worker: importable by name)."""
    views = [
        TableView(
            seats=tuple(SeatView(name=f"p{n}-{k}", stack=100 + 7 * n + k) for k in range(6)),
            board=("As", "Kd", "Tc"),
        )
        for n in range(count + 1)
    ]
    render_table(views[0])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for view in views[1:]:
        render_table(view)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / count


async def test_a_worker_keeps_the_memory_a_picture_frees() -> None:
    """glibc would hand a picture's freed blocks back at once and fault them in again for the
    next picture (60-970 faults a picture where it does); a worker keeps them (the bot runs on glibc)."""
    executor = render_executor(in_process=True)
    try:
        faults = await asyncio.get_running_loop().run_in_executor(executor, faults_per_picture, 20)
    finally:
        executor.shutdown(wait=True)
    assert faults < 10, faults


def test_the_default_is_a_worker_per_core_within_bounds() -> None:
    assert 1 <= default_workers() <= min(MOST_WORKERS, len(os.sched_getaffinity(0)))


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
