"""A seat of the table picture: its cards, box, name, stack, badge or chances, blind, button.

Everything of a seat but its stack changes far less often than the stack does, so
:func:`seat_tile` draws it once onto the felt under the seat and keeps it as one opaque tile; a
picture pastes that tile and draws the stack over it (:func:`stack`), which lies clear of
everything else the seat draws. Drawn onto the tile or straight onto the picture, a seat gives
the same pixels (:func:`seat_face` draws both). A seat is drawn straight onto the picture the
first time it is seen, and made a tile only when seen again while still remembered: with
thousands of tables drawn in turn no seat comes back before its tile would be dropped, and
making a tile never used cost a third of the table's drawing (0.75 against 0.49 ms a table
picture of 2,000 tables' stream).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from operator import attrgetter

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.draw import Rect
from bot.pictures.felt import on_felt
from bot.pictures.fonts import draw_text, fit_squeezed, generation, text_width
from bot.pictures.tiles import card_tile
from bot.pictures.views import (
    Blind,
    SeatOdds,
    SeatState,
    SeatView,
    TableLabels,
    format_amount,
    format_percent,
)

__all__ = [
    "FACE",
    "GLOW",
    "NAME_SIZE",
    "ODDS_SIZE",
    "SEAT_CARD_WIDTH",
    "odds_text",
    "seat_face",
    "seat_tile",
    "stack",
]

SEAT_CARD_WIDTH = 38
NAME_SIZE, STACK_SIZE, BADGE_SIZE, ODDS_SIZE = 20, 20, 20, 20
GLOW = 9
"""Room around a seat box for the turn marker's glow."""
_ODDS = (236, 236, 228)  # a light strip in the seat, as on a broadcast


@lru_cache(maxsize=256)
def _plate_on_felt(box: Rect, look: str) -> Image.Image:
    """A seat's box without a turn marker, on the felt under it, opaque."""
    tile = on_felt(box)
    plate = d.seat_plate(box.width, box.height, look, False, GLOW)
    inner = plate.crop((GLOW, GLOW, GLOW + box.width, GLOW + box.height))
    tile.paste(inner, (0, 0), inner)
    return tile


@lru_cache(maxsize=256)
def _backs_on_felt(cx: int, top: int) -> Image.Image:
    """Two face-down cards side by side on the felt under them, as one opaque tile."""
    left = cx - SEAT_CARD_WIDTH - 2
    back = card_tile("back", SEAT_CARD_WIDTH)
    tile = on_felt(Rect(left=left, top=top, right=left + 2 * SEAT_CARD_WIDTH + 4,
                        bottom=top + back.height))  # fmt: skip
    for i in range(2):
        tile.paste(back, (i * (SEAT_CARD_WIDTH + 4), 0), back)
    return tile


FACE = ("name", "is_button", "blind", "state", "is_turn", "in_hand", "cards", "odds")
"""What :func:`seat_face` draws of a seat: every field of :class:`SeatView` but the stack and
the bet (a test keeps it so)."""
_face = attrgetter(*FACE)
TILES_KEPT = 128
"""Seat tiles kept, about 50 KB each: a dozen tables of ten. As many seats seen once are
remembered (their keys only), to make a tile of one seen again."""
_tiles: dict[Hashable, Image.Image] = {}
_seen: dict[Hashable, None] = {}


def seat_tile(
    box: Rect, rect: Rect, region: Rect, seat: SeatView, labels: TableLabels, four_colour: bool
) -> Image.Image | None:
    """:func:`seat_face` of the seat whose box and whole place are ``box`` and ``rect``, on
    the felt under ``region`` (which holds them, the strip of chances and the turn's glow), as
    an opaque tile to paste at ``region``'s corner; the last :data:`TILES_KEPT` drawn are
    kept, keyed by what they show (the seat's :data:`FACE`, where, the labels, the deck's
    colours and :func:`bot.pictures.fonts.generation`, so that a reload of the fonts draws
    them anew). None for a seat not among the last :data:`TILES_KEPT` seen without a tile:
    it is remembered, and the caller draws it in place."""
    key = (_face(seat), region, box, labels, four_colour, generation())
    tile = _tiles.pop(key, None)  # put back below as the newest
    if tile is None:
        if _seen.pop(key, 0) == 0:  # not seen lately: remember it, draw it in place
            _seen[key] = None
            if len(_seen) > TILES_KEPT:
                del _seen[next(iter(_seen))]  # the oldest
            return None
        tile = on_felt(region)
        dx, dy = region.left, region.top
        seat_face(ImageDraw.Draw(tile), tile, box.moved(-dx, -dy), rect.moved(-dx, -dy), seat,
                  labels, four_colour, origin=(dx, dy))  # fmt: skip
        if len(_tiles) >= TILES_KEPT:
            del _tiles[next(iter(_tiles))]  # the oldest
    _tiles[key] = tile
    return tile


def seat_face(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    box: Rect,
    rect: Rect,
    seat: SeatView,
    labels: TableLabels,
    four_colour: bool,
    *,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """A seat's cards, box, name, badge or chances, blind and button: all but its stack.
    ``box`` is the seat's box, ``rect`` its whole place (cards, markers and box), on a
    ``canvas`` whose corner lies at ``origin`` in the table picture (for the felt under them)."""
    cx = (box.left + box.right) // 2
    ox, oy = origin
    if seat.state is SeatState.EMPTY:
        d.blit(
            canvas, _plate_on_felt(box.moved(ox, oy), "empty"), (box.left, box.top), masked=False
        )
        d.text_in(
            draw,
            (cx, box.top + box.height // 2 + 7),
            labels.empty_seat,
            size=18,
            width=box.width - 16,
            fill=d.TEXT_DIM,
            anchor="ms",
        )
        return
    if seat.cards is None and seat.shows_backs:
        backs = _backs_on_felt(cx + ox, rect.top + 2 + oy)
        d.blit(canvas, backs, (cx - SEAT_CARD_WIDTH - 2, rect.top + 2), masked=False)
    for i, card in enumerate(seat.cards or ()):
        tile = card_tile(card, SEAT_CARD_WIDTH, four_colour=four_colour)
        d.paste_tile(
            canvas, tile, (cx - SEAT_CARD_WIDTH - 2 + i * (SEAT_CARD_WIDTH + 4), rect.top + 2)
        )
    dim = seat.state in (SeatState.FOLDED, SeatState.SITTING_OUT)
    if seat.is_turn:
        plate = d.seat_plate(box.width, box.height, "dim" if dim else "live", True, GLOW)
        d.paste_tile(canvas, plate, (box.left - GLOW, box.top - GLOW))
    else:
        d.blit(
            canvas,
            _plate_on_felt(box.moved(ox, oy), "dim" if dim else "live"),
            (box.left, box.top),
            masked=False,
        )
    name, squeeze = fit_squeezed(seat.name, NAME_SIZE, box.width - 8, bold=True)
    draw_text(
        draw,
        (cx, box.top + 28),
        name,
        size=NAME_SIZE,
        fill=d.TEXT_DIM if dim else d.TEXT,
        bold=True,
        anchor="ms",
        squeeze=squeeze,
    )
    badge = {
        SeatState.FOLDED: (labels.folded, d.BADGE_GREY),
        SeatState.ALL_IN: (labels.all_in, d.ALL_IN),
        SeatState.SITTING_OUT: (labels.sitting_out, d.BADGE_GREY),
    }.get(seat.state)
    if seat.odds is not None:
        # During a run-out the chances take the badge's place, over the top of the box.
        d.pill(
            draw,
            (cx, box.top - 3),
            odds_text(seat.odds, labels, width=box.width + 4 - 2 * (ODDS_SIZE // 2 + 2)),
            size=ODDS_SIZE,
            max_width=box.width + 4,
            fill=_ODDS,
            colour=(20, 20, 20),
        )
    elif badge:
        d.pill(
            draw,
            (cx, box.top - 3),
            badge[0],
            size=BADGE_SIZE,
            max_width=box.width - 16,
            fill=badge[1],
        )
    # The blind and the dealer button sit on the box's top corners, above the name.
    if seat.blind is not None:
        small = seat.blind is Blind.SMALL
        disc = d.dealer_button(
            labels.small_blind if small else labels.big_blind,
            (46, 110, 200) if small else (224, 160, 32),
            d.TEXT if small else (20, 20, 20),
        )
        d.paste_tile(canvas, disc, (box.left, box.top - 20))
    if seat.is_button:
        button = d.dealer_button(labels.dealer)
        d.paste_tile(canvas, button, (box.right - button.width, box.top - 20))


def stack(draw: ImageDraw.ImageDraw, box: Rect, seat: SeatView, labels: TableLabels) -> None:
    """A seat's stack, under its name in the seat's ``box`` (clear of the badge and the discs
    above the name, so it can be drawn over a :func:`seat_tile`), over nothing but the box's
    fill (the name's lowest pixels end above it, and a stack not narrowed keeps 7 px from the
    box's rounded sides)."""
    cx = (box.left + box.right) // 2
    dim = seat.state in (SeatState.FOLDED, SeatState.SITTING_OUT)
    fill = d.SEAT_TURN if seat.is_turn else d.SEAT_DIM if dim else d.SEAT
    amount, squeeze = fit_squeezed(
        format_amount(seat.stack, labels.thousands_sep), STACK_SIZE, box.width - 14, bold=True
    )
    draw_text(
        draw,
        (cx, box.top + 53),
        amount,
        size=STACK_SIZE,
        fill=d.TEXT_DIM if dim else d.STACK,
        bold=True,
        anchor="ms",
        squeeze=squeeze,
        background=fill,
    )


def odds_text(odds: SeatOdds, labels: TableLabels, *, width: int | None = None) -> str:
    """The strip under a seat during a run-out: "62% · tie 3% · side 1: 71%".

    A tie is named only when it can happen; figures are whole percentages. When the whole
    line is wider than ``width`` pixels (in the strip's font), the tie is left out first, then
    the side pots: the main pot's chance to win always shows. The alt text has every figure.
    """
    win = labels.odds_win.format(win=format_percent(odds.win))
    tie = [labels.odds_tie.format(tie=format_percent(odds.tie))] if odds.tie > 0.0 else []
    side = [labels.odds_side.format(n=n, win=format_percent(w)) for n, w in odds.side]
    candidates = [[win, *tie, *side], [win, *side], [win, *tie], [win]]
    lines = [" · ".join(parts) for parts in candidates]
    if width is None:
        return lines[0]
    return next(
        (line for line in lines if text_width(line, ODDS_SIZE, bold=True) <= width), lines[-1]
    )
