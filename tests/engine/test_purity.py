"""engine/ imports nothing outside the standard library (STYLE.md, rule 1), and its modules
import one another without a circle."""

from __future__ import annotations

import ast
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


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _engine_imports(path: Path, modules: set[str]) -> set[str]:
    """The engine modules a file imports, anywhere in it (TYPE_CHECKING blocks and functions
    too): ``from engine.phh import history`` counts ``engine.phh.history`` when it is a module
    and ``engine.phh`` (its ``__init__``) otherwise."""
    found: set[str] = set()
    name = _module_name(path)
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else base)
    return {m for m in found if m in modules and m != name}


def test_the_engine_has_no_import_circle() -> None:
    """No engine module imports, even lazily or for types only, one that imports it back:
    each can be read (and loaded) after the modules it needs (issue 23)."""
    paths = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    graph = {name: _engine_imports(path, set(paths)) for name, path in paths.items()}
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, " -> ".join((*path[path.index(node) :], node))
        if node in done:
            return
        for target in sorted(graph[node]):
            visit(target, (*path, node))
        done.add(node)

    for module in sorted(graph):
        visit(module, ())
    assert {"engine.hand", "engine.table", "engine.codec", "engine.phh.replay"} <= set(graph)
    assert "engine.hand" in graph["engine.runout"] and "engine.table" in graph["engine.codec"]
