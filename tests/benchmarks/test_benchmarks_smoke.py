"""Every ``benchmarks/bench_*.py`` runs in its seconds-long ``--smoke`` form, so none rots.

Nothing here asserts a speed: a loaded CI machine would make such a test flaky. Each script
checks its own answers (agreement with its peers) and exits non-zero when they are wrong.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "benchmarks").glob("bench_*.py"))
SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"


def test_the_benchmarks_are_found() -> None:
    found = {s.name for s in SCRIPTS}
    assert {"bench_hands.py", "bench_replay.py", "bench_evaluator.py", "bench_coach.py"} <= found


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_smoke_run_succeeds(script: Path) -> None:
    if script.name == "bench_replay.py" and not CORPUS.exists():
        pytest.skip(
            f"needs the PHH corpus {CORPUS} (../shared beside the clone, or HOLDEM_SHARED: README)"
        )
    done = subprocess.run(
        [sys.executable, str(script), "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{script.name} --smoke failed:\n{done.stdout}\n{done.stderr}"
