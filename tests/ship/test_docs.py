"""The documentation keeps its promises: its links resolve, the README opens with the two
commands that work on a fresh machine, and the shell commands the guides show that need no
network (``--check``, ``--help``, ``engine.phh verify``, ``engine.fair verify``) run as shown.

The commands are read from the guides' code blocks, not copied here, so a guide that changes
a command changes what runs; only paths are substituted (the venv's python for
``.venv/bin/python``, a small file of our own for the example file a guide names).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import shlex
import sqlite3
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from engine import CARDS, Hand, HandConfig
from engine.fair import FairDeck, commit, fair_fields
from engine.phh import history_from_hand, write_history
from tests.engine.test_phh import DWAN_IVEY

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]

FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.MULTILINE | re.DOTALL)  # fmt: skip
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SHELLS = ("sh", "bash", "shell", "console")


def _prose(text: str) -> str:
    """``text`` without its fenced blocks and inline code, where a link is only an example."""
    text = FENCE.sub("", text)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", text, flags=re.DOTALL)


def _blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced block of ``text``: its language and its body, dedented."""
    found = []
    for match in FENCE.finditer(text):
        indent = len(match["indent"])
        body = "\n".join(line[indent:] for line in match["body"].splitlines())
        found.append((match["lang"].strip(), body))
    return found


def _shell_lines(path: Path) -> list[str]:
    """The commands of ``path``'s shell blocks, one per line, comments and continuations
    joined away."""
    lines = []
    for lang, body in _blocks(path.read_text(encoding="utf-8")):
        if lang in SHELLS:
            joined = re.sub(r"\\\n\s*", " ", body)
            lines += [line.split(" #")[0].strip() for line in joined.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip()).lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    """The anchors of ``path``'s headings, with GitHub's ``-1``, ``-2`` for repeats."""
    seen: dict[str, int] = {}
    anchors = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = _slug(heading[1])
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _command(path: Path, pattern: str) -> list[str]:
    """The one shell command of ``path`` that runs python on the host (not in Docker) and
    matches ``pattern`` (shown once or more), as arguments, with the venv's python for the
    guide's."""
    found = [
        words
        for words in map(shlex.split, _shell_lines(path))
        if words[0] in ("python", "python3", ".venv/bin/python")
        and re.search(pattern, shlex.join(words))
    ]
    (words,) = {tuple(words) for words in found}
    return [sys.executable, *words[1:]]


def _run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``command`` in ``cwd`` (no ``.env`` there) with none of the developer's bot settings,
    importing this checkout."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HOLDEM_"))}
    clean.update(PYTHONPATH=str(ROOT), HOLDEM_FONT_DIRS="", **env)
    return subprocess.run(
        command, cwd=cwd, env=clean, capture_output=True, text=True, timeout=120, check=False
    )


def test_pages_exist() -> None:
    names = {path.name for path in PAGES}
    assert {"README.md", "players.md", "operators.md", "developers.md", "RULES.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # https:, mailto: and the like
        file, _, anchor = target.partition("#")
        resolved = (page.parent / file).resolve() if file else page
        if not resolved.exists():
            broken.append(f"{target}: no file {resolved}")
        elif anchor and resolved.suffix == ".md" and anchor.lower() not in _anchors(resolved):
            broken.append(f"{target}: no heading #{anchor} in {resolved.name}")
    assert broken == []


def test_the_readme_links_every_guide() -> None:
    links = set(LINK.findall(_prose((ROOT / "README.md").read_text(encoding="utf-8"))))
    for guide in ("players.md", "operators.md", "developers.md", "RULES.md"):
        assert f"docs/{guide}" in {link.partition("#")[0] for link in links}, guide


def test_the_readme_opens_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shells = [body for lang, body in _blocks(readme) if lang in SHELLS]
    start, tests = shells[0].strip(), shells[1].strip()
    # Nothing but the title and a line before each: the commands come first.
    assert readme.index(start) < readme.index("\n## ")
    # Install and start: the operators' guide's install line, then its start command.
    install, run = start.split("; ")
    operators = DOCS / "operators.md"
    assert install in _shell_lines(operators)
    assert run == ".venv/bin/python -m bot"
    assert f"start it with `{run}`" in operators.read_text(encoding="utf-8")
    assert (ROOT / ".env.example").exists()
    assert "DISCORD_TOKEN=" in (ROOT / ".env.example").read_text(encoding="utf-8")
    # Install and test: CI's script, which installs, checks and runs every test.
    assert tests == "bash .ci/run"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install" in ci
    assert ".venv/bin/mypy --strict engine bot" in ci
    pytest_line = next(line for line in ci.splitlines() if "-m pytest" in line)
    assert "-m slow" not in pytest_line and "not slow" not in pytest_line, "both tiers"
    # The developers' guide describes the same run and the same quick tier as the README.
    developers = (DOCS / "developers.md").read_text(encoding="utf-8")
    assert 'python -m pytest -n "$(($(nproc) + 1))" --dist worksteal' in pytest_line
    assert "`python -m pytest -n $(($(nproc) + 1)) --dist worksteal`" in developers
    quick = '.venv/bin/python -m pytest -n auto -m "not slow"'
    assert quick in _shell_lines(DOCS / "developers.md")
    assert f"`{quick}`" in readme


def test_check_runs_as_documented(tmp_path: Path) -> None:
    from bot.settings import FAKE_TOKEN

    operators = DOCS / "operators.md"
    command = _command(operators, r"-m bot --check$")
    ready = _run(command, tmp_path, DISCORD_TOKEN=FAKE_TOKEN, HOLDEM_DB=str(tmp_path / "h.db"))
    assert ready.returncode == 0, ready.stdout + ready.stderr  # "0 ready"
    assert ready.stdout.splitlines()[-1].startswith("configuration OK")
    assert FAKE_TOKEN not in ready.stdout
    assert (tmp_path / "h.db").exists()

    # The guide's example of a failed check: a missing token is a settings problem, exit 2.
    shown = next(
        body for lang, body in _blocks(operators.read_text(encoding="utf-8"))
        if lang == "text" and "configuration check failed" in body
    )  # fmt: skip
    first = shown.splitlines()[0]
    assert first.startswith("error: DISCORD_TOKEN is not set")
    failed = _run(command, tmp_path, HOLDEM_DB=str(tmp_path / "h.db"))
    assert failed.returncode == 2, failed.stdout + failed.stderr
    assert first in failed.stdout.splitlines()
    assert failed.stdout.splitlines()[-1] == "configuration check failed: 1 problem to fix"
    assert "Traceback" not in failed.stdout + failed.stderr


def test_help_runs_as_documented(tmp_path: Path) -> None:
    operators = DOCS / "operators.md"
    shown = _run(_command(operators, r"-m bot --help$"), tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: python -m bot")
    # Every option the guide lists next to the command is one the command has.
    text = operators.read_text(encoding="utf-8")
    listed = re.search(r"The options of the command line \((.*?)\)", text, re.DOTALL)
    assert listed is not None
    options = re.findall(r"`(--[a-z-]+)", listed[1])
    assert len(options) >= 5
    for option in options:
        assert option in shown.stdout, option


# A real hand of the PHH corpus (Dwan and Ivey, 2009), as the engine's PHH tests keep it.
SAMPLE_PHH = DWAN_IVEY


def test_phh_verify_runs_as_documented(tmp_path: Path) -> None:
    developers = DOCS / "developers.md"
    command = _command(developers, r"-m engine\.phh verify ")
    assert command[1:4] == ["-m", "engine.phh", "verify"]
    # The guide's example names the whole corpus; a hand of it is enough here.
    sample = tmp_path / "dwan-ivey-2009.phh"
    sample.write_text(SAMPLE_PHH, encoding="utf-8")
    run = _run([*command[:4], str(sample)], ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    # The summary line has the shape the guide shows ("# ... 10001 passed, 0 failed, 4 skipped").
    shown = re.search(r"# \.\.\. (\d+ passed, \d+ failed)", developers.read_text(encoding="utf-8"))
    assert shown is not None
    assert run.stdout.splitlines()[-1] == "1 passed, 0 failed"


def _fair_history(path: Path, salt: bytes) -> str:
    """Write a finished hand with its revealed deck to ``path``, as ``/holdem history`` does;
    return the commitment shown at its deal."""
    deck = CARDS[17:] + CARDS[:17]
    hand = Hand(HandConfig(stacks=(100, 100, 100), button=0, small_blind=1, big_blind=2), deck)
    while hand.to_act is not None:
        hand.check_or_call()
    fair = FairDeck(deck=tuple(hand.deck), salt=salt, burn=True, burn_hole=True)
    history = history_from_hand(hand)
    history = dataclasses.replace(history, extra={**history.extra, **fair_fields(fair)})
    path.write_text(write_history(history), encoding="utf-8")
    return commit(hand.deck, salt)


def test_fair_verify_runs_as_documented(tmp_path: Path) -> None:
    players = DOCS / "players.md"
    command = _command(players, r"-m engine\.fair verify ")
    assert command[1:4] == ["-m", "engine.fair", "verify"] and len(command) == 5
    good = tmp_path / command[4]  # the guide's file name, written here
    commitment = _fair_history(good, bytes(range(32)))
    run = _run([*command[:4], str(good)], tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    text = players.read_text(encoding="utf-8")
    assert "(`OK <file>: commitment <digest>` or `FAIL <file>: <reason>`" in text
    assert run.stdout.splitlines() == [f"OK {good}: commitment {commitment}"]

    # A history whose salt is not the one committed to fails, as the guide says.
    bad = tmp_path / "bad.phh"
    bad.write_text(
        good.read_text(encoding="utf-8").replace(bytes(range(32)).hex(), bytes(32).hex()),
        encoding="utf-8",
    )
    run = _run([*command[:4], str(bad)], tmp_path)
    assert run.returncode == 1
    assert run.stdout.startswith(f"FAIL {bad}: ")


def test_the_upload_limit_is_discords_default_wherever_the_docs_give_it() -> None:
    """Discord's default upload limit is 10 MiB (``bot.settings.UPLOAD_LIMIT``), not
    the 25 MiB the guides once assumed; the replay's budget is set from it."""
    from bot.pictures.replay import LIMIT
    from bot.settings import UPLOAD_LIMIT

    assert UPLOAD_LIMIT == 10 * 1024 * 1024 and LIMIT <= UPLOAD_LIMIT // 2
    texts = [ROOT / "README.md", *sorted(DOCS.glob("*.md")), ROOT / "bot/pictures/replay.py"]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b25 ?Mi?B\b|fiftieth", text), path
    assert "10 MiB" in (DOCS / "players.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------ code names the guides cite
# A code name is an inline code span (in backticks, outside fenced blocks) of one of these
# shapes; anything else in backticks (commands, settings, values, file names of the host) is
# not checked here:
# - a dotted path from a package, ``bot.tables.hand_commands.HandCommands.act``: the longest prefix
#   that imports is a module, each further part an attribute of what comes before;
# - a path in the repository, ``bot/discord/moves.py`` or ``engine/phh``: it exists (the
#   installed ``bot/assets`` is the repository's ``assets``);
# - ``Class.member``, ``Dealer._moved``: a class of that name in bot/ or engine/ defines the
#   member (a method, an attribute, a field), itself or through a base class of ours;
# - a CamelCase name of two words or more, ``RaiseForm``: a class or function defined there;
# - a snake_case name with an underscore, ``make_move``, or a call, ``emit()``: a function,
#   an attribute, a field or a parameter defined there (a setting's field, a command's option);
#   a name with a leading underscore alone is a field of a file format (``_deck_salt`` of PHH);
#   a name the code gives as a string also counts: a table of the schema (``CREATE TABLE``) or
#   a constant's value (a PostgreSQL notification channel, ``holdem_tables``).
# The few names of other programs the guides cite are listed with what they are.

OTHER_PROGRAMS = {
    "pg_dump": "PostgreSQL's backup program",
    "unique_rowid()": "CockroachDB's id function",
    "docs/_static/2024-WSOP-Tournament-Rules.pdf": "a file of pokerkit's repository",
}
CODE_ROOTS = ("bot", "engine")
REPOSITORY_FOLDERS = ("bot", "engine", "tests", "benchmarks", "assets", "docs", ".ci")
DOTTED = re.compile(r"(?:bot|engine|discord)(?:\.[A-Za-z_]\w*)+")
REPOSITORY_PATH = re.compile(rf"(?:{'|'.join(map(re.escape, REPOSITORY_FOLDERS))})/[\w./-]*")
CLASS_MEMBER = re.compile(r"(?P<cls>[A-Z]\w*)\.(?P<member>[a-z_]\w*)")
CAMEL = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")
SCHEMA_TABLE = re.compile(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+)", re.IGNORECASE)
SNAKE = re.compile(r"(?P<name>[a-z][a-z0-9]*_[a-z0-9_]*|[a-z]\w*(?=\(\)))(?:\(\))?")


@dataclasses.dataclass
class _Defined:
    """What bot/ and engine/ define, read from their source (nothing is imported)."""

    names: set[str] = dataclasses.field(default_factory=set)
    members: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    bases: dict[str, set[str]] = dataclasses.field(default_factory=dict)

    def has_member(self, cls: str, member: str, seen: frozenset[str] = frozenset()) -> bool:
        if member in self.members.get(cls, set()):
            return True
        return any(
            self.has_member(base, member, seen | {cls})
            for base in self.bases.get(cls, set()) - seen
        )


@functools.cache
def _defined() -> _Defined:
    import ast

    found = _Defined()
    for root in CODE_ROOTS:
        for path in sorted((ROOT / root).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    members = found.members.setdefault(node.name, set())
                    for item in node.body:
                        members |= _assigned(item)
                    # An attribute set in a method (``self.hand = ...``) is a member too.
                    members.update(
                        inner.attr
                        for inner in ast.walk(node)
                        if isinstance(inner, ast.Attribute)
                        and isinstance(inner.ctx, ast.Store)
                        and isinstance(inner.value, ast.Name)
                        and inner.value.id == "self"
                    )
                    found.bases.setdefault(node.name, set()).update(
                        base.id if isinstance(base, ast.Name) else ast.unparse(base).split("[")[0]
                        for base in node.bases
                    )
                    found.names.add(node.name)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.names.add(node.name)
                    arguments = node.args
                    found.names.update(
                        a.arg
                        for a in [*arguments.args, *arguments.kwonlyargs, *arguments.posonlyargs]
                    )
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    found.names |= _assigned(node)
                    value = node.value
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        found.names.add(value.value)
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.names.update(SCHEMA_TABLE.findall(node.value))
    return found


def _assigned(node: object) -> set[str]:
    import ast

    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    targets = node.targets if isinstance(node, ast.Assign) else []
    if isinstance(node, ast.AnnAssign):
        targets = [node.target]
    return {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}


def _code_spans(path: Path) -> list[str]:
    """The inline code spans of ``path``, outside its fenced blocks."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return [m[2].strip() for m in re.finditer(r"(`+)((?:(?!\1).)+?)\1", text, re.DOTALL)]


def _resolves(dotted: str) -> bool:
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            thing: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(thing, part):
                return False
            thing = getattr(thing, part)
        return True
    return False


def _missing_code_names(spans: list[str], defined: _Defined) -> list[str]:
    missing = []
    for span in spans:
        if span in OTHER_PROGRAMS:
            continue
        if DOTTED.fullmatch(span):
            ok = _resolves(span)
        elif REPOSITORY_PATH.fullmatch(span):
            ok = (ROOT / re.sub(r"^bot/assets\b", "assets", span)).exists()
        elif m := CLASS_MEMBER.fullmatch(span):
            ok = defined.has_member(m["cls"], m["member"])
        elif CAMEL.fullmatch(span):
            ok = span in defined.names
        elif m := SNAKE.fullmatch(span):
            ok = m["name"] in defined.names
        else:
            continue
        if not ok:
            missing.append(span)
    return missing


def test_every_code_name_the_guides_cite_exists() -> None:
    defined = _defined()
    cited = {page.name: _code_spans(page) for page in PAGES}
    missing = {name: _missing_code_names(spans, defined) for name, spans in cited.items()}
    assert {name: names for name, names in missing.items() if names} == {}
    shaped = [s for spans in cited.values() for s in spans if _missing_code_names([s], _Defined())]
    assert len(shaped) > 50  # names of our code the guides cite: the check has work


def test_the_code_name_check_finds_what_is_gone() -> None:
    """The check itself: names that once were in the guides and are gone are found."""
    defined = _defined()
    gone = ["TableMessages.say_turn", "bot.discord.controls.turn.turn_message", "bot/discord/x.py",
            "PlayerViews", "say_turn", "nothing_here()"]  # fmt: skip
    assert _missing_code_names(gone, defined) == gone
    here = ["TableMessages.put_ping", "bot.discord.controls.turn.turn_rows", "bot/discord/moves.py",
            "RaiseForm", "make_move", "small_blind", "Dealer._moved", "HandShow.street",
            "discord.AutoShardedClient", "Ticket.update", "engine/fair"]  # fmt: skip
    assert _missing_code_names(here, defined) == []


def test_no_code_cites_an_issue_number() -> None:
    """A reader of the code cannot look up an issue of our tracker: a comment or docstring
    says the rule, not the number of the issue that asked for it."""
    cited = re.compile(r"\b[Ii]ssues? #?[0-9]+")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for top in ("bot", "engine", "tests", "benchmarks")
        for path in sorted((ROOT / top).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if cited.search(line)
    ]
    assert found == []


def test_the_tournament_commands_say_who_may_run_them() -> None:
    """Creating, starting and cancelling an event is for Manage Server or the server's
    tournament role (``/holdem-admin config tournament-role``): the commands' descriptions,
    which Discord shows in the command picker, say both in every language."""
    from bot.i18n import CATALOGUE, LOCALES

    role = {"en": "tournament role", "nb": "turneringsrollen", "da": "turneringsrollen"}
    for command in ("create", "start", "cancel"):
        for lang in LOCALES:
            text = CATALOGUE.get(lang, f"cmd.holdem.tournament.{command}.description")
            assert text is not None and role[lang] in text, (command, lang, text)


def test_the_benchmarks_name_the_projects_interpreter() -> None:
    """Every benchmark's usage and the benchmarks' guide run ``.venv/bin/python``, the
    interpreter the README's install makes, never one machine's absolute path."""
    texts = [ROOT / "benchmarks" / "README.md", *sorted((ROOT / "benchmarks").glob("*.py"))]
    for path in texts:
        for line in path.read_text(encoding="utf-8").splitlines():
            for command in re.findall(r"([^\s`]*python3?) benchmarks/", line):
                assert command == ".venv/bin/python", f"{path.name}: {line.strip()}"


def test_upgrading_without_docker_runs_as_documented(tmp_path: Path) -> None:
    """The operators' guide's upgrade steps for a host without Docker: a backup of the
    stopped bot's database into the folder, the new version installed into the same virtual
    environment, ``--check`` (which migrates) before the start. The backup line runs as shown."""
    from bot.settings import FAKE_TOKEN

    operators = DOCS / "operators.md"
    text = operators.read_text(encoding="utf-8")
    section = text[text.index("### Upgrading without Docker") :].split("\n## ", 1)[0]
    (steps,) = [body for lang, body in _blocks(section) if lang in SHELLS]
    lines = [line.split(" #")[0].strip() for line in steps.splitlines()]
    assert lines[0].startswith(".venv/bin/python -m bot --backup ")
    assert ".venv/bin/pip install ." in lines
    assert lines[-1] == ".venv/bin/python -m bot --check"
    db = tmp_path / "holdem.sqlite3"
    settings = {"DISCORD_TOKEN": FAKE_TOKEN, "HOLDEM_DB": str(db)}
    sqlite3.connect(db).close()  # the stopped bot's database (--check's own run: above)
    backup = _run(_command(operators, r"-m bot --backup \.$"), tmp_path, **settings)
    assert backup.returncode == 0, backup.stdout + backup.stderr
    copies = [path for path in tmp_path.glob("*.sqlite3") if path != db]
    assert len(copies) == 1, sorted(tmp_path.iterdir())


CORPUS_TESTS = [
    "tests/engine/test_phh.py::test_the_whole_corpus_replays",
    "tests/engine/test_phh_archive.py::test_the_corpus_is_read_plainly_and_exactly",
    "tests/bot/stats/test_counters.py::"
    "test_vpip_and_pfr_of_every_pluribus_player_match_an_independent_count",
    "tests/benchmarks/test_benchmarks_smoke.py::test_smoke_run_succeeds[bench_replay]",
]


@pytest.mark.slow
def test_without_the_corpus_its_tests_say_what_they_need(tmp_path: Path) -> None:
    """In a clone without the shared folder the corpus tests are skipped, each saying in
    the summary which file it looked for and where to put it; the README says the same."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "phh/pluribus-and-classics.tar.xz" in readme and "HOLDEM_SHARED" in readme
    run = _run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", *CORPUS_TESTS],
        ROOT, HOLDEM_SHARED=str(tmp_path),
    )  # fmt: skip
    wanted = tmp_path / "phh" / "pluribus-and-classics.tar.xz"
    skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == len(CORPUS_TESTS), run.stdout + run.stderr
    for line in skipped:
        assert f"needs the PHH corpus {wanted}" in line and "HOLDEM_SHARED" in line, line


def test_the_readme_says_what_ci_installs() -> None:
    """The README's description of ``bash .ci/run`` names every Debian package the script
    installs when it is missing (it once left out Chromium and its driver)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = {
        package
        for line in ci.splitlines()
        if "apt-get install" in line
        for package in line.split("apt-get install", 1)[1].split(">")[0].split()
        if not package.startswith("-")
    }
    assert {"postgresql", "chromium", "chromium-driver"} <= installed
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    described = readme[: readme.index("bash .ci/run")]
    for package in installed:
        assert f"`{package}`" in described, package
