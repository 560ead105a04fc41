"""Card tiles at the sizes the renderers paste, loaded once and cached.

The committed PNGs under ``assets/cards/`` are the art, installed as package data; this module
reads them once and keeps every size that a renderer asks for in a cache, so that a render only
pastes ready tiles. Smaller tiles come from the 120x168 art by
a Lanczos downscale, which keeps the letters sharp.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib.resources.abc import Traversable

from PIL import Image, ImageDraw

from bot.pictures.resources import CARDS, read_asset
from peer_render_2406b56.card_art import CARD_HEIGHT, CARD_WIDTH

__all__ = [
    "BACK",
    "asset_name",
    "asset_path",
    "card_tile",
    "dimmed_tile",
    "place_tile",
    "tile_height",
]

BACK = "back"


def asset_name(card: str, *, four_colour: bool = False) -> str:
    """The bundled file of ``card`` (or of the back, ``"back"``): ``cards/standard/As.png``."""
    if card == BACK:
        return "cards/back.png"
    return f"cards/{'four-colour' if four_colour else 'standard'}/{card}.png"


def asset_path(card: str, *, four_colour: bool = False) -> Traversable:
    """Where the art of ``card`` lives in the installed ``assets`` package."""
    return CARDS.joinpath(*asset_name(card, four_colour=four_colour).split("/")[1:])


def tile_height(width: int) -> int:
    """The height of a card ``width`` pixels wide (cards keep the 5:7 shape)."""
    return round(width * CARD_HEIGHT / CARD_WIDTH)


@lru_cache(maxsize=256)
def _art(card: str, four_colour: bool) -> Image.Image:
    data = read_asset(asset_name(card, four_colour=four_colour))
    with Image.open(io.BytesIO(data)) as stored:
        return stored.convert("RGBA")


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
