"""What a font file can draw: the characters its ``cmap`` maps, and whether it is colour.

Pillow draws with a font but cannot say whether the font has a glyph for a character: a missing
one silently comes out as the ``.notdef`` box. The fallback chain of :mod:`bot.pictures.fonts` needs
exactly that answer, so this module reads it from the file, standard library only: the table
directory of a TrueType or OpenType font (or of one face of a ``.ttc`` collection), then only
the ``cmap`` table (formats 0, 4, 6, 12 and 13) and the names of the colour tables. Reading a
20 MB CJK collection this way touches a few hundred kilobytes.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from dataclasses import dataclass
from typing import BinaryIO

__all__ = ["FontFileError", "FontInfo", "read_font_info"]

# Unicode character maps, best first: full repertoire before the Basic Multilingual Plane only.
_ENCODINGS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
_FONT_TAGS = (b"\x00\x01\x00\x00", b"OTTO", b"true")


class FontFileError(ValueError):
    """The file is not a font this module can read (or not a font at all)."""


@dataclass(frozen=True, kw_only=True)
class FontInfo:
    """What one font face can draw.

    ``starts`` and ``ends`` are the sorted, disjoint, inclusive ranges of the code points that
    map to a real glyph. ``strikes`` are the pixel sizes of a bitmap colour font (Noto Color
    Emoji has one, 109), which FreeType cannot scale; a scalable font has none.
    """

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    colour: bool = False
    strikes: tuple[int, ...] = ()

    def covers(self, codepoint: int) -> bool:
        """Whether the font has a glyph of its own for ``codepoint``."""
        at = bisect_right(self.starts, codepoint) - 1
        return at >= 0 and codepoint <= self.ends[at]

    @property
    def size(self) -> int:
        """How many code points the font maps."""
        return sum(end - start + 1 for start, end in zip(self.starts, self.ends))


def read_font_info(stream: BinaryIO, index: int = 0) -> FontInfo:
    """What face ``index`` of the font file open in ``stream`` (binary, seekable) can draw.

    Raises :class:`FontFileError` for anything that is not a readable font with a Unicode
    character map.
    """
    try:
        tables = _table_directory(stream, index)
        if b"cmap" not in tables:
            raise FontFileError("the font has no character map")
        ranges = _character_ranges(_read(stream, *tables[b"cmap"]))
        strikes = _strikes(stream, tables)
    except (struct.error, IndexError) as error:
        raise FontFileError(f"the font file is damaged ({error})") from None
    merged = _merge(ranges)
    return FontInfo(
        starts=tuple(start for start, _ in merged),
        ends=tuple(end for _, end in merged),
        colour=any(tag in tables for tag in (b"CBDT", b"sbix", b"COLR")),
        strikes=strikes,
    )


def _read(stream: BinaryIO, offset: int, length: int) -> bytes:
    stream.seek(offset)
    data = stream.read(length)
    if len(data) != length:
        raise FontFileError("the font file is cut short")
    return data


def _table_directory(stream: BinaryIO, index: int) -> dict[bytes, tuple[int, int]]:
    """Tag -> (offset, length) of each table of face ``index``."""
    head = _read(stream, 0, 12)
    offset = 0
    if head[:4] == b"ttcf":
        count = struct.unpack(">I", head[8:12])[0]
        if not 0 <= index < count:
            raise FontFileError(f"the collection has {count} faces, not a face {index}")
        offset = struct.unpack(">I", _read(stream, 12 + 4 * index, 4))[0]
        head = _read(stream, offset, 12)
    elif index != 0:
        raise FontFileError("the file holds a single face")
    if head[:4] not in _FONT_TAGS:
        raise FontFileError("not a TrueType or OpenType font")
    count = struct.unpack(">H", head[4:6])[0]
    records = _read(stream, offset + 12, 16 * count)
    tables = {}
    for tag, _checksum, start, length in struct.iter_unpack(">4sIII", records):
        tables[tag] = (start, length)
    return tables


def _character_ranges(cmap: bytes) -> list[tuple[int, int]]:
    count = struct.unpack_from(">H", cmap, 2)[0]
    subtables: dict[tuple[int, int], int] = {}
    for platform, encoding, offset in struct.iter_unpack(">HHI", cmap[4 : 4 + 8 * count]):
        subtables.setdefault((platform, encoding), offset)
    for key in _ENCODINGS:
        if key in subtables:
            offset = subtables[key]
            kind = struct.unpack_from(">H", cmap, offset)[0]
            reader = _FORMATS.get(kind)
            if reader is not None:
                return reader(cmap, offset)
    raise FontFileError("the font has no Unicode character map")


def _format0(cmap: bytes, offset: int) -> list[tuple[int, int]]:
    glyphs = cmap[offset + 6 : offset + 6 + 256]
    return [(code, code) for code, glyph in enumerate(glyphs) if glyph]


def _format4(cmap: bytes, offset: int) -> list[tuple[int, int]]:
    segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    ends_at = offset + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    range_offsets_at = deltas_at + 2 * segments
    ends = struct.unpack_from(f">{segments}H", cmap, ends_at)
    starts = struct.unpack_from(f">{segments}H", cmap, starts_at)
    deltas = struct.unpack_from(f">{segments}h", cmap, deltas_at)
    range_offsets = struct.unpack_from(f">{segments}H", cmap, range_offsets_at)
    ranges = []
    for i, (start, end, delta, range_offset) in enumerate(zip(starts, ends, deltas, range_offsets)):
        if start == 0xFFFF or start > end:
            continue
        if range_offset == 0:
            # Every code maps to (code + delta) mod 65536; only one code can land on glyph 0.
            hole = -delta & 0xFFFF
            if start <= hole <= end:
                ranges += [(start, hole - 1), (hole + 1, end)]
            else:
                ranges.append((start, end))
            continue
        base = range_offsets_at + 2 * i + range_offset
        glyphs = struct.unpack_from(f">{end - start + 1}H", cmap, base)
        ranges += [
            (start + k, start + k)
            for k, glyph in enumerate(glyphs)
            if glyph and (glyph + delta) & 0xFFFF
        ]
    return [(start, end) for start, end in ranges if start <= end]


def _format6(cmap: bytes, offset: int) -> list[tuple[int, int]]:
    first, count = struct.unpack_from(">HH", cmap, offset + 6)
    glyphs = struct.unpack_from(f">{count}H", cmap, offset + 10)
    return [(first + k, first + k) for k, glyph in enumerate(glyphs) if glyph]


def _groups(cmap: bytes, offset: int) -> list[tuple[int, int, int]]:
    count = struct.unpack_from(">I", cmap, offset + 12)[0]
    return list(struct.iter_unpack(">III", cmap[offset + 16 : offset + 16 + 12 * count]))


def _format12(cmap: bytes, offset: int) -> list[tuple[int, int]]:
    # Sequential groups: code start + k maps to glyph first + k; only the start can be glyph 0.
    return [
        (start + (glyph == 0), end) for start, end, glyph in _groups(cmap, offset) if end >= start
    ]


def _format13(cmap: bytes, offset: int) -> list[tuple[int, int]]:
    # Many-to-one groups: every code of a group maps to the same glyph.
    return [(start, end) for start, end, glyph in _groups(cmap, offset) if glyph]


_FORMATS = {0: _format0, 4: _format4, 6: _format6, 12: _format12, 13: _format13}


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if start > end:
            continue
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _strikes(stream: BinaryIO, tables: dict[bytes, tuple[int, int]]) -> tuple[int, ...]:
    """The pixel sizes of the bitmap colour glyphs (CBLC or sbix), smallest first."""
    sizes: set[int] = set()
    if b"CBLC" in tables:
        offset, _ = tables[b"CBLC"]
        count = struct.unpack(">I", _read(stream, offset + 4, 4))[0]
        records = _read(stream, offset + 8, 48 * count)
        # Each BitmapSize record holds its ppemY at byte 45.
        sizes.update(records[48 * k + 45] for k in range(count))
    if b"sbix" in tables:
        offset, _ = tables[b"sbix"]
        count = struct.unpack(">I", _read(stream, offset + 4, 4))[0]
        for strike in struct.unpack(f">{count}I", _read(stream, offset + 8, 4 * count)):
            sizes.add(struct.unpack(">H", _read(stream, offset + strike, 2))[0])
    return tuple(sorted(size for size in sizes if size > 0))
