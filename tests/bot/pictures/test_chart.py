"""The session chart: styles colour-blind members can tell apart, lines where the stacks are,
gaps where a player was not there, the standings in the lines' styles, and checked views."""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from PIL import Image

import bot.pictures.chart
from bot.pictures.chart import PLOT, STYLES, draw_chart, end_labels, legend_sample, render_chart
from bot.pictures.draw import BACKGROUND
from bot.pictures.stats_views import ChartLabels, ChartLine, ChartView, Standing

# The Okabe-Ito palette, its blue and vermillion lightened for the dark background.
OKABE_ITO = {
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (100, 160, 255),
    (240, 110, 30), (204, 121, 167),
}  # fmt: skip
WHITE = (235, 235, 235)


def test_ten_styles_each_pair_apart_in_two_ways() -> None:
    assert len(STYLES) == 10
    for a, b in itertools.combinations(STYLES, 2):
        differences = (
            (a.colour != b.colour)
            + (a.dash != b.dash)
            + ((a.marker, a.hollow) != (b.marker, b.hollow))
        )
        assert differences >= 2, (a, b)
    assert {s.colour for s in STYLES} <= OKABE_ITO | {WHITE}


def _luminance(colour: tuple[int, int, int]) -> float:
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_no_line_is_faint_on_the_background() -> None:
    # WCAG contrast ratio of every line colour against the chart's background: 4.5:1 or more
    # (Okabe-Ito's own blue had 3.1:1 and read as faint).
    background = _luminance(BACKGROUND)
    for style in STYLES:
        ratio = (_luminance(style.colour) + 0.05) / (background + 0.05)
        assert ratio >= 4.5, (style.colour, ratio)


def _close(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 40) -> bool:
    return all(abs(p - c) <= slack for p, c in zip(pixel, colour))


def _at(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    pixel = image.getpixel((round(x), round(y)))
    assert isinstance(pixel, tuple)
    return pixel


def _row_has(
    image: Image.Image, x0: float, x1: float, y: float, colour: tuple[int, int, int]
) -> bool:
    return any(_close(_at(image, x, y), colour) for x in range(round(x0), round(x1)))


def test_a_line_is_drawn_at_its_stacks_and_not_before_the_player_sat_down() -> None:
    flat = ChartLine(name="Ada", stacks=(730,) * 11)
    late = ChartLine(name="Bo", stacks=(None,) * 5 + (310,) * 6)
    view = ChartView(
        lines=(flat, late),
        standings=(
            Standing(place=1, name="Ada", chips=730, line=0),
            Standing(place=2, name="Bo", chips=310, line=1),
        ),
    )
    image = draw_chart(view)
    top = bot.pictures.chart._top(view)
    y_flat, y_late = bot.pictures.chart._y(730, top), bot.pictures.chart._y(310, top)
    x_of = [bot.pictures.chart._x(k, 10) for k in range(11)]
    assert _close(_at(image, (x_of[2] + x_of[3]) / 2, y_flat), STYLES[0].colour)
    # Line 1 is dashed: some of each stretch between two hands is drawn.
    assert _row_has(image, x_of[7], x_of[8], y_late, STYLES[1].colour)
    assert not _row_has(image, x_of[1], x_of[4], y_late, STYLES[1].colour)


def test_the_standings_repeat_the_style_of_their_line() -> None:
    lines = tuple(ChartLine(name=f"P{i}", stacks=(100, 100 + i)) for i in range(3))
    standings = tuple(
        Standing(place=k + 1, name=f"P{i}", chips=100 + i, line=i) for k, i in enumerate((2, 0, 1))
    )
    image = draw_chart(ChartView(lines=lines, standings=standings))
    for row, standing in enumerate(standings):
        assert standing.line is not None
        left, _, y = legend_sample(row)
        sample = _at(image, left + 1, y)  # the sample starts with a dash in every style
        assert _close(sample, STYLES[standing.line].colour), row


def test_each_line_ends_in_its_name_and_the_names_never_overlap() -> None:
    view = ten_by_five_hundred()
    labels = end_labels(view)
    assert sorted(index for index, _ in labels) == list(range(10))
    ys = sorted(y for _, y in labels)
    assert all(b - a >= bot.pictures.chart.TEXT_SIZE for a, b in itertools.pairwise(ys))
    assert PLOT.top - 10 <= ys[0] and ys[-1] <= PLOT.bottom
    image = draw_chart(view)
    for index, y in labels:  # the name's ink is in its line's colour
        row = [_at(image, x, y) for x in range(PLOT.right + 10, PLOT.right + 60)]
        assert any(_close(p, STYLES[index].colour, slack=30) for p in row), index


def ten_by_five_hundred() -> ChartView:
    rng = random.Random(7)
    lines = []
    for i in range(10):
        stack, stacks = 1000, [1000]
        for _ in range(500):
            stack = max(0, stack + rng.randint(-50, 50))
            stacks.append(stack)
        lines.append(ChartLine(name=f"Player with a long name {i}", stacks=tuple(stacks)))
    ranked = sorted(range(10), key=lambda i: -(lines[i].stacks[-1] or 0))
    standings = tuple(
        Standing(place=k + 1, name=lines[i].name, chips=lines[i].stacks[-1] or 0, line=i)
        for k, i in enumerate(ranked)
    )
    return ChartView(lines=tuple(lines), standings=standings, labels=ChartLabels(title="S1"))


def test_ten_players_and_five_hundred_hands_give_the_same_png_every_time() -> None:
    view = ten_by_five_hundred()
    first = render_chart(view)
    assert first == render_chart(view)
    assert first.startswith(b"\x89PNG") and len(first) < 1_000_000
    image = draw_chart(view)
    assert image.size == (bot.pictures.chart.WIDTH, bot.pictures.chart.HEIGHT)
    # Every line's colour is somewhere in the plot.
    plot = image.crop((PLOT.left, PLOT.top, PLOT.right, PLOT.bottom))
    seen = {colour for _, colour in plot.getcolors(maxcolors=1 << 20) or []}
    for style in STYLES:
        assert style.colour in seen, style


@pytest.mark.parametrize(
    ("lines", "standings", "message"),
    [
        ((), (), "1 to 10 lines"),
        (tuple(ChartLine(name=str(i), stacks=(1, 2)) for i in range(11)), (), "1 to 10 lines"),
        ((ChartLine(name="a", stacks=(1, 2)), ChartLine(name="b", stacks=(1,))), (), "one stack"),
        ((ChartLine(name="a", stacks=(1,)),), (), "at least one hand"),
        ((ChartLine(name="a", stacks=(1, 2)),), (Standing(place=1, name="a", chips=2, line=3),),
         "names no line"),
    ],
)  # fmt: skip
def test_a_bad_view_is_refused_where_it_is_built(
    lines: tuple[ChartLine, ...], standings: tuple[Standing, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ChartView(lines=lines, standings=standings)


def test_a_line_needs_a_stack_and_no_negative_one() -> None:
    with pytest.raises(ValueError, match="negative"):
        ChartLine(name="a", stacks=(1, -1))
    with pytest.raises(ValueError, match="no stack"):
        ChartLine(name="a", stacks=(None, None))


def test_docstring_examples() -> None:
    result = doctest.testmod(bot.pictures.chart)
    assert result.attempted > 0 and result.failed == 0
