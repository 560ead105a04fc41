"""The heartbeat file the container health check reads."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.health import MAX_AGE, check_heartbeat, heartbeat_loop, heartbeat_path, write_heartbeat


def test_a_fresh_beat_is_healthy_and_a_stale_one_is_not(tmp_path: Path) -> None:
    beat = tmp_path / "heartbeat"
    write_heartbeat(beat, now=1_000.0)
    assert check_heartbeat(beat, now=1_000.0 + MAX_AGE, max_age=MAX_AGE)
    assert not check_heartbeat(beat, now=1_000.0 + MAX_AGE + 1, max_age=MAX_AGE)
    assert not check_heartbeat(beat, now=1_000.0 - MAX_AGE - 1, max_age=MAX_AGE)
    assert not list(tmp_path.glob("*.tmp"))


def test_missing_or_garbled_file_is_unhealthy(tmp_path: Path) -> None:
    assert not check_heartbeat(tmp_path / "none", now=0.0, max_age=90)
    (tmp_path / "bad").write_text("yesterday")
    assert not check_heartbeat(tmp_path / "bad", now=0.0, max_age=90)
    assert not check_heartbeat(tmp_path, now=0.0, max_age=90)  # a folder


def test_path_from_the_environment() -> None:
    assert heartbeat_path({}) == "./holdem.sqlite3-heartbeat"
    assert heartbeat_path({"HOLDEM_DB": "/data/h.sqlite3"}) == "/data/h.sqlite3-heartbeat"
    assert heartbeat_path({"HOLDEM_HEARTBEAT": "/data/heartbeat"}) == "/data/heartbeat"


async def test_loop_beats_until_cancelled(tmp_path: Path) -> None:
    beat = tmp_path / "heartbeat"
    times = iter([10.0, 20.0, 30.0, 40.0, 50.0])
    task = asyncio.create_task(heartbeat_loop(beat, clock=lambda: next(times), interval=0.01))
    for _ in range(200):
        await asyncio.sleep(0.01)
        if beat.exists() and float(beat.read_text()) >= 20.0:
            break
    task.cancel()
    assert check_heartbeat(beat, now=25.0, max_age=10.0)
