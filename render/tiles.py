"""Card tiles at the sizes the renderers paste, loaded once and cached.

The committed PNGs under ``assets/cards/`` are the art; this module reads them (or, in an
installation without them, draws the same art) and keeps every size that a renderer asks for
in a cache, so that a render only pastes ready tiles. Smaller tiles come from the 120x168 art by
a Lanczos downscale, which keeps the letters sharp.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from render.card_art import CARD_HEIGHT, CARD_WIDTH, draw_back, draw_face
from render.fonts import ASSETS

__all__ = [
    "CARDS_DIR",
    "asset_path",
    "card_tile",
    "dimmed_tile",
    "place_tile",
    "tile_height",
]

CARDS_DIR = ASSETS / "cards"
BACK = "back"


def asset_path(card: str, *, four_colour: bool = False) -> Path:
    """Where the art of ``card`` (or of the back, ``"back"``) lives under ``assets/cards``."""
    if card == BACK:
        return CARDS_DIR / "back.png"
    return CARDS_DIR / ("four-colour" if four_colour else "standard") / f"{card}.png"


def tile_height(width: int) -> int:
    """The height of a card ``width`` pixels wide (cards keep the 5:7 shape)."""
    return round(width * CARD_HEIGHT / CARD_WIDTH)


@lru_cache(maxsize=256)
def _art(card: str, four_colour: bool) -> Image.Image:
    path = asset_path(card, four_colour=four_colour)
    if path.is_file():
        with Image.open(path) as stored:
            return stored.convert("RGBA")
    return draw_back() if card == BACK else draw_face(card, four_colour=four_colour)


@lru_cache(maxsize=1024)
def card_tile(card: str, width: int = CARD_WIDTH, *, four_colour: bool = False) -> Image.Image:
    """``card`` ("As", or ``"back"``) as an RGBA tile ``width`` pixels wide. Do not modify it."""
    art = _art(card, four_colour and card != BACK)
    if width == CARD_WIDTH:
        return art
    return art.resize((width, tile_height(width)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def dimmed_tile(card: str, width: int, *, four_colour: bool = False) -> Image.Image:
    """``card`` greyed out, for the cards that do not play in a showdown hand."""
    tile = card_tile(card, width, four_colour=four_colour)
    shade = Image.new("RGBA", tile.size, (40, 44, 48, 150))
    dimmed = Image.alpha_composite(tile, shade)
    dimmed.putalpha(tile.getchannel("A"))
    return dimmed


@lru_cache(maxsize=16)
def place_tile(width: int) -> Image.Image:
    """An empty place on the felt, for a board card still to come."""
    height = tile_height(width)
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle(
        (1, 1, width - 2, height - 2),
        radius=max(3, width // 11),
        fill=(0, 0, 0, 40),
        outline=(255, 255, 255, 90),
        width=2,
    )
    return tile
