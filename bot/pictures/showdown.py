"""The showdown picture: winners first, what each took from which pot, the cards that play lit.

Each row repeats the board next to the player's two cards, so that the five cards making that
player's hand can be outlined in gold and the others dimmed, row by row: players see at once
why a hand won, which a single shared board could not show for several hands. Winners' rows
come first, framed in gold, with the hand's name large and what they won: "Pot: wins 3,150" for
a whole pot, else the total and one line per pot they took (its name left, its amount right),
so a split or a side pot reads without arithmetic and no label runs into an amount.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.draw import Rect
from bot.pictures.fonts import draw_text, fit_squeezed, text_width
from bot.pictures.png import encode_png
from bot.pictures.tiles import card_tile, dimmed_tile, place_tile, tile_height
from bot.pictures.views import ShowdownHandView, ShowdownView, format_amount

__all__ = [
    "CARD",
    "draw_showdown",
    "ordered_hands",
    "render_showdown",
    "showdown_layout",
    "won_lines",
]

CARD = 52
GAP = 6
MARGIN = 16
TEXT_COLUMN = 250
NAME_SIZE, HAND_SIZE, WIN_SIZE = 20, 24, 20
LINE = 27  # one line of won pots
CARDS_HEIGHT = tile_height(CARD) + 20
TITLE_BAND = 40
_ROW_WINNER = (24, 52, 38)
WIDTH = MARGIN + TEXT_COLUMN + MARGIN + 2 * CARD + GAP + 24 + 5 * CARD + 4 * GAP + MARGIN


def ordered_hands(view: ShowdownView) -> tuple[ShowdownHandView, ...]:
    """The hands as drawn: winners first (the most won first), then the others as shown."""
    winners = sorted((h for h in view.hands if h.is_winner), key=lambda h: -h.won)
    return (*winners, *(h for h in view.hands if not h.is_winner))


def won_lines(hand: ShowdownHandView, view: ShowdownView) -> list[tuple[str, str]]:
    """(label, amount) lines under a winner's hand name; the label may be empty."""
    sep = view.labels.thousands_sep
    lines: list[tuple[str, str]] = []
    if hand.won:
        lines.append((view.labels.wins.replace("{amount}", format_amount(hand.won, sep)), ""))
    if len(hand.pots) > 1 or (hand.pots and hand.pots[0].amount != hand.won):
        lines += [(pot.label, format_amount(pot.amount, sep)) for pot in hand.pots]
    elif hand.pots:  # one pot, all of it: "Side pot 1: wins 1,200" (the pot named first)
        lines[-1] = (hand.pots[0].label + ": " + lines[-1][0], "")
    return lines


HAND_BAND = 38  # the hand's name, across the whole row


def _band(hand: ShowdownHandView) -> int:
    """A winner's hand name runs across the row above the cards; the others' sits by them."""
    return HAND_BAND if hand.is_winner and hand.hand_name else 0


def _row_height(hand: ShowdownHandView, view: ShowdownView) -> int:
    text = 34 + LINE * (len(won_lines(hand, view)) + (0 if _band(hand) else 1)) + 6
    return _band(hand) + max(CARDS_HEIGHT, text)


def _top(view: ShowdownView) -> int:
    return MARGIN + (TITLE_BAND if view.title else 0)


def showdown_layout(view: ShowdownView) -> tuple[tuple[Rect, tuple[Rect, ...]], ...]:
    """For each hand of :func:`ordered_hands`: its row, and the places of its seven cards (two
    hole cards, then the board)."""
    height = tile_height(CARD)
    rows = []
    top = _top(view)
    for hand in ordered_hands(view):
        row_height = _row_height(hand, view)
        row = Rect(
            left=MARGIN // 2, top=top, right=WIDTH - MARGIN // 2, bottom=top + row_height - 6
        )
        band = _band(hand)
        y = top + band + (row_height - band - 6 - height) // 2
        x = MARGIN + TEXT_COLUMN + MARGIN
        board_left = x + 2 * CARD + GAP + 24
        lefts = [x, x + CARD + GAP] + [board_left + i * (CARD + GAP) for i in range(5)]
        places = tuple(Rect(left=lx, top=y, right=lx + CARD, bottom=y + height) for lx in lefts)
        rows.append((row, places))
        top += row_height
    return tuple(rows)


@lru_cache(maxsize=64)
def _row_plate(width: int, height: int, winner: bool) -> Image.Image:
    """The box of one row, a winner's framed in gold, on the background; drawn once per size.

    This tile and those of the cards are opaque, so pasting them is a block copy."""
    tile = Image.new("RGB", (width, height), d.BACKGROUND)
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=12,
        fill=_ROW_WINNER if winner else d.SEAT,
        outline=d.GOLD if winner else d.SEAT_EDGE,
        width=3 if winner else 1,
    )
    return tile


@lru_cache(maxsize=1024)
def _card_on_row(card: str | None, look: str, four_colour: bool, winner: bool) -> Image.Image:
    """A card on its row's colour with 3 pixels around it: ``look`` ``"play"`` (framed in
    gold), ``"dim"`` (not in the best five) or ``"plain"``; ``None`` is a place to come."""
    height = tile_height(CARD)
    tile = Image.new("RGB", (CARD + 6, height + 6), _ROW_WINNER if winner else d.SEAT)
    if card is None:
        art = place_tile(CARD)
    elif look == "dim":
        art = dimmed_tile(card, CARD, four_colour=four_colour)
    else:
        art = card_tile(card, CARD, four_colour=four_colour)
    tile.paste(art, (3, 3), art)
    if look == "play" and card is not None:
        ImageDraw.Draw(tile).rounded_rectangle(
            (0, 0, CARD + 5, height + 5), radius=8, outline=d.GOLD, width=3
        )
    return tile


@lru_cache(maxsize=16)
def _blank(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), d.BACKGROUND)


def _line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    *,
    size: int,
    width: int,
    fill: d.Colour,
    bold: bool,
    anchor: str = "ls",
) -> int:
    shown, squeeze = fit_squeezed(text, size, width, bold=bold)
    draw_text(draw, xy, shown, size=size, fill=fill, bold=bold, anchor=anchor, squeeze=squeeze)
    return int(text_width(shown, size, bold=bold) * squeeze)


def _hand(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    view: ShowdownView,
    hand: ShowdownHandView,
    row: Rect,
    places: tuple[Rect, ...],
) -> None:
    d.blit(
        canvas, _row_plate(row.width, row.height, hand.is_winner), (row.left, row.top), masked=False
    )
    text_x, column = MARGIN + 8, TEXT_COLUMN - 8
    top = row.top + _band(hand)
    _line(draw, (text_x, top + 26), hand.name, size=NAME_SIZE, width=column, fill=d.TEXT,
          bold=True)  # fmt: skip
    y = top + 26 + LINE
    if hand.hand_name and _band(hand):
        _line(draw, (text_x, row.top + 32), hand.hand_name, size=HAND_SIZE,
              width=row.width - 24, fill=d.GOLD, bold=True)  # fmt: skip
    elif hand.hand_name:
        _line(draw, (text_x, y), hand.hand_name, size=NAME_SIZE, width=column, fill=d.TEXT_DIM,
              bold=False)  # fmt: skip
        y += LINE
    for label, amount in won_lines(hand, view):
        if amount:
            used = _line(draw, (text_x + column, y), amount, size=WIN_SIZE, width=column // 2,
                         fill=d.STACK, bold=True, anchor="rs")  # fmt: skip
            _line(draw, (text_x, y), label, size=WIN_SIZE, width=column - used - 10, fill=d.TEXT,
                  bold=False)  # fmt: skip
        else:
            _line(draw, (text_x, y), label, size=WIN_SIZE, width=column, fill=d.STACK, bold=True)
        y += LINE
    hole = [hand.cards[i] if i < len(hand.cards) else None for i in range(2)]
    board = [view.board[i] if i < len(view.board) else None for i in range(5)]
    playing = set(hand.best_five)
    for card, place in zip(hole + board, places, strict=True):
        look = "plain" if not playing else "play" if card in playing else "dim"
        tile = _card_on_row(card, look, view.four_colour, hand.is_winner)
        d.blit(canvas, tile, (place.left - 3, place.top - 3), masked=False)


def draw_showdown(view: ShowdownView) -> Image.Image:
    """The showdown as an RGB image; :func:`render_showdown` is the same as PNG bytes."""
    layout = showdown_layout(view)
    height = (layout[-1][0].bottom if layout else _top(view)) + 6 + MARGIN // 2
    canvas = _blank(WIDTH, height).copy()
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
    for hand, (row, places) in zip(ordered_hands(view), layout, strict=True):
        _hand(draw, canvas, view, hand, row, places)
    return canvas


def render_showdown(view: ShowdownView) -> bytes:
    """The showdown as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_showdown(view))
