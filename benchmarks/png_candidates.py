"""PNG writers measured beside ``bot.pictures.png`` on a realistic stream of pictures (run in the
render worker by ``render_timing.stream_parts``): the writer before ISA-L, and the band cache.

:class:`BandCache` is the idea "encode only what changed": a PNG's IDAT is one zlib stream, but
deflate can be cut into independent pieces, so the unfiltered scanlines are cut into bands of a
few rows, each band deflated alone (a fresh compressor, ended by a sync flush: a byte-aligned run
of non-final blocks that depends only on the band's bytes), and the bands already deflated are
kept, keyed by their bytes, in a bounded cache (least recently used first out). A picture is the
zlib header, its bands' pieces, an empty final block and the Adler-32 of the whole, combined
from the bands' own. Same pixels, same bytes; a standard PNG.
"""

from __future__ import annotations

import struct
import zlib
from collections import OrderedDict
from typing import Any

from isal import isal_zlib
from PIL import Image

from bot.pictures.png import SIGNATURE

__all__ = ["CANDIDATES", "ISAL", "ZLIB", "BandCache", "compare_writers", "zlib_png"]

_ADLER_BASE = 65521
_LAST_BLOCK = b"\x03\x00"  # an empty final block of fixed codes


def _scanlines(image: Image.Image) -> tuple[bytes, int]:
    """The unfiltered scanlines of an RGB ``image`` (each row after a zero filter byte) and
    the length of one."""
    stride = image.width * 3 + 1
    padded = image.tobytes("raw", ("RGB", stride))
    return b"\x00" + padded[:-1], stride


def _png(image: Image.Image, idat: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(data, zlib.crc32(kind))
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def zlib_png(image: Image.Image, level: int = 2) -> bytes:
    """The writer before ISA-L: the same unfiltered rows, deflated by zlib at ``level``."""
    rows, _ = _scanlines(image)
    deflate = zlib.compressobj(level, zlib.DEFLATED, 15, 8)
    return _png(image, deflate.compress(rows) + deflate.flush())


class BandCache:
    """A PNG writer that deflates bands of ``rows`` rows apart and keeps the last ``kept``
    bytes of bands (their raw bytes) with their deflated pieces; ``deflater`` is ``zlib`` or
    ``isal_zlib``. Counts what it did: ``bands``, ``hits``, ``deflated`` (raw bytes deflated)."""

    def __init__(self, *, rows: int, kept: int, deflater: Any = zlib, level: int = 2) -> None:
        self.rows, self.kept, self.deflater, self.level = rows, kept, deflater, level
        self.header = zlib.compress(b"", level)[:2] if deflater is zlib else b"\x78\x5e"
        self.cache: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()
        self.size = 0
        self.bands = self.hits = self.deflated = 0

    def __call__(self, image: Image.Image) -> bytes:
        rows, stride = _scanlines(image)
        step = self.rows * stride
        pieces = [self.header]
        a, b = 1, 0
        for start in range(0, len(rows), step):
            band = rows[start : start + step]
            kept = self.cache.get(band)
            if kept is None:
                deflate = self.deflater.compressobj(self.level, zlib.DEFLATED, -15, 8)
                piece = deflate.compress(band) + deflate.flush(zlib.Z_SYNC_FLUSH)
                kept = self.cache[band] = (piece, zlib.adler32(band))
                self.size += len(band)
                self.deflated += len(band)
                while self.size > self.kept:
                    self.size -= len(self.cache.popitem(last=False)[0])
            else:
                self.cache.move_to_end(band)
                self.hits += 1
            self.bands += 1
            pieces.append(kept[0])
            # Adler-32 of the bytes so far followed by this band's, from both sums.
            band_adler = kept[1]
            b = (b + (band_adler >> 16) + len(band) * (a - 1)) % _ADLER_BASE
            a = (a + (band_adler & 0xFFFF) - 1) % _ADLER_BASE
        pieces.append(_LAST_BLOCK + struct.pack(">I", (b << 16) | a))
        return _png(image, b"".join(pieces))


CANDIDATES: dict[str, Any] = {
    "zlib level 2, whole picture (before)": zlib_png,
    "bands of 8 rows, zlib 2, 32 MB kept": BandCache(rows=8, kept=32 << 20),
    "bands of 16 rows, zlib 2, 32 MB kept": BandCache(rows=16, kept=32 << 20),
    "bands of 8 rows, ISA-L 1, 32 MB kept": BandCache(
        rows=8, kept=32 << 20, deflater=isal_zlib, level=1
    ),
}
"""The writers ``render_timing.stream_parts`` measures beside today's, by name. The banded ones
keep their cache for the life of the worker, as the bot's worker would."""
ZLIB = tuple(name for name in CANDIDATES if "ISA-L" not in name)
"""The candidates that deflate with zlib (measured in a worker where ISA-L never runs)."""
ISAL = tuple(name for name in CANDIDATES if "ISA-L" in name)


def compare_writers(image_count: int) -> list[tuple[str, float, int]]:
    """Encode the ten-seat example table with several writers: (name, median CPU ms, bytes).
    Run in a fresh worker: zlib's writers (and Pillow's, which uses zlib) before any ISA-L,
    which leaves the vector registers dirty for zlib (``render_timing.stream_parts``)."""
    import io
    import statistics
    import time
    from collections.abc import Callable

    from bot.pictures.png import encode_png
    from bot.pictures.table import draw_table
    from tests.bot.pictures.examples import NAMES, example_table

    image = draw_table(example_table(10, board=("As", "Kh", "7c", "Td"), names=NAMES))

    def pillow(level: int) -> Callable[[], bytes]:
        def run() -> bytes:
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", compress_level=level)
            return buffer.getvalue()

        return run

    def quantized() -> bytes:
        buffer = io.BytesIO()
        image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
            buffer, format="PNG", compress_level=1
        )
        return buffer.getvalue()

    def ours(level: int) -> Callable[[], bytes]:
        return lambda: encode_png(image, level=level)

    candidates: list[tuple[str, Callable[[], bytes]]] = [
        (f"unfiltered rows, zlib level {level}", lambda level=level: zlib_png(image, level))
        for level in (1, 2, 6)
    ]
    candidates += [(f"Pillow PNG, compress_level {level}", pillow(level)) for level in (1, 6)]
    candidates.append(("Pillow quantize(256) + PNG level 1", quantized))
    candidates += [
        (f"bot.pictures.png, ISA-L level {level}", ours(level)) for level in (0, 1, 2, 3)
    ]
    results = []
    for name, run in candidates:
        times = []
        for _ in range(image_count):
            start = time.thread_time()
            data = run()
            times.append((time.thread_time() - start) * 1000)
        results.append((name, statistics.median(times), len(data)))
    return results
