"""Which font draws which character: the bundled DejaVu Sans first, then the host's fonts.

Discord names mix Latin, CJK, Hangul, Arabic, Hebrew, Devanagari, Thai and emoji. One font
cannot hold them all, and bundling fonts that do would weigh more than the whole wheel, so the
chain is:

1. the bundled DejaVu Sans (``assets/fonts``), which every installation has and which draws
   Latin, Greek, Cyrillic, Armenian, Georgian, basic Arabic and Hebrew, and the card suits;
2. well-known fonts for the other big scripts and for emoji, by file name, where the host has
   them: Debian's Noto fonts (what the Docker image installs), then the usual macOS and Windows
   ones;
3. every other regular (or, for bold text, bold) font file in the font folders, in name order,
   for the scripts nobody listed.

The font folders are the platform's usual ones, or the ``os.pathsep``-separated list in
``HOLDEM_FONT_DIRS`` (an empty value hides every host font: the tests draw with the bundled
fonts only, so that every machine gives the same pixels). A font's characters are read from its
file by :mod:`bot.pictures.fontfile` the first time the chain needs to look past it, and a file that
cannot be read is skipped.
"""

from __future__ import annotations

import io
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from PIL import ImageFont, features

from bot.pictures.resources import read_asset
from peer_render_2406b56.fontfile import FontFileError, FontInfo, read_font_info

__all__ = [
    "FONT_DIRS_ENV",
    "Face",
    "chain",
    "face_for",
    "font_dirs",
    "info",
    "pil_font",
    "primary",
    "reload",
]

log = logging.getLogger("holdem.render")

FONT_DIRS_ENV = "HOLDEM_FONT_DIRS"
# Raqm shapes Arabic and Indic scripts and orders right-to-left text; Pillow's wheels have it.
LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
_BUNDLED = {False: "fonts/DejaVuSans.ttf", True: "fonts/DejaVuSans-Bold.ttf"}
_EXTENSIONS = (".ttf", ".otf", ".ttc", ".otc")
# (regular, bold) file names, in the order they are tried. The CJK collections come first:
# they also hold Hangul and kana.
_WELL_KNOWN: tuple[tuple[str, str], ...] = (
    # CJK and Hangul: Debian's fonts-noto-cjk, Noto as other distributions split it, others.
    ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"),
    ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"),
    ("NotoSansCJKjp-Regular.otf", "NotoSansCJKjp-Bold.otf"),
    ("NotoSansCJKkr-Regular.otf", "NotoSansCJKkr-Bold.otf"),
    ("SourceHanSans-Regular.ttc", "SourceHanSans-Bold.ttc"),
    ("wqy-microhei.ttc", "wqy-microhei.ttc"),
    ("wqy-zenhei.ttc", "wqy-zenhei.ttc"),
    ("DroidSansFallbackFull.ttf", "DroidSansFallbackFull.ttf"),
    ("PingFang.ttc", "PingFang.ttc"),
    ("AppleSDGothicNeo.ttc", "AppleSDGothicNeo.ttc"),
    ("msyh.ttc", "msyhbd.ttc"),
    ("malgun.ttf", "malgunbd.ttf"),
    # Arabic, Hebrew, Devanagari and Thai: Debian's fonts-noto-core, then macOS and Windows.
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    ("NotoNaskhArabic-Regular.ttf", "NotoNaskhArabic-Bold.ttf"),
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"),
    ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf"),
    ("GeezaPro.ttc", "GeezaPro.ttc"),
    ("ArialHB.ttc", "ArialHB.ttc"),
    ("Kohinoor.ttc", "Kohinoor.ttc"),
    ("Thonburi.ttc", "Thonburi.ttc"),
    ("segoeui.ttf", "segoeuib.ttf"),
    ("Nirmala.ttf", "NirmalaB.ttf"),
    ("leelawad.ttf", "leelawdb.ttf"),
)
# Emoji, colour first; an emoji asked for as a picture (with U+FE0F, a skin tone, a ZWJ
# sequence, a flag) is drawn by the first colour one that has it.
_EMOJI: tuple[tuple[str, str], ...] = (
    ("NotoColorEmoji.ttf", "NotoColorEmoji.ttf"),
    ("Apple Color Emoji.ttc", "Apple Color Emoji.ttc"),
    ("seguiemj.ttf", "seguiemj.ttf"),
    ("NotoEmoji-Regular.ttf", "NotoEmoji-Bold.ttf"),
    ("Symbola.ttf", "Symbola.ttf"),
)
_EMOJI_FILES = frozenset(name for pair in _EMOJI for name in pair)
# What the sweep of step 3 leaves out: names are drawn upright, in a regular or bold weight,
# without serifs. Styles are read after the file name's last hyphen ("NotoSans-Italic"), so a
# script's own name stays in ("NotoSansOldItalic-Regular"); families anywhere in the name.
_OTHER_STYLES = (
    "italic",
    "oblique",
    "light",
    "thin",
    "black",
    "heavy",
    "medium",
    "semibold",
    "extrabold",
)
_OTHER_FAMILIES = ("condensed", "narrow", "serif", "mono")


@dataclass(frozen=True, kw_only=True)
class Face:
    """One font of the chain: the bundled asset ``source`` or a host file, and its face."""

    source: str
    bundled: bool = False
    index: int = 0

    def open(self) -> BinaryIO:
        """The font file, open for reading."""
        if self.bundled:
            return io.BytesIO(read_asset(self.source))
        return open(self.source, "rb")


def font_dirs(environ: Mapping[str, str] = os.environ) -> tuple[Path, ...]:
    """The folders searched for host fonts: ``HOLDEM_FONT_DIRS``, or the platform's own."""
    if FONT_DIRS_ENV in environ:
        return tuple(Path(part) for part in environ[FONT_DIRS_ENV].split(os.pathsep) if part)
    home = Path.home()
    if sys.platform == "darwin":
        return (
            Path("/System/Library/Fonts"),
            Path("/System/Library/Fonts/Supplemental"),
            Path("/Library/Fonts"),
            home / "Library/Fonts",
        )
    if sys.platform == "win32":
        windows = Path(environ.get("WINDIR", r"C:\Windows"))
        local = Path(environ.get("LOCALAPPDATA", str(home / "AppData/Local")))
        return (windows / "Fonts", local / "Microsoft/Windows/Fonts")
    data_home = Path(environ.get("XDG_DATA_HOME", "") or home / ".local/share")
    return (
        data_home / "fonts",
        home / ".fonts",
        Path("/usr/local/share/fonts"),
        Path("/usr/share/fonts"),
    )


def _font_files(folders: tuple[Path, ...]) -> dict[str, Path]:
    """Every font file under ``folders`` by file name; the first folder wins a name."""
    found: dict[str, Path] = {}
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                if name.lower().endswith(_EXTENSIONS):
                    found.setdefault(name, Path(root) / name)
    return found


def _is_sweep_candidate(name: str, bold: bool) -> bool:
    stem = name.rsplit(".", 1)[0].lower()
    style = stem.rsplit("-", 1)[-1]
    if any(word in style for word in _OTHER_STYLES) or any(f in stem for f in _OTHER_FAMILIES):
        return False
    return bold or "bold" not in style


@lru_cache(maxsize=2)
def chain(bold: bool = False) -> tuple[Face, ...]:
    """The fonts tried for ``bold`` or regular text, in order; the bundled font is first."""
    files = _font_files(font_dirs())
    faces = [Face(source=_BUNDLED[bold], bundled=True)]
    listed: set[str] = set()
    for regular, heavy in _WELL_KNOWN + _EMOJI:
        for name in (heavy, regular) if bold else (regular,):
            if name in files and name not in listed:
                faces.append(Face(source=str(files[name])))
                break
        listed.update((regular, heavy))
    # Bold text takes the bold files of the sweep first, then the regular ones.
    rest = sorted(
        (name for name in files if name not in listed and _is_sweep_candidate(name, bold)),
        key=lambda name: (bold and "bold" not in name.lower(), name),
    )
    faces += [Face(source=str(files[name])) for name in rest]
    return tuple(faces)


def primary(bold: bool = False) -> Face:
    """The bundled font: it draws every text it covers, so all machines agree on those."""
    return chain(bold)[0]


@lru_cache(maxsize=1024)
def info(face: Face) -> FontInfo | None:
    """What ``face`` can draw, read once; ``None`` for a file that is not a usable font."""
    try:
        with face.open() as stream:
            return read_font_info(stream, face.index)
    except (OSError, FontFileError) as error:
        if face.bundled:
            raise
        log.debug("font skipped path=%s reason=%s", face.source, error)
        return None


@lru_cache(maxsize=16384)
def face_for(chars: str, bold: bool = False, *, colour: bool = False) -> Face | None:
    """The first font of the chain that has every character of ``chars``, or ``None``; with
    ``colour``, the first colour emoji font that does."""
    faces = chain(bold)
    return _first(chars, [face for face in faces if _is_colour(face)] if colour else faces)


def _is_colour(face: Face) -> bool:
    # Only the well-known emoji files are asked: reading every font of the sweep to learn
    # which are colour would cost that sweep on every emoji.
    if Path(face.source).name not in _EMOJI_FILES:
        return False
    known = info(face)
    return known is not None and known.colour


def _first(chars: str, faces: list[Face] | tuple[Face, ...]) -> Face | None:
    codepoints = [ord(char) for char in chars]
    for face in faces:
        known = info(face)
        if known is not None and all(known.covers(code) for code in codepoints):
            return face
    return None


@lru_cache(maxsize=256)
def pil_font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """``face`` loaded for drawing at ``size`` pixels, or at its bitmap size if it has one."""
    known = info(face)
    strikes = known.strikes if known is not None else ()
    if strikes:
        size = next((strike for strike in strikes if strike >= size), strikes[-1])
    source: str | BinaryIO = face.open() if face.bundled else face.source
    return ImageFont.truetype(source, size, index=face.index, layout_engine=LAYOUT)


def reload() -> None:
    """Forget the fonts found and read, so the next drawing looks at the font folders again."""
    for cached in (chain, info, face_for, pil_font):
        cached.cache_clear()
