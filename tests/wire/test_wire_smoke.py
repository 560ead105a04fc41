"""The wire-level smoke test: the real ``python -m bot`` process against a stand-in for
Discord on 127.0.0.1 starts, syncs its commands to the dev guild, and answers ``/holdem help``
(through one real 429 + retry in discord.py), then exits cleanly on SIGTERM.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from bot.config import FAKE_TOKEN, application_id_from_token

from .standin import StandIn

ROOT = Path(__file__).resolve().parents[2]
GUILD_ID = 1_200_000_000_000_000_001
APP_ID = application_id_from_token(FAKE_TOKEN)
STEP = 10.0  # seconds for any one stage; the whole test stays well under 30 s

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")


async def _pump(stream: asyncio.StreamReader, into: list[str]) -> None:
    while line := await stream.readline():
        into.append(line.decode("utf-8", "replace"))


def _environment(standin: StandIn, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HOLDEM_"))}
    env.update(
        DISCORD_TOKEN=FAKE_TOKEN,
        DISCORD_API_BASE=standin.api_base,
        DISCORD_GATEWAY_URL=standin.gateway_url,
        HOLDEM_DB=str(tmp_path / "holdem.sqlite3"),
        HOLDEM_DEV_GUILD=str(GUILD_ID),
        HOLDEM_HEARTBEAT=str(tmp_path / "hb"),
        # Set empty so a developer's .env cannot shard the bot or change the log level.
        SHARD_COUNT="",
        SHARD_IDS="",
        LOG_LEVEL="INFO",
        HOLDEM_I18N_STRICT="0",
        PYTHONUNBUFFERED="1",
        # Never leave 127.0.0.1, whatever proxy the environment names.
        NO_PROXY="127.0.0.1",
        no_proxy="127.0.0.1",
    )
    for proxy in ("HTTP_PROXY", "HTTPS_PROXY", "WS_PROXY", "WSS_PROXY", "ALL_PROXY"):
        env.pop(proxy, None)
        env.pop(proxy.lower(), None)
    return env


async def test_bot_starts_syncs_and_answers_a_slash_command(tmp_path: Path) -> None:
    assert APP_ID is not None
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID)
    await standin.start()
    out: list[str] = []
    err: list[str] = []
    process: asyncio.subprocess.Process | None = None
    pumps: list[asyncio.Task[None]] = []
    started = time.monotonic()
    marks: dict[str, float] = {}

    def report() -> str:
        requests = "\n".join(f"  {r.method} {r.path} -> {r.status}" for r in standin.requests)
        return (
            f"timings={marks}\nrequests:\n{requests}\nunknown={standin.unknown}\n"
            f"stdout:\n{''.join(out)}\nstderr:\n{''.join(err)}"
        )

    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=ROOT,
            env=_environment(standin, tmp_path),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert process.stdout is not None and process.stderr is not None
        pumps = [
            asyncio.create_task(_pump(process.stdout, out)),
            asyncio.create_task(_pump(process.stderr, err)),
        ]

        async def stage(name: str, event: asyncio.Event) -> None:
            waiter = asyncio.create_task(event.wait())
            exited = asyncio.create_task(process.wait())
            done, _ = await asyncio.wait(
                {waiter, exited}, timeout=STEP, return_when=asyncio.FIRST_COMPLETED
            )
            waiter.cancel()
            exited.cancel()
            assert waiter in done, f"stage {name!r} did not happen\n{report()}"
            marks[name] = round(time.monotonic() - started, 2)

        await stage("guild sync", standin.guild_synced)
        await stage("gateway identify", standin.identified)
        await stage("interaction answered", standin.answered)

        # The invite link, printed before login.
        invite = f"client_id={APP_ID}&scope=bot+applications.commands"
        assert any(
            line.startswith("Invite Holdem Dealer: https://") and invite in line for line in out
        ), report()

        # The commands went to the dev guild, with /holdem and the in-hand commands.
        names = {command["name"] for command in standin.synced[GUILD_ID]}
        assert {"holdem", "fold", "raise"} <= names, report()
        sync = [
            r
            for r in standin.requests
            if r.method == "PUT"
            and r.path.endswith(f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands")
        ]
        assert len(sync) == 1, report()

        # The callback was refused once with 429 and retried by discord.py; the same body twice.
        first, retry = standin.callbacks
        assert (first.status, retry.status) == (429, 200), report()
        callback = f"/interactions/{standin.interaction_id}/{standin.interaction_token}/callback"
        assert first.path == retry.path == "/api/v10" + callback, report()
        assert first.body == retry.body
        body = retry.body
        assert body["type"] == 4, body  # CHANNEL_MESSAGE_WITH_SOURCE
        assert body["data"]["flags"] & 64, body  # ephemeral
        assert "Holdem Dealer: how to play" in body["data"]["content"], body
        assert any("rate limited" in line for line in err), report()

        assert standin.unknown == [], report()

        # SIGTERM: a clean exit, code 0, no traceback.
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), timeout=STEP)
        marks["exit"] = round(time.monotonic() - started, 2)
        await asyncio.wait_for(asyncio.gather(*pumps), timeout=STEP)
        assert code == 0, report()
        assert not any("Traceback" in line for line in err), report()
        print(report())
    finally:
        if process is not None and process.returncode is None:
            process.kill()
            await process.wait()
        for pump in pumps:
            pump.cancel()
        await standin.stop()
