"""The four-colour deck through simulated colour blindness: every two suits differ in lightness.

Hue alone does not separate the suits for everyone: under deuteranopia the red of hearts and a
mid green both turn olive. The suit colours are read from the card art as drawn (the ink of
each ace's pips), passed through the simulations of Machado, Oliveira and Fernandes (2009,
severity 1.0, applied to linear RGB), and compared by CIELAB lightness L*. The stated margin,
:data:`MARGIN`, is 10 L*: about four just-noticeable differences, and as far apart as black
text on a mid-grey.
"""

from __future__ import annotations

import itertools
import statistics

import pytest

from bot.pictures.card_art import SUIT_COLOURS
from bot.pictures.tiles import card_tile

MARGIN = 10.0
FACE = (252, 252, 248)
Matrix = tuple[tuple[float, float, float], ...]
# Machado et al. 2009, severity 1.0.
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
VISIONS = {"normal": IDENTITY, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lightness(colour: tuple[float, float, float], matrix: Matrix) -> float:
    """CIELAB L* of an sRGB colour as seen through ``matrix``."""
    rgb = [_linear(c) for c in colour]
    seen = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix]
    y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2]
    f = y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116
    return 116 * f - 16


def ink(suit: str) -> tuple[float, float, float]:
    """The colour of a suit's pips in the four-colour deck, read from the ace's art: the
    median of the opaque pixels far from the card's face."""
    tile = card_tile("A" + suit, four_colour=True)
    pixels = [
        (r, g, b)
        for r, g, b, a in tile.get_flattened_data()
        if a == 255 and max(abs(r - FACE[0]), abs(g - FACE[1]), abs(b - FACE[2])) > 120
    ]
    assert len(pixels) > 500, suit  # the big pip alone has thousands
    return tuple(statistics.median(p[k] for p in pixels) for k in range(3))  # type: ignore[return-value]


def test_the_lightness_helper_knows_black_and_white() -> None:
    assert lightness((0, 0, 0), IDENTITY) == pytest.approx(0.0, abs=0.01)
    assert lightness((255, 255, 255), IDENTITY) == pytest.approx(100.0, abs=0.01)
    # Pure red and a green of the same lightness merge for a deuteranope.
    red, green = (200, 16, 32), (16, 128, 48)
    assert abs(lightness(red, DEUTERANOPIA) - lightness(green, DEUTERANOPIA)) < 3


def test_the_art_is_drawn_in_the_stated_suit_colours() -> None:
    for suit, (_, four) in SUIT_COLOURS.items():
        assert all(abs(a - b) <= 2 for a, b in zip(ink(suit), four, strict=True)), suit


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_suits_differ_in_lightness(vision: str) -> None:
    seen = {suit: lightness(ink(suit), VISIONS[vision]) for suit in "cdhs"}
    for first, second in itertools.combinations(seen, 2):
        assert abs(seen[first] - seen[second]) >= MARGIN, (vision, first, second, seen)
