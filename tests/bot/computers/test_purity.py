"""bot/computers/ is pure: the standard library, the engine and itself, nothing else of the bot;
no I/O, no clock."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

AI = Path(__file__).resolve().parents[3] / "bot" / "computers"
IMPURE = {"os", "io", "time", "datetime", "socket", "subprocess", "threading", "asyncio", "secrets"}


def _imports() -> list[tuple[str, str]]:
    found = []
    paths = sorted(AI.rglob("*.py"))
    assert paths, f"no module under {AI}"
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((path.name, node.module))
    return found


def test_computers_import_only_the_standard_library_and_the_engine() -> None:
    offenders = [
        f"{file}: {name}"
        for file, name in _imports()
        if name.split(".")[0] != "engine"
        and not (name == "bot.computers" or name.startswith("bot.computers."))
        and name.split(".")[0] not in sys.stdlib_module_names
    ]
    assert offenders == []


def test_computers_read_no_clock_files_or_system_randomness() -> None:
    offenders = [f"{f}: {n}" for f, n in _imports() if n.split(".")[0] in IMPURE]
    assert offenders == []
    for path in AI.rglob("*.py"):
        tree = ast.parse(path.read_text())
        calls = {
            n.func.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        assert "open" not in calls, path.name
