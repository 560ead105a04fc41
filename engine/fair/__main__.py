"""``python -m engine.fair verify FILE...``: check exported hand histories offline.

Each FILE is a ``.phh`` history exported by the bot (``/holdem history``). For each, the digest
of the revealed deck and salt is recomputed and compared with the commitment shown at the deal,
and every dealt and shown card is checked against the deck's card at its place. Each file
prints ``OK <file>: commitment <digest>`` or ``FAIL <file>: <reason>``; the exit status is 0
only when every file checks out. Needs nothing but the standard library.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..phh.history import parse_history
from . import FairnessError, check_history


def verify_text(text: str) -> str:
    """The commitment of the history in ``text``; raises ``FairnessError`` or ``ValueError``."""
    history = parse_history(text)
    commitment, _ = check_history(history.actions, len(history.starting_stacks), history.extra)
    return commitment


def verify(paths: list[Path]) -> int:
    """Check every file; print one line each; return how many failed."""
    failed = 0
    for path in paths:
        try:
            commitment = verify_text(path.read_text(encoding="utf-8"))
        except OSError as error:
            print(f"FAIL {path}: {error.strerror or error}")
            failed += 1
        except (FairnessError, ValueError) as reason:
            print(f"FAIL {path}: {reason}")
            failed += 1
        else:
            print(f"OK {path}: commitment {commitment}")
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.fair")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="check that a hand's deck was the one committed to")
    check.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    return 1 if verify(args.files) else 0


if __name__ == "__main__":
    sys.exit(main())
