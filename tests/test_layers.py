"""The checks that keep the house in order: the layers, the circles, the folders, the
sizes, over every module of both packages.

- ``engine`` imports nothing but the standard library and itself: checked once, in
  ``tests/engine/test_purity.py``, not again here.
- Only the Discord layer, ``bot.discord``, imports ``discord``; the exceptions are named in
  :data:`DISCORD_OUTSIDE_THE_LAYER`, each with its reason. The packages of
  :data:`NO_DISCORD` never import it, whatever that list says, and the packages of
  :data:`BELOW_THE_DISCORD_LAYER` never import ``bot.discord`` either. Only the entry point
  imports the client; the Discord layer takes from the store only
  :data:`STORE_FOR_THE_DISCORD_LAYER`.
- No import circle in either package (``engine`` imports no ``bot``, so no circle can cross
  them). The graph is module to module and counts an import anywhere in a file: inside a
  function or an ``if TYPE_CHECKING:`` block, a circle is still a circle for the reader.
- No folder holds four or more modules sharing a name prefix: that family wants a folder.
- No class over :data:`MAX_CLASS_LINES` lines and no module over :data:`MAX_MODULE_LINES`,
  except those listed with their reason; the Discord layer's modules stay under
  :data:`MAX_DISCORD_MODULE_LINES`.
- No forwarding façade: a class passes at most :data:`MAX_FORWARDS` calls straight on to the
  same-named method of something it holds; callers hold the part instead.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot")

# Modules outside ``bot.discord`` that may import ``discord``, and why. A module that no longer
# imports it must leave the list (test_the_discord_allow_list_is_current).
# None today: the entry points (bot.__main__, bot.cli) reach discord.py through bot.discord.
DISCORD_OUTSIDE_THE_LAYER: dict[str, str] = {}
# These never import ``discord``, allow-list or not.
NO_DISCORD = (
    "bot.present",
    "bot.pictures",
    "bot.tables",
    "bot.store",
    "bot.guilds",
    "bot.stats",
    "bot.computers",
    "bot.i18n",
    "bot.web",
    "bot.activity",
    "bot.tournaments",
    "bot.seasons",
)
# The application below the Discord layer: it never imports it.
BELOW_THE_DISCORD_LAYER = (
    "bot.tables",
    "bot.store",
    "bot.guilds",
    "bot.stats",
    "bot.tournaments",
    "bot.seasons",
)
# What the Discord layer takes from the store: the Store it opens (and the lease fence it is
# opened on, and which database that is), its records and its errors; never a backend, a query
# module or a migration.
STORE_FOR_THE_DISCORD_LAYER = {
    "bot.store.store",
    "bot.store.database",
    "bot.store.leases",
    "bot.store.records",
    "bot.store.errors",
}

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 500
MAX_DISCORD_MODULE_LINES = 400
# Files and classes allowed past the limits, and why. An entry that fits again must leave.
LARGE_MODULES = {
    "engine/hand.py": "one hand's state machine, the class Hand and its small values",
}
LARGE_CLASSES = {
    "engine/hand.py::Hand": (
        "every rule of one hand (blinds, betting rounds, streets, all-ins, showdown) acts on the "
        "same state; split, it would be one class spread over several"
    ),
}


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    """Every module of both packages by its dotted name."""
    return {
        _name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
    }


@cache
def _imports(module: str) -> frozenset[str]:
    """Every name a module imports, anywhere in it (functions, ``TYPE_CHECKING`` blocks)."""
    path = _modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return _imported(path.read_text(encoding="utf-8"), package, set(_modules()))


def _imported(source: str, package: str, modules: set[str]) -> frozenset[str]:
    """The absolute names that ``source``, a module of ``package``, imports; ``from a import b``
    gives ``a.b`` when that is one of ``modules``, else ``a``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{up}.{base}" if base else up
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                found.add(inner if inner in modules else base)
    return frozenset(found)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _edges(module: str) -> set[str]:
    """The modules of ours that ``module`` imports (the longest known prefix of each name)."""
    modules = _modules()
    targets = set()
    for name in _imports(module):
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            if (candidate := ".".join(parts[:end])) in modules:
                targets.add(candidate)
                break
    targets.discard(module)
    return targets


def _circles(package: str) -> list[str]:
    """One path per circle found by a depth-first walk, as ``a -> b -> a``."""
    inside = [m for m in _modules() if _within(m, package)]
    graph = {m: sorted(t for t in _edges(m) if _within(t, package)) for m in inside}
    found: list[str] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append(" -> ".join([*path[path.index(node) :], node]))
            return
        if node in done:
            return
        for target in graph[node]:
            visit(target, [*path, node])
        done.add(node)

    for module in sorted(graph):
        visit(module, [])
    return found


def _discord_importers() -> set[str]:
    return {m for m in _modules() if any(n.split(".")[0] == "discord" for n in _imports(m))}


def test_only_the_discord_layer_imports_discord() -> None:
    outside = {m for m in _discord_importers() if not _within(m, "bot.discord")}
    assert outside <= set(DISCORD_OUTSIDE_THE_LAYER), sorted(
        outside - DISCORD_OUTSIDE_THE_LAYER.keys()
    )


def test_the_discord_allow_list_is_current() -> None:
    stale = set(DISCORD_OUTSIDE_THE_LAYER) - _discord_importers()
    assert not stale, f"no longer import discord, drop them from the list: {sorted(stale)}"


@pytest.mark.parametrize("package", NO_DISCORD)
def test_below_the_discord_layer_nothing_imports_discord(package: str) -> None:
    modules = [m for m in _modules() if _within(m, package)]
    assert modules, f"{package} has no module: is the list current?"
    assert not [m for m in modules if m in _discord_importers()]


@pytest.mark.parametrize("package", BELOW_THE_DISCORD_LAYER)
def test_the_application_never_imports_the_discord_layer(package: str) -> None:
    for module in (m for m in _modules() if _within(m, package)):
        upward = sorted(n for n in _imports(module) if _within(n, "bot.discord"))
        assert not upward, f"{module} imports {upward}"


def test_only_the_entry_points_import_the_client() -> None:
    importers = {m for m in _modules() if "bot.discord.client" in _edges(m)}
    assert importers <= {"bot.__main__", "bot.discord.launch"}, sorted(importers)


def test_the_discord_layer_reaches_the_store_only_through_its_interface() -> None:
    for module in (m for m in _modules() if _within(m, "bot.discord")):
        store = {t for t in _edges(module) if _within(t, "bot.store")}
        assert store <= STORE_FOR_THE_DISCORD_LAYER, f"{module} imports {sorted(store)}"


@pytest.mark.parametrize("package", ["engine", "bot"])
def test_no_import_circle(package: str) -> None:
    assert _circles(package) == []


def test_imports_are_found_anywhere_in_a_file() -> None:
    source = """
from typing import TYPE_CHECKING
from bot.pictures import draw as d, render_table
from . import views
from ..store.records import HandRecord
if TYPE_CHECKING:
    from engine.hand import Hand
def later() -> None:
    import engine.runout
"""
    modules = {"bot.pictures.draw", "bot.pictures.views"}
    assert _imported(source, "bot.pictures", modules) == {
        "typing",
        "bot.pictures.draw",
        "bot.pictures",
        "bot.pictures.views",
        "bot.store.records",
        "engine.hand",
        "engine.runout",
    }


def _families(folder: Path) -> dict[str, list[str]]:
    """The modules of a folder grouped by the text before the first underscore of their name;
    a module named exactly as a prefix (``store`` beside ``store_core``) joins its family."""
    stems = [p.stem.lstrip("_") for p in folder.glob("*.py") if p.stem != "__init__"]
    prefixes = {s.split("_")[0] for s in stems if "_" in s}
    families: dict[str, list[str]] = defaultdict(list)
    for stem in stems:
        prefix = stem.split("_")[0]
        if prefix in prefixes:
            families[prefix].append(stem)
    return {prefix: sorted(stems) for prefix, stems in families.items()}


def test_no_folder_keeps_a_family_of_four_modules_sharing_a_prefix() -> None:
    folders = {p.parent for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    crowded = {
        f"{folder.relative_to(ROOT)}/{prefix}_*": sorted(stems)
        for folder in folders
        for prefix, stems in _families(folder).items()
        if len(stems) >= 4
    }
    assert crowded == {}


def test_the_family_rule_counts_a_module_named_as_the_prefix(tmp_path: Path) -> None:
    for stem in ("store", "store_core", "store_hands", "store_stats", "stats", "_fonts_cache"):
        (tmp_path / f"{stem}.py").touch()
    assert _families(tmp_path) == {
        "store": ["store", "store_core", "store_hands", "store_stats"],
        "fonts": ["fonts_cache"],
    }


def _sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Lines per module file and per class (``path::Class``, nested classes too)."""
    modules: dict[str, int] = {}
    classes: dict[str, int] = {}
    for path in _modules().values():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        modules[where] = len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                classes[f"{where}::{node.name}"] = node.end_lineno - node.lineno + 1
    return modules, classes


def test_no_module_grows_past_its_limit() -> None:
    modules, _ = _sizes()
    large = {m: n for m, n in modules.items() if n > MAX_MODULE_LINES and m not in LARGE_MODULES}
    assert large == {}, f"over {MAX_MODULE_LINES} lines: split them, or list them with a reason"


def test_no_class_grows_past_its_limit() -> None:
    _, classes = _sizes()
    large = {c: n for c, n in classes.items() if n > MAX_CLASS_LINES and c not in LARGE_CLASSES}
    assert large == {}, f"over {MAX_CLASS_LINES} lines: make it two classes, or list it"


MAX_FORWARDS = 2
"""A boundary may forward a call or two (a service that is the Discord layer's one way to the
store, a protocol's method); a class forwarding more is a façade over its parts."""


def _forwards(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the method's one statement (past its docstring) returns or awaits
    ``self.<part>.<the same name>(...)``."""
    body = [
        s for s in function.body
        if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]  # fmt: skip
    if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr):
        return False
    call = body[0].value
    if isinstance(call, ast.Await):
        call = call.value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return False
    part = call.func.value
    return (
        call.func.attr == function.name
        and isinstance(part, ast.Attribute)
        and isinstance(part.value, ast.Name)
        and part.value.id == "self"
    )


def test_no_class_is_a_forwarding_facade() -> None:
    facades: dict[str, list[str]] = {}
    for path in _modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = [
                    f.name for f in node.body
                    if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and _forwards(f)
                ]  # fmt: skip
                if len(methods) > MAX_FORWARDS:
                    facades[f"{path.relative_to(ROOT).as_posix()}::{node.name}"] = methods
    assert facades == {}, "callers should hold these parts, not call through the class"


def test_the_facade_check_sees_a_forwarding_method() -> None:
    tree = ast.parse(
        "class A:\n"
        "    async def act(self, x):\n        '''doc'''\n        return await self.hands.act(x)\n"
        "    def state(self):\n        return self.tables.other()\n"
    )
    act, state = tree.body[0].body  # type: ignore[attr-defined]
    assert _forwards(act) and not _forwards(state)


def test_the_size_exceptions_are_current() -> None:
    modules, classes = _sizes()
    fit = [m for m in LARGE_MODULES if modules.get(m, 0) <= MAX_MODULE_LINES]
    fit += [c for c in LARGE_CLASSES if classes.get(c, 0) <= MAX_CLASS_LINES]
    assert fit == [], "gone or small again: drop them from the list"


def test_the_discord_layer_modules_stay_small() -> None:
    modules, _ = _sizes()
    large = {
        m: n
        for m, n in modules.items()
        if m.startswith("bot/discord/") and n > MAX_DISCORD_MODULE_LINES
    }
    assert large == {}


# The web companion reads; it never drives a table nor reaches Discord, and it takes
# from the store its interface, its records and the web's own read-only queries.
STORE_FOR_THE_WEB = {
    "bot.store.store",
    "bot.store.records",
    "bot.store.errors",
    "bot.store.web_reads",
}


def test_the_web_companion_reads_and_never_drives_a_table() -> None:
    modules = [m for m in _modules() if _within(m, "bot.web")]
    assert modules, "bot.web has no module: is the list current?"
    for module in modules:
        edges = _edges(module)
        assert not {e for e in edges if _within(e, "bot.discord") or _within(e, "bot.tables")}
        store = {e for e in edges if _within(e, "bot.store")}
        assert store <= STORE_FOR_THE_WEB, f"{module} imports {sorted(store)}"


# The Activity (the table inside Discord) is the one page that writes: only through the table
# service (its commands, their outcomes and errors), never the Discord layer, and from the
# store only what the web companion takes. With several processes, a move for a table another
# process drives is written down for it (the request rows) and the table is read as the store
# has it (bot.tables.remote).
TABLES_FOR_THE_ACTIVITY = {
    "bot.tables.service",
    "bot.tables.outcomes",
    "bot.tables.errors",
    "bot.tables.remote",
}
STORE_FOR_THE_ACTIVITY = STORE_FOR_THE_WEB | {"bot.store.requests"}


def test_the_activity_drives_a_table_only_through_the_table_service() -> None:
    modules = [m for m in _modules() if _within(m, "bot.activity")]
    assert modules, "bot.activity has no module: is the list current?"
    for module in modules:
        edges = _edges(module)
        assert not {e for e in edges if _within(e, "bot.discord")}, module
        tables = {e for e in edges if _within(e, "bot.tables")}
        assert tables <= TABLES_FOR_THE_ACTIVITY, f"{module} imports {sorted(tables)}"
        store = {e for e in edges if _within(e, "bot.store")}
        assert store <= STORE_FOR_THE_ACTIVITY, f"{module} imports {sorted(store)}"
