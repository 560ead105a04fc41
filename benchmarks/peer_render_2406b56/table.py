"""The table picture: felt, seats, bets, board, pots, street and blind level.

:func:`table_layout` is a pure function from the seat count to where each seat goes, so tests
can check that no two seats ever touch; every text drawn inside a seat is cut to its box, so a
long or unusual name cannot spill over a neighbour. The felt and rail never change and are
drawn once; a render copies them, pastes cached card tiles and draws a few dozen shapes and
strings, then writes the PNG with :func:`bot.pictures.png.encode_png`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.views import (
    MAX_SEATS,
    Blind,
    PotView,
    SeatOdds,
    SeatState,
    SeatView,
    TableLabels,
    TableView,
    format_amount,
    format_percent,
)
from peer_render_2406b56 import draw as d
from peer_render_2406b56.draw import Rect
from peer_render_2406b56.fonts import draw_text, fit_text, text_width
from peer_render_2406b56.png import encode_png
from peer_render_2406b56.tiles import card_tile, place_tile, tile_height

__all__ = [
    "BOARD_CARD_WIDTH",
    "HEADER_LEFT",
    "HEADER_RIGHT",
    "HEIGHT",
    "POT_AREA",
    "WIDTH",
    "SeatSpot",
    "board_slots",
    "odds_text",
    "render_table",
    "table_layout",
]

WIDTH, HEIGHT = 1000, 620
CENTRE = (500, 316)
SEAT_ORBIT = (410, 245)
SEAT_WIDTH, SEAT_HEIGHT, BOX_HEIGHT = 168, 100, 66
SEAT_CARD_WIDTH = 40
BOARD_CARD_WIDTH = 64
BOARD_TOP = 218
BOARD_GAP = 6
BET_WIDTH, BET_HEIGHT, BET_SIZE = 116, 26, 15
HEADER_WIDTH = 220
POT_ROWS, POT_ROW_HEIGHT, POT_WIDTH = 3, 29, 360
# Fixed regions that seats and bets must keep clear of (checked by the tests).
HEADER_LEFT = Rect(left=0, top=0, right=16 + HEADER_WIDTH, bottom=66)
HEADER_RIGHT = Rect(left=WIDTH - 16 - HEADER_WIDTH, top=0, right=WIDTH, bottom=42)
POT_AREA = Rect(
    left=CENTRE[0] - POT_WIDTH // 2,
    top=BOARD_TOP + 90 + 6,
    right=CENTRE[0] + POT_WIDTH // 2,
    bottom=BOARD_TOP + 90 + 6 + POT_ROWS * POT_ROW_HEIGHT,
)
_NAME_SIZE, _STACK_SIZE, _BADGE_SIZE = 18, 18, 14
_ODDS, _ODDS_SIZE = (236, 236, 228), 13  # a light strip in the seat, as on a broadcast


@dataclass(frozen=True, kw_only=True)
class SeatSpot:
    """Where one seat is drawn: ``rect`` holds everything of the seat (cards, markers, box).

    ``bet`` is the centre of the seat's bet, drawn no wider than ``bet_rect``.
    """

    rect: Rect
    box: Rect
    bet: tuple[int, int]

    @property
    def bet_rect(self) -> Rect:
        """The largest box a bet of this seat can take."""
        return _bet_rect(*self.bet)


def _bet_rect(x: int, y: int) -> Rect:
    return Rect(
        left=x - BET_WIDTH // 2,
        top=y - BET_HEIGHT // 2,
        right=x + BET_WIDTH - BET_WIDTH // 2,
        bottom=y + BET_HEIGHT - BET_HEIGHT // 2,
    )


def _bet_candidates(rect: Rect) -> list[tuple[int, int]]:
    """Places for a seat's bet, best first: towards the middle, then straight in, then aside."""
    sx, sy = (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2
    dx, dy = CENTRE[0] - sx, CENTRE[1] - sy
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    margin = 6
    # Distance along the ray until the bet box leaves the seat box, horizontally or vertically.
    reach = []
    if abs(dx) > 1e-6:
        reach.append((rect.width / 2 + margin + BET_WIDTH / 2) / abs(dx))
    if abs(dy) > 1e-6:
        reach.append((rect.height / 2 + margin + BET_HEIGHT / 2) / abs(dy))
    step = min(reach)
    vertical = (
        rect.bottom + margin + BET_HEIGHT // 2
        if sy < CENTRE[1]
        else rect.top - margin - BET_HEIGHT // 2
    )
    horizontal = (
        rect.right + margin + BET_WIDTH // 2
        if sx < CENTRE[0]
        else rect.left - margin - BET_WIDTH // 2
    )
    return [
        (round(sx + dx * step), round(sy + dy * step)),
        (round(sx), vertical),
        (horizontal, round(sy)),
    ]


def _place_bets(rects: list[Rect]) -> list[tuple[int, int]]:
    """For each seat the first bet place that clears every seat, the board, pots and headers."""
    board = board_slots()
    taken = [
        *rects,
        HEADER_LEFT,
        HEADER_RIGHT,
        POT_AREA,
        Rect(left=board[0].left, top=board[0].top, right=board[-1].right, bottom=board[-1].bottom),
    ]
    points = []
    for rect in rects:
        candidates = _bet_candidates(rect)
        point = next(
            (
                p
                for p in candidates
                if _bet_rect(*p).inside(WIDTH, HEIGHT)
                and not any(_bet_rect(*p).intersects(other) for other in taken)
            ),
            candidates[0],
        )
        taken.append(_bet_rect(*point))
        points.append(point)
    return points


@lru_cache(maxsize=MAX_SEATS + 1)
def table_layout(seat_count: int) -> tuple[SeatSpot, ...]:
    """Seats spread evenly around the oval, seat 0 at the bottom, then clockwise.

    >>> [spot.box.top for spot in table_layout(2)]
    [545, 55]
    """
    if not 1 <= seat_count <= MAX_SEATS:
        raise ValueError(f"a table has 1 to {MAX_SEATS} seats, got {seat_count}")
    rects = []
    for index in range(seat_count):
        angle = math.pi / 2 + 2 * math.pi * index / seat_count
        x = round(CENTRE[0] + SEAT_ORBIT[0] * math.cos(angle))
        y = round(CENTRE[1] + SEAT_ORBIT[1] * math.sin(angle))
        rects.append(
            Rect(
                left=x - SEAT_WIDTH // 2,
                top=y - SEAT_HEIGHT // 2,
                right=x + SEAT_WIDTH // 2,
                bottom=y + SEAT_HEIGHT // 2,
            )
        )
    spots = [
        SeatSpot(
            rect=rect,
            box=Rect(
                left=rect.left, top=rect.bottom - BOX_HEIGHT, right=rect.right, bottom=rect.bottom
            ),
            bet=bet,
        )
        for rect, bet in zip(rects, _place_bets(rects), strict=True)
    ]
    return tuple(spots)


def board_slots() -> tuple[Rect, ...]:
    """The five places of the board cards, left to right."""
    height = tile_height(BOARD_CARD_WIDTH)
    total = 5 * BOARD_CARD_WIDTH + 4 * BOARD_GAP
    left = CENTRE[0] - total // 2
    return tuple(
        Rect(
            left=left + i * (BOARD_CARD_WIDTH + BOARD_GAP),
            top=BOARD_TOP,
            right=left + i * (BOARD_CARD_WIDTH + BOARD_GAP) + BOARD_CARD_WIDTH,
            bottom=BOARD_TOP + height,
        )
        for i in range(5)
    )


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """The room, the rail and the felt, which every table picture shares."""
    image = Image.new("RGB", (WIDTH, HEIGHT), d.BACKGROUND)
    draw = ImageDraw.Draw(image)
    cx, cy = CENTRE

    def oval(rx: int, ry: int, **kwargs: object) -> None:
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), **kwargs)  # type: ignore[arg-type]

    oval(438, 250, fill=(18, 20, 24))
    oval(432, 244, fill=d.RAIL)
    oval(428, 240, outline=d.RAIL_EDGE, width=3)
    oval(404, 216, fill=(12, 70, 40))
    # A few bands of lighter green towards the middle, like a lamp over the table.
    for step in range(12):
        shade = tuple(c + step * 2 for c in (16, 82, 48))
        oval(400 - step * 14, 212 - step * 11, fill=shade)
    oval(320, 170, outline=d.FELT_LINE, width=2)
    return image


def _seat(
    draw: ImageDraw.ImageDraw, canvas: Image.Image, spot: SeatSpot, seat: SeatView, view: TableView
) -> None:
    labels = view.labels
    box, rect = spot.box, spot.rect
    cx = (box.left + box.right) // 2
    if seat.state is SeatState.EMPTY:
        draw.rounded_rectangle(box.box, radius=12, fill=(26, 30, 34), outline=(70, 76, 84), width=1)
        d.text_in(
            draw,
            (cx, box.top + 38),
            labels.empty_seat,
            size=16,
            width=box.width - 16,
            fill=d.TEXT_DIM,
            anchor="ms",
        )
        return
    cards = seat.cards if seat.cards is not None else (("back", "back") if seat.shows_backs else ())
    for i, card in enumerate(cards):
        tile = card_tile(card, SEAT_CARD_WIDTH, four_colour=view.four_colour)
        d.paste_tile(
            canvas, tile, (cx - SEAT_CARD_WIDTH - 2 + i * (SEAT_CARD_WIDTH + 4), rect.top + 2)
        )
    dim = seat.state in (SeatState.FOLDED, SeatState.SITTING_OUT)
    if seat.is_turn:
        glow = (box.left - 1, box.top - 1, box.right, box.bottom)
        draw.rounded_rectangle(glow, radius=14, outline=d.GOLD, width=4)
    draw.rounded_rectangle(
        box.box,
        radius=12,
        fill=d.SEAT_DIM if dim else d.SEAT,
        outline=d.GOLD if seat.is_turn else d.SEAT_EDGE,
        width=2 if seat.is_turn else 1,
    )
    # With odds to show, name and stack move up to make room for the odds strip in the box.
    name_y, stack_y, stack_size = (28, 45, 16) if seat.odds else (30, 55, _STACK_SIZE)
    d.text_in(
        draw,
        (cx, box.top + name_y),
        seat.name,
        size=_NAME_SIZE,
        width=box.width - 18,
        fill=d.TEXT_DIM if dim else d.TEXT,
        bold=True,
        anchor="ms",
    )
    d.text_in(
        draw,
        (cx, box.top + stack_y),
        format_amount(seat.stack, labels.thousands_sep),
        size=stack_size,
        width=box.width - 18,
        fill=d.TEXT_DIM if dim else d.STACK,
        anchor="ms",
    )
    badge = {
        SeatState.FOLDED: (labels.folded, d.BADGE_GREY),
        SeatState.ALL_IN: (labels.all_in, d.ALL_IN),
        SeatState.SITTING_OUT: (labels.sitting_out, d.BADGE_GREY),
    }.get(seat.state)
    if badge:
        d.pill(
            draw,
            (cx, box.top + 3),
            badge[0],
            size=_BADGE_SIZE,
            max_width=box.width - 16,
            fill=badge[1],
        )
    if seat.odds is not None:
        d.pill(
            draw,
            (cx, box.top + 57),
            odds_text(seat.odds, labels, width=box.width - 10 - 2 * (_ODDS_SIZE // 2 + 2)),
            size=_ODDS_SIZE,
            max_width=box.width - 10,
            fill=_ODDS,
            colour=(20, 20, 20),
        )
    marker_y = rect.top + 14
    if seat.blind is not None:
        small = seat.blind is Blind.SMALL
        d.pill(
            draw,
            (cx - 63, marker_y),
            labels.small_blind if small else labels.big_blind,
            size=13,
            max_width=40,
            fill=(46, 110, 200) if small else (224, 160, 32),
            colour=d.TEXT if small else (20, 20, 20),
        )
    if seat.is_button:
        bx = cx + 63
        draw.ellipse(
            (bx - 13, marker_y - 13, bx + 13, marker_y + 13),
            fill=(250, 250, 246),
            outline=(60, 60, 60),
            width=2,
        )
        shown = fit_text(labels.dealer, 15, 22, bold=True)
        draw_text(
            draw, (bx, marker_y + 1), shown, size=15, fill=(20, 20, 20), bold=True, anchor="mm"
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
        (line for line in lines if text_width(line, _ODDS_SIZE, bold=True) <= width), lines[-1]
    )


def _label_width(label: str, amount: str, size: int) -> int:
    """The width of a chip label holding ``label`` and ``amount``, before any cut."""
    width = 2 * (size // 2 + 1) + 22 + int(text_width(amount, size, bold=True))
    if label:
        width += int(text_width(label, size)) + size // 2
    return width


def _chip_label(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    amount: str,
    *,
    size: int,
    max_width: int,
    label: str = "",
    colour: d.Colour = d.TEXT,
) -> Rect:
    """A dark pill with a chip, an optional light ``label`` and the bold ``amount``.

    A bet shows only its amount; a pot shows its translated label too. When the label does
    not fit, it is the label that gets cut: the amount is the fact players need.
    """
    radius = size // 2 + 1
    shown_amount = fit_text(amount, size, max_width - 2 * radius - 18, bold=True)
    amount_width = int(text_width(shown_amount, size, bold=True))
    room = max_width - 2 * radius - 18 - amount_width - size // 2
    shown_label = fit_text(label, size, room) if label and room > size else ""
    label_width = int(text_width(shown_label, size)) + size // 2 if shown_label else 0
    width = 2 * radius + 18 + label_width + amount_width
    height = size + 10
    x, y = centre
    rect = Rect(
        left=x - width // 2,
        top=y - height // 2,
        right=x - width // 2 + width,
        bottom=y - height // 2 + height,
    )
    draw.rounded_rectangle(rect.box, radius=height // 2, fill=d.PILL, outline=d.FELT_LINE, width=1)
    d.chip(draw, (rect.left + radius + 4, y), radius, (196, 32, 44))
    text_x = rect.left + 2 * radius + 10
    if shown_label:
        draw_text(draw, (text_x, y + 1), shown_label, size=size, fill=d.TEXT, anchor="lm")
        text_x += label_width
    draw_text(draw, (text_x, y + 1), shown_amount, size=size, fill=colour, bold=True, anchor="lm")
    return rect


def _pots(draw: ImageDraw.ImageDraw, pots: tuple[PotView, ...], labels: TableLabels) -> None:
    """Pots under the board: the main pot larger on its own row, side pots on two rows below.

    Side pots share their rows evenly, so however many there are they stay inside
    :data:`POT_AREA`; when room is short a label is cut before an amount is.
    """
    if not pots:
        return
    per_row = max(1, len(pots) // 2)  # side pots on the upper of the two rows
    rows = [pots[:1], pots[1 : 1 + per_row], pots[1 + per_row :]]
    for number, row in enumerate(rows):
        if not row:
            continue
        size = 19 if number == 0 else 15
        most = POT_WIDTH if number == 0 else (POT_WIDTH - 8 * (per_row - 1)) // per_row
        amounts = [format_amount(pot.amount, labels.thousands_sep) for pot in row]
        widths = [
            min(most, _label_width(pot.label, amount, size))
            for pot, amount in zip(row, amounts, strict=True)
        ]
        x = CENTRE[0] - (sum(widths) + 8 * (len(row) - 1)) // 2
        y = POT_AREA.top + number * POT_ROW_HEIGHT + POT_ROW_HEIGHT // 2
        for pot, amount, width in zip(row, amounts, widths, strict=True):
            _chip_label(
                draw,
                (x + width // 2, y),
                amount,
                label=pot.label,
                size=size,
                max_width=width,
                colour=d.STACK,
            )
            x += width + 8


def _header(draw: ImageDraw.ImageDraw, view: TableView) -> None:
    d.text_in(draw, (16, 34), view.street, size=24, width=HEADER_WIDTH, fill=d.TEXT, bold=True)
    if view.blind_level:
        d.text_in(draw, (16, 58), view.blind_level, size=16, width=HEADER_WIDTH, fill=d.TEXT_DIM)
    if view.next_level:
        d.text_in(
            draw,
            (WIDTH - 16, 34),
            view.next_level,
            size=16,
            width=HEADER_WIDTH,
            fill=d.TEXT_DIM,
            anchor="rs",
        )


def draw_table(view: TableView) -> Image.Image:
    """The table as an RGB image; :func:`render_table` is the same as PNG bytes."""
    canvas = _felt().copy()
    draw = ImageDraw.Draw(canvas)
    _header(draw, view)
    for i, slot in enumerate(board_slots()):
        if i < len(view.board):
            tile = card_tile(view.board[i], BOARD_CARD_WIDTH, four_colour=view.four_colour)
        else:
            tile = place_tile(BOARD_CARD_WIDTH)
        d.paste_tile(canvas, tile, (slot.left, slot.top))
    _pots(draw, view.pots, view.labels)
    spots = table_layout(len(view.seats))
    for spot, seat in zip(spots, view.seats, strict=True):
        _seat(draw, canvas, spot, seat, view)
        if seat.bet and seat.state is not SeatState.EMPTY:
            _chip_label(
                draw,
                spot.bet,
                format_amount(seat.bet, view.labels.thousands_sep),
                size=BET_SIZE,
                max_width=BET_WIDTH,
            )
    return canvas


def render_table(view: TableView) -> bytes:
    """The whole table as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_table(view))
