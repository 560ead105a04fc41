"""The session chart: every player's stack over the hands of a session, with the standings.

Legible with ten players and five hundred hands, and on a phone: the picture is 800 px wide
(halved at 400 px) and every text is 18-20 px. Each player has a colour from the Okabe-Ito
palette (chosen to stay apart under the common colour-vision deficiencies; white stands in for
its black on the dark background, and its blue and vermillion are lightened so that no line
has less than 4.5:1 contrast with the background), and also a line style and a marker of their
own, so no two lines depend on colour alone. Each line ends in its player's name, in its
colour; the standings under the plot repeat each line's style, with the place, the name and the
chips on one row. Lines and markers are drawn at twice the size and scaled down (smooth edges);
the text is drawn at the final size with the bundled font, narrowed or cut to its box.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.draw import Colour, Rect
from bot.pictures.fonts import draw_text, fit_squeezed
from bot.pictures.png import encode_png
from bot.pictures.stats_views import ChartLine, ChartView
from bot.pictures.views import format_amount

__all__ = [
    "HEIGHT",
    "PLOT",
    "STYLES",
    "WIDTH",
    "Dash",
    "LineStyle",
    "Marker",
    "end_labels",
    "legend_sample",
    "render_chart",
]

WIDTH, HEIGHT = 800, 656
PLOT = Rect(left=76, top=76, right=596, bottom=400)
LEGEND_TOP, LEGEND_ROW, LEGEND_COLUMNS = 476, 34, 2
LABEL_SIZE, TEXT_SIZE = 18, 20
_SCALE = 2
_LINE_WIDTH = 4
_GRID: Colour = (58, 63, 70)
_AXIS: Colour = (110, 117, 126)


class Dash(Enum):
    SOLID = (1, 0)
    DASHED = (14, 8)
    DOTTED = (3, 6)


class Marker(Enum):
    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"
    TRIANGLE_DOWN = "triangle_down"


@dataclass(frozen=True, kw_only=True)
class LineStyle:
    colour: Colour
    dash: Dash
    marker: Marker
    hollow: bool = False


_ORANGE, _SKY, _GREEN, _YELLOW = (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66)
# Okabe-Ito's blue (0, 114, 178) and vermillion (213, 94, 0) lightened: on the dark background
# they had 3.1:1 and 4.2:1 contrast, and the blue line read as faint.
_BLUE, _VERMILLION, _PURPLE, _WHITE = (
    (100, 160, 255),
    (240, 110, 30),
    (204, 121, 167),
    (235, 235, 235),
)

STYLES: tuple[LineStyle, ...] = (
    LineStyle(colour=_ORANGE, dash=Dash.SOLID, marker=Marker.CIRCLE),
    LineStyle(colour=_SKY, dash=Dash.DASHED, marker=Marker.SQUARE),
    LineStyle(colour=_GREEN, dash=Dash.SOLID, marker=Marker.TRIANGLE),
    LineStyle(colour=_YELLOW, dash=Dash.DASHED, marker=Marker.DIAMOND),
    LineStyle(colour=_BLUE, dash=Dash.SOLID, marker=Marker.TRIANGLE_DOWN),
    LineStyle(colour=_VERMILLION, dash=Dash.DASHED, marker=Marker.CIRCLE, hollow=True),
    LineStyle(colour=_PURPLE, dash=Dash.SOLID, marker=Marker.SQUARE, hollow=True),
    LineStyle(colour=_WHITE, dash=Dash.DASHED, marker=Marker.TRIANGLE, hollow=True),
    LineStyle(colour=_ORANGE, dash=Dash.DOTTED, marker=Marker.DIAMOND, hollow=True),
    LineStyle(colour=_SKY, dash=Dash.DOTTED, marker=Marker.TRIANGLE_DOWN, hollow=True),
)
"""One style per line, in order; no two share colour, dash and marker at once."""

Point = tuple[float, float]


def nice_step(span: float, ticks: int) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks.

    >>> nice_step(1000, 5), nice_step(37, 6), nice_step(0.5, 5)
    (200, 10, 0.1)
    """
    raw = max(span, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            step = factor * power
            return int(step) if step >= 1 else round(step, 12)
    raise AssertionError("unreachable")


def _top(view: ChartView) -> int:
    high = max((s for line in view.lines for s in line.stacks if s is not None), default=0)
    step = nice_step(max(high, 1), 5)
    return int(math.ceil(max(high, 1) * 1.04 / step) * step)


def _x(k: int, hands: int) -> float:
    return PLOT.left + (PLOT.right - PLOT.left) * k / hands


def _y(stack: float, top: int) -> float:
    return PLOT.bottom - (PLOT.bottom - PLOT.top) * stack / top


def _runs(line: ChartLine, hands: int, top: int) -> list[list[Point]]:
    """The line's points in image pixels, split where the player was not there."""
    runs: list[list[Point]] = []
    current: list[Point] = []
    for k, stack in enumerate(line.stacks):
        if stack is None:
            if current:
                runs.append(current)
            current = []
            continue
        current.append((_x(k, hands) * _SCALE, _y(stack, top) * _SCALE))
    if current:
        runs.append(current)
    return runs


def _dashes(points: Sequence[Point], dash: Dash) -> list[list[Point]]:
    """The pieces of a polyline to draw for ``dash``, measured along its length."""
    on, off = dash.value
    if not off:
        return [list(points)]
    on, off = on * _SCALE, off * _SCALE
    pieces: list[list[Point]] = []
    drawing, left = True, float(on)
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            point = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if drawing:
                current.append(point)
                pieces.append(current)
            current = [point]
            drawing = not drawing
            left = on if drawing else off
        left -= length - done
        if drawing:
            current.append((x1, y1))
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def _shape(marker: Marker, x: float, y: float, r: float) -> list[Point]:
    match marker:
        case Marker.SQUARE:
            return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
        case Marker.TRIANGLE:
            return [(x, y - 1.2 * r), (x + 1.1 * r, y + 0.8 * r), (x - 1.1 * r, y + 0.8 * r)]
        case Marker.TRIANGLE_DOWN:
            return [(x, y + 1.2 * r), (x + 1.1 * r, y - 0.8 * r), (x - 1.1 * r, y - 0.8 * r)]
        case Marker.DIAMOND:
            return [(x, y - 1.3 * r), (x + 1.3 * r, y), (x, y + 1.3 * r), (x - 1.3 * r, y)]
        case Marker.CIRCLE:
            return [(x - r, y - r), (x + r, y + r)]


def _marker(draw: ImageDraw.ImageDraw, centre: Point, style: LineStyle, radius: float) -> None:
    """A filled marker, or a hollow one as a filled shape with the background inside (an
    outline ``width`` makes Pillow build a mask image per shape: ten times slower)."""
    x, y = centre
    fill = draw.ellipse if style.marker is Marker.CIRCLE else draw.polygon
    fill(_shape(style.marker, x, y, radius), fill=style.colour)
    if style.hollow:
        fill(_shape(style.marker, x, y, radius * 0.45), fill=d.BACKGROUND)


def _draw_line(
    draw: ImageDraw.ImageDraw, line: ChartLine, style: LineStyle, index: int, hands: int, top: int
) -> None:
    width = _LINE_WIDTH * _SCALE
    for run in _runs(line, hands, top):
        if len(run) == 1:
            _marker(draw, run[0], style, 5 * _SCALE)
            continue
        for piece in _dashes(run, style.dash):
            draw.line(piece, fill=style.colour, width=width)
    # A dozen markers a line, each line shifted so that markers of equal stacks do not stack.
    step = max(1, hands // 12)
    offset = (index * step) // len(STYLES)
    for k in range(offset, hands + 1, step):
        stack = line.stacks[k]
        if stack is not None:
            _marker(draw, (_x(k, hands) * _SCALE, _y(stack, top) * _SCALE), style, 5 * _SCALE)


def _grid(draw: ImageDraw.ImageDraw, view: ChartView, top: int) -> None:
    """The grid and the axes, under the lines (drawn at twice the size)."""
    step = nice_step(top, 5)
    for k in range(int(top // step) + 1):
        y = _y(k * step, top) * _SCALE
        draw.line([(PLOT.left * _SCALE, y), (PLOT.right * _SCALE, y)], fill=_GRID, width=_SCALE)
    hands = view.hands
    x_step = max(1, int(nice_step(hands, 8)))
    for k in range(0, hands + 1, x_step):
        x = _x(k, hands) * _SCALE
        draw.line([(x, PLOT.bottom * _SCALE), (x, (PLOT.bottom + 6) * _SCALE)], fill=_AXIS,
                  width=_SCALE)  # fmt: skip
    corner = [(PLOT.left, PLOT.top), (PLOT.left, PLOT.bottom), (PLOT.right, PLOT.bottom)]
    draw.line([(x * _SCALE, y * _SCALE) for x, y in corner], fill=_AXIS, width=2 * _SCALE)


def _axis_text(draw: ImageDraw.ImageDraw, view: ChartView, top: int) -> None:
    sep = view.labels.thousands_sep
    step = nice_step(top, 5)
    for k in range(int(top // step) + 1):
        value = int(k * step)
        draw_text(draw, (PLOT.left - 8, _y(value, top)), format_amount(value, sep),
                  size=LABEL_SIZE, fill=d.TEXT_DIM, anchor="rm")  # fmt: skip
    hands = view.hands
    x_step = max(1, int(nice_step(hands, 6)))
    for k in range(0, hands + 1, x_step):
        draw_text(draw, (_x(k, hands), PLOT.bottom + 10), format_amount(k, sep),
                  size=LABEL_SIZE, fill=d.TEXT_DIM, anchor="ma")  # fmt: skip
    centre = (PLOT.left + PLOT.right) // 2
    d.text_in(draw, (centre, PLOT.bottom + 48), view.labels.hands, size=LABEL_SIZE, width=300,
              fill=d.TEXT_DIM, anchor="ms")  # fmt: skip
    d.text_in(draw, (PLOT.left, PLOT.top - 12), view.labels.chips, size=LABEL_SIZE, width=200,
              fill=d.TEXT_DIM, anchor="ls")  # fmt: skip
    d.text_in(draw, (16, 30), view.labels.title, size=24, width=WIDTH - 32, fill=d.TEXT,
              bold=True, anchor="ls")  # fmt: skip


def end_labels(view: ChartView) -> tuple[tuple[int, float], ...]:
    """(line, y) of each name written where its line ends, right of the plot: at the last
    stack, moved apart so that no two names overlap, and kept inside the plot's height."""
    top = _top(view)
    ends = []
    for index, line in enumerate(view.lines):
        last = next((s for s in reversed(line.stacks) if s is not None), None)
        if last is not None and line.stacks[-1] is not None:
            ends.append((_y(last, top), index))
    ends.sort()
    gap = TEXT_SIZE + 2
    placed: list[list[float]] = []
    for y, index in ends:
        y = max(y, placed[-1][0] + gap) if placed else y
        placed.append([y, index])
    # Pushed below the plot: shift the whole run back up.
    overflow = placed[-1][0] - PLOT.bottom if placed else 0.0
    if overflow > 0:
        for item in placed:
            item[0] -= overflow
        for k in range(len(placed) - 2, -1, -1):
            placed[k][0] = min(placed[k][0], placed[k + 1][0] - gap)
    return tuple((int(index), y) for y, index in placed)


def _end_text(draw: ImageDraw.ImageDraw, view: ChartView) -> None:
    left = PLOT.right + 10
    for index, y in end_labels(view):
        name, squeeze = fit_squeezed(view.lines[index].name, TEXT_SIZE, WIDTH - 8 - left,
                                     bold=True)  # fmt: skip
        draw_text(draw, (left, y), name, size=TEXT_SIZE, fill=STYLES[index].colour, bold=True,
                  anchor="lm", squeeze=squeeze)  # fmt: skip


def legend_sample(row: int) -> tuple[int, int, int]:
    """The left and right ends and the height of the line sample of standings row ``row``."""
    per_column = -(-len(STYLES) // LEGEND_COLUMNS)
    column, line = divmod(row, per_column)
    left = 16 + column * (WIDTH - 16) // LEGEND_COLUMNS
    return left, left + 40, LEGEND_TOP + line * LEGEND_ROW + LEGEND_ROW // 2


def _legend_samples(draw: ImageDraw.ImageDraw, view: ChartView) -> None:
    """Each standing's line sample, at twice the size like the lines themselves."""
    for row, standing in enumerate(view.standings[: len(STYLES)]):
        if standing.line is None:
            continue
        style = STYLES[standing.line]
        left, right, y = legend_sample(row)
        x0, x1, y2 = left * _SCALE, right * _SCALE, y * _SCALE
        for piece in _dashes([(x0, y2), (x1, y2)], style.dash):
            draw.line(piece, fill=style.colour, width=_LINE_WIDTH * _SCALE)
        _marker(draw, ((x0 + x1) / 2, y2), style, 5 * _SCALE)


def _legend_text(draw: ImageDraw.ImageDraw, view: ChartView) -> None:
    d.text_in(draw, (16, LEGEND_TOP - 10), view.labels.standings, size=TEXT_SIZE,
              width=WIDTH - 32, fill=d.TEXT, bold=True, anchor="ls")  # fmt: skip
    column_width = (WIDTH - 16) // LEGEND_COLUMNS
    for row, standing in enumerate(view.standings[: len(STYLES)]):
        left, sample_right, y = legend_sample(row)
        right = left + column_width - 16
        x = sample_right + 8
        place = f"{standing.place}."
        draw_text(draw, (x, y), place, size=TEXT_SIZE, fill=d.TEXT, bold=True, anchor="lm")
        x += 42
        chips = format_amount(standing.chips, view.labels.thousands_sep)
        used = draw_text(draw, (right, y), chips, size=TEXT_SIZE, fill=d.STACK, bold=True,
                         anchor="rm")  # fmt: skip
        # Through the font chain: names in any script, emoji included, never as boxes.
        name, squeeze = fit_squeezed(standing.name, TEXT_SIZE, int(right - used - 12 - x))
        draw_text(draw, (x, y), name, size=TEXT_SIZE, fill=d.TEXT, anchor="lm", squeeze=squeeze)


def draw_chart(view: ChartView) -> Image.Image:
    """The chart as an RGB image; :func:`render_chart` gives the same as PNG bytes."""
    big = Image.new("RGB", (WIDTH * _SCALE, HEIGHT * _SCALE), d.BACKGROUND)
    pen = ImageDraw.Draw(big)
    top = _top(view)
    _grid(pen, view, top)
    for index, line in enumerate(view.lines):
        _draw_line(pen, line, STYLES[index], index, view.hands, top)
    _legend_samples(pen, view)
    canvas = big.reduce(_SCALE)
    draw = ImageDraw.Draw(canvas)
    _axis_text(draw, view, top)
    _end_text(draw, view)
    _legend_text(draw, view)
    return canvas


def render_chart(view: ChartView) -> bytes:
    """The session chart as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_chart(view))
