"""The all-in run-out picture, made for television: the players in the hand and their chances.

The table picture puts three all-in players at a ten-seat table among seven empty boxes, with
their cards small and their odds in a pill. This picture keeps only the seats with odds, one row
each: the two cards face up and large, the name and what is left behind, and per pot a large
percentage to win (the tie beneath it), the leader of each pot on gold. Above them the board
being dealt, and for a hand run twice the first board too, each labelled, with one line of
what each finished board paid. The sampling error is printed by the pot headers when the odds
were estimated by sampling.

It draws from the same :class:`~bot.pictures.views.TableView` as the table, so the run-out's
caller switches pictures without building anything new.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.fonts import draw_text, fit_squeezed
from bot.pictures.png import encode_png
from bot.pictures.tiles import card_tile, place_tile, tile_height
from bot.pictures.views import (
    SeatOdds,
    SeatState,
    SeatView,
    TableView,
    format_amount,
    format_percent,
)

__all__ = [
    "PERCENT_SIZE",
    "WIDTH",
    "draw_runout",
    "header_pots",
    "pot_columns",
    "render_runout",
    "runout_seats",
]

WIDTH = 800
MARGIN = 16
HEADER = 48
BOARD_CARD, BOARD_GAP, BOARD_ROW = 60, 6, 100
HAND_CARD, HAND_ROW = 64, 112
COLUMN_HEAD = 30
PERCENT_SIZE, TIE_SIZE, NAME_SIZE = 44, 20, 22
COLUMNS_LEFT = 400
_LEADER = (255, 204, 64)
_ROW = (22, 26, 31)


def runout_seats(view: TableView) -> tuple[SeatView, ...]:
    """The seats drawn: those with odds, in table order; on a view without odds (a river),
    the seats in the hand with their cards face up."""
    with_odds = tuple(seat for seat in view.seats if seat.odds is not None)
    if with_odds:
        return with_odds
    return tuple(
        seat
        for seat in view.seats
        if seat.cards and seat.state not in (SeatState.FOLDED, SeatState.EMPTY)
    )


def pot_columns(view: TableView) -> tuple[int, ...]:
    """The pots that get a column: 0 for the main pot, then each side pot some seat can win;
    none when no seat has odds."""
    odds = [seat.odds for seat in runout_seats(view) if seat.odds is not None]
    if not odds:
        return ()
    return (0, *sorted({n for chances in odds for n, _ in chances.side}))


def _chance(odds: SeatOdds, pot: int) -> tuple[float, float] | None:
    """(win, tie) of a seat in ``pot``; ``None`` when it cannot win that pot."""
    if pot == 0:
        return odds.win, odds.tie
    return next(((w, 0.0) for n, w in odds.side if n == pot), None)


def _leaders(view: TableView, pot: int) -> set[int]:
    chances = [_chance(seat.odds, pot) for seat in runout_seats(view) if seat.odds]
    best = max((c[0] for c in chances if c is not None), default=0.0)
    return {i for i, c in enumerate(chances) if c is not None and best > 0 and c[0] == best}


def _boards(view: TableView) -> list[tuple[str, tuple[str, ...]]]:
    if view.first_board:
        label = view.labels.board_n
        return [(label.format(n=1), view.first_board), (label.format(n=2), view.board)]
    return [("", view.board)]


def _height(view: TableView) -> int:
    boards = len(_boards(view)) * BOARD_ROW
    return HEADER + boards + COLUMN_HEAD + len(runout_seats(view)) * HAND_ROW + MARGIN


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    *,
    size: int,
    width: int,
    fill: d.Colour,
    bold: bool = True,
    anchor: str = "ls",
) -> None:
    shown, squeeze = fit_squeezed(text, size, width, bold=bold)
    draw_text(draw, xy, shown, size=size, fill=fill, bold=bold, anchor=anchor, squeeze=squeeze)


@lru_cache(maxsize=64)
def _plate(width: int, height: int, fill: d.Colour, outline: d.Colour) -> Image.Image:
    tile = Image.new("RGB", (width, height), d.BACKGROUND)
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=12, fill=fill, outline=outline, width=2
    )
    return tile


def header_pots(view: TableView) -> str:
    """The header's pots: ``Main pot: 150 · Side pot 1: 80``. The colon keeps a label from
    running into its amount ("Side pot 1 80" reads as 180)."""
    sep = view.labels.thousands_sep
    return " · ".join(f"{pot.label}: {format_amount(pot.amount, sep)}" for pot in view.pots)


def _header(draw: ImageDraw.ImageDraw, view: TableView) -> None:
    _text(draw, (MARGIN, 32), view.street, size=24, width=300, fill=d.TEXT)
    pots = header_pots(view)
    _text(draw, (WIDTH - MARGIN, 32), pots, size=20, width=WIDTH - 340, fill=d.STACK,
          anchor="rs")  # fmt: skip


def _board_rows(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: TableView) -> int:
    top = HEADER
    for index, (label, cards) in enumerate(_boards(view)):
        canvas.paste(_plate(WIDTH - 2 * MARGIN, BOARD_ROW - 8, (18, 70, 42), d.FELT_LINE),
                     (MARGIN, top))  # fmt: skip
        left = MARGIN + 12
        if label:
            _text(draw, (left, top + 52), label, size=20, width=110, fill=d.TEXT)
            left += 118
        y = top + (BOARD_ROW - 8 - tile_height(BOARD_CARD)) // 2
        for i in range(5):
            tile = (
                card_tile(cards[i], BOARD_CARD, four_colour=view.four_colour)
                if i < len(cards)
                else place_tile(BOARD_CARD)
            )
            d.paste_tile(canvas, tile, (left + i * (BOARD_CARD + BOARD_GAP), y))
        result = view.board_results[index] if index < len(view.board_results) else ""
        if result:
            right = left + 5 * BOARD_CARD + 4 * BOARD_GAP + 16
            _text(draw, (right, top + 54), result, size=20, width=WIDTH - MARGIN - 12 - right,
                  fill=d.GOLD)  # fmt: skip
        top += BOARD_ROW
    return top


def _columns(view: TableView) -> list[tuple[int, int, int]]:
    """(pot, left, width) of each pot's column."""
    pots = pot_columns(view)
    width = (WIDTH - MARGIN - COLUMNS_LEFT) // max(1, len(pots))
    return [(pot, COLUMNS_LEFT + k * width, width) for k, pot in enumerate(pots)]


def _pot_label(view: TableView, pot: int) -> str:
    if pot < len(view.pots):
        return view.pots[pot].label
    return view.labels.odds_side.split(":")[0].format(n=pot)


def _hands(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: TableView, top: int) -> None:
    columns = _columns(view)
    labels = view.labels
    error = ""
    if view.odds_error is not None:
        error = " ±" + labels.odds_win.format(win=f"{100 * view.odds_error:.1f}")
    for pot, left, width in columns:
        _text(draw, (left + width // 2, top + 22), _pot_label(view, pot) + error, size=18,
              width=width - 8, fill=d.TEXT_DIM, bold=False, anchor="ms")  # fmt: skip
    top += COLUMN_HEAD
    leaders = {pot: _leaders(view, pot) for pot, _, _ in columns}
    for row, seat in enumerate(runout_seats(view)):
        y = top + row * HAND_ROW
        d.blit(
            canvas,
            _plate(WIDTH - 2 * MARGIN, HAND_ROW - 8, _ROW, d.SEAT_EDGE),
            (MARGIN, y),
            masked=False,
        )
        card_top = y + (HAND_ROW - 8 - tile_height(HAND_CARD)) // 2
        for i, card in enumerate(seat.cards or ("back", "back")):
            tile = card_tile(card, HAND_CARD, four_colour=view.four_colour)
            d.paste_tile(canvas, tile, (MARGIN + 10 + i * (HAND_CARD + 6), card_top))
        text_x = MARGIN + 10 + 2 * HAND_CARD + 6 + 14
        room = COLUMNS_LEFT - text_x - 10
        _text(draw, (text_x, y + 40), seat.name, size=NAME_SIZE, width=room, fill=d.TEXT)
        if seat.stack:
            stack = format_amount(seat.stack, labels.thousands_sep)
            _text(draw, (text_x, y + 72), stack, size=20, width=room, fill=d.STACK)
        else:
            d.pill(draw, (text_x + 45, y + 64), labels.all_in, size=20, max_width=room,
                   fill=d.ALL_IN)  # fmt: skip
        for pot, left, width in columns:
            chance = _chance(seat.odds, pot) if seat.odds is not None else None
            centre = left + width // 2
            if chance is None:
                _text(draw, (centre, y + 62), "–", size=PERCENT_SIZE, width=width - 8,
                      fill=d.TEXT_DIM, anchor="ms")  # fmt: skip
                continue
            win, tie = chance
            lead = row in leaders[pot]
            if lead:
                canvas.paste(_plate(width - 12, HAND_ROW - 24, _LEADER, _LEADER),
                             (left + 6, y + 8))  # fmt: skip
            colour = (20, 20, 20) if lead else d.TEXT
            figure = labels.odds_win.format(win=format_percent(win))
            _text(draw, (centre, y + 60), figure, size=PERCENT_SIZE, width=width - 20,
                  fill=colour, anchor="ms")  # fmt: skip
            if tie > 0:
                tied = labels.odds_tie.format(tie=format_percent(tie))
                _text(draw, (centre, y + 88), tied, size=TIE_SIZE, width=width - 20,
                      fill=colour, bold=False, anchor="ms")  # fmt: skip


def draw_runout(view: TableView) -> Image.Image:
    """The run-out as an RGB image; :func:`render_runout` is the same as PNG bytes."""
    canvas = Image.new("RGB", (WIDTH, _height(view)), d.BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    _header(draw, view)
    top = _board_rows(canvas, draw, view)
    if runout_seats(view):
        _hands(canvas, draw, view, top)
    return canvas


def render_runout(view: TableView) -> bytes:
    """The run-out as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_runout(view))
