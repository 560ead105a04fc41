"""Settings: every problem named in one line, all of them at once, the token never echoed."""

from __future__ import annotations

import base64
import dataclasses
import re
from pathlib import Path

import pytest

from bot.settings import (
    FAKE_TOKEN,
    ConfigError,
    Settings,
    application_id_from_token,
    load_settings,
    read_environment,
)

TOKEN = FAKE_TOKEN


def problems(**env: str) -> tuple[str, ...]:
    with pytest.raises(ConfigError) as caught:
        load_settings(env)
    return caught.value.problems


def test_defaults_with_only_a_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})
    assert settings == Settings(
        token=TOKEN, db_path="./holdem.sqlite3", heartbeat_path="./holdem.sqlite3-heartbeat"
    )
    assert settings.dev_guild is None and settings.log_level == "INFO"
    assert not settings.sharded and not settings.i18n_strict
    assert settings.application_id == 123456789012345678


def test_settings_are_frozen_and_hide_the_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN})
    assert TOKEN not in repr(settings)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.log_level = "DEBUG"  # type: ignore[misc]


def test_every_setting_read() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": f"  {TOKEN}  ",
            "HOLDEM_DB": "/data/x.sqlite3",
            "HOLDEM_DEV_GUILD": "987654321098765432",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:8080/api/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gateway",
            "SHARD_COUNT": "8",
            "SHARD_IDS": "0-2, 5",
            "HOLDEM_I18N_STRICT": "yes",
            "HOLDEM_HEARTBEAT": "/run/beat",
            "HOLDEM_RENDER_WORKERS": "3",
        }
    )
    assert settings.token == TOKEN
    assert settings.db_path == "/data/x.sqlite3"
    assert settings.dev_guild == 987654321098765432
    assert settings.log_level == "DEBUG"
    assert settings.api_base == "http://127.0.0.1:8080/api"
    assert settings.gateway_url == "ws://127.0.0.1:8080/gateway"
    assert (settings.shard_count, settings.shard_ids, settings.sharded) == (8, (0, 1, 2, 5), True)
    assert settings.i18n_strict
    assert settings.heartbeat_path == "/run/beat"
    assert settings.render_workers == 3


def test_heartbeat_defaults_beside_the_database() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "HOLDEM_DB": "/data/holdem.sqlite3"})
    assert settings.heartbeat_path == "/data/holdem.sqlite3-heartbeat"


def test_missing_token_says_where_to_find_it() -> None:
    (line,) = problems()
    assert line.startswith("DISCORD_TOKEN is not set: put your bot token in .env")
    assert "Developer Portal" in line and "Reset Token" in line


@pytest.mark.parametrize(
    ("token", "words"),
    [
        (f"Bot {FAKE_TOKEN}", "without 'Bot '"),
        ("123456789012345678", "application id"),
        ("ab" * 32, "public key"),
        ("Zx9-Q_" * 5 + "ab", "client secret"),
        ("not-a-token", "not a Discord bot token"),
        ("aaaaaaaaaaaaaaaaaaaaaa.bbbbbb.cccccccccccccccccccccccccc", "not a Discord bot token"),
    ],
)
def test_malformed_token_is_named_without_echoing_it(token: str, words: str) -> None:
    (line,) = problems(DISCORD_TOKEN=token)
    assert words in line
    assert token not in line and FAKE_TOKEN not in line
    assert "\n" not in line


def test_quotes_around_the_token_are_forgiven() -> None:
    assert load_settings({"DISCORD_TOKEN": f'"{TOKEN}"'}).token == TOKEN


def test_all_problems_are_listed_at_once() -> None:
    found = problems(
        HOLDEM_DEV_GUILD="my server",
        LOG_LEVEL="loud",
        DISCORD_API_BASE="discord.com/api",
        DISCORD_GATEWAY_URL="https://gateway.discord.gg",
        SHARD_COUNT="-1",
        HOLDEM_I18N_STRICT="maybe",
    )
    assert [line.split(" ", 1)[0] for line in found] == [
        "DISCORD_TOKEN",
        "HOLDEM_DEV_GUILD",
        "LOG_LEVEL",
        "DISCORD_API_BASE",
        "DISCORD_GATEWAY_URL",
        "SHARD_COUNT",
        "HOLDEM_I18N_STRICT",
    ]
    assert all("\n" not in line for line in found)
    with pytest.raises(ConfigError) as caught:
        load_settings({"LOG_LEVEL": "loud"})
    assert str(caught.value).splitlines() == list(caught.value.problems)


@pytest.mark.parametrize("guild", ["abc", "12.5", "-5", "0", str(2**64), "１２３"])
def test_dev_guild_must_be_a_snowflake(guild: str) -> None:
    (line,) = problems(DISCORD_TOKEN=TOKEN, HOLDEM_DEV_GUILD=guild)
    assert line.startswith("HOLDEM_DEV_GUILD must be a server id")
    assert "Copy Server ID" in line


def test_log_level_accepts_any_case_and_warn() -> None:
    assert load_settings({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "warn"}).log_level == "WARNING"
    (line,) = problems(DISCORD_TOKEN=TOKEN, LOG_LEVEL="verbose")
    assert "DEBUG, INFO, WARNING, ERROR, CRITICAL" in line and "'verbose'" in line


@pytest.mark.parametrize("url", ["discord.com", "ftp://x.org", "http://", "ws://x"])
def test_api_base_must_be_http(url: str) -> None:
    (line,) = problems(DISCORD_TOKEN=TOKEN, DISCORD_API_BASE=url)
    assert line.startswith("DISCORD_API_BASE must be a URL starting with http:// or https://")


def test_shard_count_auto_means_discords_recommendation() -> None:
    settings = load_settings({"DISCORD_TOKEN": TOKEN, "SHARD_COUNT": "auto"})
    assert settings.sharded and settings.shard_count == 0 and settings.shard_ids is None


@pytest.mark.parametrize(
    ("count", "ids", "words"),
    [
        ("0", "", "SHARD_COUNT must be a whole number"),
        ("two", "", "SHARD_COUNT must be a whole number"),
        ("", "0,1", "SHARD_IDS needs SHARD_COUNT"),
        ("auto", "0", "SHARD_IDS needs SHARD_COUNT"),
        ("4", "0,x", "SHARD_IDS must be shard numbers"),
        ("4", "3-1", "SHARD_IDS must be shard numbers"),
        ("4", "1,1", "SHARD_IDS lists a shard twice"),
        ("4", "2-5", "SHARD_IDS 4, 5 not below SHARD_COUNT=4"),
    ],
)
def test_invalid_sharding(count: str, ids: str, words: str) -> None:
    (line,) = problems(DISCORD_TOKEN=TOKEN, SHARD_COUNT=count, SHARD_IDS=ids)
    assert line.startswith(words)


def test_lease_seconds_default_to_30_and_stay_in_range() -> None:
    assert load_settings({"DISCORD_TOKEN": TOKEN}).lease_seconds == 30.0
    assert (
        load_settings({"DISCORD_TOKEN": TOKEN, "HOLDEM_LEASE_SECONDS": "4.5"}).lease_seconds == 4.5
    )
    for raw in ("2", "3601", "soon", "-5"):
        (line,) = problems(DISCORD_TOKEN=TOKEN, HOLDEM_LEASE_SECONDS=raw)
        assert line.startswith("HOLDEM_LEASE_SECONDS must be seconds from 3 to 3600"), line


def test_application_id_is_read_from_the_token() -> None:
    head = base64.urlsafe_b64encode(b"1100000000000000000").decode().rstrip("=")
    assert application_id_from_token(f"{head}.abcdef.{'x' * 27}") == 1100000000000000000
    assert application_id_from_token("%%%.a.b") is None
    assert application_id_from_token(base64.b64encode(b"hello").decode()) is None


def test_dotenv_is_read_under_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=DEBUG\nHOLDEM_DB=\n")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    environ = read_environment(env_file)
    assert environ["DISCORD_TOKEN"] == TOKEN
    assert environ["LOG_LEVEL"] == "ERROR"  # the real environment wins over .env
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HOLDEM_DB", raising=False)
    settings = load_settings()
    assert settings.token == TOKEN and settings.log_level == "ERROR"
    assert settings.db_path == "./holdem.sqlite3"


ROOT = Path(__file__).resolve().parents[2]


def test_env_example_documents_every_setting() -> None:
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    names = {line.split("=", 1)[0].lstrip("# ") for line in example.splitlines() if "=" in line}
    read = set(re.findall(r'"([A-Z][A-Z0-9_]+)"', (ROOT / "bot" / "settings.py").read_text()))
    prefixes = ("DISCORD_", "HOLDEM_", "SHARD_", "LOG_LEVEL")
    settings = {name for name in read if name.startswith(prefixes)} - {"LOG_LEVELS"}
    assert settings, "the scan of bot/settings.py found no setting names"
    assert settings <= names, f"not documented in .env.example: {sorted(settings - names)}"
