"""Text in the pictures: every name legible, and always inside its box.

Player names are free text. Control characters and lone surrogates are dropped; a name too wide for
its box is cut with an ellipsis, measured with the fonts that draw it. The bundled DejaVu Sans draws
whatever it has, the same on every machine; the characters it lacks (CJK, Hangul, Devanagari, Thai,
emoji...) come from the host's fonts through the chain of :mod:`bot.pictures.fontchain`, in visual
order across fonts (:mod:`bot.pictures.textlayout`). A character no font has is drawn as a stand-in,
its code in small hexadecimal digits: never a box.

Colour emoji fonts such as Noto Color Emoji hold bitmaps of one size (109 px) that FreeType cannot
scale; their pieces are drawn at that size once, scaled down and cached.

Text is cheap where it is new: a number is drawn glyph by glyph from kept masks, and a line of
printable ASCII (a name seen for the first time) is put together from its glyphs' masks at the
pens :mod:`bot.pictures.pens` sums, with FreeType's pixels; only other lines are laid out and
rendered by FreeType, once each.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont, _imaging

from bot.pictures import fontchain, pens, textlayout
from bot.pictures.fontchain import Face, info, pil_font, primary
from bot.pictures.pens import PRINTABLE, pixel
from bot.pictures.textlayout import RAQM, Piece, clusters, layout, standin_digits, standin_size

__all__ = [
    "ELLIPSIS",
    "clean_text",
    "draw_text",
    "fit_squeezed",
    "fit_text",
    "font",
    "generation",
    "reload",
    "text_box",
    "text_width",
]

ELLIPSIS = "\u2026"
SQUEEZE = 0.70
"""The narrowest a name is drawn (of its width) before it is cut: still read as letters."""
Colour = tuple[int, int, int]
Ink = Colour | int  # an RGB colour, or a grey level for a mask
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
    if _NUMBER.issuperset(text):
        return _number_width(text, size, bold)
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


def fit_squeezed(
    text: str, size: int, width: int, *, bold: bool = False, least: float = SQUEEZE
) -> tuple[str, float]:
    """``text`` and how much to narrow it (1.0: not at all) to draw it at most ``width`` wide.

    A name that is too wide is first drawn narrower, down to ``least`` of its width (a
    condensed face made from the regular one), so that it keeps its height and can still be
    read on a phone; only a name too wide even then is cut with an ellipsis.

    >>> fit_squeezed("Bartholomew Maxi", 20, 160, bold=True)
    ('Bartholomew Maxi', 0.76)
    """
    if _NUMBER.issuperset(text):
        full = _number_width(text, size, bold)
    else:
        text = clean_text(text)
        full = layout(text, size, bold).width
    if full <= width:
        return text, 1.0
    if full * least <= width:
        return text, math.floor(100 * width / full) / 100
    return fit_text(text, size, int(width / least), bold=bold), least


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    bold: bool = False,
    anchor: str = "ls",
    squeeze: float = 1.0,
    background: Colour | None = None,
) -> float:
    """Draw one clean line of ``text`` at ``xy`` as Pillow would with ``anchor``; return its
    width.

    The anchor's first letter is ``l``, ``m`` or ``r``; its second ``a`` (ascender), ``m``
    (middle), ``s`` (baseline) or ``d`` (descender), measured on the bundled font, so that all
    pieces of a line share one baseline. ``squeeze`` below 1 draws the line that much narrower.

    The line's coverage mask is rendered once per text, size, weight, anchor and squeeze and
    kept (:func:`_sprite`): a picture redrawn with the same names and labels only pastes them.
    ``background``: the one colour under every character of a number (a stack on its seat's
    box, an amount on its plate), whose glyphs are then pasted already blended onto it.
    """
    if not text:
        return 0.0
    if squeeze == 1.0 and _NUMBER.issuperset(text):
        return _draw_number(
            draw, xy, text, size=size, fill=fill, bold=bold, anchor=anchor, background=background
        )
    sprite = _sprite(text, size, bold, anchor, squeeze)
    x, y = round(xy[0]), round(xy[1])
    if sprite.mask is not None:
        _bitmap(draw, (x + sprite.left, y + sprite.top), sprite.mask, _ink(draw, fill))
    if sprite.colour:
        line = layout(text, size, bold)
        left = x - {"l": 0.0, "m": line.width / 2, "r": line.width}[anchor[0]]
        baseline = y + _baseline_shift(size, bold, anchor)
        for piece in line.pieces:
            if _is_colour(piece):
                origin = (left + piece.left, baseline)
                _draw_piece(draw, origin, piece, size=size, fill=fill, bold=bold)
    return sprite.width


def text_box(
    text: str, size: int, *, bold: bool = False, anchor: str = "ls"
) -> tuple[int, int, int, int] | None:
    """Where the pixels that :func:`draw_text` changes lie, from the point it draws at: left,
    top, right and bottom (exclusive). None where it changes none, or where they are not one
    mask's: a line with colour pieces (pasted beside the mask) or a number (drawn glyph by
    glyph)."""
    if not text or _NUMBER.issuperset(text):
        return None
    sprite = _sprite(text, size, bold, anchor, 1.0)
    ink = sprite.mask.getbbox() if sprite.mask is not None and not sprite.colour else None
    if ink is None:
        return None
    left, top, right, bottom = ink
    return (sprite.left + left, sprite.top + top, sprite.left + right, sprite.top + bottom)


# Amounts change from one picture to the next; their characters do not. A number is drawn
# glyph by glyph from cached masks, at the pen positions of the font's own advances, instead of
# asking FreeType to render a new string every time.
_NUMBER = frozenset("0123456789,.'% \u00a0\u202f<>-+")
_CHARS = _NUMBER | PRINTABLE  # what the glyph tables hold: numbers, and lines put together


def _draw_number(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    bold: bool,
    anchor: str,
    background: Colour | None,
) -> float:
    width = _number_width(text, size, bold)
    pen = round(xy[0]) - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    y = round(xy[1])
    glyphs = _glyphs(size, bold, anchor[1])
    ink = _ink(draw, fill)
    core: Any = draw.draw
    tiles = _glyph_tiles(size, bold, anchor[1], ink, background) if background else None
    if tiles is None or draw.mode != "RGB":
        for char in text:
            mask, left, top, advance = glyphs[char]
            if mask is not None:
                core.draw_bitmap((round(pen) + left, y + top), mask, ink)
            pen += advance
        return width
    # Over one colour a glyph blended is always the same pixels, and no glyph reaches over
    # the next: each is pasted as an opaque tile blended once (a block copy, a third of
    # the blend).
    canvas: Any = draw._image.im
    for char in text:
        mask, left, top, advance = glyphs[char]
        if mask is not None:
            x, at = round(pen) + left, y + top
            canvas.paste(tiles[char], (x, at, x + mask.size[0], at + mask.size[1]))
        pen += advance
    return width


@lru_cache(maxsize=64)
def _glyph_tiles(
    size: int, bold: bool, row: str, ink: int, background: Colour
) -> dict[str, Any] | None:
    """For each character of :data:`_NUMBER` drawn: its glyph cut to its ink (:func:`_glyphs`)
    blended in ``ink`` onto ``background``, an opaque tile in Pillow's core form. None where
    a glyph's ink could reach over the next one's (then the glyphs are blended in turn)."""
    glyphs = {char: _glyphs(size, bold, row)[char] for char in _NUMBER}
    drawn = [(m.size[0], left, advance) for m, left, _, advance in glyphs.values() if m is not None]
    # The least a pen rounded to the pixel moves on: round() takes half a pixel to the even
    # side, so a whole advance can move it one pixel less.
    steps = [math.floor(advance) if advance % 1 else advance - 1 for _, _, advance in drawn]
    reach = max(left + width - step for (width, left, _), step in zip(drawn, steps, strict=True))
    if reach > min(left for _, left, _ in drawn):
        return None
    tiles = {}
    for char, (mask, _, _, _) in glyphs.items():
        if mask is not None:
            tile = Image.new("RGB", mask.size, background)
            _imaging.draw(tile.im, 0).draw_bitmap((0, 0), mask, ink)
            tiles[char] = tile.im
    return tiles


@lru_cache(maxsize=64)
def _glyphs(size: int, bold: bool, row: str) -> dict[str, tuple[Any, int, int, float]]:
    """For each character of :data:`_CHARS`: its mask cut to its ink, in Pillow's core form
    (``None`` for a space), where the mask's corner goes from the pen, and how far the pen then
    moves. Cut to the ink, a digit's mask is two thirds of its sprite's (whose margin holds
    nothing), and blending it costs two thirds: the same pixels."""
    advances = _advances(size, bold)
    glyphs: dict[str, tuple[Any, int, int, float]] = {}
    for char in _CHARS:
        sprite = _sprite(char, size, bold, "l" + row, 1.0)
        ink = sprite.mask.getbbox() if sprite.mask is not None and char.strip() else None
        if sprite.mask is None or ink is None:
            glyphs[char] = (None, 0, 0, advances[char])
            continue
        mask = sprite.mask.crop(ink).im
        glyphs[char] = (mask, sprite.left + ink[0], sprite.top + ink[1], advances[char])
    return glyphs


def _ink(draw: ImageDraw.ImageDraw, fill: Colour) -> int:
    """``fill`` as the drawing's core wants it (what :meth:`ImageDraw.bitmap` computes on
    every call)."""
    core: Any = draw.draw
    return int(core.draw_ink(fill))


def _bitmap(draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Image.Image, ink: int) -> None:
    """:meth:`ImageDraw.ImageDraw.bitmap` without its per-call checks: a number is a dozen
    glyphs, a picture a hundred, and the checks cost twice the blend itself."""
    core: Any = draw.draw
    core.draw_bitmap(xy, mask.im, ink)


def _number_width(text: str, size: int, bold: bool) -> float:
    return sum(map(_advances(size, bold).__getitem__, text))  # a number's width, pen order


@lru_cache(maxsize=64)
def _advances(size: int, bold: bool) -> dict[str, float]:
    """How far the pen moves after each character of :data:`_CHARS` in the bundled font."""
    loaded = font(size, bold=bold)
    return {char: loaded.getlength(char) for char in _CHARS}


@dataclass(frozen=True)
class _Sprite:
    """A line's coverage mask (``None`` when only colour pieces draw), where its top-left
    corner goes from the anchor point, its width, and whether colour pieces draw on top."""

    mask: Image.Image | None
    left: int
    top: int
    width: float
    colour: bool


def _number_sprite(text: str, size: int, bold: bool, anchor: str) -> _Sprite:
    """The mask of a number (characters of :data:`_NUMBER`) put together from the cached
    masks of its characters at the font's advances, as :func:`_draw_number` draws it."""
    width = _number_width(text, size, bold)
    glyphs = _whole_glyphs(size, bold, anchor[1])
    pen = -{"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    placed = []
    for char in text:
        mask, left, top, advance = glyphs[char]
        if mask is not None:
            placed.append((mask, round(pen) + left, top))
        pen += advance
    return _put_together(placed, width)


def _put_together(placed: list[tuple[Any, int, int]], width: float) -> _Sprite:
    """One mask of glyph masks (Pillow's core form) with their corners at (x, y) from the
    anchor point, blended in turn as FreeType blends a line's glyphs: the same mask where
    the glyphs are where FreeType puts them."""
    if not placed:
        return _Sprite(mask=None, left=0, top=0, width=width, colour=False)
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    right = max(x + mask.size[0] for mask, x, _ in placed)
    bottom = max(y + mask.size[1] for mask, _, y in placed)
    image = Image.new("L", (right - left, bottom - top), 0)
    # Pillow's core straight: such a mask is new in almost every picture, and the checks of
    # ImageDraw.Draw cost more than the few blends.
    core: Any = _imaging.draw(image.im, 0)
    for mask, x, y in placed:
        core.draw_bitmap((x - left, y - top), mask, 255)
    return _Sprite(mask=image, left=left, top=top, width=width, colour=False)


def _composed(text: str, size: int, bold: bool, anchor: str) -> _Sprite | None:
    """The mask of a line of printable ASCII put together from its glyphs' masks at the pens
    FreeType's layout gives them (:mod:`bot.pictures.pens`), anchored as FreeType anchors it;
    None where the pens are not known (a ligature, another character) or the anchor's row
    depends on the line (its top or bottom)."""
    found = pens.pens(text, size, bold) if anchor[1] in "amsd" else None
    if found is None:
        return None
    positions, advance = found
    shift = {"l": 0, "m": pixel(advance // 2), "r": pixel(advance)}[anchor[0]]
    glyphs = _glyphs(size, bold, anchor[1])
    placed = []
    for char, pen in zip(text, positions, strict=True):
        mask, left, top, _ = glyphs[char]
        if mask is not None:
            placed.append((mask, pixel(pen) - shift + left, top))
    return _put_together(placed, advance / 64)


@lru_cache(maxsize=64)
def _whole_glyphs(size: int, bold: bool, row: str) -> dict[str, tuple[Any, int, int, float]]:
    """As :func:`_glyphs`, but each mask whole, its empty margin included, as FreeType's
    mask of a whole number has it: :func:`_number_sprite` narrows what it puts together, and
    the narrowing depends on the mask's size."""
    advances = _advances(size, bold)
    glyphs: dict[str, tuple[Any, int, int, float]] = {}
    for char in _NUMBER:
        sprite = _sprite(char, size, bold, "l" + row, 1.0)
        mask = sprite.mask.im if sprite.mask is not None and char.strip() else None
        glyphs[char] = (mask, sprite.left, sprite.top, advances[char])
    return glyphs


def _baseline_shift(size: int, bold: bool, anchor: str) -> float:
    ascent, descent = font(size, bold=bold).getmetrics()
    return {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[anchor[1]]


def _is_colour(piece: Piece) -> bool:
    if piece.face is None:
        return False
    known = info(piece.face)
    return known is not None and (bool(known.strikes) or known.colour)


@lru_cache(maxsize=8192)
def _sprite(text: str, size: int, bold: bool, anchor: str, squeeze: float) -> _Sprite:
    """The mask of ``text`` drawn in white on black, as Pillow draws it at an anchor point."""
    if squeeze != 1.0:
        # A number narrowed (a bet wider than its label) is new in almost every picture: its
        # mask is put together from the digits' masks, as :func:`_draw_number` draws them,
        # rather than laid out and rendered anew by FreeType (a sixth of the time). Only from
        # the left: the same pixels as FreeType's then (centred or from the right, a digit can
        # land a pixel aside of where FreeType puts it).
        # Otherwise the line as FreeType draws it, mask and all: the narrowing depends on
        # the mask's size.
        number = anchor[0] == "l" and _NUMBER.issuperset(text)
        base = (
            _number_sprite(text, size, bold, anchor)
            if number
            else _line(text, size, bold, anchor, composed=False)
        )
        if base.mask is None:
            return base
        # Image.resize without its checks (a third of the time): an "L" mask, resized whole.
        size_out = (max(1, round(base.mask.width * squeeze)), base.mask.height)
        whole = (0, 0, base.mask.width, base.mask.height)
        narrow = base.mask._new(base.mask.im.resize(size_out, Image.Resampling.BICUBIC, whole))
        return _Sprite(
            mask=narrow,
            left=round(base.left * squeeze),
            top=base.top,
            width=base.width * squeeze,
            colour=base.colour,
        )
    return _line(text, size, bold, anchor, composed=True)


def _line(text: str, size: int, bold: bool, anchor: str, *, composed: bool) -> _Sprite:
    """:func:`_sprite` of a line not narrowed. ``composed``: a line of two or more printable
    ASCII characters is put together from its glyphs (:func:`_composed`: a new name costs no
    layout or render by FreeType); the mask holds the same pixels at the same places, but its
    size is not FreeType's."""
    line = layout(text, size, bold)
    if line.plain:
        shown = line.pieces[0].text
        sprite = _composed(shown, size, bold, anchor) if composed and len(shown) > 1 else None
        if sprite is not None:
            return sprite
        loaded = font(size, bold=bold)
        # One layout and render by FreeType, its mask copied into one a pixel wider on every
        # side: what ImageDraw.text drew into that mask after a getbbox (a layout and a pass
        # over the glyphs more, and ImageDraw's checks), the same pixels.
        rendered, (left, top) = loaded.getmask2(shown, "L", anchor=anchor)
        width, height = rendered.size
        mask = Image.new("L", (width + 2, height + 2), 0)
        mask.im.paste(rendered, (1, 1, width + 1, height + 1))
        return _Sprite(mask=mask, left=left - 1, top=top - 1, width=line.width, colour=False)
    # Pieces from several fonts: all but the colour ones go into one mask.
    ascent, descent = font(size, bold=bold).getmetrics()
    pad = max(4, size // 2)
    mask = Image.new("L", (math.ceil(line.width) + 2 * pad, ascent + descent + 2 * pad), 0)
    target = ImageDraw.Draw(mask)
    colour = False
    for piece in line.pieces:
        if _is_colour(piece):
            colour = True
            continue
        origin = (pad + piece.left, pad + ascent)
        _draw_piece(target, origin, piece, size=size, fill=255, bold=bold)
    left = -round({"l": 0.0, "m": line.width / 2, "r": line.width}[anchor[0]]) - pad
    top = round(_baseline_shift(size, bold, anchor)) - ascent - pad
    return _Sprite(
        mask=mask if mask.getbbox() else None, left=left, top=top, width=line.width, colour=colour
    )


def _draw_piece(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    piece: Piece,
    *,
    size: int,
    fill: Ink,
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
    fill: Ink,
) -> None:
    """The code point in two rows of small digits, as tall as a capital letter."""
    digits = font(standin_size(size), bold=True)
    x = origin[0] + piece.width / 2
    top, bottom = standin_digits(piece.text)
    draw.text((x, origin[1] - round(size * 0.48)), top, font=digits, fill=fill, anchor="ms")
    draw.text((x, origin[1]), bottom, font=digits, fill=fill, anchor="ms")


_reloads = [0]


def generation() -> int:
    """How many times the fonts were reloaded: part of the key of a cache of drawn text kept
    outside this module, so that a reload draws it anew."""
    return _reloads[0]


def reload() -> None:
    """Forget the fonts found, read and measured: the next drawing searches the font folders
    (``HOLDEM_FONT_DIRS``) again. For tests and tools; the bot reads them once."""
    _reloads[0] += 1
    fontchain.reload()
    textlayout.reload()
    pens.reload()
    for cached in (fit_text, _bitmap_picture, _sprite, _advances, _glyphs, _whole_glyphs,
                   _glyph_tiles):  # fmt: skip
        cached.cache_clear()
