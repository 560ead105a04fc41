"""Drawing pieces shared by the renderers: colours, pills, chips, pasted tiles.

The colours are those of a dark card room (deep green felt, wooden rail, charcoal room) with
light text, chosen for contrast on Discord's dark and light themes alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from peer_render_2406b56.fonts import draw_text, fit_text, text_width

__all__ = [
    "BACKGROUND",
    "GOLD",
    "TEXT",
    "TEXT_DIM",
    "Colour",
    "Rect",
    "chip",
    "paste_tile",
    "pill",
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
    """A rounded label centred on ``centre``, never wider than ``max_width``; return its box."""
    pad = size // 2 + 2
    shown = fit_text(text, size, max_width - 2 * pad, bold=bold)
    width = int(text_width(shown, size, bold=bold)) + 2 * pad
    height = size + 8
    x, y = centre
    rect = Rect(
        left=x - width // 2,
        top=y - height // 2,
        right=x - width // 2 + width,
        bottom=y - height // 2 + height,
    )
    draw.rounded_rectangle(
        rect.box, radius=height // 2, fill=fill, outline=outline, width=1 if outline else 0
    )
    if shown:
        draw_text(draw, (x, y + 1), shown, size=size, fill=colour, bold=bold, anchor="mm")
    return rect


def chip(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, colour: Colour) -> None:
    """A casino chip seen from above: a coloured disc with white edge spots and an inner ring."""
    x, y = centre
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
    canvas.paste(tile, xy, tile)
