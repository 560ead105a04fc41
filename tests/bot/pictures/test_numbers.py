"""Numbers narrowed to fit (a bet or a pot wider than its label, drawn from the left) are put
together from the digits' masks: the same pixels as the whole number laid out and rendered by
FreeType."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.pictures import fonts

NUMBERS = ("1,500", "12,345", "987 654", "100%", "1.234.567", "-42", "7")


def _drawn() -> Image.Image:
    fonts._sprite.cache_clear()
    canvas = Image.new("RGB", (400, 60 * len(NUMBERS)), (14, 52, 32))
    draw = ImageDraw.Draw(canvas)
    for row, text in enumerate(NUMBERS):
        for column, (anchor, squeeze) in enumerate((("lm", 0.61), ("ls", 0.8), ("la", 0.93))):
            xy = (20 + 130 * column, 30 + 60 * row)
            fonts.draw_text(draw, xy, text, size=20, fill=(250, 214, 120), bold=row % 2 == 0,
                            anchor=anchor, squeeze=squeeze)  # fmt: skip
    return canvas


def test_a_narrowed_number_draws_as_freetype_renders_it(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _drawn()
    monkeypatch.setattr(  # the number laid out and rendered whole by FreeType
        fonts,
        "_number_sprite",
        lambda text, size, bold, anchor: fonts._line(text, size, bold, anchor, composed=False),
    )
    slow = _drawn()
    fonts._sprite.cache_clear()
    assert fast.getbbox() and ImageChops.difference(fast, slow).getbbox() is None
