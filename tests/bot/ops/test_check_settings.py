"""``--check`` checks every setting the process reads: each setting of ``.env.example``
given a bad value is named in one line, by the real ``python -m bot --check`` too (the web
companion's settings and ``HOLDEM_FONT_DIRS`` were once left to fail at start, or never)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from bot.cli import run_check_command
from bot.settings import FAKE_TOKEN

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / ".env.example"
NOT_READ = {"POSTGRES_PASSWORD": "compose.yaml only"}
"""Settings of .env.example the bot does not read, with what .env.example says of them."""


def bad_values(tmp_path: Path) -> dict[str, str]:
    """A wrong value for every setting the bot reads."""
    return {
        "DISCORD_TOKEN": "Bot " + FAKE_TOKEN,
        "HOLDEM_DB": str(tmp_path / "no-such-folder" / "holdem.sqlite3"),
        "HOLDEM_DATABASE_URL": "mysql://holdem@localhost/holdem",
        "HOLDEM_DEV_GUILD": "my server",
        "LOG_LEVEL": "LOUD",
        "SHARD_COUNT": "-1",
        "SHARD_IDS": "one,two",
        "HOLDEM_LEASE_SECONDS": "1",
        "HOLDEM_HEARTBEAT": str(tmp_path / "no-heartbeat-folder" / "heartbeat"),
        "HOLDEM_BACKUP_DIR": str(tmp_path / "no-backup-folder" / "deeper" / "backups"),
        "HOLDEM_BACKUP_EVERY": "1m",
        "HOLDEM_BACKUP_KEEP": "0",
        "HOLDEM_DEAL_PAUSE": "600",
        "HOLDEM_COMPUTER_PAUSE": "-1",
        "HOLDEM_RUNOUT_PAUSE": "soon",
        "HOLDEM_RENDER_WORKERS": "0",
        "DISCORD_API_BASE": "ftp://127.0.0.1",
        "DISCORD_GATEWAY_URL": "http://127.0.0.1",
        "HOLDEM_I18N_STRICT": "maybe",
        "HOLDEM_FONT_DIRS": str(tmp_path / "no-fonts-here"),
        "HOLDEM_WEB": "maybe",
        "HOLDEM_WEB_HOST": "every interface",
        "HOLDEM_WEB_PORT": "99999",
        "HOLDEM_WEB_SECRET": "short",
        "HOLDEM_WEB_PUBLIC": "everyone",
        "HOLDEM_WEB_DELAY": "-5",
        "HOLDEM_WEB_BASE_URL": "poker.example.org",
        "HOLDEM_WEB_LINK_DAYS": "forever",
        "HOLDEM_ACTIVITY": "maybe",
        "DISCORD_CLIENT_ID": "my app",
        "DISCORD_CLIENT_SECRET": "it's a secret",
        "HOLDEM_ACTIVITY_URL_MAPPING": "poker.example.org/activity",
    }


def example_settings() -> list[str]:
    """Every setting ``.env.example`` lists, set or shown commented out."""
    return re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", EXAMPLE.read_text(encoding="utf-8"), re.M)


def named(lines: list[str], setting: str) -> list[str]:
    return [line for line in lines if re.match(rf"error: {setting}\b(?![_A-Z])", line)]


def test_every_setting_of_the_example_has_a_bad_value_here(tmp_path: Path) -> None:
    listed = example_settings()
    assert len(listed) >= 25 and "HOLDEM_FONT_DIRS" in listed
    assert set(listed) == set(bad_values(tmp_path)) | set(NOT_READ)
    text = EXAMPLE.read_text(encoding="utf-8")
    for setting, why in NOT_READ.items():
        assert re.search(rf"# {why}: .*\n(#.*\n)*{setting}=", text), setting


async def test_each_bad_setting_alone_is_named_in_one_line(tmp_path: Path) -> None:
    good = {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(tmp_path / "h.sqlite3")}
    good["HOLDEM_FONT_DIRS"] = ""
    out = io.StringIO()
    assert await run_check_command(good, out=out) == 0, out.getvalue()
    for setting, value in bad_values(tmp_path).items():
        out = io.StringIO()
        code = await run_check_command({**good, setting: value}, out=out)
        lines = out.getvalue().splitlines()
        errors = [line for line in lines if line.startswith("error: ")]
        assert code in (1, 2), (setting, lines)  # the host's folders are 1, settings 2
        assert len(errors) == 1 and named(errors, setting), (setting, errors)
        assert lines[-1] == "configuration check failed: 1 problem to fix", (setting, lines)


def test_the_real_check_names_every_bad_setting_at_once(tmp_path: Path) -> None:
    """All the settings wrong together (a URL aside, which would hide HOLDEM_DB), and the
    web companion on, as the bot would then start it: one line for each."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HOLDEM_"))}
    bad = bad_values(tmp_path)
    del bad["HOLDEM_DATABASE_URL"]
    env.update(bad, HOLDEM_WEB="1", PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "bot", "--check"], cwd=tmp_path, env=env, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip
    lines = run.stdout.splitlines()
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    for setting in bad:
        if setting != "HOLDEM_WEB":
            assert len(named(lines, setting)) == 1, (setting, lines)
    assert lines[-1] == f"configuration check failed: {len(bad) - 1} problems to fix", lines


def test_the_web_companions_help_prints_help(tmp_path: Path) -> None:
    """``python -m bot.web --help`` answers with the usage, with no settings at all (it once
    answered that the secret was missing); ``python -m bot --help``: tests/ship/test_docs.py."""
    module = "bot.web"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HOLDEM_"))}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run(
        [sys.executable, "-m", module, "--help"], cwd=tmp_path, env=env, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"usage: python -m {module}"), run.stdout
    assert "error" not in run.stderr
