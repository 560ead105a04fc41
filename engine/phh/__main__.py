"""``python -m engine.phh verify PATH...``: replay hand histories strictly with our engine.

PATHs are ``.phh`` files, folders searched recursively, or ``.tar``/``.tar.xz`` archives
read without unpacking; ``ARCHIVE:FOLDER`` reads only the archive's members under FOLDER
(``corpus.tar.xz:pluribus``), in the ``archive:member`` naming the output uses. Each failing
hand prints ``FAIL <path>: <reason>``; hands of games this dealer does not deal (Omaha, draw
games) print ``SKIP <path>: <reason>``. The last line is ``N passed, M failed`` (with
``, K skipped`` when any were skipped); the exit status is 0 only when nothing failed. This
module is the engine's one place that reads files.

``python -m engine.phh to-pokerstars PATH...`` takes the same PATHs and writes every hand as
PokerStars hand-history text to standard output, the hands separated by blank lines as the
format does (problems go to standard error, as ``FAIL``/``SKIP`` lines and a count).
``python -m engine.phh from-pokerstars FILE... --out DIR`` reads PokerStars text files (or
folders of ``.txt`` files) and writes one ``.phh`` per hand into DIR, named by the hand's
number; each refused hand prints ``FAIL <file>:<line>: <reason>``, and the last line is
``N passed, M failed``, as verify's.
"""

from __future__ import annotations

import argparse
import io
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

from engine.phh.archive import NotPlainTar, plain_members
from engine.phh.history import parse_history
from engine.phh.replay import ReplayFailure, UnsupportedHistory, verify_history

# Each command imports what only it needs (the PokerStars text, writing PHH, a decompressor,
# tarfile for the headers the plain reader leaves): a verify of a corpus is a short process,
# and its imports are a part of it worth a tenth.

_ARCHIVES = (".tar", ".tar.xz", ".tar.gz", ".tgz", ".tar.bz2")


def _documents(path: Path, folder: str = "") -> Iterator[tuple[str, str]]:
    if path.is_dir():
        for child in sorted(path.rglob("*")):
            if child.is_file() and (child.suffix == ".phh" or _is_archive(child)):
                yield from _documents(child)
    elif _is_archive(path):
        inside = folder.strip("/")
        prefix = f"{inside}/" if inside else ""
        for name, data in _archive_files(path):
            if name.endswith(".phh") and name.startswith(prefix):
                yield f"{path}:{name}", data.decode("utf-8")
    else:
        yield str(path), path.read_text(encoding="utf-8")


def _decompressed(path: Path) -> io.BufferedIOBase:
    """The archive at ``path`` as a tar stream, told apart by its first bytes as
    :func:`tarfile.open` does."""
    with path.open("rb") as raw:
        magic = raw.read(6)
    if magic.startswith(b"\xfd7zXZ\x00"):
        import lzma

        return lzma.open(path, "rb")
    if magic.startswith(b"\x1f\x8b"):
        import gzip

        return gzip.open(path, "rb")
    if magic.startswith(b"BZh"):
        import bz2

        return bz2.open(path, "rb")
    return path.open("rb")


def _archive_files(path: Path) -> Iterator[tuple[str, bytes]]:
    """Every regular file of the archive at ``path``: read plainly while the headers allow,
    then (for long names, pax headers and the like) by :mod:`tarfile` from that member on."""
    done = 0
    try:
        with _decompressed(path) as stream:
            for name, data in plain_members(stream):
                yield name, data
                done += 1
        return
    except NotPlainTar:
        pass
    import tarfile

    with tarfile.open(path) as archive:
        files = (info for info in archive if info.isfile())
        for info in itertools.islice(files, done, None):
            handle = archive.extractfile(info)
            if handle is not None:
                yield info.name, handle.read()


def _is_archive(path: Path) -> bool:
    return path.name.endswith(_ARCHIVES)


def _archive_folder(path: Path) -> tuple[Path, str] | None:
    """``ARCHIVE:FOLDER`` split in two, when ``path`` is written that way."""
    text = str(path)
    for suffix in _ARCHIVES:
        k = text.find(suffix + ":")
        if k >= 0:
            return Path(text[: k + len(suffix)]), text[k + len(suffix) + 1 :]
    return None


def verify(paths: list[Path]) -> tuple[int, int, int]:
    passed = failed = skipped = 0
    for path in paths:
        folder = ""
        if not path.exists() and (split := _archive_folder(path)) is not None:
            path, folder = split
        if not path.exists():
            print(f"FAIL {path}: no such file or folder")
            failed += 1
            continue
        found = 0
        for name, text in _documents(path, folder):
            found += 1
            try:
                verify_history(parse_history(text))
            except UnsupportedHistory as reason:
                print(f"SKIP {name}: {reason}")
                skipped += 1
            except (ReplayFailure, ValueError) as reason:
                print(f"FAIL {name}: {reason}")
                failed += 1
            else:
                passed += 1
        if folder and not found:
            print(f"FAIL {path}:{folder}: no .phh files in that folder of the archive")
            failed += 1
    tail = f", {skipped} skipped" if skipped else ""
    print(f"{passed} passed, {failed} failed{tail}")
    return passed, failed, skipped


def _located(paths: list[Path]) -> Iterator[tuple[Path, str] | str]:
    """Each PATH as verify reads it (``ARCHIVE:FOLDER`` split), or the line saying it is
    missing."""
    for path in paths:
        folder = ""
        if not path.exists() and (split := _archive_folder(path)) is not None:
            path, folder = split
        if not path.exists():
            yield f"FAIL {path}: no such file or folder"
            continue
        yield path, folder


def to_pokerstars(paths: list[Path]) -> tuple[int, int, int]:
    from engine.phh.pokerstars import write_pokerstars

    passed = failed = skipped = 0
    for place in _located(paths):
        if isinstance(place, str):
            print(place, file=sys.stderr)
            failed += 1
            continue
        for name, text in _documents(*place):
            try:
                out = write_pokerstars(parse_history(text))
            except UnsupportedHistory as reason:
                print(f"SKIP {name}: {reason}", file=sys.stderr)
                skipped += 1
            except (ReplayFailure, ValueError) as reason:
                print(f"FAIL {name}: {reason}", file=sys.stderr)
                failed += 1
            else:
                print(out, end="\n\n")
                passed += 1
    tail = f", {skipped} skipped" if skipped else ""
    print(f"{passed} passed, {failed} failed{tail}", file=sys.stderr)
    return passed, failed, skipped


def _text_files(path: Path) -> Iterator[Path]:
    if path.is_dir():
        yield from (p for p in sorted(path.rglob("*.txt")) if p.is_file())
    else:
        yield path


def from_pokerstars(paths: list[Path], out: Path) -> tuple[int, int]:
    from engine.phh.history import write_history
    from engine.phh.pokerstars import Refusal, read_pokerstars

    passed = failed = 0
    out.mkdir(parents=True, exist_ok=True)
    for path in paths:
        if not path.exists():
            print(f"FAIL {path}: no such file or folder")
            failed += 1
            continue
        for file in _text_files(path):
            try:
                text = file.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as error:
                print(f"FAIL {file}: cannot be read as UTF-8 text: {error}")
                failed += 1
                continue
            for read in read_pokerstars(text):
                if isinstance(read, Refusal):
                    print(f"FAIL {file}:{read.line}: {read.reason}")
                    failed += 1
                    continue
                target = out / f"{read.extra.get('hand', file.stem)}.phh"
                count = 1
                while target.exists():
                    count += 1
                    target = out / f"{read.extra.get('hand', file.stem)}-{count}.phh"
                target.write_text(write_history(read), encoding="utf-8")
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return passed, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.phh")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="replay hand histories and compare stacks")
    check.add_argument("paths", nargs="+", type=Path)
    write = commands.add_parser("to-pokerstars", help="write hands as PokerStars text")
    write.add_argument("paths", nargs="+", type=Path)
    read = commands.add_parser("from-pokerstars", help="read PokerStars text into .phh files")
    read.add_argument("paths", nargs="+", type=Path)
    read.add_argument("--out", type=Path, required=True, help="the folder to write into")
    args = parser.parse_args(argv)
    if args.command == "to-pokerstars":
        _, failed, _ = to_pokerstars(args.paths)
    elif args.command == "from-pokerstars":
        _, failed = from_pokerstars(args.paths, args.out)
    else:
        _, failed, _ = verify(args.paths)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
