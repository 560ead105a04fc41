"""Where each character of a line of printable ASCII goes in the bundled font, without laying
the line out.

Laid out by FreeType and Raqm, a line of the bundled DejaVu Sans puts each character at the sum
of the advances before it, each pair of neighbours moved by its kerning, and nothing else
(checked on every pair and thousands of random lines by the tests) except for the pairs the
font draws as one glyph, its ligatures ("fi", "fl", "ff"). So the pen positions of a line are
sums of two small tables: each character's advance, read once, and each pair's kerning and
whether it is a ligature, read the first time the pair is seen (a layout of the pair and a
render of it beside its two glyphs). A new name then costs no layout at all: a name seen
once is a sum, where laying it out and rendering it took FreeType three passes over its glyphs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont, _imaging

from bot.pictures.fontchain import pil_font, primary

__all__ = ["PRINTABLE", "pens", "pixel", "reload"]

PRINTABLE = frozenset(map(chr, range(0x20, 0x7F)))
"""The characters :func:`pens` places: printable ASCII, which the bundled font all has."""
_LIGATURE = None  # a pair drawn as one glyph: its line is laid out by FreeType


def pixel(position: int) -> int:
    """A position in 26.6 fixed point rounded to the pixel, as Pillow's text rendering does
    (half a pixel rounds up, also below zero).

    >>> pixel(95), pixel(96), pixel(-32), pixel(-33)
    (1, 2, 0, -1)
    """
    return ((position + 32) & -64) >> 6


def pens(text: str, size: int, bold: bool) -> tuple[tuple[int, ...], int] | None:
    """The pen position of each character of ``text`` in the bundled font at ``size`` pixels,
    and the line's whole advance, in 26.6 fixed point (64ths of a pixel): what FreeType's
    layout gives. None for a text with a character outside :data:`PRINTABLE` or a ligature.
    """
    if not PRINTABLE.issuperset(text):
        return None
    face = _face(size, bold)
    advances, pairs = face.advances, face.pairs
    positions = []
    pen = 0
    for index, char in enumerate(text):
        positions.append(pen)
        pen += advances[char]
        pair = text[index : index + 2]
        if len(pair) == 2:
            kern = pairs[pair] if pair in pairs else _learn(face, pair)
            if kern is _LIGATURE:
                return None
            pen += kern
    return tuple(positions), pen


@dataclass(frozen=True)
class _Face:
    """The bundled font at one size: each printable character's advance and glyph (FreeType's
    mask and where it goes from the pen), and the pairs learnt so far (at most 95 x 95)."""

    loaded: ImageFont.FreeTypeFont
    advances: dict[str, int]
    glyphs: dict[str, tuple[Any, tuple[int, int]]]
    pairs: dict[str, int | None]


@lru_cache(maxsize=64)
def _face(size: int, bold: bool) -> _Face:
    loaded = pil_font(primary(bold), size)
    return _Face(
        loaded=loaded,
        advances={char: _length(loaded, char) for char in PRINTABLE},
        glyphs={char: loaded.getmask2(char, "L", anchor="ls") for char in PRINTABLE},
        pairs={},
    )


def _length(loaded: ImageFont.FreeTypeFont, text: str) -> int:
    # getlength is the 26.6 sum of the advances divided by 64: exact in a float.
    return round(loaded.getlength(text) * 64)


def _learn(face: _Face, pair: str) -> int | None:
    """Learn ``pair``: its kerning, or :data:`_LIGATURE` where FreeType draws the pair
    otherwise than its two glyphs at their pens."""
    first = face.advances[pair[0]]
    kern = _length(face.loaded, pair) - first - face.advances[pair[1]]
    whole, (left, top) = face.loaded.getmask2(pair, "L", anchor="ls")
    drawn = Image.new("L", whole.size, 0)
    drawn.im.paste(whole, (0, 0, *whole.size))
    apart = Image.new("L", whole.size, 0)
    core: Any = _imaging.draw(apart.im, 0)
    for char, pen in zip(pair, (0, first + kern), strict=True):
        glyph, (x, y) = face.glyphs[char]
        # Blended as FreeType blends overlapping glyphs, so the two agree where they touch.
        core.draw_bitmap((pixel(pen) + x - left, y - top), glyph, 255)
    face.pairs[pair] = kern if apart.tobytes() == drawn.tobytes() else _LIGATURE
    return face.pairs[pair]


def reload() -> None:
    """Forget what was learnt (the fonts were reloaded)."""
    _face.cache_clear()
