"""A player's private picture: their two cards, the board, their hand's name, what to call.

Sent in an ephemeral reply, so it is small and drawn at the cards' own size (120x168, the
committed art pasted as is, no scaling), on a strip of felt that reads on light and dark themes.
Under the cards come, when there are any, the board dealt so far (small, so the player sees
their hand without scrolling back to the table), the name of their hand and the amount they
must put in to call.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.card_art import CARD_HEIGHT, CARD_WIDTH
from bot.pictures.fonts import clean_text, draw_text, fit_squeezed, text_width
from bot.pictures.png import encode_png
from bot.pictures.tiles import card_tile, place_tile, tile_height
from bot.pictures.views import HoleCardsView, format_amount

__all__ = ["BOARD_CARD", "board_origins", "card_origins", "draw_hole_cards", "render_hole_cards"]

MARGIN, GAP = 14, 10
NAME_SIZE, NAME_BAND = 22, 40
CALL_SIZE, CALL_BAND = 22, 38
BOARD_CARD, BOARD_GAP = 50, 5
MAX_WIDTH = 420
FELT = (18, 88, 52)


def _call_text(view: HoleCardsView) -> str:
    if view.to_call <= 0:
        return ""
    amount = format_amount(view.to_call, view.thousands_sep)
    return view.to_call_label.replace("{amount}", amount)


def _width(view: HoleCardsView) -> int:
    cards = len(view.cards) * CARD_WIDTH + (len(view.cards) - 1) * GAP + 2 * MARGIN
    if view.board:
        cards = max(cards, 5 * BOARD_CARD + 4 * BOARD_GAP + 2 * MARGIN)
    texts = [clean_text(view.hand_name or ""), clean_text(_call_text(view))]
    widest = max(int(text_width(text, NAME_SIZE, bold=True)) for text in texts)
    return min(MAX_WIDTH, max(cards, widest + 2 * MARGIN))


def card_origins(view: HoleCardsView) -> tuple[tuple[int, int], ...]:
    """The top-left corner of each card in the picture, so tests can crop them."""
    width = _width(view)
    row = len(view.cards) * CARD_WIDTH + (len(view.cards) - 1) * GAP
    left = (width - row) // 2
    return tuple((left + i * (CARD_WIDTH + GAP), MARGIN) for i in range(len(view.cards)))


def board_origins(view: HoleCardsView) -> tuple[tuple[int, int], ...]:
    """The top-left corner of the five board places (empty when no board is shown)."""
    if not view.board:
        return ()
    width = _width(view)
    row = 5 * BOARD_CARD + 4 * BOARD_GAP
    left = (width - row) // 2
    top = MARGIN + CARD_HEIGHT + GAP
    return tuple((left + i * (BOARD_CARD + BOARD_GAP), top) for i in range(5))


def _height(view: HoleCardsView) -> int:
    height = CARD_HEIGHT + 2 * MARGIN
    if view.board:
        height += tile_height(BOARD_CARD) + GAP
    if view.hand_name:
        height += NAME_BAND
    if _call_text(view):
        height += CALL_BAND
    return height


def draw_hole_cards(view: HoleCardsView) -> Image.Image:
    """The hole cards as an RGB image; :func:`render_hole_cards` is the same as PNG bytes."""
    width, height = _width(view), _height(view)
    canvas = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width - 1, height - 1), outline=d.FELT_LINE, width=2)
    for card, origin in zip(view.cards, card_origins(view), strict=True):
        d.paste_tile(canvas, card_tile(card, four_colour=view.four_colour), origin)
    y = MARGIN + CARD_HEIGHT
    for i, origin in enumerate(board_origins(view)):
        tile = (
            card_tile(view.board[i], BOARD_CARD, four_colour=view.four_colour)
            if i < len(view.board)
            else place_tile(BOARD_CARD)
        )
        d.paste_tile(canvas, tile, origin)
    if view.board:
        y += GAP + tile_height(BOARD_CARD)
    for text, band, colour in (
        (view.hand_name or "", NAME_BAND, d.TEXT),
        (_call_text(view), CALL_BAND, d.STACK),
    ):
        if not text:
            continue
        shown, squeeze = fit_squeezed(text, NAME_SIZE, width - 2 * MARGIN, bold=True)
        draw_text(
            draw,
            (width // 2, y + band // 2 + 4),
            shown,
            size=NAME_SIZE,
            fill=colour,
            bold=True,
            anchor="mm",
            squeeze=squeeze,
        )
        y += band
    return canvas


def render_hole_cards(view: HoleCardsView) -> bytes:
    """The hole cards as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_hole_cards(view))
