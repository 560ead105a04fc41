"""The render workers end with the bot: after a SIGKILL of the bot's process no worker, fork
server or resource tracker is left running, and Ctrl-C prints no traceback from them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GONE_WITHIN = 5.0  # seconds; the workers react at once, the others when they are gone
WORKERS = 2  # more than one: every one of them must end

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent id) of a process, or ``None`` if there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def _descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None:
            children.setdefault(stat[1], []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _running(pids: set[int]) -> set[int]:
    """The ones still running (a zombie waiting for its reaper has ended)."""
    return {pid for pid in pids if (stat := _stat(pid)) is not None and stat[0] != "Z"}


def _wait_until_gone(pids: set[int]) -> set[int]:
    deadline = time.monotonic() + GONE_WITHIN
    while _running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _running(pids)


@contextmanager
def _bot_process() -> Iterator[tuple[subprocess.Popen[str], set[int]]]:
    """The stand-in bot, ready (each of its workers has drawn an image), with its helper
    processes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.pictures.worker_child", str(WORKERS)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal would give it
    )
    helpers: set[int] = set()
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("ready"), line + process.communicate(timeout=30)[1]
        helpers = _descendants(process.pid)
        yield process, helpers
    finally:
        # The helpers first: they hold the stand-in's output pipes open.
        for pid in _running(helpers):
            os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=30)


def test_nothing_outlives_a_sigkill_of_the_bot() -> None:
    with _bot_process() as (process, helpers):
        # The workers, the fork server and the resource tracker.
        assert len(helpers) == WORKERS + 2, helpers
        process.kill()
        process.wait(timeout=10)
        assert _wait_until_gone(helpers) == set()


def test_ctrl_c_stops_the_worker_without_a_traceback() -> None:
    with _bot_process() as (process, helpers):
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        assert "Traceback" not in err, err
        assert "KeyboardInterrupt" not in err, err
        assert _wait_until_gone(helpers) == set()
