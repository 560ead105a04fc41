"""Drawing pieces shared by the renderers: colours, pills, chips, pasted tiles.

The colours are those of a dark card room (deep green felt, wooden rail, charcoal room) with
light text, chosen for contrast on Discord's dark and light themes alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.fonts import draw_text, fit_squeezed, fit_text, text_width

__all__ = [
    "BACKGROUND",
    "GOLD",
    "TEXT",
    "TEXT_DIM",
    "Colour",
    "Rect",
    "blit",
    "chip",
    "dealer_button",
    "label_plate",
    "paste_tile",
    "pill",
    "pill_tile",
    "seat_plate",
    "text_in",
]

Colour = tuple[int, int, int]

BACKGROUND: Colour = (30, 33, 38)
FELT: Colour = (24, 104, 62)
FELT_LINE: Colour = (44, 128, 82)
RAIL: Colour = (74, 44, 26)
RAIL_EDGE: Colour = (118, 78, 44)
TEXT: Colour = (244, 244, 240)
TEXT_DIM: Colour = (150, 156, 162)
GOLD: Colour = (255, 204, 64)
STACK: Colour = (250, 214, 120)
SEAT: Colour = (22, 26, 31)
SEAT_DIM: Colour = (46, 50, 56)
SEAT_EDGE: Colour = (92, 102, 114)
SEAT_TURN: Colour = (58, 48, 16)  # the box of the player to act, warmer
ALL_IN: Colour = (200, 36, 44)
BADGE_GREY: Colour = (84, 90, 98)
PILL: Colour = (14, 52, 32)


@dataclass(frozen=True, kw_only=True)
class Rect:
    """An axis-aligned box in image pixels; ``right`` and ``bottom`` are exclusive."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The inclusive box that :mod:`PIL.ImageDraw` expects."""
        return (self.left, self.top, self.right - 1, self.bottom - 1)

    def moved(self, dx: int, dy: int) -> Rect:
        """The same box ``dx`` pixels to the right and ``dy`` down."""
        return Rect(left=self.left + dx, top=self.top + dy, right=self.right + dx,
                    bottom=self.bottom + dy)  # fmt: skip

    def intersects(self, other: Rect) -> bool:
        """Whether the two boxes share at least one pixel."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    def inside(self, width: int, height: int) -> bool:
        """Whether the box lies within an image of that size."""
        return self.left >= 0 and self.top >= 0 and self.right <= width and self.bottom <= height


def text_in(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    width: int,
    fill: Colour,
    bold: bool = False,
    anchor: str = "ls",
) -> float:
    """Draw ``text`` cut to ``width`` pixels; return the width it took."""
    shown = fit_text(text, size, width, bold=bold)
    return draw_text(draw, xy, shown, size=size, fill=fill, bold=bold, anchor=anchor)


def pill(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    text: str,
    *,
    size: int,
    max_width: int,
    fill: Colour,
    colour: Colour = TEXT,
    bold: bool = True,
    outline: Colour | None = None,
) -> Rect:
    """A rounded label centred on ``centre``, never wider than ``max_width``; return its box.

    The label is drawn once into a tile and kept: a table shows the same few pills ("All-in",
    "SB") picture after picture, and pasting a tile costs a tenth of drawing it.
    """
    tile = pill_tile(text, size, max_width, fill, colour, bold, outline)
    x, y = centre
    rect = Rect(
        left=x - tile.width // 2,
        top=y - tile.height // 2,
        right=x - tile.width // 2 + tile.width,
        bottom=y - tile.height // 2 + tile.height,
    )
    # ImageDraw has no public way back to its image; the tile is pasted onto it.
    canvas: Image.Image = draw._image
    blit(canvas, tile, (rect.left, rect.top), masked=True)
    return rect


@lru_cache(maxsize=2048)
def pill_tile(
    text: str,
    size: int,
    max_width: int,
    fill: Colour,
    colour: Colour = TEXT,
    bold: bool = True,
    outline: Colour | None = None,
) -> Image.Image:
    """The tile that :func:`pill` pastes: text narrowed or cut to fit ``max_width``."""
    pad = size // 2 + 2
    shown, squeeze = fit_squeezed(text, size, max_width - 2 * pad, bold=bold)
    width = int(text_width(shown, size, bold=bold) * squeeze) + 2 * pad
    height = size + 8
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=height // 2,
        fill=fill,
        outline=outline,
        width=1 if outline else 0,
    )
    if shown:
        draw_text(
            draw,
            (width // 2, height // 2 + 1),
            shown,
            size=size,
            fill=colour,
            bold=bold,
            anchor="mm",
            squeeze=squeeze,
        )
    return tile


def chip(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, colour: Colour) -> None:
    """A casino chip seen from above: a coloured disc with white edge spots and an inner ring."""
    x, y = centre
    _chip_shape(draw, x, y, radius, colour)


def _chip_shape(draw: ImageDraw.ImageDraw, x: int, y: int, radius: int, colour: Colour) -> None:
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=colour,
        outline=(250, 250, 250),
        width=max(2, radius // 4),
    )
    inner = radius * 3 // 5
    draw.ellipse(
        (x - inner, y - inner, x + inner, y + inner), fill=colour, outline=(250, 250, 250), width=1
    )


def paste_tile(canvas: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA tile onto an RGB canvas, its transparent corners showing the felt."""
    blit(canvas, tile, xy, masked=True)


def blit(canvas: Image.Image, tile: Image.Image, xy: tuple[int, int], *, masked: bool) -> None:
    """Paste ``tile`` at ``xy``, through its own alpha when ``masked`` (else a block copy).

    The same as ``canvas.paste(tile, xy, tile)``, straight to Pillow's core: a picture pastes
    about a hundred tiles, and the checks :meth:`PIL.Image.Image.paste` makes on each (mode,
    size, read-only copy, lazy load) cost more than the copy itself. The canvases here are
    fresh images of ours, loaded and writable, so the checks have nothing to find.
    """
    x, y = xy
    core = tile.im
    box = (x, y, x + tile.width, y + tile.height)
    if masked:
        canvas.im.paste(core, box, core)
    else:
        canvas.im.paste(core, box)


@lru_cache(maxsize=64)
def seat_plate(width: int, height: int, look: str, turn: bool, glow: int) -> Image.Image:
    """A seat's box as a tile with ``glow`` pixels of room around it, drawn once.

    ``look`` is ``"empty"``, ``"dim"`` (folded or sitting out) or ``"live"``. The player to act
    gets a wide gold halo, a gold frame and a warmer box: at 400 px a 2 px outline vanishes,
    a halo and a lit box do not.
    """
    tile = Image.new("RGBA", (width + 2 * glow, height + 2 * glow), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    box = (glow, glow, glow + width - 1, glow + height - 1)
    if look == "empty":
        draw.rounded_rectangle(box, radius=12, fill=(26, 30, 34), outline=(70, 76, 84), width=1)
        return tile
    if turn:
        for step, alpha in enumerate((50, 90, 140, 200)):
            grow = glow - 2 * step
            draw.rounded_rectangle(
                (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow),
                radius=12 + grow,
                fill=(*GOLD, alpha),
            )
    fill = {"dim": SEAT_DIM, "live": SEAT}[look]
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=SEAT_TURN if turn else fill,
        outline=GOLD if turn else SEAT_EDGE,
        width=4 if turn else 1,
    )
    return tile


@lru_cache(maxsize=32)
def dealer_button(
    text: str, fill: Colour = (250, 250, 246), colour: Colour = (20, 20, 20)
) -> Image.Image:
    """A 32 px disc with a short (translated) label: the dealer button, or with another
    ``fill`` a blind's marker. The label is 20 px, narrowed to fit (7 px on a phone)."""
    tile = Image.new("RGBA", (32, 32), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.ellipse((0, 0, 31, 31), fill=fill, outline=(60, 60, 60), width=2)
    shown, squeeze = fit_squeezed(text, 20, 26, bold=True)
    draw_text(draw, (16, 17), shown, size=20, fill=colour, bold=True, anchor="mm",
              squeeze=squeeze)  # fmt: skip
    return tile


@lru_cache(maxsize=512)
def label_plate(width: int, height: int, radius: int) -> Image.Image:
    """The dark pill and red chip behind a bet or a pot, ``width`` pixels wide, drawn once."""
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=height // 2, fill=PILL, outline=FELT_LINE, width=1
    )
    chip(draw, (radius + 4, height // 2), radius, (196, 32, 44))
    return tile
