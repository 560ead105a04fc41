"""The plain tar reader reads exactly what tarfile reads, and hands over where it cannot."""

from __future__ import annotations

import io
import lzma
import os
import tarfile
from pathlib import Path

import pytest

from engine.phh.__main__ import _archive_files
from engine.phh.archive import NotPlainTar, plain_members

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"

LONG = "a" * 60 + "/" + "b" * 60 + ".phh"  # 125 characters: past the 100 of a plain name


def _tar(members: list[tuple[str, bytes]], *, format: int, mode: str = "w") -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode, format=format) as out:
        for name, data in members:
            if name.endswith("/"):
                info = tarfile.TarInfo(name.rstrip("/"))
                info.type = tarfile.DIRTYPE
                out.addfile(info)
            elif name.startswith("->"):
                info = tarfile.TarInfo(name[2:])
                info.type = tarfile.SYMTYPE
                info.linkname = "target.phh"
                out.addfile(info)
            else:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                out.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _tarfile_reads(data: bytes) -> list[tuple[str, bytes]]:
    out = []
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for info in archive:
            if info.isfile():
                handle = archive.extractfile(info)
                assert handle is not None
                out.append((info.name, handle.read()))
    return out


MEMBERS = [
    ("hands/", b""),
    ("hands/1.phh", b"variant = 'NT'\n"),
    ("hands/empty.phh", b""),
    ("hands/block.phh", b"x" * 512),
    ("hands/more.phh", b"y" * 513),
]


@pytest.mark.parametrize("format", [tarfile.USTAR_FORMAT, tarfile.GNU_FORMAT, tarfile.PAX_FORMAT])
def test_plain_members_read_what_tarfile_reads(format: int) -> None:
    data = _tar(MEMBERS, format=format)
    assert list(plain_members(io.BytesIO(data))) == _tarfile_reads(data)


def test_a_name_in_utf8_is_read_as_tarfile_reads_it() -> None:
    data = _tar([("blåbær.phh", b"b")], format=tarfile.GNU_FORMAT)
    assert list(plain_members(io.BytesIO(data))) == [("blåbær.phh", b"b")] == _tarfile_reads(data)


def test_a_ustar_long_name_is_joined_from_its_prefix() -> None:
    data = _tar([(LONG, b"z")], format=tarfile.USTAR_FORMAT)
    assert list(plain_members(io.BytesIO(data))) == [(LONG, b"z")] == _tarfile_reads(data)


@pytest.mark.parametrize(
    ("members", "format"),
    [
        ([(LONG, b"z")], tarfile.GNU_FORMAT),  # a GNU long-name header
        ([(LONG, b"z")], tarfile.PAX_FORMAT),  # a pax extended header
        ([("->link.phh", b"")], tarfile.USTAR_FORMAT),  # a symbolic link
    ],
)
def test_other_headers_stop_the_plain_reading(
    members: list[tuple[str, bytes]], format: int
) -> None:
    data = _tar([("first.phh", b"1"), *members], format=format)
    read = plain_members(io.BytesIO(data))
    assert next(read) == ("first.phh", b"1")
    with pytest.raises(NotPlainTar):
        next(read)


def test_a_corrupt_or_truncated_header_stops_the_plain_reading() -> None:
    good = _tar([("a.phh", b"1")], format=tarfile.USTAR_FORMAT)
    data = bytearray(good)
    data[0] = ord("b")  # the name changes, the checksum does not
    with pytest.raises(NotPlainTar, match="checksum"):
        list(plain_members(io.BytesIO(bytes(data))))
    with pytest.raises(NotPlainTar, match="truncated"):
        list(plain_members(io.BytesIO(bytes(good[:700]))))


@pytest.mark.parametrize(
    ("format", "mode"),
    [
        (tarfile.GNU_FORMAT, "w:xz"),
        (tarfile.PAX_FORMAT, "w:gz"),
        (tarfile.USTAR_FORMAT, "w:bz2"),
        (tarfile.GNU_FORMAT, "w"),
    ],
)
def test_the_cli_reads_every_file_once_whatever_the_headers(
    tmp_path: Path, format: int, mode: str
) -> None:
    members = [*MEMBERS, (LONG, b"long"), ("->link.phh", b""), ("last.phh", b"last")]
    archive = tmp_path / "hands.tar"
    archive.write_bytes(_tar(members, format=format, mode=mode))
    assert list(_archive_files(archive)) == _tarfile_reads(archive.read_bytes())


@pytest.mark.skipif(
    not CORPUS.exists(),
    reason=f"needs the PHH corpus {CORPUS} (../shared beside the clone, or HOLDEM_SHARED: README)",
)
def test_the_corpus_is_read_plainly_and_exactly() -> None:
    data = lzma.decompress(CORPUS.read_bytes())
    plain = list(plain_members(io.BytesIO(data)))
    assert len(plain) == 10_005
    assert plain == _tarfile_reads(data)
