"""The session chart: every player's stack over the hands of a session, with the standings.

Legible with ten players and five hundred hands: each player has a colour from the Okabe-Ito
palette (chosen to stay apart under the common colour-vision deficiencies; white stands in
for its black on the dark background), and also a line style and a marker of their own, so
no two lines depend on colour alone. The standings beside the plot repeat each line's style.
Lines and markers are drawn at twice the size and scaled down (smooth edges); the text is
drawn at the final size with the bundled font, cut to its box.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw

from bot.pictures.stats_views import ChartLine, ChartView
from bot.pictures.views import format_amount
from peer_render_2406b56 import draw as d
from peer_render_2406b56.draw import Colour, Rect
from peer_render_2406b56.fonts import draw_text, fit_text, font
from peer_render_2406b56.png import encode_png

__all__ = ["HEIGHT", "PLOT", "STYLES", "WIDTH", "Dash", "LineStyle", "Marker", "render_chart"]

WIDTH, HEIGHT = 1200, 720
PLOT = Rect(left=96, top=72, right=860, bottom=650)
PANEL_LEFT = 890
_SCALE = 2
_LINE_WIDTH = 3
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
_BLUE, _VERMILLION, _PURPLE, _WHITE = (0, 114, 178), (213, 94, 0), (204, 121, 167), (235, 235, 235)

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
        draw.text((PLOT.left - 10, _y(value, top)), format_amount(value, sep), font=font(15),
                  fill=d.TEXT_DIM, anchor="rm")  # fmt: skip
    hands = view.hands
    x_step = max(1, int(nice_step(hands, 8)))
    for k in range(0, hands + 1, x_step):
        draw.text((_x(k, hands), PLOT.bottom + 10), format_amount(k, sep), font=font(15),
                  fill=d.TEXT_DIM, anchor="mt")  # fmt: skip
    centre = (PLOT.left + PLOT.right) // 2
    d.text_in(draw, (centre, HEIGHT - 16), view.labels.hands, size=16, width=400,
              fill=d.TEXT_DIM, anchor="ms")  # fmt: skip
    d.text_in(draw, (PLOT.left, PLOT.top - 14), view.labels.chips, size=16, width=200,
              fill=d.TEXT_DIM, anchor="ls")  # fmt: skip
    d.text_in(draw, (24, 40), view.labels.title, size=26, width=PLOT.right - 24, fill=d.TEXT,
              bold=True, anchor="ls")  # fmt: skip


def _legend_samples(draw: ImageDraw.ImageDraw, view: ChartView) -> None:
    """Each standing's line sample, at twice the size like the lines themselves."""
    for row, standing in enumerate(view.standings[: len(STYLES)]):
        if standing.line is None:
            continue
        style = STYLES[standing.line]
        y = (_legend_top(row) + 13) * _SCALE
        x0, x1 = (PANEL_LEFT + 34) * _SCALE, (PANEL_LEFT + 78) * _SCALE
        for piece in _dashes([(x0, y), (x1, y)], style.dash):
            draw.line(piece, fill=style.colour, width=_LINE_WIDTH * _SCALE)
        _marker(draw, ((x0 + x1) / 2, y), style, 5 * _SCALE)


def _legend_top(row: int) -> int:
    return PLOT.top + 20 + 56 * row


def _legend_text(draw: ImageDraw.ImageDraw, view: ChartView) -> None:
    right = WIDTH - 20
    d.text_in(draw, (PANEL_LEFT, PLOT.top + 4), view.labels.standings, size=18,
              width=right - PANEL_LEFT, fill=d.TEXT, bold=True, anchor="ls")  # fmt: skip
    for row, standing in enumerate(view.standings[: len(STYLES)]):
        top = _legend_top(row)
        draw.text((PANEL_LEFT, top + 13), f"{standing.place}.", font=font(16, bold=True),
                  fill=d.TEXT, anchor="lm")  # fmt: skip
        chips = format_amount(standing.chips, view.labels.thousands_sep)
        draw.text((right, top + 40), chips, font=font(16, bold=True), fill=d.STACK, anchor="rm")
        name = fit_text(standing.name, 17, right - PANEL_LEFT - 90)
        # Through the font chain: names in any script, emoji included, never as boxes.
        draw_text(draw, (PANEL_LEFT + 90, top + 13), name, size=17, fill=d.TEXT, anchor="lm")


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
    _legend_text(draw, view)
    return canvas


def render_chart(view: ChartView) -> bytes:
    """The session chart as PNG bytes; the same view always gives the same bytes."""
    return encode_png(draw_chart(view))
