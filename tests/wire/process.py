"""The real ``python -m bot`` as a child process, pointed at a stand-in on 127.0.0.1.

:class:`BotProcess` starts it with a clean environment (no developer ``.env`` settings, no
proxy), keeps its output, and stops it with SIGTERM (a clean exit) or SIGKILL (a crash).
:meth:`BotProcess.report` gathers what a failed assertion needs: the REST calls, unknown
routes, stdout and stderr.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.settings import FAKE_TOKEN, application_id_from_token

from .standin import StandIn

__all__ = ["APP_ID", "GUILD_ID", "READY_DELAY", "ROOT", "STEP", "BotProcess", "environment"]

ROOT = Path(__file__).resolve().parents[2]
GUILD_ID = 1_200_000_000_000_000_001
_app_id = application_id_from_token(FAKE_TOKEN)
assert _app_id is not None
APP_ID: int = _app_id
READY_DELAY = 2.5
STEP = 15.0
"""Seconds for any one stage (a start, a sync, a move); generous for a shared machine."""


def bot_environment(
    *, api_base: str, gateway_url: str, db: Path, heartbeat: Path
) -> dict[str, str]:
    """The environment of a ``python -m bot`` that talks to a stand-in on 127.0.0.1 only:
    the fake token, the stand-in's addresses, its own database and heartbeat, and nothing of
    the developer's own settings or proxies."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HOLDEM_"))}
    env.update(
        DISCORD_TOKEN=FAKE_TOKEN,
        DISCORD_API_BASE=api_base,
        DISCORD_GATEWAY_URL=gateway_url,
        HOLDEM_DB=str(db),
        HOLDEM_HEARTBEAT=str(heartbeat),
        # Set empty so a developer's .env cannot shard the bot or change the log level.
        SHARD_COUNT="",
        SHARD_IDS="",
        LOG_LEVEL="INFO",
        # Never leave 127.0.0.1, whatever proxy the environment names.
        NO_PROXY="127.0.0.1",
        no_proxy="127.0.0.1",
    )
    for proxy in ("HTTP_PROXY", "HTTPS_PROXY", "WS_PROXY", "WSS_PROXY", "ALL_PROXY"):
        env.pop(proxy, None)
        env.pop(proxy.lower(), None)
    return env


def environment(standin: StandIn, db: Path) -> dict[str, str]:
    """A wire test's bot: :func:`bot_environment` with the test guild for its commands."""
    env = bot_environment(
        api_base=standin.api_base, gateway_url=standin.gateway_url, db=db,
        heartbeat=db.parent / "hb",
    )  # fmt: skip
    env.update(HOLDEM_DEV_GUILD=str(GUILD_ID), HOLDEM_I18N_STRICT="0", PYTHONUNBUFFERED="1")
    return env


@dataclass
class BotProcess:
    """Its output goes to files, not pipes: a child it leaves behind (a render worker after a
    SIGKILL) would hold pipes open, and asyncio would not report the exit until they close."""

    standin: StandIn
    db: Path
    env: dict[str, str] = field(default_factory=dict)
    """Settings over the harness's own (``SHARD_IDS``, a PostgreSQL URL …)."""
    module: str = "bot"
    """The module ``python -m`` runs: the bot, or a test's wrapper around its entry point."""

    def __post_init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.group = 0

    @property
    def out(self) -> list[str]:
        return _lines(self._log("out"))

    @property
    def err(self) -> list[str]:
        return _lines(self._log("err"))

    def _log(self, stream: str) -> Path:
        return self.db.parent / f"bot-{id(self)}.{stream}"

    async def start(self, *, settle: bool = True) -> None:
        """Start the bot and wait until it has identified on the gateway (its commands are
        synced before that, when they changed) and, with ``settle``, until discord.py has
        called ``on_ready``."""
        self.standin.identified.clear()
        with self._log("out").open("ab") as out, self._log("err").open("ab") as err:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                self.module,
                cwd=ROOT,
                env={**environment(self.standin, self.db), **self.env},
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,  # its render worker and fork server join its group
            )
        self.group = self.process.pid
        await self.stage("gateway identify", self.standin.identified)
        # discord.py holds on_ready back until no guild has arrived for two seconds
        # (guild_ready_timeout); what a member does before then is not what this tests.
        if settle:
            await asyncio.sleep(READY_DELAY)

    async def stage(self, name: str, event: asyncio.Event, timeout: float = STEP) -> None:
        """Wait for ``event``; fail with the report if the bot exits or it takes too long."""
        assert self.process is not None
        waiter = asyncio.create_task(event.wait())
        exited = asyncio.create_task(self.process.wait())
        done, _ = await asyncio.wait(
            {waiter, exited}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        waiter.cancel()
        exited.cancel()
        assert waiter in done, f"stage {name!r} did not happen\n{self.report()}"

    async def stop(self) -> int:
        """SIGTERM, as a container stop sends; the exit code."""
        return await self._end(signal.SIGTERM)

    async def kill(self) -> int:
        """SIGKILL: no goodbye, no flush."""
        return await self._end(signal.SIGKILL)

    async def _end(self, sig: signal.Signals) -> int:
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(sig)
        return await asyncio.wait_for(self.process.wait(), timeout=STEP)

    def survivors(self) -> list[int]:
        """Processes left in the bot's process group (its render worker, fork server …)."""
        alive = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == self.group and fields[0] != "Z":
                alive.append(int(entry.name))
        return alive

    async def close(self) -> None:
        """Whatever happened: nothing the bot started is left running."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.group, signal.SIGKILL)
        await asyncio.wait_for(self.process.wait(), timeout=STEP)

    def report(self, *, calls: int = 25, lines: int = 40) -> str:
        """The last REST calls and the last lines the bot logged (key=value lines)."""
        requests = "\n".join(
            f"  {r.method} {r.route} -> {r.status}" for r in self.standin.requests[-calls:]
        )
        return (
            f"last {calls} requests:\n{requests}\nunknown={[r.key for r in self.standin.unknown]}\n"
            f"stdout:\n{''.join(self.out[-lines:])}\nstderr:\n{''.join(self.err[-lines:])}"
        )


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text("utf-8", "replace").splitlines(keepends=True)
    except FileNotFoundError:
        return []
