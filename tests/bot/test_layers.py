"""The shape of the Discord layer: it reaches the application through ``app``'s public
interface, no module of ``bot`` imports the client, the package has no import circle, and
the presentation package imports no Discord."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path, package: str) -> set[str]:
    """Every module a file imports, anywhere in it (TYPE_CHECKING blocks and functions too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package if node.level == 1 else package.rsplit(".", node.level - 1)[0]
                module = f"{base}.{node.module}" if node.module else base
                if node.module is None:
                    found.update(f"{base}.{alias.name}" for alias in node.names)
                    continue
            else:
                module = node.module or ""
            found.add(module)
    return found


def _graph(package: str) -> dict[str, set[str]]:
    modules = {p.stem: p for p in (ROOT / package).glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {m.split(".")[1] for m in _imports(path, package) if m.startswith(package + ".")}
        graph[name] = {t for t in targets if t in modules}
    return graph


def test_bot_has_no_import_circle() -> None:
    graph = _graph("bot")
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, " -> ".join((*path, node))
        if node in done:
            return
        for target in sorted(graph[node]):
            visit(target, (*path, node))
        done.add(node)

    for module in sorted(graph):
        visit(module, ())


def test_bot_reaches_the_application_only_through_its_public_interface() -> None:
    for path in (ROOT / "bot").glob("*.py"):
        private = {
            m for m in _imports(path, "bot") if m.startswith("app.") and "store" in m.split(".")[1]
        }
        assert not private, f"{path.name} imports {sorted(private)}"


def test_no_module_of_bot_imports_the_client() -> None:
    for path in (ROOT / "bot").glob("*.py"):
        if path.stem in ("client", "__main__"):
            continue
        assert "bot.discord.client" not in _imports(path, "bot"), path.name


def test_presentation_imports_no_discord() -> None:
    for path in (ROOT / "present").glob("*.py"):
        imported = _imports(path, "present")
        assert not any(m == "discord" or m.startswith("discord.") for m in imported), path.name


def test_bot_modules_stay_small() -> None:
    for path in (ROOT / "bot").glob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.name} has {lines} lines"
