"""``python -m engine.fair verify FILE...``: check exported hand histories offline.

Each FILE is a ``.phh`` history exported by the bot (``/holdem fair``, ``/holdem history``):
one hand, or several, each after a ``# hand N`` line as ``/holdem history`` writes them. For
each hand, the digest of the revealed deck and salt is recomputed and compared with the
commitment shown at the deal, and every dealt and shown card is checked against the deck's
card at its place. Each hand prints ``OK <file>: commitment <digest>`` or
``FAIL <file>: <reason>`` (``<file> (hand N)`` in a file of several); the exit status is 0 only
when every hand checks out. Needs nothing but the standard library.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from engine.fair import FairnessError, check_history
from engine.phh.history import parse_history

_HAND_LINE = re.compile(r"^# hand (\d+)[ \t]*$", re.MULTILINE)


def split_hands(text: str) -> list[tuple[str | None, str]]:
    """The hands in a file, each with its number: the whole text (``None``) unless it holds
    several hands, each after a ``# hand N`` line."""
    marks = list(_HAND_LINE.finditer(text))
    if len(marks) < 2:
        return [(None, text)]
    hands: list[tuple[str | None, str]] = []
    if text[: marks[0].start()].strip():
        hands.append((None, text[: marks[0].start()]))
    for mark, after in zip(marks, [*marks[1:], None]):
        hands.append((mark.group(1), text[mark.end() : None if after is None else after.start()]))
    return hands


def verify_text(text: str) -> str:
    """The commitment of the history in ``text``; raises ``FairnessError`` or ``ValueError``."""
    history = parse_history(text)
    commitment, _ = check_history(history.actions, len(history.starting_stacks), history.extra)
    return commitment


def verify(paths: list[Path]) -> int:
    """Check every hand of every file; print one line each; return how many failed."""
    failed = 0
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            print(f"FAIL {path}: {error.strerror or error}")
            failed += 1
            continue
        for number, hand in split_hands(text):
            name = f"{path}" if number is None else f"{path} (hand {number})"
            try:
                commitment = verify_text(hand)
            except (FairnessError, ValueError) as reason:
                print(f"FAIL {name}: {reason}")
                failed += 1
            else:
                print(f"OK {name}: commitment {commitment}")
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
