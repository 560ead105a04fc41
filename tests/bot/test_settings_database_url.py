"""``HOLDEM_DATABASE_URL``: a PostgreSQL database named by URL wins over the SQLite file, and
what only an SQLite file has (its folder, ``--backup``) says what to do instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ops.backup import backup_command
from bot.ops.health import heartbeat_path
from bot.ops.preflight import check_database, summary
from bot.settings import FAKE_TOKEN, default_heartbeat_path, load_settings

URL = "postgresql://holdem:s3cret@db:5432/holdem"


def test_the_url_wins_over_the_file_and_the_heartbeat_stays_a_file() -> None:
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": "/data/holdem.sqlite3"}
    assert load_settings(env).db_path == "/data/holdem.sqlite3"
    settings = load_settings({**env, "HOLDEM_DATABASE_URL": URL})
    assert settings.db_path == URL
    assert settings.heartbeat_path == "./holdem-heartbeat" == default_heartbeat_path(URL)
    assert heartbeat_path({"HOLDEM_DATABASE_URL": URL}) == "./holdem-heartbeat"
    assert default_heartbeat_path("sqlite:////data/h.sqlite3") == "/data/h.sqlite3-heartbeat"
    assert not any("s3cret" in line for line in summary(settings))
    assert "database: postgresql://holdem:***@db:5432/holdem" in summary(settings)


async def test_backup_of_a_postgresql_database_points_to_pg_dump(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert await backup_command("/tmp/never.sqlite3", {"HOLDEM_DATABASE_URL": URL}) == 1
    err = capsys.readouterr().err
    assert "pg_dump" in err and "s3cret" not in err and err.count("\n") == 1


async def test_a_server_that_is_not_there_is_named_by_its_setting(tmp_path: Path) -> None:
    [problem] = await check_database(f"postgresql://holdem:s3cret@/holdem?host={tmp_path}")
    assert problem.startswith("HOLDEM_DATABASE_URL: cannot connect to the PostgreSQL database")
    assert "s3cret" not in problem
