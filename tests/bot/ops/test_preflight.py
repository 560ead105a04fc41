"""``--check``: configuration and database problems, one line each, without Discord."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.cli import health_command, parse_args, run_check_command
from bot.discord.invite import invite_url, permission_names
from bot.ops.health import write_heartbeat
from bot.ops.preflight import (
    check_database,
    check_folder,
    permission_label,
    run_check,
    summary,
)
from bot.settings import FAKE_TOKEN, Settings, load_settings
from bot.store.errors import DatabaseDamaged
from bot.store.store import Store


def settings_for(tmp_path: Path, **extra: str) -> Settings:
    return load_settings(
        {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "h.sqlite3"), **extra}
    )


async def test_a_good_host_has_no_problems(tmp_path: Path) -> None:
    assert await run_check(settings_for(tmp_path)) == []
    store = await Store.open(str(tmp_path / "h.sqlite3"))  # created, migrated, released
    assert await store.schema_version() >= 1
    await store.close()


async def test_missing_folder(tmp_path: Path) -> None:
    (line,) = await run_check(load_settings(
        {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "no" / "h.sqlite3")}
    ))  # fmt: skip
    assert line.startswith(f"HOLDEM_DB: the folder {tmp_path / 'no'} does not exist")


async def test_folder_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    (line,) = await check_database(str(tmp_path / "file" / "h.sqlite3"))
    assert "is not a folder" in line


async def test_unwritable_folder_is_named(tmp_path: Path) -> None:
    # As root a chmod is ignored, so the check must try a write, not trust os.access.
    if not Path("/proc/self").exists():
        pytest.fail("needs /proc (a folder nobody, root included, can create files in)")
    problem = check_folder("/proc/self/h.sqlite3", "HOLDEM_DB")
    assert problem is not None
    assert problem.startswith("HOLDEM_DB: cannot write in the folder /proc/self")


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not sqlite at all" * 100)
    (line,) = await check_database(str(path))
    assert line.startswith(f"HOLDEM_DB: {path} is not a usable SQLite database")


async def test_a_database_from_a_newer_bot(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    store = await Store.open(str(path))
    await store.close()
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT INTO schema_version VALUES (999, 0)")
    db.close()
    (line,) = await check_database(str(path))
    assert "schema version 999" in line and "update the bot" in line


async def test_a_database_held_by_a_running_bot(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    store = await Store.open(str(path), busy_timeout=0.1)
    try:
        (line,) = await check_database(str(path), busy_timeout=0.1)
    finally:
        await store.close()
    assert "locked by another process" in line


async def test_heartbeat_folder_checked_when_elsewhere(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, HOLDEM_HEARTBEAT=str(tmp_path / "run" / "beat"))
    (line,) = await run_check(settings)
    assert line.startswith("HOLDEM_HEARTBEAT: the folder")


def test_summary_never_shows_the_token(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, SHARD_COUNT="4", SHARD_IDS="0,1")
    text = "\n".join(summary(settings, invite=invite_url))
    assert FAKE_TOKEN not in text
    assert "application id 123456789012345678" in text
    assert "client_id=123456789012345678" in text
    assert "scope=bot+applications.commands" in text
    assert "4 shards, running 0,1" in text


def test_summary_names_the_permissions_the_invite_asks_for(tmp_path: Path) -> None:
    """Tournament tables open in threads: --check names the thread permissions as a server
    shows them, so a host can compare them with the bot's role."""
    (line,) = [
        line
        for line in summary(settings_for(tmp_path), permissions=permission_names())
        if line.startswith("permissions:")
    ]
    for shown in ("View Channels", "Create Public Threads", "Send Messages in Threads"):
        assert shown in line, line
    assert "Manage Threads" in line and "Administrator" not in line
    assert not any(s.startswith("permissions:") for s in summary(settings_for(tmp_path)))
    assert permission_label("read_message_history") == "Read Message History"


async def test_check_command_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = await run_check_command({"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "h")})
    out = capsys.readouterr().out
    assert code == 0
    assert "permissions: the bot's role needs View Channels" in out
    assert "Create Public Threads" in out and "Manage Threads" in out
    assert out.rstrip().endswith("configuration OK: start the bot with python -m bot")
    assert FAKE_TOKEN not in out


async def test_check_command_lists_config_and_database_problems_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = await run_check_command(
        {"HOLDEM_DB": str(tmp_path / "gone" / "h.sqlite3"), "LOG_LEVEL": "chatty"}
    )
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert out[0].startswith("error: DISCORD_TOKEN is not set")
    assert out[1].startswith("error: LOG_LEVEL must be one of")
    assert out[2].startswith("error: HOLDEM_DB: the folder")
    assert out[3] == "configuration check failed: 3 problems to fix"
    assert "Traceback" not in "\n".join(out)


async def test_check_command_database_problem_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "h").write_bytes(b"garbage" * 200)
    code = await run_check_command({"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "h")})
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[-1] == "configuration check failed: 1 problem to fix"


def test_health_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    env = {"HOLDEM_HEARTBEAT": str(tmp_path / "beat")}
    assert health_command(env, now=100.0) == 1
    assert "unhealthy: no heartbeat in" in capsys.readouterr().err
    write_heartbeat(tmp_path / "beat", now=100.0)
    assert health_command(env, now=150.0) == 0
    assert health_command(env, now=500.0) == 1


def test_parse_args() -> None:
    assert vars(parse_args([])) == {
        "check": False, "health": False, "sync": False, "backup": None, "migrate_to": None,
    }  # fmt: skip
    assert parse_args(["--backup", "/b/h.sqlite3"]).backup == "/b/h.sqlite3"
    assert parse_args(["--migrate-to", "postgresql://db/h"]).migrate_to == "postgresql://db/h"
    with pytest.raises(SystemExit):
        parse_args(["--backup", "/b/h.sqlite3", "--migrate-to", "postgresql://db/h"])
    assert parse_args(["--check"]).check
    assert parse_args(["--sync"]).sync
    assert parse_args(["--health"]).health
    with pytest.raises(SystemExit):
        parse_args(["--check", "--health"])


def test_summary_says_which_scripts_of_names_draw(tmp_path: Path) -> None:
    # The suite hides the host's fonts: the bundled DejaVu draws Latin but no Chinese, so the
    # summary names the missing script and the Debian package that brings it.
    text = "\n".join(summary(settings_for(tmp_path)))
    fonts = [line for line in text.splitlines() if line.startswith("fonts: ")]
    assert len(fonts) == 1
    assert "CJK" in fonts[0] and "apt install fonts-noto-cjk" in fonts[0]


async def test_check_names_a_damaged_page_in_a_restored_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Zero one data page of a ``--backup`` copy and restore it as the
    README says (copy it to ``HOLDEM_DB``): the file still opens, so only SQLite's integrity
    check finds the damage, and ``--check`` names it."""
    from bot.ops.backup import backup_command

    live = tmp_path / "live.sqlite3"
    store = await Store.open(str(live))
    for guild in range(1, 400):  # more than one page of guilds
        await store.set_language(guild, "da", now=1.0)
    await store.close()
    restored = tmp_path / "restored.sqlite3"
    assert await backup_command(str(restored), {"HOLDEM_DB": str(live)}) == 0
    with sqlite3.connect(restored) as db:
        (page_size,) = db.execute("PRAGMA page_size").fetchone()
        (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'guilds'").fetchone()
        (leaf,) = db.execute(  # a data page of the table, not its root
            "SELECT pageno FROM dbstat WHERE name = 'guilds' AND pagetype = 'leaf' LIMIT 1"
        ).fetchone()
    assert leaf != root
    with restored.open("r+b") as file:
        file.seek((leaf - 1) * page_size)
        file.write(bytes(page_size))
    capsys.readouterr()

    env = {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(restored)}
    assert await run_check_command(env) == 1
    out = capsys.readouterr().out
    assert f"error: HOLDEM_DB: {restored} is damaged in guilds: SQLite's integrity check" in out
    assert "restore an older backup" in out and "configuration OK" not in out
    assert await run_check_command({**env, "HOLDEM_DB": str(live)}) == 0  # the original is sound
    with pytest.raises(DatabaseDamaged, match=r"damaged .* --check"):  # nor does the bot start
        await Store.open(str(restored))


async def test_the_database_and_its_backups_are_created_for_their_owner_only(
    tmp_path: Path,
) -> None:
    """A new database file, its write-ahead log, and every backup (the
    running bot's and ``--backup``'s) are 0600, whatever the umask lets others read."""
    import os
    import stat

    from bot.ops.backup import BackupPolicy, backup_command, scheduled_backup

    def mode(path: Path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    old = os.umask(0o022)
    try:
        database = tmp_path / "holdem.sqlite3"
        store = await Store.open(str(database))
        await store.set_language(1, "da", now=1.0)
        wal = tmp_path / "holdem.sqlite3-wal"
        policy = BackupPolicy(folder=tmp_path / "backups", every=3600.0, keep=2)
        scheduled = await scheduled_backup(store, policy, 0.0)
        assert (mode(database), mode(wal), mode(scheduled)) == (0o600, 0o600, 0o600)
        await store.close()
        copied = tmp_path / "copy.sqlite3"
        assert await backup_command(str(copied), {"HOLDEM_DB": str(database)}) == 0
        assert mode(copied) == 0o600
    finally:
        os.umask(old)


async def test_check_says_how_to_start_the_bot_as_it_was_started(tmp_path: Path) -> None:
    """From the wheel the command is ``holdem-dealer``, and no ``.env.example`` is there to
    point at: the messages name the command and say what to put in the environment."""
    import io

    from bot.cli import program

    assert program("/venv/bin/holdem-dealer") == "holdem-dealer"
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "h.sqlite3")}
    out = io.StringIO()
    assert await run_check_command(env, out=out, name="holdem-dealer") == 0
    assert out.getvalue().rstrip().endswith("configuration OK: start the bot with holdem-dealer")
    out = io.StringIO()
    assert await run_check_command({**env, "DISCORD_TOKEN": ""}, out=out) == 2
    text = out.getvalue()
    assert "DISCORD_TOKEN=<token>" in text and "environment" in text, text
    assert ".env.example" not in text


def test_help_says_what_to_put_in_the_environment(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    usage = capsys.readouterr().out
    assert "DISCORD_TOKEN=<your bot token>" in usage and ".env.example" not in usage


async def test_a_database_an_older_version_left_readable_is_made_private(tmp_path: Path) -> None:
    """A file created 0644 by an older version (with its write-ahead log) is tightened to 0600
    at the next start, as a new one would be."""
    import os
    import stat

    database = tmp_path / "holdem.sqlite3"
    store = await Store.open(str(database))
    await store.set_language(1, "da", now=1.0)
    wal = tmp_path / "holdem.sqlite3-wal"
    await store.close()
    for path in (database, wal):
        if path.exists():
            os.chmod(path, 0o644)
    reopened = await Store.open(str(database))
    try:
        assert await reopened.get_language(1) == "da"  # the same data, only the mode changed
        for path in (database, wal):
            assert not path.exists() or stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(database.stat().st_mode) == 0o600
    finally:
        await reopened.close()
