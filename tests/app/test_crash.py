"""Kill -9 at random moments: nothing acknowledged is lost and no chip appears or vanishes.

A child process (``crash_child.py``) plays random legal actions at three tables and prints
each action once it is committed; the parent kills it with SIGKILL after a random number of
lines or a random short delay, checks the database in-process, and starts the next child on
the same file.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from app import Store
from app.codec import decode_action
from app.service import TableService

CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("HOLDEM_CRASH_KILLS", "200"))  # ~0.25 s each
GUILD = 1


def run_and_kill(path: str, seed: int, rng: random.Random) -> list[str]:
    """One child's life; the lines it printed before the kill."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), path, str(seed)],
        stdout=subprocess.PIPE,
        cwd=ROOT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    if rng.random() < 0.3:
        time.sleep(rng.uniform(0.0, 0.25))  # anywhere, start-up and restore included
    else:
        wanted = rng.randint(1, 60)
        while len(lines) < wanted:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line)
    os.kill(child.pid, signal.SIGKILL)
    rest, _ = child.communicate()
    lines.extend(rest.splitlines(keepends=True))  # printed before the kill: committed too
    assert child.returncode == -signal.SIGKILL, "".join(lines[-5:])
    return lines


def granted(path: str) -> int:
    with closing(sqlite3.connect(path)) as db:
        (total,) = db.execute(
            "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE guild_id = ? AND reason = 'grant'",
            (GUILD,),
        ).fetchone()
    return int(total)


async def check(path: str, lines: list[str]) -> int:
    expected = granted(path)
    store = await Store.open(path)
    try:
        service = TableService(store, clock=lambda: 0.0)
        await service.restore()  # every open hand replays
        acked = 0
        for line in lines:
            if not line.startswith("act "):
                continue
            _, hand_id, seq, encoded = line.rstrip("\n").split(" ", 3)
            record = await store.load_hand(int(hand_id))
            assert record.actions[int(seq)] == decode_action(encoded), line
            acked += 1
        assert await service.chips_total(GUILD) == expected
        assert await store.audit(GUILD) == []
        return acked
    finally:
        await store.close()


async def test_kill_9_loses_nothing_committed(tmp_path: Path) -> None:
    path = str(tmp_path / "crash.sqlite3")
    rng = random.Random(2024)
    started = time.monotonic()
    acked = 0
    for kill in range(KILLS):
        lines = run_and_kill(path, seed=1000 + kill, rng=rng)
        acked += await check(path, lines)
    elapsed = time.monotonic() - started
    print(f"{KILLS} kills, {acked} acknowledged actions checked, {elapsed:.1f} s")
    assert acked > KILLS  # the children did play
    with closing(sqlite3.connect(path)) as db:
        (hands,) = db.execute("SELECT COUNT(*) FROM hands WHERE finished = 1").fetchone()
    assert hands > 10
