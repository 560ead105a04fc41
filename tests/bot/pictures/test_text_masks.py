"""Text drawn the cheap way gives the pixels of text drawn the plain way: a line's mask from one
FreeType render, a line of ASCII put together from its glyphs at pens summed from advances and
kerning, digits cut to their ink, the table's header lines pasted as tiles of the felt."""

from __future__ import annotations

import dataclasses
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.pictures import fonts, pens, table
from bot.pictures.fonts import font
from bot.pictures.textlayout import layout
from tests.bot.pictures.examples import example_table

LINES = ("AVATAR Tyler, Wolf.", "Bartholomew Maxi", "fi fl ffi", "Level 3 · Blinds 50/100", "Ö")


@pytest.mark.parametrize("anchor", ["ls", "ms", "rs", "lm", "mm", "la", "rd"])
def test_a_line_mask_is_what_imagedraw_draws_after_measuring_it(anchor: str) -> None:
    for text in LINES:
        for size, bold in ((18, False), (20, True), (24, True)):
            sprite = fonts._line(text, size, bold, anchor, composed=False)
            loaded = font(size, bold=bold)
            left, top, right, bottom = (int(v) for v in loaded.getbbox(text, anchor=anchor))
            drawn = Image.new("L", (right - left + 2, bottom - top + 2), 0)
            ImageDraw.Draw(drawn).text((1 - left, 1 - top), text, font=loaded, fill=255,
                                       anchor=anchor)  # fmt: skip
            assert sprite.mask is not None and (sprite.left, sprite.top) == (left - 1, top - 1)
            assert sprite.mask.tobytes() == drawn.tobytes(), (text, size, anchor)


def _placed(sprite: fonts._Sprite) -> bytes:
    """A sprite's mask drawn at one anchor point of an empty canvas."""
    canvas = Image.new("L", (1400, 120), 0)
    if sprite.mask is not None:
        canvas.paste(sprite.mask, (700 + sprite.left, 60 + sprite.top))
    return canvas.tobytes()


def test_a_line_of_ascii_put_together_from_its_glyphs_is_the_line_freetype_draws() -> None:
    rng = random.Random(43)
    letters = sorted(pens.PRINTABLE)
    lines = ["Alice", "AVATAR Tyler, Wolf.", "office flow", "#0012", "Level 1 · 1/2"[:7]]
    lines += ["".join(rng.choice(letters) for _ in range(rng.randint(2, 24))) for _ in range(40)]
    composed = 0
    for number, text in enumerate(lines):
        size, bold = ((20, True), (18, False), (24, True), (22, True))[number % 4]
        for anchor in ("ls", "ms", "rs", "lm", "mm", "la", "rd"):
            sprite = fonts._line(text, size, bold, anchor, composed=True)
            whole = fonts._line(text, size, bold, anchor, composed=False)
            assert _placed(sprite) == _placed(whole), (text, size, bold, anchor)
            assert sprite.width == whole.width == font(size, bold=bold).getlength(text)
            assert layout(text, size, bold).width == sprite.width
            composed += pens.pens(text, size, bold) is not None
    assert composed > 200  # most lines are put together: the ligatures are few


def test_a_ligature_or_a_letter_beyond_ascii_is_left_to_freetype() -> None:
    assert pens.pens("Tyler, Wolf.", 20, True) is not None
    for text in ("office", "flow", "Jeff", "Zoë"):
        assert pens.pens(text, 20, True) is None


def _numbers() -> Image.Image:
    canvas = Image.new("RGB", (520, 200), (22, 26, 31))
    draw = ImageDraw.Draw(canvas)
    for row, text in enumerate(("12,450", "1,000,000", "7 980", "-42%", "3.300")):
        for column, anchor in enumerate(("ls", "ms", "rm", "la")):
            fonts.draw_text(draw, (60 + 120 * column, 30 + 36 * row), text, size=20 + row % 3,
                            fill=(250, 214, 120), bold=row % 2 == 0, anchor=anchor)  # fmt: skip
    return canvas


def test_digits_cut_to_their_ink_draw_what_their_whole_masks_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cut = _numbers()
    monkeypatch.setattr(fonts, "_glyphs", fonts._whole_glyphs)
    whole = _numbers()
    assert cut.getbbox() and ImageChops.difference(cut, whole).getbbox() is None


def test_header_lines_pasted_as_tiles_give_the_pixels_of_lines_drawn_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = [
        example_table(6),
        dataclasses.replace(example_table(3), street="A street far too long to fit its corner"),
        dataclasses.replace(example_table(2), street="🃏 Turn", blind_level="", next_level="1,000"),
    ]
    tiled = [table.draw_table(view) for view in views]
    monkeypatch.setattr(table, "_line_on_felt", lambda *args: None)
    for view, picture in zip(views, tiled, strict=True):
        assert ImageChops.difference(picture, table.draw_table(view)).getbbox() is None


def test_numbers_pasted_over_their_one_colour_give_the_pixels_of_numbers_blended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stacks over every seat's fill (folded, sitting out, the turn), bets and pots over their
    plates, amounts of every length, and glyphs that reach over their neighbour."""
    views = []
    for count in (2, 6, 10):
        base = example_table(count)
        for turn in range(count):
            seats = tuple(
                dataclasses.replace(seat, is_turn=k == turn, stack=10 ** (k % 9) + 7 * turn,
                                    bet=(0, 1, 25, 600, 1500, 99999)[(k + turn) % 6])
                for k, seat in enumerate(base.seats)
            )  # fmt: skip
            views.append(dataclasses.replace(base, seats=seats))
    pasted = [table.draw_table(view) for view in views]
    canvas = Image.new("RGB", (300, 40), (14, 52, 32))
    fonts.draw_text(ImageDraw.Draw(canvas), (10, 20), "1-1%,7'.4", size=20, fill=(244, 244, 240),
                    bold=True, anchor="lm", background=(14, 52, 32))  # fmt: skip
    pasted.append(canvas)
    for size, fill, background in ((20, (244, 244, 240), (14, 52, 32)), (22, (250, 214, 120),
                                   (14, 52, 32)), (20, (250, 214, 120), (58, 48, 16))):  # fmt: skip
        ink = fonts._ink(ImageDraw.Draw(canvas), fill)
        assert fonts._glyph_tiles(size, True, "m", ink, background) is not None  # pasted
    blend = fonts._draw_number

    def blended_only(*args: object, **kwargs: object) -> float:
        return blend(*args, **kwargs | {"background": None})  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "_draw_number", blended_only)
    blended = [table.draw_table(view) for view in views]
    canvas = Image.new("RGB", (300, 40), (14, 52, 32))
    fonts.draw_text(ImageDraw.Draw(canvas), (10, 20), "1-1%,7'.4", size=20, fill=(244, 244, 240),
                    bold=True, anchor="lm")  # fmt: skip
    blended.append(canvas)
    for one, other in zip(pasted, blended, strict=True):
        assert one.getbbox() and ImageChops.difference(one, other).getbbox() is None
