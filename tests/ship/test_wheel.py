"""The wheel, built and installed into a fresh virtual environment, works away from the checkout.

This is the README's first command as a new admin runs it: ``pip install .`` (here as a wheel,
built once and installed), then the bot started from another folder on a host without fonts.
The wheel adds exactly two import names, ``bot`` and ``engine``, with the card art and the fonts
inside ``bot/assets``. It must draw a table, a showdown and hole cards from its own package
data, ``holdem-dealer --help``, ``holdem-dealer --check`` and ``python -m bot --check`` must
work, and a file missing from the installation must be named in one line.

The package list of ``pyproject.toml`` is written out (the assets are mapped into ``bot``), so a
quick test holds it to the folders.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.ship.drawing import ROOT, draw_installed

# The machine's environment (proxies, certificates, the package index) minus the bot's own
# settings and anything that would point Python at the source tree.
_DROPPED = ("DISCORD_", "HOLDEM_", "SHARD_", "LOG_LEVEL", "PYTHONPATH", "VIRTUAL_ENV")
# What a source copy leaves out: the same as an sdist would.
_IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    "*.pyc",
    ".*_cache",
    "node_modules",
)
MAX_WHEEL_BYTES = 2_600_000
"""What the wheel may weigh: 2.50 MB today, of which 1.5 MB are the fonts and card pictures and
0.16 MB the evaluator's tables; the rest is code, which grows a few KB a change. A file shipped by
mistake (a test's reference pictures, a node_modules) weighs far more than the margin."""


def _packages_in_the_tree() -> set[str]:
    """Every folder with an ``__init__.py`` under ``bot/`` and ``engine/``, as a package name."""
    return {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("bot", "engine")
        for init in (ROOT / top).rglob("__init__.py")
    }


def test_the_wheel_lists_every_package_of_the_tree() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        setuptools = tomllib.load(file)["tool"]["setuptools"]
    listed = setuptools["packages"]
    assert len(listed) == len(set(listed)), "a package is listed twice"
    assert set(listed) == _packages_in_the_tree() | {"bot.assets"}
    assert setuptools["package-dir"] == {"bot.assets": "assets"}


def _glob(pattern: str) -> re.Pattern[str]:
    """A package-data glob as setuptools reads it: ``**/`` any folders, ``*`` within one."""
    parts = re.split(r"(\*\*/|\*)", pattern)
    wild = {"**/": "(?:[^/]+/)*", "*": "[^/]*"}
    return re.compile("".join(wild.get(part, re.escape(part)) for part in parts))


def test_package_data_covers_every_file_of_the_data_folders() -> None:
    """Every file under a package's data folders (a folder with no ``__init__.py``, as
    bot/web/static) is declared, so a new page, script or picture travels in the wheel; and
    setuptools is told not to guess data from the source files, which warns about every
    such folder ("Package would be ignored")."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        setuptools = tomllib.load(file)["tool"]["setuptools"]
    assert setuptools["include-package-data"] is False
    missed = []
    for package, patterns in setuptools["package-data"].items():
        folder = ROOT / setuptools["package-dir"].get(package, package.replace(".", "/"))
        globs = [_glob(pattern) for pattern in patterns]
        for path in folder.rglob("*"):
            inside = path.relative_to(folder)
            data = not any(
                (folder / part).joinpath("__init__.py").exists()
                for part in [Path(*inside.parts[:k]) for k in range(1, len(inside.parts))]
            )
            if (
                path.is_file()
                and "__pycache__" not in inside.parts
                and path.suffix != ".py"
                and data
                and not any(g.fullmatch(inside.as_posix()) for g in globs)
            ):
                missed.append(str(path.relative_to(ROOT)))  # fmt: skip
    assert missed == []
    assert _glob("static/**/*").fullmatch("static/activity/app.js")
    assert _glob("static/**/*").fullmatch("static/web.css")
    assert not _glob("cards/**/*.png").fullmatch("cards/back.svg")


def _top_level_names(names: set[str]) -> set[str]:
    """The import names a wheel's files add: the first part of each path, but the metadata."""
    tops = {name.split("/", 1)[0] for name in names}
    return {top.removesuffix(".py") for top in tops if not top.endswith((".dist-info", ".data"))}


def test_top_level_names_leave_out_the_metadata() -> None:
    names = {"bot/__init__.py", "engine/hand.py", "x-1.dist-info/RECORD", "x-1.data/scripts/a"}
    assert _top_level_names(names | {"six.py"}) == {"bot", "engine", "six"}


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
    built = subprocess.run(
        [str(bin_dir / "pip"), "wheel", "-v", "--no-deps", "-w", str(dist), str(source)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    # The build is silent about the package data (it once printed some 250 lines of it);
    # pip shows the build's own output on stderr.
    assert "Successfully built holdem-dealer" in built.stdout + built.stderr
    for warning in ("would be ignored", "is absent from the `packages`"):
        assert warning not in built.stdout + built.stderr
    (wheel,) = dist.glob("holdem_dealer-*.whl")
    assert wheel.stat().st_size < MAX_WHEEL_BYTES, f"the wheel grew to {wheel.stat().st_size:,} B"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (record,) = (name for name in names if name.endswith(".dist-info/RECORD"))
        recorded = {line.split(",", 1)[0] for line in archive.read(record).decode().splitlines()}
        top_level = [name for name in names if name.endswith(".dist-info/top_level.txt")]
        declared = {archive.read(name).decode() for name in top_level}
    assert recorded == names, "the RECORD lists the wheel's files"
    assert _top_level_names(names) == {"bot", "engine"}
    assert all(set(text.split()) == {"bot", "engine"} for text in declared), declared
    for name in (
        "bot/assets/fonts/DejaVuSans.ttf",
        "bot/assets/fonts/DejaVuSans-Bold.ttf",
        "bot/assets/cards/back.png",
        "bot/assets/cards/standard/As.png",
        "bot/assets/cards/four-colour/Td.png",
        "bot/i18n/locales/nb.json",
        "bot/web/templates/activity.html",
        "bot/activity/static/main.js",
        "bot/activity/static/discord-sdk.js",  # built from activity-sdk/ before the wheel
    ):
        assert name in names, f"the wheel lacks {name}"
    templates = {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "bot/web/templates").rglob("*.html")
    }
    assert "bot/web/templates/base.html" in templates and templates <= names, templates - names
    assert not any(name.startswith("tests/") for name in names)
    licences = {name.rsplit("/", 1)[-1] for name in names if "/licenses/" in name}
    assert {"LICENSE", "LICENSE-DejaVu.txt"} <= licences
    _run([str(bin_dir / "pip"), "install", str(wheel)], cwd=tmp_path, env=env)

    elsewhere = tmp_path / "elsewhere"
    draw_installed(bin_dir / "python", elsewhere / "pictures", env, venv)

    from bot.settings import FAKE_TOKEN

    settings = {**env, "DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_FONT_DIRS": ""}
    usage = _run([str(bin_dir / "holdem-dealer"), "--help"], cwd=elsewhere, env=settings)
    assert "--check" in usage and usage.startswith("usage: holdem-dealer"), usage
    assert ".env.example" not in usage and "DISCORD_TOKEN=" in usage, usage  # not in the wheel
    module = [str(bin_dir / "python"), "-m", "bot", "--check"]
    check = [str(bin_dir / "holdem-dealer"), "--check"]
    for command, name in ((module, "python -m bot"), (check, "holdem-dealer")):
        ready = subprocess.run(command, cwd=elsewhere, env=settings, capture_output=True, text=True)
        assert ready.returncode == 0, ready.stdout + ready.stderr
        assert f"configuration OK: start the bot with {name}" in ready.stdout
    tokenless = {**settings, "DISCORD_TOKEN": ""}
    unset = subprocess.run(check, cwd=elsewhere, env=tokenless, capture_output=True, text=True)
    assert unset.returncode == 2 and ".env.example" not in unset.stdout, unset.stdout
    assert "DISCORD_TOKEN is not set" in unset.stdout and "environment" in unset.stdout
    assert (elsewhere / "holdem.sqlite3").exists()

    # A broken installation: --check names the missing file in one line instead of a table
    # that would stop after the blinds.
    (installed,) = venv.glob("lib/python*/site-packages/bot/assets/fonts/DejaVuSans-Bold.ttf")
    installed.unlink()
    broken = subprocess.run(check, cwd=elsewhere, env=settings, capture_output=True, text=True)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    lines = [line for line in broken.stdout.splitlines() if "pictures:" in line]
    assert len(lines) == 1, broken.stdout
    assert "assets/fonts/DejaVuSans-Bold.ttf" in lines[0]
    assert "Traceback" not in broken.stdout + broken.stderr
