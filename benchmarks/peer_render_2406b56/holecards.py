"""A player's private picture: their two cards, and after the flop the name of their hand.

Sent in an ephemeral reply, so it is small and drawn at the cards' own size (120x168, the
committed art pasted as is, no scaling), on a strip of felt that reads on light and dark themes.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures.views import HoleCardsView
from peer_render_2406b56 import draw as d
from peer_render_2406b56.card_art import CARD_HEIGHT, CARD_WIDTH
from peer_render_2406b56.fonts import clean_text, draw_text, fit_text, text_width
from peer_render_2406b56.png import encode_png
from peer_render_2406b56.tiles import card_tile

__all__ = ["card_origins", "draw_hole_cards", "render_hole_cards"]

MARGIN, GAP = 14, 10
NAME_SIZE, NAME_BAND = 20, 40
MAX_WIDTH = 420
FELT = (18, 88, 52)


def _width(view: HoleCardsView) -> int:
    cards = len(view.cards) * CARD_WIDTH + (len(view.cards) - 1) * GAP + 2 * MARGIN
    if not view.hand_name:
        return cards
    name = int(text_width(clean_text(view.hand_name), NAME_SIZE, bold=True)) + 2 * MARGIN
    return min(MAX_WIDTH, max(cards, name))


def card_origins(view: HoleCardsView) -> tuple[tuple[int, int], ...]:
    """The top-left corner of each card in the picture, so tests can crop them."""
    width = _width(view)
    row = len(view.cards) * CARD_WIDTH + (len(view.cards) - 1) * GAP
    left = (width - row) // 2
    return tuple((left + i * (CARD_WIDTH + GAP), MARGIN) for i in range(len(view.cards)))


def draw_hole_cards(view: HoleCardsView) -> Image.Image:
    """The hole cards as an RGB image; :func:`render_hole_cards` is the same as PNG bytes."""
    width = _width(view)
    height = CARD_HEIGHT + 2 * MARGIN + (NAME_BAND if view.hand_name else 0)
    canvas = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width - 1, height - 1), outline=d.FELT_LINE, width=2)
    for card, origin in zip(view.cards, card_origins(view), strict=True):
        d.paste_tile(canvas, card_tile(card, four_colour=view.four_colour), origin)
    if view.hand_name:
        shown = fit_text(view.hand_name, NAME_SIZE, width - 2 * MARGIN, bold=True)
        draw_text(
            draw,
            (width // 2, MARGIN + CARD_HEIGHT + NAME_BAND // 2 + 4),
            shown,
            size=NAME_SIZE,
            fill=d.TEXT,
            bold=True,
            anchor="mm",
        )
    return canvas


def render_hole_cards(view: HoleCardsView) -> bytes:
    """The hole cards as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_hole_cards(view))
