"""Write the small fonts the fallback tests draw with: subsets of Debian's Noto fonts.

The tests must give the same pixels on every machine, with or without fonts installed, so
they never read the host's fonts; these subsets hold just the characters of the test names,
under the file names that Debian's fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji
use (and the Docker image installs), so the font chain finds them as it finds the real ones.

Run by hand after changing the test names (needs fontTools and those Debian packages):

    apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    pip install fonttools
    python tests/bot/pictures/fonts/make_test_fonts.py
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto")

# The characters of the names in tests/bot/pictures/test_fonts.py.
TEXT = {
    "cjk": "李小龍김민준王",
    "devanagari": "अर्जुन",
    "thai": "สมชาย",
    "emoji": "🃏🎲❤\ufe0f👨\u200d👩\u200d👧👍🏽🇳🇴",
}
FONTS = (
    (CJK / "NotoSansCJK-Regular.ttc", "cjk"),
    (CJK / "NotoSansCJK-Bold.ttc", "cjk"),
    (NOTO / "NotoSansDevanagari-Regular.ttf", "devanagari"),
    (NOTO / "NotoSansDevanagari-Bold.ttf", "devanagari"),
    (NOTO / "NotoSansThai-Regular.ttf", "thai"),
    (NOTO / "NotoSansThai-Bold.ttf", "thai"),
    (NOTO / "NotoColorEmoji.ttf", "emoji"),
)


def _subset(font: TTFont, text: str) -> TTFont:
    options = subset.Options()
    options.layout_features = ["*"]  # keep the conjuncts, vowel marks and emoji sequences
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    return font


def main() -> None:
    for source, script in FONTS:
        target = HERE / source.name
        if source.suffix == ".ttc":
            collection = TTCollection()
            collection.fonts = [_subset(TTFont(source, fontNumber=0), TEXT[script])]
            collection.save(target)
        else:
            _subset(TTFont(source), TEXT[script]).save(target)
        print(f"wrote {target.name}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
