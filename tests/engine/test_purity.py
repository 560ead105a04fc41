"""engine/ imports nothing outside the standard library (STYLE.md, rule 1), and its modules
import one another without a circle; the package's names are read from their modules when
first asked for, so a replay imports only what it needs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_engine_imports_only_the_standard_library() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top != "engine" and top not in sys.stdlib_module_names:
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_every_name_of_the_engine_is_its_modules_own() -> None:
    import importlib

    import engine

    for name in engine.__all__:
        home = importlib.import_module(engine._HOMES[name])
        assert getattr(engine, name) is getattr(home, name), name
    assert sorted(engine._HOMES) == sorted(engine.__all__)


def test_a_replay_imports_only_what_it_needs() -> None:
    # python -m engine.phh verify is a short process: the table, the rules and the event
    # records (read only when a hand's events are) are a good part of the engine's import
    code = "import sys, engine.phh.__main__; print(' '.join(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(run.stdout.split())
    assert {"engine.hand", "engine.evaluator", "engine.phh.replay"} <= loaded
    unneeded = {"engine.table", "engine.rules", "engine.events", "tarfile", "tomllib", "secrets"}
    assert loaded & unneeded == set()
