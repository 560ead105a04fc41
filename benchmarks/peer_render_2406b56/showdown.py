"""The showdown picture: one row per revealed hand, the cards that play lit up.

Each row repeats the board next to the player's two cards, so that the five cards making that
player's hand can be outlined in gold and the others dimmed, row by row: players see at once
why a hand won, which a single shared board could not show for several hands. Winners' rows
are framed in gold with what they won.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures.views import ShowdownHandView, ShowdownView, format_amount
from peer_render_2406b56 import draw as d
from peer_render_2406b56.draw import Rect
from peer_render_2406b56.png import encode_png
from peer_render_2406b56.tiles import card_tile, dimmed_tile, place_tile, tile_height

__all__ = ["CARD", "draw_showdown", "render_showdown", "showdown_layout"]

CARD = 60
GAP = 6
MARGIN = 16
TEXT_COLUMN = 250
ROW_HEIGHT = tile_height(CARD) + 20
TITLE_BAND = 40
WIDTH = MARGIN + TEXT_COLUMN + MARGIN + 2 * CARD + GAP + 24 + 5 * CARD + 4 * GAP + MARGIN


def _top(view: ShowdownView) -> int:
    return MARGIN + (TITLE_BAND if view.title else 0)


def showdown_layout(view: ShowdownView) -> tuple[tuple[Rect, tuple[Rect, ...]], ...]:
    """For each hand: its row, and the places of its seven cards (two hole cards, then board)."""
    height = tile_height(CARD)
    rows = []
    for index in range(len(view.hands)):
        top = _top(view) + index * ROW_HEIGHT
        row = Rect(
            left=MARGIN // 2, top=top, right=WIDTH - MARGIN // 2, bottom=top + ROW_HEIGHT - 6
        )
        y = top + (ROW_HEIGHT - 6 - height) // 2
        x = MARGIN + TEXT_COLUMN + MARGIN
        board_left = x + 2 * CARD + GAP + 24
        lefts = [x, x + CARD + GAP] + [board_left + i * (CARD + GAP) for i in range(5)]
        places = tuple(Rect(left=lx, top=y, right=lx + CARD, bottom=y + height) for lx in lefts)
        rows.append((row, places))
    return tuple(rows)


def _hand(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    view: ShowdownView,
    hand: ShowdownHandView,
    row: Rect,
    places: tuple[Rect, ...],
) -> None:
    draw.rounded_rectangle(
        row.box,
        radius=12,
        fill=(24, 52, 38) if hand.is_winner else d.SEAT,
        outline=d.GOLD if hand.is_winner else d.SEAT_EDGE,
        width=3 if hand.is_winner else 1,
    )
    text_x = MARGIN + 8
    d.text_in(
        draw,
        (text_x, row.top + 30),
        hand.name,
        size=20,
        width=TEXT_COLUMN - 8,
        fill=d.TEXT,
        bold=True,
    )
    if hand.hand_name:
        d.text_in(
            draw,
            (text_x, row.top + 56),
            hand.hand_name,
            size=16,
            width=TEXT_COLUMN - 8,
            fill=d.TEXT if hand.is_winner else d.TEXT_DIM,
        )
    if hand.won:
        amount = format_amount(hand.won, view.labels.thousands_sep)
        wins = view.labels.wins.replace("{amount}", amount)
        d.text_in(
            draw,
            (text_x, row.top + 82),
            wins,
            size=17,
            width=TEXT_COLUMN - 8,
            fill=d.GOLD,
            bold=True,
        )
    hole = [hand.cards[i] if i < len(hand.cards) else None for i in range(2)]
    board = [view.board[i] if i < len(view.board) else None for i in range(5)]
    playing = set(hand.best_five)
    for card, place in zip(hole + board, places, strict=True):
        if card is None:
            d.paste_tile(canvas, place_tile(CARD), (place.left, place.top))
            continue
        if playing and card not in playing:
            d.paste_tile(
                canvas,
                dimmed_tile(card, CARD, four_colour=view.four_colour),
                (place.left, place.top),
            )
            continue
        d.paste_tile(
            canvas, card_tile(card, CARD, four_colour=view.four_colour), (place.left, place.top)
        )
        if playing:
            draw.rounded_rectangle(
                (place.left - 3, place.top - 3, place.right + 2, place.bottom + 2),
                radius=8,
                outline=d.GOLD,
                width=3,
            )


def draw_showdown(view: ShowdownView) -> Image.Image:
    """The showdown as an RGB image; :func:`render_showdown` is the same as PNG bytes."""
    layout = showdown_layout(view)
    height = _top(view) + len(layout) * ROW_HEIGHT + MARGIN // 2
    canvas = Image.new("RGB", (WIDTH, height), d.BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    if view.title:
        d.text_in(
            draw,
            (MARGIN, MARGIN + 24),
            view.title,
            size=24,
            width=WIDTH - 2 * MARGIN,
            fill=d.TEXT,
            bold=True,
        )
    for hand, (row, places) in zip(view.hands, layout, strict=True):
        _hand(draw, canvas, view, hand, row, places)
    return canvas


def render_showdown(view: ShowdownView) -> bytes:
    """The showdown as PNG bytes; the same view always gives the same bytes.

    Sent once a hand and with up to ten rows, it is compressed harder than the table.
    """
    return encode_png(draw_showdown(view), level=6)
