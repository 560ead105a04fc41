"""The drawing check of ``python -m bot --check``, and the bundled files it relies on."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.pictures.check
import bot.pictures.fonts
from bot.pictures import selfcheck
from bot.pictures.resources import MissingAssetError, asset, read_asset
from bot.pictures.tiles import asset_name


def test_this_installation_draws() -> None:
    assert selfcheck() is None


def test_every_bundled_file_the_renderers_read_is_package_data() -> None:
    names = [asset_name(rank + "s") for rank in "23456789TJQKA"]
    names += ["cards/back.png", "cards/four-colour/Ac.png"]
    names += ["fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/LICENSE-DejaVu.txt"]
    for name in names:
        assert asset(name).is_file(), name
        assert read_asset(name)


def test_a_missing_file_is_named_with_the_fix() -> None:
    with pytest.raises(MissingAssetError) as raised:
        read_asset("fonts/Missing.ttf")
    assert raised.value.name == "fonts/Missing.ttf"
    assert "assets/fonts/Missing.ttf" in str(raised.value)
    assert "reinstall" in str(raised.value)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (MissingAssetError("fonts/DejaVuSans.ttf"), "lacks assets/fonts/DejaVuSans.ttf"),
        (OSError("cannot open resource"), "cannot open resource"),
        (ValueError("a bug"), "ValueError: a bug"),
    ],
)
def test_a_failure_to_draw_is_one_line(
    monkeypatch: pytest.MonkeyPatch, error: Exception, expected: str
) -> None:
    def broken(*_: object) -> bytes:
        raise error

    monkeypatch.setattr(bot.pictures.check, "render_table", broken)
    problem = selfcheck()
    assert problem is not None
    assert problem.startswith("pictures: ")
    assert expected in problem
    assert "\n" not in problem


def test_the_font_report_names_what_to_install_without_host_fonts() -> None:
    report = bot.pictures.check.font_report()
    assert report.startswith("fonts: no font for CJK, Hangul, Devanagari, Thai:")
    assert "apt install fonts-noto-cjk fonts-noto-core" in report
    assert "\n" not in report


def test_the_font_report_says_all_draw_when_fonts_cover_every_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fonts = Path(__file__).resolve().parent / "fonts"
    monkeypatch.setenv("HOLDEM_FONT_DIRS", str(fonts))
    monkeypatch.setattr(
        bot.pictures.check,
        "SCRIPTS",
        (("CJK", "龍", "fonts-noto-cjk"), ("Thai", "ส", "fonts-noto-core"), ("emoji", "🎲", "x")),
    )
    bot.pictures.fonts.reload()
    try:
        assert bot.pictures.check.font_report() == "fonts: names in CJK, Thai, emoji all draw"
    finally:
        monkeypatch.setenv("HOLDEM_FONT_DIRS", "")
        bot.pictures.fonts.reload()
