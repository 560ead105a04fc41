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

from bot.pictures import draw as d
from bot.pictures.draw import Rect
from bot.pictures.fonts import draw_text, fit_squeezed, fit_text, text_width
from bot.pictures.png import encode_png
from bot.pictures.tiles import card_tile, place_tile, tile_height
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

__all__ = [
    "BOARD_CARD_WIDTH",
    "FOOTER_LEFT",
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

# 800 px wide, so that a phone showing it 400 px wide halves it: every text below is at least
# 20 px (capitals and digits 15 px high), 7 px or more on the phone (tests measure them).
WIDTH, HEIGHT = 800, 560
CENTRE = (400, 280)
SEAT_ORBIT = (322, 212)
SEAT_WIDTH, SEAT_HEIGHT, BOX_HEIGHT = 156, 94, 62
SEAT_CARD_WIDTH = 38
BOARD_CARD_WIDTH = 50
BOARD_TOP = 192
BOARD_GAP = 5
BET_WIDTH, BET_HEIGHT, BET_SIZE = 90, 28, 20
HEADER_WIDTH = 210
POT_ROWS, POT_ROW_HEIGHT, POT_WIDTH = 3, 30, 264
# Fixed regions that seats and bets must keep clear of (checked by the tests).
HEADER_LEFT = Rect(left=0, top=0, right=172, bottom=36)
FOOTER_LEFT = Rect(left=0, top=HEIGHT - 32, right=12 + 230, bottom=HEIGHT)
HEADER_RIGHT = Rect(left=WIDTH - 12 - HEADER_WIDTH, top=0, right=WIDTH, bottom=34)
POT_AREA = Rect(
    left=CENTRE[0] - POT_WIDTH // 2,
    top=BOARD_TOP + 70 + 4,
    right=CENTRE[0] + POT_WIDTH // 2,
    bottom=BOARD_TOP + 70 + 4 + POT_ROWS * POT_ROW_HEIGHT,
)
NAME_SIZE, STACK_SIZE, BADGE_SIZE, ODDS_SIZE = 20, 20, 20, 20
_ODDS = (236, 236, 228)  # a light strip in the seat, as on a broadcast
_GLOW = 9  # room around a seat box for the turn marker's glow


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
        FOOTER_LEFT,
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
    [477, 53]
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


@lru_cache(maxsize=256)
def _plate_on_felt(box: Rect, look: str) -> Image.Image:
    """A seat's box without a turn marker, on the felt under it: an opaque tile that pastes
    as a block copy (a tile with transparent corners costs five times as much to paste)."""
    tile = _felt().crop((box.left, box.top, box.right, box.bottom))
    plate = d.seat_plate(box.width, box.height, look, False, _GLOW)
    inner = plate.crop((_GLOW, _GLOW, _GLOW + box.width, _GLOW + box.height))
    tile.paste(inner, (0, 0), inner)
    return tile


@lru_cache(maxsize=256)
def _backs_on_felt(cx: int, top: int) -> Image.Image:
    """Two face-down cards side by side on the felt under them, as one opaque tile."""
    left = cx - SEAT_CARD_WIDTH - 2
    back = card_tile("back", SEAT_CARD_WIDTH)
    tile = _felt().crop((left, top, left + 2 * SEAT_CARD_WIDTH + 4, top + back.height))
    for i in range(2):
        tile.paste(back, (i * (SEAT_CARD_WIDTH + 4), 0), back)
    return tile


@lru_cache(maxsize=1024)
def _board_on_felt(card: str | None, index: int, four_colour: bool) -> Image.Image:
    """A board card (or the empty place of one still to come) on the felt under its slot."""
    slot = board_slots()[index]
    tile = _felt().crop((slot.left, slot.top, slot.right, slot.bottom))
    art = (
        card_tile(card, BOARD_CARD_WIDTH, four_colour=four_colour)
        if card is not None
        else place_tile(BOARD_CARD_WIDTH)
    )
    tile.paste(art, (0, 0), art)
    return tile


def _seat(
    draw: ImageDraw.ImageDraw, canvas: Image.Image, spot: SeatSpot, seat: SeatView, view: TableView
) -> None:
    labels = view.labels
    box, rect = spot.box, spot.rect
    cx = (box.left + box.right) // 2
    if seat.state is SeatState.EMPTY:
        d.blit(canvas, _plate_on_felt(box, "empty"), (box.left, box.top), masked=False)
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
        backs = _backs_on_felt(cx, rect.top + 2)
        d.blit(canvas, backs, (cx - SEAT_CARD_WIDTH - 2, rect.top + 2), masked=False)
    for i, card in enumerate(seat.cards or ()):
        tile = card_tile(card, SEAT_CARD_WIDTH, four_colour=view.four_colour)
        d.paste_tile(
            canvas, tile, (cx - SEAT_CARD_WIDTH - 2 + i * (SEAT_CARD_WIDTH + 4), rect.top + 2)
        )
    dim = seat.state in (SeatState.FOLDED, SeatState.SITTING_OUT)
    if seat.is_turn:
        plate = d.seat_plate(box.width, box.height, "dim" if dim else "live", True, _GLOW)
        d.paste_tile(canvas, plate, (box.left - _GLOW, box.top - _GLOW))
    else:
        d.blit(
            canvas, _plate_on_felt(box, "dim" if dim else "live"), (box.left, box.top), masked=False
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


def _label_width(label: str, amount: str, size: int) -> int:
    """The width of a chip label holding ``label`` and ``amount``, before any cut."""
    width = 2 * (size // 2 - 2) + 20 + int(text_width(amount, size, bold=True))
    if label:
        width += int(text_width(label, size)) + size // 2
    return width


@lru_cache(maxsize=512)
def _label_on_felt(width: int, height: int, radius: int, left: int, top: int) -> Image.Image:
    """:func:`bot.pictures.draw.label_plate` on the felt under it at (``left``, ``top``), opaque."""
    tile = _felt().crop((left, top, left + width, top + height))
    plate = d.label_plate(width, height, radius)
    tile.paste(plate, (0, 0), plate)
    return tile


def _chip_label(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    amount: str,
    *,
    size: int,
    max_width: int,
    label: str = "",
    colour: d.Colour = d.TEXT,
    on_felt: bool = True,
) -> Rect:
    """A dark pill with a chip, an optional light ``label`` and the bold ``amount``.

    ``on_felt``: nothing but the felt lies under the label (bets and pots always, by the
    layout), so its plate is pasted opaque with the felt already in its corners.

    A bet shows only its amount; a pot shows its translated label too. When the label does
    not fit, it is the label that gets cut: the amount is the fact players need, and is drawn
    narrower rather than cut.
    """
    radius = size // 2 - 2
    room = max_width - 2 * radius - 16
    shown_amount, squeeze = fit_squeezed(amount, size, room, bold=True, least=0.6)
    amount_width = int(text_width(shown_amount, size, bold=True) * squeeze)
    room = max_width - 2 * radius - 16 - amount_width - size // 2
    shown_label = fit_text(label, size, room) if label and room > size else ""
    label_width = int(text_width(shown_label, size)) + size // 2 if shown_label else 0
    width = 2 * radius + 16 + label_width + amount_width
    height = size + 10
    x, y = centre
    rect = Rect(
        left=x - width // 2,
        top=y - height // 2,
        right=x - width // 2 + width,
        bottom=y - height // 2 + height,
    )
    canvas: Image.Image = draw._image
    if on_felt:
        plate = _label_on_felt(width, height, radius, rect.left, rect.top)
        d.blit(canvas, plate, (rect.left, rect.top), masked=False)
    else:
        d.blit(canvas, d.label_plate(width, height, radius), (rect.left, rect.top), masked=True)
    text_x = rect.left + 2 * radius + 9
    if shown_label:
        draw_text(draw, (text_x, y + 1), shown_label, size=size, fill=d.TEXT, anchor="lm")
        text_x += label_width
    draw_text(
        draw,
        (text_x, y + 1),
        shown_amount,
        size=size,
        fill=colour,
        bold=True,
        anchor="lm",
        squeeze=squeeze,
    )
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
        size = 22 if number == 0 else 20
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
    d.text_in(
        draw, (12, 28), view.street, size=24, width=HEADER_LEFT.width - 12, fill=d.TEXT, bold=True
    )
    if view.blind_level:
        d.text_in(
            draw,
            (12, HEIGHT - 10),
            view.blind_level,
            size=18,
            width=FOOTER_LEFT.width - 12,
            fill=d.TEXT_DIM,
        )
    if view.next_level:
        d.text_in(
            draw,
            (WIDTH - 12, 27),
            view.next_level,
            size=18,
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
        card = view.board[i] if i < len(view.board) else None
        d.blit(
            canvas, _board_on_felt(card, i, view.four_colour), (slot.left, slot.top), masked=False
        )
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
