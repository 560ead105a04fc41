"""Replaying the 10,000 Pluribus hands of the shared PHH corpus: ours against pokerkit.

Measured as whole processes in one run, alternating, best of two or
more; nothing is cached between runs (each run is a new interpreter that imports, reads the
archive and replays every hand):

- ours: ``python -m engine.phh verify ARCHIVE:pluribus``, the command a maintainer runs: a
  strict replay through ``Hand.apply`` of every hand in the archive's ``pluribus`` folder, each
  compared with its recorded finishing stacks;
- pokerkit 0.7.7: this script with ``--pokerkit-process ARCHIVE``, which reads the same
  members with ``tarfile``, replays each through ``HandHistory.loads`` to its last state
  (pokerkit raises on an illegal action), and compares that state's stacks with the recorded
  ones by the same rule (floor or ceiling of a half chip, the total conserved).

Both processes must pass every hand, so each agrees with the records and with the other. The
ratio is pokerkit's best wall time over ours (CPU times beside it, steadier on a loaded machine).
``--smoke`` runs each once on a temporary archive of the first 100 Pluribus hands. The corpus
sits in ``../shared/phh/`` beside the clone; ``HOLDEM_SHARED`` overrides ``../shared``.

    .venv/bin/python benchmarks/bench_replay.py [--smoke] [--rounds N]
"""

from __future__ import annotations

import argparse
import io
import math
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from _common import ROOT, table

SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"
FOLDER = "pluribus"
HANDS = 10_000
SMOKE_HANDS = 100


@dataclass(frozen=True, kw_only=True)
class Run:
    """One whole process: wall seconds, CPU seconds (user + system) and its last line."""

    wall: float
    cpu: float
    last_line: str


def run_process(command: list[str]) -> Run:
    """Run ``command`` to its end; a non-zero exit stops the benchmark with its output."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    cpu = after.children_user - before.children_user
    cpu += after.children_system - before.children_system
    lines = done.stdout.strip().splitlines()
    return Run(wall=wall, cpu=cpu, last_line=lines[-1] if lines else "")


def small_archive(source: Path, target: Path, limit: int) -> None:
    """Copy the first ``limit`` Pluribus hands of ``source`` into a new ``.tar.xz``."""
    with tarfile.open(source) as archive, tarfile.open(target, "w:xz") as out:
        count = 0
        for member in archive:
            if member.isfile() and member.name.startswith(FOLDER + "/"):
                handle = archive.extractfile(member)
                if handle is not None and member.name.endswith(".phh"):
                    out.addfile(member, io.BytesIO(handle.read()))
                    count += 1
                    if count == limit:
                        return


def pokerkit_process(archive: Path) -> int:
    """The peer's whole job, run in a process of its own: replay and check every hand."""
    from pokerkit import HandHistory

    passed = failed = 0
    with tarfile.open(archive) as source:
        for member in source:
            name = member.name
            if not (member.isfile() and name.startswith(FOLDER + "/") and name.endswith(".phh")):
                continue
            handle = source.extractfile(member)
            assert handle is not None
            history = HandHistory.loads(handle.read().decode("utf-8"))
            state = deque(history, maxlen=1)[0]  # the last state; illegal actions raise
            recorded = history.finishing_stacks
            ours = list(state.stacks)
            if (
                not state.status
                and recorded is not None
                and len(recorded) == len(ours)
                and all(s in (math.floor(r), math.ceil(r)) for s, r in zip(ours, recorded))
                and math.isclose(math.fsum(recorded), sum(history.starting_stacks))
                and sum(ours) == sum(history.starting_stacks)
            ):
                passed += 1
            else:
                print(f"FAIL {archive}:{name}: pokerkit finishes with {ours}, not {recorded}")
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def pokerkit_available() -> bool:
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="each side once, on 100 hands")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds (best of N)")
    parser.add_argument("--pokerkit-process", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pokerkit_process is not None:
        sys.exit(pokerkit_process(args.pokerkit_process))
    if not CORPUS.exists():
        sys.exit(f"no corpus at {CORPUS} (set HOLDEM_SHARED)")
    rounds = 1 if args.smoke else max(args.rounds, 2)
    with tempfile.TemporaryDirectory() as scratch:
        archive, hands = CORPUS, HANDS
        if args.smoke:
            archive, hands = Path(scratch) / "smoke.tar.xz", SMOKE_HANDS
            small_archive(CORPUS, archive, hands)
        commands = {"ours": [sys.executable, "-m", "engine.phh", "verify", f"{archive}:{FOLDER}"]}
        if pokerkit_available():
            commands["pokerkit"] = [sys.executable, __file__, "--pokerkit-process", str(archive)]
        expected = f"{hands} passed, 0 failed"
        runs: dict[str, list[Run]] = {side: [] for side in commands}
        for k in range(rounds):
            # alternate who goes first, so that neither side always meets the same moment
            for side in list(commands)[:: 1 if k % 2 == 0 else -1]:
                run = run_process(commands[side])
                if run.last_line != expected:
                    sys.exit(f"{side}: {run.last_line!r}, expected {expected!r}")
                runs[side].append(run)
                print(f"round {k + 1} {side}: {run.wall:.2f} s wall, {run.cpu:.2f} s CPU")
    best = {side: min(r.wall for r in done) for side, done in runs.items()}
    cpu = {side: min(r.cpu for r in done) for side, done in runs.items()}
    rows: list[list[object]] = []
    names = {
        "ours": "ours (`python -m engine.phh verify`)",
        "pokerkit": "pokerkit 0.7.7 (`HandHistory.loads` + states)",
    }
    for side, done in runs.items():
        rows.append(
            [
                names[side],
                f"{hands:,}",
                f"{best[side]:.2f}",
                ", ".join(f"{r.wall:.2f}" for r in done),
                f"{cpu[side]:.2f}",
                f"{best[side] / best['ours']:.2f}",
                f"{cpu[side] / cpu['ours']:.2f}",
            ]
        )
    print(
        f"\nPluribus hands replayed from {archive.name} as whole processes, alternating, "
        f"best of {rounds}; every hand's finishing stacks checked on both sides\n"
    )
    header = ["replayer", "hands", "best s", "runs s", "best CPU s", "best / ours", "CPU / ours"]
    print(table(header, rows))


if __name__ == "__main__":
    main()
