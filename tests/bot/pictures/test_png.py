"""Text helpers and the PNG writer."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures.fonts import ELLIPSIS, clean_text, fit_text, text_width
from bot.pictures.png import encode_png
from bot.pictures.views import format_amount

NAMES = ["W" * 32, "龍" * 40, "🃏🎲" * 20, "مريم" * 10, "a\nb\tc\x00d", "\ud800x", "", "Z̷̢͉̈́a̶̱͝"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width", [0, 10, 60, 150])
def test_fit_text_never_exceeds_the_width(name: str, width: int) -> None:
    shown = fit_text(name, 18, width, bold=True)
    assert text_width(shown, 18, bold=True) <= max(width, 0) or shown == ""
    assert shown == clean_text(name) or shown.endswith(ELLIPSIS) or shown == ""


def test_clean_text_is_one_line_without_controls() -> None:
    assert clean_text(" a\nb\t c\x00 \u202eevil\ud800 ") == "a b c evil"


def test_format_amount_uses_the_given_separator() -> None:
    assert format_amount(1234567) == "1,234,567"
    assert format_amount(1234567, ".") == "1.234.567"
    assert format_amount(12) == "12"


@pytest.mark.parametrize(("mode", "level"), [("RGB", 1), ("RGBA", 0), ("L", 2), ("P", 3)])
def test_encode_png_round_trips(mode: str, level: int) -> None:
    image = Image.linear_gradient("L").resize((37, 23)).convert(mode)
    data = encode_png(image, level=level)
    with Image.open(io.BytesIO(data)) as decoded:
        expected = image.convert("RGB") if mode == "P" else image
        assert decoded.convert(expected.mode).tobytes() == expected.tobytes()
