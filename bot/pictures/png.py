"""A small, fast PNG writer for the rendered pictures.

Pillow's own PNG encoder tries five row filters on every row of an RGB image; on a table picture
that alone costs more than all the drawing. The pictures here are flat colours with sharp edges,
which deflate well without any filter, so this writer emits the rows unfiltered and compresses
them with zlib. The output is a standard PNG with no metadata, hence identical bytes for
identical pixels.

The rows never get copied into a second buffer: Pillow's raw encoder writes each row padded to
a stride one byte longer than the row, and pads with a zero byte. That pad is exactly the
filter byte ("none") that PNG wants in front of the *next* row, so the scanlines are one zero
byte followed by the padded pixels less their last pad, fed to zlib through a memoryview.

Level and strategy (measured in ``benchmarks/bench_render.py``): zlib's ``Z_FILTERED``
strategy at level 2 deflates these pictures as small as level 3 of the default strategy and a
little faster; higher levels cost twice the time for a tenth fewer bytes.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

__all__ = ["LEVEL", "SIGNATURE", "STRATEGY", "encode_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2
STRATEGY = zlib.Z_FILTERED
_COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
    )


def encode_png(image: Image.Image, *, level: int = LEVEL, strategy: int = STRATEGY) -> bytes:
    """``image`` (RGB, RGBA or L) as PNG bytes: unfiltered rows, zlib at ``level`` (0-9)."""
    if image.mode not in _COLOUR_TYPES:
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    colour_type, channels = _COLOUR_TYPES[image.mode]
    width, height = image.size
    # Each row followed by one zero byte: the filter byte of the row after it.
    padded = image.tobytes("raw", (image.mode, width * channels + 1))
    deflate = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
    data = deflate.compress(b"\x00") + deflate.compress(memoryview(padded)[:-1]) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", data), _chunk(b"IEND", b""))
    )
