"""The heartbeat the container health check reads: fresh, and with the gateway ready."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path

import pytest

from bot.cli import health_command
from bot.ops.health import (
    MAX_AGE,
    RECONNECT_GRACE,
    START_GRACE,
    Beat,
    Gateway,
    heartbeat_loop,
    heartbeat_path,
    read_heartbeat,
    unhealthy,
    write_heartbeat,
)


def _beat(gateway: Gateway, *, at: float = 1_000.0, since: float = 0.0) -> Beat:
    return Beat(at=at, started=0.0, gateway=gateway, since=since)


def test_a_beat_survives_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "heartbeat"
    write_heartbeat(path, 1_000.5, gateway=Gateway.UNACKNOWLEDGED, started=10.0, since=990.25)
    beat = Beat(at=1_000.5, started=10.0, gateway=Gateway.UNACKNOWLEDGED, since=990.25)
    assert read_heartbeat(path) == beat
    write_heartbeat(path, 2_000.0)  # a ready bot that has just started
    assert read_heartbeat(path) == Beat(at=2e3, started=2e3, gateway=Gateway.READY, since=2e3)
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(
    "content",
    ["", "1000.0\n", "yesterday", '{"at": 1}', '{"at": 1, "started": 0, "gateway": "up", '
     '"since": 0}', '{"at": NaN, "started": 0, "gateway": "ready", "since": 0}'],
)  # fmt: skip
def test_a_missing_or_garbled_file_is_no_beat(tmp_path: Path, content: str) -> None:
    assert read_heartbeat(tmp_path / "none") is None
    assert read_heartbeat(tmp_path) is None  # a folder
    (tmp_path / "bad").write_text(content)
    assert read_heartbeat(tmp_path / "bad") is None


def test_only_a_fresh_beat_of_a_ready_gateway_is_healthy() -> None:
    ready = _beat(Gateway.READY)
    assert unhealthy(ready, 1_000.0 + MAX_AGE) is None
    assert "old" in (unhealthy(ready, 1_000.0 + MAX_AGE + 1) or "")
    assert "old" in (unhealthy(ready, 1_000.0 - MAX_AGE - 1) or "")  # from the future
    assert "not running" in (unhealthy(None, 0.0) or "")
    assert "closed" in (unhealthy(_beat(Gateway.CLOSED), 1_000.0) or "")


def test_a_bot_that_is_not_ready_is_healthy_only_within_the_start_grace() -> None:
    starting = _beat(Gateway.STARTING, at=START_GRACE)
    assert unhealthy(starting, START_GRACE) is None
    reason = unhealthy(_beat(Gateway.STARTING, at=START_GRACE + 1), START_GRACE + 1)
    assert reason == f"the bot has not become ready on Discord's gateway in {START_GRACE + 1:.0f} s"


@pytest.mark.parametrize(
    ("gateway", "words"),
    [
        (Gateway.DISCONNECTED, "disconnected from Discord's gateway"),
        (Gateway.UNACKNOWLEDGED, "no heartbeat acknowledged by Discord's gateway"),
    ],
)
def test_a_lost_connection_is_unhealthy_after_the_reconnect_grace(
    gateway: Gateway, words: str
) -> None:
    assert unhealthy(_beat(gateway, since=1_000.0 - RECONNECT_GRACE), 1_000.0) is None
    reason = unhealthy(_beat(gateway, since=1_000.0 - RECONNECT_GRACE - 1), 1_000.0)
    assert reason == f"{words} for {RECONNECT_GRACE + 1:.0f} s"


def test_the_health_command_fails_for_a_disconnected_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "heartbeat"
    env = {"HOLDEM_HEARTBEAT": str(path)}
    write_heartbeat(path, 5_000.0, gateway=Gateway.READY, started=0.0, since=100.0)
    assert health_command(env, now=5_010.0) == 0
    write_heartbeat(path, 5_000.0, gateway=Gateway.DISCONNECTED, started=0.0, since=4_000.0)
    assert health_command(env, now=5_010.0) == 1
    err = capsys.readouterr().err
    assert err == f"unhealthy: disconnected from Discord's gateway for 1010 s ({path})\n"


def test_path_from_the_environment() -> None:
    assert heartbeat_path({}) == "./holdem.sqlite3-heartbeat"
    assert heartbeat_path({"HOLDEM_DB": "/data/h.sqlite3"}) == "/data/h.sqlite3-heartbeat"
    assert heartbeat_path({"HOLDEM_HEARTBEAT": "/data/heartbeat"}) == "/data/heartbeat"


class _Probe:
    def __init__(self) -> None:
        self.changed = asyncio.Event()
        self.gateway = Gateway.STARTING

    def state(self) -> Gateway:
        return self.gateway


async def test_the_loop_writes_a_change_at_once(tmp_path: Path) -> None:
    path = tmp_path / "heartbeat"
    probe = _Probe()
    times = iter(float(t) for t in range(100, 200))
    task = asyncio.create_task(heartbeat_loop(path, lambda: next(times), probe, interval=3600))

    async def written(gateway: Gateway) -> Beat:
        for _ in range(500):
            beat = read_heartbeat(path)
            if beat is not None and beat.gateway is gateway:
                return beat
            await asyncio.sleep(0.01)
        raise AssertionError(f"no {gateway} beat in {path}: {path.read_text()!r}")

    try:
        first = await written(Gateway.STARTING)
        assert first.started == first.since == 100.0
        probe.gateway = Gateway.READY
        probe.changed.set()  # an hour before the next regular beat
        beat = await written(Gateway.READY)
        assert beat.started == 100.0 and beat.since == beat.at > 100.0
        assert json.loads(path.read_text())["gateway"] == "ready"
    finally:
        task.cancel()


def test_the_examples_in_the_docstrings_hold() -> None:
    import doctest

    import bot.ops.health

    result = doctest.testmod(bot.ops.health)
    assert result.attempted > 0 and result.failed == 0


# ----------------------------------------------------------------- a bot that has exited

ROOT = Path(__file__).resolve().parents[3]


def test_a_stopped_beat_is_unhealthy_at_once_whatever_its_age() -> None:
    stopped = _beat(Gateway.STOPPED, at=1_000.0)
    assert unhealthy(stopped, 1_000.0) == "the bot is not running: it stopped 0 s ago"
    assert "not running" in (unhealthy(stopped, 1_000.0 + MAX_AGE + 5) or "")


async def _silent_discord() -> tuple[asyncio.Server, int]:
    """A server that accepts connections and never answers: the bot waits at its login."""

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()
        writer.close()

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def _start(tmp_path: Path, api_base: str) -> asyncio.subprocess.Process:
    from tests.wire.process import bot_environment

    env = bot_environment(
        api_base=api_base, gateway_url="", db=tmp_path / "holdem.sqlite3",
        heartbeat=tmp_path / "heartbeat",
    )  # fmt: skip
    env["PYTHONPATH"] = str(ROOT)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def test_health_fails_at_once_after_a_failed_start(tmp_path: Path) -> None:
    """A bot that was healthy a moment ago is restarted and cannot reach Discord: it exits,
    and ``--health`` fails at once, not when the old beat is too old."""
    heartbeat = tmp_path / "heartbeat"
    write_heartbeat(heartbeat, time.time())  # the last run's fresh, ready beat
    server, port = await _silent_discord()
    server.close()  # nothing listens there any more: the login fails at once
    await server.wait_closed()
    process = await _start(tmp_path, f"http://127.0.0.1:{port}/api")
    _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 1, err.decode()
    beat = read_heartbeat(heartbeat)
    assert beat is not None and beat.gateway is Gateway.STOPPED, beat
    assert health_command({"HOLDEM_HEARTBEAT": str(heartbeat)}) == 1


async def test_health_fails_at_once_after_a_clean_stop(tmp_path: Path) -> None:
    """SIGTERM while the bot waits for Discord: it exits 0, and ``--health`` fails at once."""
    heartbeat = tmp_path / "heartbeat"
    server, port = await _silent_discord()
    process = await _start(tmp_path, f"http://127.0.0.1:{port}/api")
    try:
        for _ in range(600):
            if read_heartbeat(heartbeat) is not None:
                break
            await asyncio.sleep(0.05)
        assert health_command({"HOLDEM_HEARTBEAT": str(heartbeat)}) == 0  # starting: in grace
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        server.close()
    assert process.returncode == 0, err.decode()
    beat = read_heartbeat(heartbeat)
    assert beat is not None and beat.gateway is Gateway.STOPPED, beat
    assert health_command({"HOLDEM_HEARTBEAT": str(heartbeat)}) == 1
