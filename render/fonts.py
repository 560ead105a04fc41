"""The bundled font, and text that always fits its box.

Only the DejaVu Sans files under ``assets/fonts/`` are used, never the host's fonts, so every
machine draws the same pixels. Player names are free text: control characters and lone
surrogates are dropped, and a name too wide for its box is cut with an ellipsis, measured with
the font itself. Characters the font lacks (CJK, emoji) come out as boxes, which is accepted:
they must only never crash nor spill over a neighbour.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache

from PIL import ImageFont, features

from render.resources import read_asset

__all__ = ["ELLIPSIS", "clean_text", "fit_text", "font", "text_width"]

ELLIPSIS = "\u2026"
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Raqm orders right-to-left names properly; without it Pillow's basic layout still draws them.
_LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


@lru_cache(maxsize=2)
def _font_file(bold: bool) -> bytes:
    return read_asset(f"fonts/{_FILES[bold]}")


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` pixels, loaded once."""
    data = io.BytesIO(_font_file(bold))
    return ImageFont.truetype(data, size, layout_engine=_LAYOUT)


@lru_cache(maxsize=4096)
def clean_text(text: str) -> str:
    """``text`` on one line, without control, format-control or surrogate characters."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")
        elif category not in ("Cs", "Co", "Cn") and char not in "\u202a\u202b\u202c\u202d\u202e":
            kept.append(char)
    return " ".join("".join(kept).split())


def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """How wide ``text`` draws in the bundled font."""
    return font(size, bold=bold).getlength(text)


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` cleaned, and cut with an ellipsis so that it draws at most ``width`` wide.

    >>> fit_text("Antoinette-Marguerite", 16, 90)
    'Antoinet…'
    """
    face = font(size, bold=bold)
    text = clean_text(text)
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    # Binary search on the longest prefix that fits with the ellipsis.
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ""
