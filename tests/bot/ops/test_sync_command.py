"""``python -m bot --sync`` publishes the commands and does nothing of a start: no tables
restored, no start-up publishing of its own, no gateway connection."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.settings import FAKE_TOKEN, application_id_from_token
from tests.wire.process import bot_environment
from tests.wire.standin import StandIn

ROOT = Path(__file__).resolve().parents[3]
GUILD = 1_200_000_000_000_000_001


async def test_sync_publishes_once_per_scope_without_the_start_up(tmp_path: Path) -> None:
    app_id = application_id_from_token(FAKE_TOKEN)
    assert app_id is not None
    standin = StandIn(application_id=app_id, guild_id=GUILD)
    await standin.start()
    try:
        env = bot_environment(
            api_base=standin.api_base, gateway_url=standin.gateway_url,
            db=tmp_path / "holdem.sqlite3", heartbeat=tmp_path / "heartbeat",
        )  # fmt: skip
        env.update(HOLDEM_DEV_GUILD=str(GUILD), PYTHONPATH=str(ROOT))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--sync", cwd=tmp_path, env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        await standin.stop()
    said, logged = out.decode(), err.decode()
    assert process.returncode == 0, said + logged
    assert "published" in said and "globally" in said, said
    assert "restored tables" not in logged, logged  # no start-up hook's restore
    syncs = [r for r in standin.requests if r.method == "PUT" and r.key.endswith("/commands")]
    assert len(syncs) == 2, [r.key for r in syncs]  # global and the dev guild, once each
    assert not standin.identified.is_set()  # never connected to the gateway
