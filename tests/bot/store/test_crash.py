"""Kill -9 at random moments: nothing acknowledged is lost and no chip appears or vanishes.

A child process (``crash_child.py``) plays random legal actions at three tables and prints
each action once it is committed; the parent kills it with SIGKILL after a random number of
lines or a random short delay, checks the database in-process, and starts the next child on
the same database. On both backends: an SQLite file, and a PostgreSQL database (fewer kills:
the server, not the killed process, holds what was committed, so what a kill can break is
the bot's side, the same code as on SQLite; a child there also starts slower, with its pool
of connections).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store.codec import decode_action
from bot.store.store import Store
from bot.tables.service import TableService

CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[3]
KILLS = {
    "sqlite": int(os.environ.get("HOLDEM_CRASH_KILLS", "200")),  # ~0.25 s each
    "postgresql": int(os.environ.get("HOLDEM_CRASH_KILLS_PG", "30")),  # ~0.4 s each
}
GUILD = 1
GRANTED = "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE guild_id = ? AND reason = 'grant'"


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


async def check(path: str, lines: list[str]) -> int:
    store = await Store.open(path)
    try:
        [(granted,)] = await store._read(GRANTED, (GUILD,))
        service = TableService(store, clock=lambda: 0.0)
        await service.tables.restore()  # every open hand replays
        acked = 0
        for line in lines:
            if not line.startswith("act "):
                continue
            _, hand_id, seq, encoded = line.rstrip("\n").split(" ", 3)
            record = await store.load_hand(int(hand_id))
            assert record.actions[int(seq)] == decode_action(encoded), line
            acked += 1
        assert await service.tables.chips_total(GUILD) == int(granted)
        assert await store.audit(GUILD) == []
        return acked
    finally:
        await store.close()


async def test_kill_9_loses_nothing_committed(
    database: str, request: pytest.FixtureRequest
) -> None:
    kills = KILLS[request.node.callspec.params["database"]]
    rng = random.Random(2024)
    started = time.monotonic()
    acked = 0
    for kill in range(kills):
        lines = run_and_kill(database, seed=1000 + kill, rng=rng)
        acked += await check(database, lines)
    elapsed = time.monotonic() - started
    print(f"{kills} kills, {acked} acknowledged actions checked, {elapsed:.1f} s")
    assert acked > kills  # the children did play
    store = await Store.open(database)
    try:
        [(hands,)] = await store._read("SELECT COUNT(*) FROM hands WHERE finished = 1")
    finally:
        await store.close()
    assert hands > kills // 20
