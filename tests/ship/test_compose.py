"""``compose.yaml`` read as data (no container engine runs here): PostgreSQL with a volume
and a health check the bots wait for, two bot processes built from the Dockerfile that run
shards 0 and 1 of 2 on it, and settings the bot accepts, the token and password from ``.env``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from bot.settings import FAKE_TOKEN, load_settings

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
    bots = {name: s for name, s in found.items() if name != "postgres"}
    assert sorted(bots) == ["shard-0", "shard-1"]
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "POSTGRES_PASSWORD": "secret"}
    example = (ROOT / ".env.example").read_text()
    for number, (name, bot) in enumerate(sorted(bots.items())):
        assert (ROOT / bot["build"] / "Dockerfile").is_file(), name
        assert bot["env_file"] == ".env"
        assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        assert bot["stop_grace_period"]  # the bot's SIGTERM path: finish writes, tell tables
        raw: dict[str, str] = bot["environment"]
        assert set(VARIABLE.findall(" ".join(raw.values()))) == set(env), name
        assert all(f"\n{variable}=" in example for variable in env), "document it in .env.example"
        settings = load_settings({k: interpolated(v, env) for k, v in raw.items()})
        assert (settings.shard_count, settings.shard_ids) == (2, (number,)), name
        assert settings.token == FAKE_TOKEN
        url = interpolated(raw["HOLDEM_DATABASE_URL"], env)
        assert url == "postgresql://holdem:secret@postgres:5432/holdem", name
    volumes = [b["volumes"][0].split(":")[0] for b in bots.values()]
    assert len(set(volumes)) == 2  # one heartbeat file each
