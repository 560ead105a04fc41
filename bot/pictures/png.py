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

Level, strategy and memory (measured in ``benchmarks/bench_render.py``): level 2 is as fast as
level 1 on these pictures and 6% smaller; level 3 is 4% smaller again for a little more time,
level 6 twice the time for 13% fewer bytes. ``Z_FILTERED`` gives the same bytes as the default
strategy here (the rows are not filtered), ``Z_RLE`` ten times the bytes. zlib's default
``memLevel`` of 8 is 10% faster than 9 for the same size.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

__all__ = ["LEVEL", "SIGNATURE", "STRATEGY", "encode_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2
STRATEGY = zlib.Z_DEFAULT_STRATEGY
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
    deflate = zlib.compressobj(level, zlib.DEFLATED, 15, 8, strategy)
    data = deflate.compress(b"\x00") + deflate.compress(memoryview(padded)[:-1]) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", data), _chunk(b"IEND", b""))
    )
