"""The wheel, built and installed into a fresh virtual environment, works away from the checkout.

This is the README's first command as a new admin runs it: ``pip install .`` (here as a wheel,
built once and installed), then the bot started from another folder on a host without fonts.
It must draw a table, a showdown and hole cards from its own package data, ``holdem-dealer
--check`` must pass, and a file missing from the installation must be named in one line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.ship.drawing import ROOT, draw_installed

# The machine's environment (proxies, certificates, the package index) minus the bot's own
# settings and anything that would point Python at the source tree.
_DROPPED = ("DISCORD_", "HOLDEM_", "SHARD_", "LOG_LEVEL", "PYTHONPATH", "VIRTUAL_ENV")
# What a source copy leaves out: the same as an sdist would.
_IGNORED = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache"
)
MAX_WHEEL_BYTES = 2_500_000


def _env() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith(_DROPPED)}


def _run(args: list[str], *, cwd: Path, env: dict[str, str], timeout: int = 300) -> str:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.mark.slow
def test_the_wheel_installs_and_draws_from_another_folder(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=_IGNORED)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    env = {**_env(), "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    dist = tmp_path / "dist"
    _run(
        [str(bin_dir / "pip"), "wheel", "--no-deps", "-w", str(dist), str(source)],
        cwd=tmp_path,
        env=env,
    )
    (wheel,) = dist.glob("holdem_dealer-*.whl")
    assert wheel.stat().st_size < MAX_WHEEL_BYTES, f"the wheel grew to {wheel.stat().st_size:,} B"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for name in (
        "assets/fonts/DejaVuSans.ttf",
        "assets/fonts/DejaVuSans-Bold.ttf",
        "assets/cards/back.png",
        "assets/cards/standard/As.png",
        "assets/cards/four-colour/Td.png",
        "i18n/locales/nb.json",
    ):
        assert name in names, f"the wheel lacks {name}"
    assert not any(name.startswith("tests/") for name in names)
    licences = {name.rsplit("/", 1)[-1] for name in names if "/licenses/" in name}
    assert {"LICENSE", "LICENSE-DejaVu.txt"} <= licences
    _run([str(bin_dir / "pip"), "install", str(wheel)], cwd=tmp_path, env=env)

    elsewhere = tmp_path / "elsewhere"
    draw_installed(bin_dir / "python", elsewhere / "pictures", env, venv)

    from bot.settings import FAKE_TOKEN

    settings = {**env, "DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_FONT_DIRS": ""}
    check = [str(bin_dir / "holdem-dealer"), "--check"]
    ready = subprocess.run(check, cwd=elsewhere, env=settings, capture_output=True, text=True)
    assert ready.returncode == 0, ready.stdout + ready.stderr
    assert "configuration OK" in ready.stdout
    assert (elsewhere / "holdem.sqlite3").exists()

    # A broken installation: --check names the missing file in one line instead of a table
    # that would stop after the blinds.
    (installed,) = venv.glob("lib/python*/site-packages/assets/fonts/DejaVuSans-Bold.ttf")
    installed.unlink()
    broken = subprocess.run(check, cwd=elsewhere, env=settings, capture_output=True, text=True)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    lines = [line for line in broken.stdout.splitlines() if "pictures:" in line]
    assert len(lines) == 1, broken.stdout
    assert "assets/fonts/DejaVuSans-Bold.ttf" in lines[0]
    assert "Traceback" not in broken.stdout + broken.stderr
