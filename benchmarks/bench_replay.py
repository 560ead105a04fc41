"""Replaying the 10,000 Pluribus hands of the shared PHH corpus: ours against pokerkit.

Each run reads ``pluribus-and-classics.tar.xz`` itself (decompression and ``tarfile``
included in the timing), takes the 10,000 ``pluribus/**.phh`` documents, and replays each
hand to its end:

- ours: :func:`engine.phh.parse_history`, then :func:`engine.phh.verify_history` (a strict
  replay through ``Hand.act`` that also compares the recorded finishing stacks);
- pokerkit: ``HandHistory.loads``, then iterating its states to the last, reading the stacks.

Both sides must then agree on every hand's finishing stacks (an odd chip recorded in halves
may go either way: pokerkit gives it to the first winner, we to the winner nearest the
button's left; the total must match). The corpus sits in ``../shared/phh/`` beside the clone;
``HOLDEM_SHARED`` overrides ``../shared``.

    /work/venv/bin/python benchmarks/bench_replay.py [--smoke]
"""

from __future__ import annotations

import os
import sys
import tarfile
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path

from _common import ROOT, median_time, parse_args, table

from engine.phh import parse_history, verify_history

SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"
HANDS = 10_000
REPEATS = 5
POKERKIT_REPEATS = 3  # about ten seconds a run


def documents(limit: int) -> Iterator[str]:
    """The text of the first ``limit`` Pluribus hands, read from the archive."""
    count = 0
    with tarfile.open(CORPUS) as archive:
        for member in archive:
            if member.isfile() and member.name.startswith("pluribus/"):
                handle = archive.extractfile(member)
                if handle is not None and member.name.endswith(".phh"):
                    yield handle.read().decode("utf-8")
                    count += 1
                    if count == limit:
                        return


def ours_run(limit: int) -> Callable[[], list[list[int]]]:
    def run() -> list[list[int]]:
        return [verify_history(parse_history(text)).stacks for text in documents(limit)]

    return run


def pokerkit_run(limit: int) -> Callable[[], list[list[int]]] | None:
    try:
        from pokerkit import HandHistory
    except ImportError:
        return None

    def run() -> list[list[int]]:
        out = []
        for text in documents(limit):
            state = deque(HandHistory.loads(text), maxlen=1)[0]  # the last state
            assert not state.status
            out.append(list(state.stacks))
        return out

    return run


def main() -> None:
    args = parse_args(__doc__ or "")
    if not CORPUS.exists():
        sys.exit(f"no corpus at {CORPUS} (set HOLDEM_SHARED)")
    limit = 100 if args.smoke else HANDS
    repeats = 1 if args.smoke else REPEATS

    ours_time, ours = median_time(ours_run(limit), repeats)
    if len(ours) != limit:
        sys.exit(f"the archive holds {len(ours)} Pluribus hands, not {limit}")
    ours_rate = limit / ours_time
    rows: list[list[object]] = [
        ["ours (parse_history + verify_history)", f"{limit:,}", f"{ours_time:.2f}",
         f"{ours_rate:,.0f}", "1.00"],
    ]  # fmt: skip
    pk = pokerkit_run(limit)
    theirs = None
    if pk is not None:
        pk_time, theirs = median_time(pk, 1 if args.smoke else POKERKIT_REPEATS)
        rate = limit / pk_time
        rows.append(["pokerkit 0.7.7 (HandHistory.loads + states)", f"{limit:,}",
                     f"{pk_time:.2f}", f"{rate:,.0f}", f"{ours_rate / rate:.1f}"])  # fmt: skip

    pk_repeats = 1 if args.smoke else POKERKIT_REPEATS
    print(f"Pluribus hands replayed from {CORPUS.name}, archive reading included, "
          f"median of {repeats} run(s) (pokerkit: {pk_repeats})\n")  # fmt: skip
    print(table(["replayer", "hands", "seconds", "hands/s", "ours / theirs"], rows))
    if theirs is None:
        return
    exact = odd_chip = 0
    wrong = []
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if a == b:
            exact += 1
        elif sum(a) == sum(b) and all(abs(x - y) <= 1 for x, y in zip(a, b)):
            odd_chip += 1
        else:
            wrong.append(k)
    print(f"\nfinishing stacks: {exact} hands equal, {odd_chip} differ by an odd chip, "
          f"{len(wrong)} disagree")  # fmt: skip
    if wrong:
        sys.exit(f"DISAGREEMENT with pokerkit on hands {wrong[:10]}")


if __name__ == "__main__":
    main()
