"""``compose.yaml`` read as data (no container engine runs here): PostgreSQL with a volume
and a health check the bots wait for, two bot processes built from the Dockerfile that run
shards 0 and 1 of 2 on it, and settings the bot accepts, the token and password from ``.env``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.settings import FAKE_TOKEN, load_settings, load_web_settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "compose.yaml"
VARIABLE = re.compile(r"\$\{([A-Z_]+)(?::?[?-][^}]*)?\}")


def services() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict) and set(data) >= {"services", "volumes"}
    found: dict[str, Any] = data["services"]
    for service in found.values():
        for mount in service.get("volumes", []):
            volume = mount.split(":", 1)[0]
            assert volume in data["volumes"], f"{volume} is not a named volume"
    return found


def interpolated(value: str, env: dict[str, str]) -> str:
    return VARIABLE.sub(lambda m: env[m[1]], value)


def test_postgresql_keeps_its_data_on_a_volume_and_reports_health() -> None:
    postgres = services()["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert any(m.endswith(":/var/lib/postgresql/data") for m in postgres["volumes"])
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert postgres["environment"]["POSTGRES_PASSWORD"] == (
        "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}"
    )


def test_two_bot_shards_on_postgresql_with_settings_the_bot_accepts() -> None:
    found = services()
    bots = {name: s for name, s in found.items() if name not in ("postgres", "web")}
    assert sorted(bots) == ["shard-0", "shard-1"]
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "POSTGRES_PASSWORD": "p@ss/w:rd?#%"}
    example = (ROOT / ".env.example").read_text()
    built = [bot for bot in bots.values() if "build" in bot]
    assert len(built) == 1, "one service builds the image, the others run it"
    assert (ROOT / built[0]["build"] / "Dockerfile").is_file()
    assert {bot["image"] for bot in bots.values()} == {built[0]["image"]}
    assert all(bot.get("pull_policy") == "never" for bot in bots.values() if "build" not in bot)
    assert found["web"]["image"] == built[0]["image"] and found["web"]["pull_policy"] == "never"
    for number, (name, bot) in enumerate(sorted(bots.items())):
        assert bot["env_file"] == ".env"
        assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        assert bot["stop_grace_period"]  # the bot's SIGTERM path: finish writes, tell tables
        raw: dict[str, str] = bot["environment"]
        assert set(VARIABLE.findall(" ".join(raw.values()))) == set(env), name
        assert all(f"\n{variable}=" in example for variable in env), "document it in .env.example"
        settings = load_settings({k: interpolated(v, env) for k, v in raw.items()})
        assert (settings.shard_count, settings.shard_ids) == (2, (number,)), name
        assert settings.token == FAKE_TOKEN
        # The password travels apart from the URL, whatever characters it has.
        assert raw["HOLDEM_DATABASE_URL"] == "postgresql://holdem@postgres:5432/holdem", name
        assert interpolated(raw["PGPASSWORD"], env) == env["POSTGRES_PASSWORD"], name
    volumes = [b["volumes"][0].split(":")[0] for b in bots.values()]
    assert len(set(volumes)) == 2  # one heartbeat file each


async def test_the_bots_send_pgpassword_as_it_is_beside_a_url_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What compose sets (a URL without the password, ``PGPASSWORD`` beside it) reaches the
    server intact through the bot's own connection code, '@', '/' and ':' included. The
    "server" asks for a clear-text password and keeps what it gets."""
    import asyncio
    import struct

    from bot.store.errors import StartupError
    from bot.store.store import Store

    sent: list[bytes] = []

    async def server(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                (length,) = struct.unpack("!i", await reader.readexactly(4))
                body = await reader.readexactly(length - 4)
                if body[:4] == struct.pack("!i", 80877103):  # SSLRequest: no TLS here
                    writer.write(b"N")
                    continue
                writer.write(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
                await writer.drain()
                assert await reader.readexactly(1) == b"p"
                (length,) = struct.unpack("!i", await reader.readexactly(4))
                sent.append((await reader.readexactly(length - 4)).rstrip(b"\0"))
                break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    listening = await asyncio.start_server(server, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    password = "p@ss/w:rd?#%"
    monkeypatch.setenv("PGPASSWORD", password)
    try:
        with pytest.raises(StartupError):
            await Store.open(f"postgresql://holdem@127.0.0.1:{port}/holdem")
    finally:
        listening.close()
    assert sent and sent[0] == password.encode()


def test_the_web_companion_serves_the_same_database_on_a_published_port() -> None:
    """``python -m bot.web`` beside the bots: the same PostgreSQL, the secret the bots sign
    their links with, listening on every interface of its container and published on the
    host, so a browser (or the reverse proxy) outside the container reaches it."""
    found = services()
    web = found["web"]
    assert web["command"] == ["python", "-m", "bot.web"]
    assert web["env_file"] == ".env"  # the bots read the same HOLDEM_WEB_SECRET from it
    assert web["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    env = {"POSTGRES_PASSWORD": "p@ss/w:rd?#%", "HOLDEM_WEB_SECRET": "s" * 32}
    raw: dict[str, str] = web["environment"]
    assert set(VARIABLE.findall(" ".join(raw.values()))) == set(env)
    assert "\nHOLDEM_WEB_SECRET=" in (ROOT / ".env.example").read_text()
    settings = load_web_settings({k: interpolated(v, env) for k, v in raw.items()}, serving=True)
    assert settings.host == "0.0.0.0" and settings.secret == env["HOLDEM_WEB_SECRET"].encode()
    assert settings.db_path == found["shard-0"]["environment"]["HOLDEM_DATABASE_URL"]
    published = [port.split(":") for port in web["ports"]]
    assert [inside for _, inside in published] == [str(settings.port)]
    # Its health check asks the pages, not the bot's heartbeat (the image's own check).
    assert "/healthz" in " ".join(web["healthcheck"]["test"])
    assert f":{settings.port}/healthz" in " ".join(web["healthcheck"]["test"])
