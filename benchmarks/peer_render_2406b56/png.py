"""A small, fast PNG writer for the rendered pictures.

Pillow's own PNG encoder tries five row filters on every row of an RGB image; on a 1000x620
table that alone costs about 10 ms of the 20 ms budget (measured on the 2-core build machine).
The pictures here are flat colours with sharp edges, which deflate well without any filter, so
this writer emits the rows unfiltered and compresses them with zlib at level 3: about 4 ms,
and files far under Discord's comfortable sizes. The output is a standard PNG with no metadata,
hence identical bytes for identical pixels.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

__all__ = ["SIGNATURE", "encode_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def encode_png(image: Image.Image, *, level: int = 3) -> bytes:
    """``image`` (RGB, RGBA or L) as PNG bytes: unfiltered rows, zlib at ``level`` (0-9)."""
    if image.mode not in _COLOUR_TYPES:
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    colour_type, channels = _COLOUR_TYPES[image.mode]
    width, height = image.size
    raw = image.tobytes()
    stride = width * channels
    # Each row starts with its filter type; 0 is "none".
    rows = b"".join(b"\x00" + raw[start : start + stride] for start in range(0, len(raw), stride))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows, level)),
            _chunk(b"IEND", b""),
        )
    )
