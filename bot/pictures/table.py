"""The table picture: felt, seats, bets, board, pots, street and blind level.

:func:`table_layout` is a pure function from the seat count to where each seat goes, so tests
can check that no two seats ever touch; every text drawn inside a seat is cut to its box, so a
long or unusual name cannot spill over a neighbour. The felt and rail never change and are
drawn once (:mod:`bot.pictures.felt`); a render copies them, pastes the board, each seat as a
kept tile of all but its stack (:mod:`bot.pictures.seats`), draws the stacks, bets, pots and
headers, then writes the PNG with :func:`bot.pictures.png.encode_png`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.draw import Rect
from bot.pictures.felt import CENTRE, HEIGHT, SEAT_ORBIT, WIDTH, felt, on_felt
from bot.pictures.fonts import (
    draw_text,
    fit_squeezed,
    fit_text,
    generation,
    text_box,
    text_width,
)
from bot.pictures.png import encode_png
from bot.pictures.seats import GLOW, SEAT_CARD_WIDTH, seat_face, seat_tile, stack
from bot.pictures.tiles import card_tile, place_tile, tile_height
from bot.pictures.views import (
    MAX_SEATS,
    RANKS,
    SUITS,
    PotView,
    SeatState,
    SeatView,
    TableLabels,
    TableView,
    format_amount,
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
    "prepare_cards",
    "render_table",
    "table_layout",
]

SEAT_WIDTH, SEAT_HEIGHT, BOX_HEIGHT = 156, 94, 62
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


def prepare_cards() -> None:
    """Make every card's tile on each board slot and at a seat (two colours) now: a new render
    worker would otherwise pay for them in its first streets and showdowns, 0.25 ms for each
    card at each slot, twice a street's whole cost (2,000 tables: the first 200 streets of a
    worker 3.1 ms each, the later ones 1.5). 95 ms once, and the tiles it keeps anyway."""
    for card in (rank + suit for suit in SUITS for rank in RANKS):
        card_tile(card, SEAT_CARD_WIDTH)
        for index in range(len(board_slots())):
            _board_on_felt(card, index, False)


@lru_cache(maxsize=1024)
def _board_on_felt(card: str | None, index: int, four_colour: bool) -> Image.Image:
    """A board card (or the empty place of one still to come) on the felt under its slot."""
    slot = board_slots()[index]
    tile = felt().crop((slot.left, slot.top, slot.right, slot.bottom))
    art = (
        card_tile(card, BOARD_CARD_WIDTH, four_colour=four_colour)
        if card is not None
        else place_tile(BOARD_CARD_WIDTH)
    )
    tile.paste(art, (0, 0), art)
    return tile


def _seat(
    draw: ImageDraw.ImageDraw,
    canvas: Image.Image,
    index: int,
    spots: tuple[SeatSpot, ...],
    seat: SeatView,
    view: TableView,
) -> None:
    """One seat: all but its stack pasted as one opaque tile kept for the next pictures (a
    table's seats change far less often than its stacks), then its stack drawn over it.

    Where the tile could cover something drawn before the seat (a few seats of some layouts,
    :func:`_tile_region`), or where the seat is not worth a tile yet (:func:`seat_tile`), the
    seat is drawn straight onto the picture instead: same pixels.
    """
    spot = spots[index]
    region = _tile_region(len(spots), index, seat.is_turn)
    tile = None
    if region is not None:
        tile = seat_tile(spot.box, spot.rect, region, seat, view.labels, view.four_colour)
    if region is None or tile is None:
        seat_face(draw, canvas, spot.box, spot.rect, seat, view.labels, view.four_colour)
    else:
        d.blit(canvas, tile, (region.left, region.top), masked=False)
    if seat.state is not SeatState.EMPTY:
        stack(draw, spot.box, seat, view.labels)


@lru_cache(maxsize=2 * MAX_SEATS * (MAX_SEATS + 1))
def _tile_region(seat_count: int, index: int, turn: bool) -> Rect | None:
    """What a seat's tile covers: the seat's place, the room its chances' strip takes beside
    it and the glow of the turn; None where that could hold anything drawn before the seat
    (another seat's bet or glow, the board, the pots, a header)."""
    spots = table_layout(seat_count)
    board = board_slots()

    def grown(rect: Rect, side: int, below: int) -> Rect:
        return Rect(left=rect.left - side, top=rect.top, right=rect.right + side,
                    bottom=rect.bottom + below)  # fmt: skip

    region = grown(spots[index].rect, GLOW, GLOW) if turn else grown(spots[index].rect, 2, 0)
    others = [
        *(grown(spot.rect, GLOW, GLOW) for k, spot in enumerate(spots) if k != index),
        *(spot.bet_rect for k, spot in enumerate(spots) if k != index),
        HEADER_LEFT,
        HEADER_RIGHT,
        FOOTER_LEFT,
        POT_AREA,
        Rect(left=board[0].left, top=board[0].top, right=board[-1].right, bottom=board[-1].bottom),
    ]
    if not region.inside(WIDTH, HEIGHT) or any(region.intersects(x) for x in others):
        return None
    return region


def _label_width(label: str, amount: str, size: int) -> int:
    """The width of a chip label holding ``label`` and ``amount``, before any cut."""
    width = 2 * (size // 2 - 2) + 20 + int(text_width(amount, size, bold=True))
    if label:
        width += int(text_width(label, size)) + size // 2
    return width


@lru_cache(maxsize=512)
def _label_on_felt(width: int, height: int, radius: int, left: int, top: int) -> Image.Image:
    """:func:`bot.pictures.draw.label_plate` on the felt under it at (``left``, ``top``), opaque."""
    tile = felt().crop((left, top, left + width, top + height))
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
        background=d.PILL,  # the amount lies inside the plate, 7 px from its round end
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
    """The street, the blind level and the time to the next level, in the picture's corners.

    Drawn first, over nothing but the felt, and the same picture after picture: each line is
    pasted as an opaque tile of the felt with the line drawn on it (:func:`_line_on_felt`),
    a block copy where blending the line's mask cost ten times as much; the same pixels.
    """
    lines = (
        ((12, 28), view.street, 24, HEADER_LEFT.width - 12, d.TEXT, True, "ls"),
        ((12, HEIGHT - 10), view.blind_level, 18, FOOTER_LEFT.width - 12, d.TEXT_DIM, False, "ls"),
        ((WIDTH - 12, 27), view.next_level, 18, HEADER_WIDTH, d.TEXT_DIM, False, "rs"),
    )
    canvas: Image.Image = draw._image
    for xy, text, size, width, fill, bold, anchor in lines:
        if not text:
            continue
        tile = _line_on_felt(xy, text, size, width, fill, bold, anchor, generation())
        if tile is None:
            d.text_in(draw, xy, text, size=size, width=width, fill=fill, bold=bold, anchor=anchor)
        else:
            d.blit(canvas, tile[0], tile[1], masked=False)


@lru_cache(maxsize=256)
def _line_on_felt(
    xy: tuple[int, int],
    text: str,
    size: int,
    width: int,
    fill: d.Colour,
    bold: bool,
    anchor: str,
    fonts: int,
) -> tuple[Image.Image, tuple[int, int]] | None:
    """A line of :func:`_header` cut to ``width`` and drawn onto the felt under it, as an
    opaque tile and where its corner goes; None for a line that is not one mask (colour
    pieces, a number: drawn in place). ``fonts`` is :func:`bot.pictures.fonts.generation`, so
    that a reload of the fonts draws the line anew."""
    shown = fit_text(text, size, width, bold=bold)
    box = text_box(shown, size, bold=bold, anchor=anchor)
    if box is None:
        return None
    x, y = xy
    region = Rect(left=max(0, x + box[0]), top=max(0, y + box[1]),
                  right=min(WIDTH, x + box[2]), bottom=min(HEIGHT, y + box[3]))  # fmt: skip
    tile = on_felt(region)
    draw_text(ImageDraw.Draw(tile), (x - region.left, y - region.top), shown, size=size,
              fill=fill, bold=bold, anchor=anchor)  # fmt: skip
    return tile, (region.left, region.top)


def draw_table(view: TableView) -> Image.Image:
    """The table as an RGB image; :func:`render_table` is the same as PNG bytes."""
    canvas = felt().copy()
    draw = ImageDraw.Draw(canvas)
    _header(draw, view)
    for i, slot in enumerate(board_slots()):
        card = view.board[i] if i < len(view.board) else None
        d.blit(
            canvas, _board_on_felt(card, i, view.four_colour), (slot.left, slot.top), masked=False
        )
    _pots(draw, view.pots, view.labels)
    spots = table_layout(len(view.seats))
    for index, (spot, seat) in enumerate(zip(spots, view.seats, strict=True)):
        _seat(draw, canvas, index, spots, seat, view)
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
