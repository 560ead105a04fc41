"""Text in the pictures: every name legible, and always inside its box.

Player names are free text. Control characters and lone surrogates are dropped; a name too wide for
its box is cut with an ellipsis, measured with the fonts that draw it. The bundled DejaVu Sans draws
whatever it has, the same on every machine; the characters it lacks (CJK, Hangul, Devanagari, Thai,
emoji...) come from the host's fonts through the chain of :mod:`bot.pictures.fontchain`, in visual
order across fonts (:mod:`bot.pictures.textlayout`). A character no font has is drawn as a stand-in,
its code in small hexadecimal digits: never a box.

Colour emoji fonts such as Noto Color Emoji hold bitmaps of one size (109 px) that FreeType cannot
scale; their pieces are drawn at that size once, scaled down and cached.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from peer_render_2406b56 import fontchain, textlayout
from peer_render_2406b56.fontchain import Face, info, pil_font, primary
from peer_render_2406b56.textlayout import (
    RAQM,
    Piece,
    clusters,
    layout,
    standin_digits,
    standin_size,
)

__all__ = [
    "ELLIPSIS",
    "clean_text",
    "draw_text",
    "fit_text",
    "font",
    "reload",
    "text_width",
]

ELLIPSIS = "\u2026"
Colour = tuple[int, int, int]
# Bidi embeddings, overrides and isolates: a name must not reorder the text drawn after it.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` pixels, loaded once (the card art is drawn with it)."""
    return pil_font(primary(bold), size)


@lru_cache(maxsize=4096)
def clean_text(text: str) -> str:
    """``text`` on one line, without control, format-control or surrogate characters."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")
        elif category not in ("Cs", "Co", "Cn") and char not in _BIDI_CONTROLS:
            kept.append(char)
    return " ".join("".join(kept).split())


def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """How wide ``text`` draws."""
    return layout(text, size, bold).width


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` cleaned, and cut with an ellipsis so that it draws at most ``width`` wide.

    The cut falls between the characters a reader sees, never inside an emoji sequence.

    >>> fit_text("Antoinette-Marguerite", 16, 90)
    'Antoinet…'
    """
    text = clean_text(text)
    if layout(text, size, bold).width <= width:
        return text
    parts = clusters(text)
    low, high = 0, len(parts)
    # Binary search on the longest prefix that fits with the ellipsis.
    while low < high:
        middle = (low + high + 1) // 2
        if layout("".join(parts[:middle]).rstrip() + ELLIPSIS, size, bold).width <= width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS if low else ""


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    bold: bool = False,
    anchor: str = "ls",
) -> float:
    """Draw one clean line of ``text`` at ``xy`` as Pillow would with ``anchor``; return its
    width.

    The anchor's first letter is ``l``, ``m`` or ``r``; its second ``a`` (ascender), ``m``
    (middle), ``s`` (baseline) or ``d`` (descender), measured on the bundled font, so that all
    pieces of a line share one baseline.
    """
    line = layout(text, size, bold)
    if line.plain:
        if line.pieces:
            draw.text(xy, line.pieces[0].text, font=font(size, bold=bold), fill=fill, anchor=anchor)
        return line.width
    left = xy[0] - {"l": 0.0, "m": line.width / 2, "r": line.width}[anchor[0]]
    ascent, descent = font(size, bold=bold).getmetrics()
    shift = {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]
    baseline = xy[1] + shift
    for piece in line.pieces:
        _draw_piece(draw, (left + piece.left, baseline), piece, size=size, fill=fill, bold=bold)
    return line.width


def _draw_piece(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    piece: Piece,
    *,
    size: int,
    fill: Colour,
    bold: bool,
) -> None:
    if piece.face is None:
        _draw_standin(draw, origin, piece, size=size, fill=fill)
        return
    known = info(piece.face)
    direction = ("rtl" if piece.rtl else "ltr") if fontchain.LAYOUT is RAQM else None
    if known is not None and known.strikes:
        picture, ascent = _bitmap_picture(piece.face, piece.text, size, direction)
        # ImageDraw has no public way back to its image; the picture is pasted onto it.
        canvas: Image.Image = draw._image
        at = (round(origin[0]), round(origin[1] - ascent))
        canvas.paste(picture, at, picture)
        return
    draw.text(
        origin,
        piece.text,
        font=pil_font(piece.face, size),
        fill=fill,
        anchor="ls",
        direction=direction,
        embedded_color=known is not None and known.colour,
    )


@lru_cache(maxsize=512)
def _bitmap_picture(
    face: Face, text: str, size: int, direction: str | None
) -> tuple[Image.Image, float]:
    """``text`` in a bitmap colour font, drawn at its own size and scaled to ``size``, with
    the height of its baseline from the top."""
    loaded = pil_font(face, size)
    ascent, descent = loaded.getmetrics()
    width = math.ceil(loaded.getlength(text, direction=direction)) + 2
    big = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(big).text(
        (0, ascent), text, font=loaded, anchor="ls", embedded_color=True, direction=direction
    )
    scale = size / loaded.size
    small = big.resize(
        (max(1, round(big.width * scale)), max(1, round(big.height * scale))),
        Image.Resampling.LANCZOS,
    )
    return small, ascent * scale


def _draw_standin(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    piece: Piece,
    *,
    size: int,
    fill: Colour,
) -> None:
    """The code point in two rows of small digits, as tall as a capital letter."""
    digits = font(standin_size(size), bold=True)
    x = origin[0] + piece.width / 2
    top, bottom = standin_digits(piece.text)
    draw.text((x, origin[1] - round(size * 0.48)), top, font=digits, fill=fill, anchor="ms")
    draw.text((x, origin[1]), bottom, font=digits, fill=fill, anchor="ms")


def reload() -> None:
    """Forget the fonts found, read and measured: the next drawing searches the font folders
    (``HOLDEM_FONT_DIRS``) again. For tests and tools; the bot reads them once."""
    fontchain.reload()
    textlayout.reload()
    for cached in (fit_text, _bitmap_picture):
        cached.cache_clear()
