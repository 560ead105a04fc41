"""The room, the rail and the felt under every table picture, drawn once.

A module of its own so that the table (:mod:`bot.pictures.table`) and its seats
(:mod:`bot.pictures.seats`) cut their opaque tiles from the same felt.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import draw as d

__all__ = ["CENTRE", "HEIGHT", "SEAT_ORBIT", "WIDTH", "felt", "on_felt"]

# 800 px wide, so that a phone showing it 400 px wide halves it: every text below is at least
# 20 px (capitals and digits 15 px high), 7 px or more on the phone (tests measure them).
WIDTH, HEIGHT = 800, 560
CENTRE = (400, 280)
SEAT_ORBIT = (322, 212)


@lru_cache(maxsize=1)
def felt() -> Image.Image:
    """The room, the rail and the felt, which every table picture shares. Do not modify it."""
    image = Image.new("RGB", (WIDTH, HEIGHT), d.BACKGROUND)
    draw = ImageDraw.Draw(image)
    cx, cy = CENTRE

    def oval(rx: int, ry: int, **kwargs: object) -> None:
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), **kwargs)  # type: ignore[arg-type]

    ox, oy = SEAT_ORBIT
    oval(ox + 26, oy + 6, fill=(18, 20, 24))
    oval(ox + 20, oy, fill=d.RAIL)
    oval(ox + 16, oy - 4, outline=d.RAIL_EDGE, width=3)
    oval(ox - 6, oy - 26, fill=(12, 70, 40))
    # A few bands of lighter green towards the middle, like a lamp over the table.
    for step in range(12):
        shade = tuple(c + step * 2 for c in (16, 82, 48))
        oval(ox - 10 - step * 11, oy - 30 - step * 9, fill=shade)
    oval(ox - 70, oy - 64, outline=d.FELT_LINE, width=2)
    return image


def on_felt(box: d.Rect) -> Image.Image:
    """The felt under ``box``, a new image to draw on: a tile drawn on it is opaque and pastes
    as a block copy (a tile with transparent corners costs five times as much to paste)."""
    return felt().crop((box.left, box.top, box.right, box.bottom))
