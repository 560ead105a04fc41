"""A small, fast PNG writer for the rendered pictures.

Pillow's own PNG encoder tries five row filters on every row of an RGB image; on a table picture
that alone costs more than all the drawing. The pictures here are flat colours with sharp edges,
which deflate well without any filter, so this writer emits the rows unfiltered and deflates
them with ISA-L (Intel's igzip, through the ``isal`` package), which on these pictures is six
times as fast as zlib for 6 % more bytes. The output is a standard PNG with no metadata, hence
identical bytes for identical pixels.

The rows never get copied into a second buffer: Pillow's raw encoder writes each row padded to
a stride one byte longer than the row, and pads with a zero byte. That pad is exactly the
filter byte ("none") that PNG wants in front of the *next* row, so the scanlines are one zero
byte followed by the padded pixels less their last pad, fed to the compressor through a
memoryview.

Measured in ``benchmarks/bench_render.py`` on a played game's pictures (CPU ms a picture):
zlib level 2, used before, 2.9 ms for 63.6 KB; ISA-L level 1 0.46 ms for 67.4 KB, its level 2
the same, level 3 (a different, slower search) 3.0 ms for 71 KB; zlib-ng level 1 0.77 ms for
78 KB, libdeflate level 1 1.9 ms for 61 KB. Deflating bands of rows apart and keeping the
bands already deflated (a band that recurs is copied, not deflated) found 60-70 % of the bands
of a 2,000-table game in a cache of 32 MB, but looking them up costs as much as ISA-L deflating
them all: see the benchmark's README.
"""

from __future__ import annotations

import struct

from isal import isal_zlib  # the deflate of every picture: six times zlib's speed here
from PIL import Image

__all__ = ["LEVEL", "SIGNATURE", "encode_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1
"""ISA-L's level (0 to 3): 1 and 2 cost and weigh the same here, 0 is 18 % larger, 3 slow."""
_COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", isal_zlib.crc32(data, isal_zlib.crc32(kind)))
    )


def encode_png(image: Image.Image, *, level: int = LEVEL) -> bytes:
    """``image`` (RGB, RGBA or L) as PNG bytes: unfiltered rows, ISA-L at ``level`` (0-3)."""
    if image.mode not in _COLOUR_TYPES:
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    colour_type, channels = _COLOUR_TYPES[image.mode]
    width, height = image.size
    # Each row followed by one zero byte: the filter byte of the row after it.
    padded = image.tobytes("raw", (image.mode, width * channels + 1))
    deflate = isal_zlib.compressobj(level)
    data = deflate.compress(b"\x00") + deflate.compress(memoryview(padded)[:-1]) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", data), _chunk(b"IEND", b""))
    )
