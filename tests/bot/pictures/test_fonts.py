"""Every name legible: the font fallback chain, stand-ins, right-to-left order, colour emoji.

The fonts are those every machine has: the bundled DejaVu Sans, and the small subsets of
Debian's Noto fonts in ``tests/bot/pictures/fonts/`` (made by ``make_test_fonts.py`` there), found
through ``HOLDEM_FONT_DIRS`` as the real ones are in the Docker image.
"""

from __future__ import annotations

import dataclasses
import io
import os
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageStat
from render_helpers import decode, match_reference

from bot.pictures import fontchain, fonts
from bot.pictures.fontchain import FONT_DIRS_ENV, Face, chain, font_dirs, info
from bot.pictures.fontfile import FontFileError, read_font_info
from bot.pictures.resources import read_asset
from bot.pictures.showdown import render_showdown
from bot.pictures.table import HEIGHT, WIDTH, render_table
from bot.pictures.textlayout import clusters, layout, standin_digits
from tests.bot.pictures.examples import example_showdown, example_table

TEST_FONTS = Path(__file__).resolve().parent / "fonts"
NAMES = (
    "李小龍",
    "김민준",
    "مريم",
    "מרים 🎲",
    "अर्जुन",
    "สมชาย",
    "🃏 Joker 🎲",
    "👨\u200d👩\u200d👧 🇳🇴",
    "Joe ❤\ufe0f",
    "Ｊｏｅ",
)


@pytest.fixture
def test_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The fallback chain over the test fonts, for the length of one test."""
    monkeypatch.setenv(FONT_DIRS_ENV, str(TEST_FONTS))
    fonts.reload()
    yield TEST_FONTS
    monkeypatch.setenv(FONT_DIRS_ENV, "")
    fonts.reload()


def _face_names(text: str, *, bold: bool = False) -> list[str | None]:
    """The file drawing each piece from left to right (``None`` for a stand-in)."""
    return [
        Path(piece.face.source).name if piece.face else None
        for piece in layout(text, 18, bold).pieces
    ]


def _no_piece_lacks_its_glyphs(text: str, *, bold: bool = False) -> None:
    for piece in layout(text, 18, bold).pieces:
        if piece.face is None:
            assert len(piece.text) == 1
            continue
        known = info(piece.face)
        assert known is not None
        missing = [char for char in piece.text if not known.covers(ord(char))]
        assert not missing, f"{piece.face.source} lacks {missing!r} of {text!r}"


# ------------------------------------------------------------------------- the chain


def test_the_bundled_font_comes_first_and_alone_without_host_fonts() -> None:
    assert font_dirs() == ()
    assert [face.source for face in chain()] == ["fonts/DejaVuSans.ttf"]
    assert [face.source for face in chain(bold=True)] == ["fonts/DejaVuSans-Bold.ttf"]


def test_font_folders_come_from_the_environment() -> None:
    assert font_dirs({FONT_DIRS_ENV: ""}) == ()
    assert font_dirs({FONT_DIRS_ENV: f"/a{os.pathsep}/b"}) == (Path("/a"), Path("/b"))
    if sys.platform.startswith("linux"):
        assert Path("/usr/share/fonts") in font_dirs({})


def test_debian_noto_files_are_tried_in_order_and_bold_takes_bold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [
        "truetype/noto/NotoColorEmoji.ttf",
        "truetype/noto/NotoSansThai-Regular.ttf",
        "truetype/noto/NotoSansThai-Bold.ttf",
        "truetype/noto/NotoSansArabic-Regular.ttf",
        "truetype/noto/NotoSansTamil-Regular.ttf",
        "truetype/noto/NotoSansTamil-Bold.ttf",
        "truetype/noto/NotoSansTamil-Italic.ttf",
        "truetype/noto/NotoSansOldItalic-Regular.ttf",
        "truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
        "truetype/noto/NotoSerifTamil-Regular.ttf",
        "opentype/noto/NotoSansCJK-Regular.ttc",
        "opentype/noto/NotoSansCJK-Bold.ttc",
        "X11/misc/ignored.pcf.gz",
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    monkeypatch.setenv(FONT_DIRS_ENV, str(tmp_path))
    fonts.reload()
    try:
        regular = [Path(face.source).name for face in chain()]
        bold = [Path(face.source).name for face in chain(bold=True)]
    finally:
        monkeypatch.setenv(FONT_DIRS_ENV, "")
        fonts.reload()
    assert regular == [
        "DejaVuSans.ttf",
        "NotoSansCJK-Regular.ttc",
        "NotoSansArabic-Regular.ttf",
        "NotoSansThai-Regular.ttf",
        "NotoColorEmoji.ttf",
        "NotoSansOldItalic-Regular.ttf",
        "NotoSansTamil-Regular.ttf",
    ]
    assert bold == [
        "DejaVuSans-Bold.ttf",
        "NotoSansCJK-Bold.ttc",
        "NotoSansArabic-Regular.ttf",
        "NotoSansThai-Bold.ttf",
        "NotoColorEmoji.ttf",
        "NotoSansTamil-Bold.ttf",
        "NotoSansOldItalic-Regular.ttf",
        "NotoSansTamil-Regular.ttf",
    ]


def test_an_unreadable_font_file_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "NotoSansCJK-Regular.ttc").write_bytes(b"not a font at all")
    monkeypatch.setenv(FONT_DIRS_ENV, str(tmp_path))
    fonts.reload()
    try:
        assert info(chain()[1]) is None
        assert _face_names("李") == [None]
    finally:
        monkeypatch.setenv(FONT_DIRS_ENV, "")
        fonts.reload()


@pytest.mark.usefixtures("test_fonts")
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("李小龍", ["NotoSansCJK-Regular.ttc"]),
        ("김민준", ["NotoSansCJK-Regular.ttc"]),
        ("कमल", [None, None, None]),  # no test font has these Devanagari letters
        ("अर्जुन", ["NotoSansDevanagari-Regular.ttf"]),
        ("สมชาย", ["NotoSansThai-Regular.ttf"]),
        ("مريم", ["DejaVuSans.ttf"]),  # the bundled font has Arabic, and comes first
        ("Alice 李", ["DejaVuSans.ttf", "NotoSansCJK-Regular.ttc"]),
        ("🎲 x", ["NotoColorEmoji.ttf", "DejaVuSans.ttf"]),
        ("❤\ufe0f", ["NotoColorEmoji.ttf"]),  # asked for as a picture
        ("❤", ["DejaVuSans.ttf"]),  # asked for as text
        ("Ｊｏｅ", ["DejaVuSans.ttf"]),  # full-width letters in their compatibility form
    ],
)
def test_each_piece_goes_to_the_first_font_that_has_it(
    name: str, expected: list[str | None]
) -> None:
    assert _face_names(name) == expected
    _no_piece_lacks_its_glyphs(name)


@pytest.mark.usefixtures("test_fonts")
def test_bold_text_takes_the_bold_files() -> None:
    assert _face_names("李小龍", bold=True) == ["NotoSansCJK-Bold.ttc"]
    assert _face_names("สมชาย", bold=True) == ["NotoSansThai-Bold.ttf"]


@pytest.mark.usefixtures("test_fonts")
def test_an_emoji_sequence_stays_one_picture() -> None:
    family = "👨\u200d👩\u200d👧"
    assert clusters(family) == (family,)
    (piece,) = layout(family, 18, False).pieces
    assert piece.text == family
    single = layout("👨", 18, False).width
    assert piece.width < 1.5 * single, "drawn as one family, not three people"


# ----------------------------------------------------------------- never a box


_ALPHABET = st.characters(
    codec="utf-8",
    categories=("L", "M", "N", "P", "S", "Zs", "Cf"),
    exclude_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
)


@settings(max_examples=80, deadline=None)
@given(text=st.text(_ALPHABET, max_size=12) | st.sampled_from(NAMES))
def test_no_font_draws_a_character_it_lacks(text: str) -> None:
    shown = fonts.clean_text(text)
    _no_piece_lacks_its_glyphs(shown)
    _no_piece_lacks_its_glyphs(shown, bold=True)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width", [20, 60, 150])
def test_names_fit_their_box_with_and_without_host_fonts(
    name: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder in ("", str(TEST_FONTS)):
        monkeypatch.setenv(FONT_DIRS_ENV, folder)
        fonts.reload()
        shown = fonts.fit_text(name, 18, width, bold=True)
        assert fonts.text_width(shown, 18, bold=True) <= width or shown == ""
        assert set(clusters(shown)) - {fonts.ELLIPSIS} <= set(clusters(fonts.clean_text(name)))
    monkeypatch.setenv(FONT_DIRS_ENV, "")
    fonts.reload()


def test_without_host_fonts_a_missing_character_is_its_code_not_a_box() -> None:
    assert _face_names("李小龍") == [None, None, None]
    assert standin_digits("龍") == ("9F", "8D")

    def drawn(text: str) -> bytes:
        image = Image.new("RGB", (60, 40), (0, 0, 0))
        fonts.draw_text(ImageDraw.Draw(image), (4, 30), text, size=18, fill=(255, 255, 255))
        return image.convert("L").tobytes()

    dragon, plum = drawn("龍"), drawn("李")
    assert dragon != plum, "each stand-in shows its own character"
    assert max(dragon) == 255
    # The bundled font's own box for a missing glyph is what the stand-in replaces.
    box = Image.new("L", (60, 40), 0)
    ImageDraw.Draw(box).text((4, 30), "龍", font=fonts.font(18), fill=255, anchor="ls")
    assert box.tobytes() != dragon


# ------------------------------------------------------------------ right to left


@pytest.mark.usefixtures("test_fonts")
def test_right_to_left_names_put_the_pieces_in_reading_order() -> None:
    # A Hebrew name first: the paragraph reads right to left, so the emoji after it is left.
    assert _face_names("מרים 🎲") == ["NotoColorEmoji.ttf", "DejaVuSans.ttf"]
    pieces = layout("מרים 🎲", 18, False).pieces
    assert pieces[1].rtl and pieces[1].text.startswith("מרים")
    # A Latin name first: left to right, the Hebrew word in the middle reads right to left.
    pieces = layout("Bo מרים 李", 18, False).pieces
    assert [(piece.text, piece.rtl) for piece in pieces] == [
        ("Bo ", False),
        ("מרים", True),
        (" ", False),
        ("李", False),
    ]
    assert [piece.left for piece in pieces] == sorted(piece.left for piece in pieces)


# ------------------------------------------------------------------------- colour


@pytest.mark.usefixtures("test_fonts")
def test_colour_emoji_are_drawn_in_colour_at_the_text_size() -> None:
    image = Image.new("RGB", (80, 40), (255, 255, 255))
    width = fonts.draw_text(ImageDraw.Draw(image), (4, 30), "🎲", size=18, fill=(0, 0, 0))
    assert 14 <= width <= 30
    inked = image.crop((0, 0, 40, 40)).convert("HSV")
    assert ImageStat.Stat(inked).extrema[1][1] > 100, "saturated pixels: a colour picture"


# ------------------------------------------------------------------- font files


def test_the_bundled_font_file_says_what_it_has() -> None:
    known = read_font_info(io.BytesIO(read_asset("fonts/DejaVuSans.ttf")))
    assert all(known.covers(ord(char)) for char in string.printable.strip() + "éßΩЖש")
    assert not known.covers(ord("龍"))
    assert not known.colour and known.strikes == ()


def test_collections_and_bitmap_strikes_are_read() -> None:
    with open(TEST_FONTS / "NotoSansCJK-Regular.ttc", "rb") as stream:
        assert read_font_info(stream, 0).covers(ord("龍"))
        with pytest.raises(FontFileError):
            read_font_info(stream, 1)
    with open(TEST_FONTS / "NotoColorEmoji.ttf", "rb") as stream:
        emoji = read_font_info(stream)
    assert emoji.colour and emoji.strikes == (109,)
    assert emoji.covers(0x1F3B2)


@pytest.mark.parametrize("data", [b"", b"\x00\x01\x00\x00", b"OTTO" + b"\x00" * 8, b"GIF89a"])
def test_a_damaged_font_file_is_a_font_file_error(data: bytes) -> None:
    with pytest.raises(FontFileError):
        read_font_info(io.BytesIO(data + b"\x00" * 4))


def test_faces_are_values() -> None:
    assert Face(source="a.ttf") == Face(source="a.ttf")
    assert fontchain.primary().bundled


# ------------------------------------------------------------------ references


@pytest.mark.parametrize("with_fonts", [False, True])
def test_names_match_the_reference(with_fonts: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FONT_DIRS_ENV, str(TEST_FONTS) if with_fonts else "")
    fonts.reload()
    try:
        suffix = "fonts" if with_fonts else "bundled-only"
        table = render_table(example_table(10, names=NAMES))
        match_reference(f"table-names-{suffix}", table)
        showdown = example_showdown()
        names = ("李小龍", "מרים 🎲", "👨\u200d👩\u200d👧 🇳🇴")
        hands = tuple(
            dataclasses.replace(hand, name=name)
            for hand, name in zip(showdown.hands, names, strict=True)
        )
        picture = render_showdown(dataclasses.replace(showdown, hands=hands))
        match_reference(f"showdown-names-{suffix}", picture)
        assert decode(table).size == (WIDTH, HEIGHT)
    finally:
        monkeypatch.setenv(FONT_DIRS_ENV, "")
        fonts.reload()
