"""``python -m bot`` as a host runs it, against stand-ins for Discord on 127.0.0.1: a rejected
token is a settings problem (exit 2, one line, no voice warnings), ``--sync`` publishes,
says what went where and exits, beside a running bot too, and the heartbeat follows the
gateway connection."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from aiohttp import web

from bot.cli import health_command
from bot.ops.health import RECONNECT_GRACE, Beat, Gateway, read_heartbeat, unhealthy
from bot.settings import FAKE_TOKEN, application_id_from_token
from bot.store.store import Store
from tests.wire.process import bot_environment
from tests.wire.standin import StandIn

ROOT = Path(__file__).resolve().parents[2]
GUILD = 1_200_000_000_000_000_001
APP_ID = application_id_from_token(FAKE_TOKEN)


def _environment(tmp_path: Path, api_base: str, gateway_url: str = "") -> dict[str, str]:
    return bot_environment(
        api_base=api_base, gateway_url=gateway_url, db=tmp_path / "holdem.sqlite3",
        heartbeat=tmp_path / "heartbeat",
    )  # fmt: skip


async def _bot(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=env["HOLDEM_DB"].rsplit("/", 1)[0], env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_rejected_token_is_exit_2_in_one_line_without_voice_warnings(
    tmp_path: Path,
) -> None:
    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", unauthorized)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        env = _environment(tmp_path, f"http://127.0.0.1:{port}/api")
        env["PYTHONPATH"] = str(ROOT)
        code, out, err = await _bot(env)
    finally:
        await runner.cleanup()
    assert code == 2, out + err
    assert "error: Discord rejected DISCORD_TOKEN" in err
    assert "Traceback" not in err
    for library in ("PyNaCl", "davey", "voice"):
        assert library not in err, err


async def test_sync_publishes_says_where_and_exits_beside_a_running_bot(tmp_path: Path) -> None:
    assert APP_ID is not None
    standin = StandIn(application_id=APP_ID, guild_id=GUILD)
    await standin.start()
    try:
        env = _environment(tmp_path, standin.api_base, standin.gateway_url)
        env["HOLDEM_DEV_GUILD"] = str(GUILD)
        env["PYTHONPATH"] = str(ROOT)
        running = await Store.open(env["HOLDEM_DB"])  # the running bot holds the file
        try:
            code, out, err = await _bot(env, "--sync")
        finally:
            await running.close()
        assert code == 0, out + err
        lines = out.splitlines()
        count = len(standin.synced[0])
        assert count > 0 and len(standin.synced[GUILD]) == count
        assert f"published {count} commands globally" in lines[-3]
        assert f"published {count} commands to the server {GUILD}" in lines[-2]
        assert lines[-1].startswith("HOLDEM_DB is held by the running bot")
        assert "Traceback" not in err

        # With the bot stopped, what was published is recorded: a start publishes nothing.
        code, out, err = await _bot(env, "--sync")
        assert code == 0, out + err
        store = await Store.open(env["HOLDEM_DB"])
        try:
            scopes = {sync.scope: sync.commands for sync in await store.command_syncs()}
        finally:
            await store.close()
        assert scopes == {"global": count, f"guild:{GUILD}": count}
    finally:
        await standin.stop()


@pytest.mark.slow  # about 10 s: a real start, and a real loss of the gateway
async def test_the_heartbeat_follows_the_real_gateway_connection(tmp_path: Path) -> None:
    assert APP_ID is not None
    standin = StandIn(application_id=APP_ID, guild_id=GUILD)
    await standin.start()
    env = _environment(tmp_path, standin.api_base, standin.gateway_url)
    env["PYTHONPATH"] = str(ROOT)
    path = Path(env["HOLDEM_HEARTBEAT"])
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip

    async def beat_of(gateway: Gateway) -> Beat:
        for _ in range(300):
            beat = read_heartbeat(path)
            if beat is not None and beat.gateway is gateway:
                return beat
            await asyncio.sleep(0.05)
        raise AssertionError(f"no {gateway} beat: {read_heartbeat(path)}")

    try:
        ready = await beat_of(Gateway.READY)
        assert health_command({"HOLDEM_HEARTBEAT": str(path)}, now=ready.at) == 0
        await standin.stop()  # Discord goes away: the bot cannot reconnect
        down = await beat_of(Gateway.DISCONNECTED)
        assert unhealthy(down, down.since + RECONNECT_GRACE) is None  # discord.py retries
        reason = unhealthy(down, down.since + RECONNECT_GRACE + 1)
        assert reason is not None and reason.startswith("disconnected from Discord's gateway")
    finally:
        if process.returncode is None:
            process.kill()  # how it stops is not this test's business (and Discord is gone)
            await process.wait()
        await standin.stop()
    assert process.stderr is not None
    # The cycle collector's steps started once the tables were resumed (bot/ops/collector.py).
    assert "collector froze" in (await process.stderr.read()).decode()
