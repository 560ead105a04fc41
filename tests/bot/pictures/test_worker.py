"""The render worker: a process of its own in production, replaced if it dies."""

from __future__ import annotations

import asyncio
import os
import pickle
import resource
import signal

import pytest

from bot.discord.table.images import Images
from bot.pictures import render_table
from bot.pictures.pool import MANY_TABLES, RenderPool, WorkerLost
from bot.pictures.views import SeatView, TableView
from bot.pictures.worker import MOST_WORKERS, NICENESS, default_workers

VIEW = TableView(
    seats=(SeatView(name="alice", stack=100), SeatView(name="bob", stack=90, bet=10)),
    board=("As", "Kd", "Tc"),
)


async def test_a_worker_process_draws_the_same_image_as_this_process() -> None:
    pool = RenderPool(in_process=True)
    try:
        png = await pool.run(render_table, VIEW)
    finally:
        pool.close(wait=True)
    assert png == render_table(VIEW)


async def test_workers_run_behind_the_bot() -> None:
    """Each worker lowers its own priority, so that the event loop wins a shared core."""
    pool = RenderPool(in_process=True, workers=2)
    try:
        niceness = await asyncio.gather(*(pool.run(os.nice, 0) for _ in "ab"))
        assert len(pool.processes) == 2, "both calls found the first worker busy"
    finally:
        pool.close(wait=True)
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
    next picture (60-970 faults a picture where it does); a worker keeps them (the bot runs on
    glibc)."""
    pool = RenderPool(in_process=True)
    try:
        faults = await pool.run(faults_per_picture, 20)
    finally:
        pool.close(wait=True)
    assert faults < 10, faults


async def test_a_bot_starts_one_worker_or_all_of_them_for_many_tables() -> None:
    """One worker with the bot, so its first picture does not wait for the fork server; all of
    them when it resumes many tables, whose first pictures come together."""
    pool = RenderPool(in_process=True, workers=2)
    try:
        await pool.start_for(MANY_TABLES - 1)
        assert len(pool.processes) == 1
        await pool.start_for(MANY_TABLES)
        assert len(pool.processes) == 2
        assert all(process.is_alive() for process in pool.processes)
        assert await pool.run(abs, -2) == 2
        assert len(pool.processes) == 2
    finally:
        pool.close(wait=True)


def test_the_default_is_a_worker_per_core_within_bounds() -> None:
    assert 1 <= default_workers() <= min(MOST_WORKERS, len(os.sched_getaffinity(0)))


async def test_a_dead_worker_is_replaced() -> None:
    images = Images(in_process=True)
    try:
        first = await images.render(render_table, VIEW)
        (dead,) = images.pool.processes
        os.kill(dead.pid or 0, signal.SIGKILL)
        await asyncio.sleep(0.2)  # the pool reads the end of its pipe
        again = await images.render(render_table, VIEW)
        assert again == first
        assert [process.pid for process in images.pool.processes] != [dead.pid]
    finally:
        images.close()


async def test_a_call_whose_worker_dies_fails_and_the_next_gets_a_new_worker() -> None:
    """The call a worker was on when it died says so (:class:`Images` then asks for the picture
    once more); the call queued behind it in the same worker goes to a new one."""
    pool = RenderPool(in_process=True, workers=1)
    try:
        dying = asyncio.ensure_future(pool.run(os._exit, 3))
        behind = asyncio.ensure_future(pool.run(abs, -7))
        with pytest.raises(WorkerLost):
            await dying
        assert await behind == 7
        assert await pool.run(render_table, VIEW) == render_table(VIEW)
    finally:
        pool.close(wait=True)


async def test_a_workers_error_and_a_call_that_cannot_be_sent_reach_their_caller_alone() -> None:
    pool = RenderPool(in_process=True, workers=1)
    try:
        with pytest.raises(ValueError, match="invalid literal"):
            await pool.run(int, "seven")
        with pytest.raises((AttributeError, pickle.PicklingError)):  # never sent
            await pool.run(lambda: 1)
        cancelled = asyncio.ensure_future(pool.run(render_table, VIEW))
        await asyncio.sleep(0)
        cancelled.cancel()
        pngs = await asyncio.gather(*(pool.run(render_table, VIEW) for _ in range(5)))
        assert set(pngs) == {render_table(VIEW)}
    finally:
        pool.close(wait=True)
