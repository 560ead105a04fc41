"""A line of text cut into pieces that one font each can draw, in the order they appear.

The text is split into clusters (a character with its combining marks, variation selectors,
skin tones, the rest of a ZWJ emoji sequence or a flag's second letter), so a font is chosen
for what a reader sees as one character. The letters of one word in one script go to one font
when one font has them all, so that Arabic joins and Devanagari forms its conjuncts. A
cluster that no font has is first tried in its compatibility form (NFKC: "𝐉𝐨𝐞" is "Joe",
"Ｊ" is "J"); failing that it becomes a *stand-in*, its code point in small hexadecimal
digits, which a reader can look up and which is never the same box for every character.
Invisible joiners and selectors that the chosen font lacks are dropped rather than drawn as
boxes. Pieces are then put in visual order by :mod:`bot.pictures.bidi`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageFont

from bot.pictures import bidi, pens
from bot.pictures.fontchain import LAYOUT, Face, face_for, info, pil_font, primary

__all__ = [
    "Line",
    "Piece",
    "clusters",
    "layout",
    "reload",
    "standin_digits",
    "standin_size",
    "standin_width",
]

_JOINER = "\u200d"
_PICTURE = "\ufe0f"
_KEYCAP = "\u20e3"
_MARKS = ("Mn", "Mc", "Me")
RAQM = ImageFont.Layout.RAQM


def _in(code: int, *spans: tuple[int, int]) -> bool:
    return any(low <= code <= high for low, high in spans)


_VARIATIONS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
_SKIN_TONES = ((0x1F3FB, 0x1F3FF),)
_TAGS = ((0xE0020, 0xE007F),)
_FLAG_LETTERS = ((0x1F1E6, 0x1F1FF),)
# Where the characters shown as pictures by default live (playing cards to symbols and
# pictographs extended-A; the flag letters among them).
_PICTOGRAPHS = ((0x1F000, 0x1FAFF),)
# Default-ignorable characters that names carry: joiners, selectors, tags, word joiners.
_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x200B, 0x200D),
    (0x2060, 0x2064),
    (0xFEFF, 0xFEFF),
    (0x180B, 0x180F),
    *_VARIATIONS,
    *_TAGS,
)


@dataclass(frozen=True, kw_only=True)
class Piece:
    """Text that one font draws (``face``; ``None`` for a stand-in), ``left`` px from the
    line's start. ``rtl`` text is given in logical order and drawn right to left."""

    text: str
    face: Face | None
    rtl: bool
    left: float
    width: float


@dataclass(frozen=True, kw_only=True)
class Line:
    """A line of text as pieces from left to right, and its width in pixels."""

    pieces: tuple[Piece, ...]
    width: float

    @property
    def plain(self) -> bool:
        """Whether the bundled font draws the whole line, as one ``draw.text`` call."""
        return not self.pieces or (
            len(self.pieces) == 1
            and self.pieces[0].face is not None
            and self.pieces[0].face.bundled
        )


def _extends(cluster: str, char: str) -> bool:
    code = ord(char)
    if cluster.endswith(_JOINER) or char == _JOINER:
        return True
    if unicodedata.category(char) in _MARKS:
        return True
    if _in(code, *_VARIATIONS, *_SKIN_TONES, *_TAGS):
        return True
    # Two regional indicator letters make one flag.
    return len(cluster) == 1 and _in(code, *_FLAG_LETTERS) and _in(ord(cluster), *_FLAG_LETTERS)


@lru_cache(maxsize=8192)
def clusters(text: str) -> tuple[str, ...]:
    """``text`` as the characters a reader sees.

    >>> [len(cluster) for cluster in clusters("e\\u0301a👍🏽🇳🇴")]
    [2, 1, 2, 2]
    """
    found: list[str] = []
    for char in text:
        if found and _extends(found[-1], char):
            found[-1] += char
        else:
            found.append(char)
    return tuple(found)


def _visible(cluster: str) -> str:
    return "".join(char for char in cluster if not _in(ord(char), *_IGNORABLE))


def _wants_picture(cluster: str) -> bool:
    """Whether the cluster asks for emoji presentation (a colour picture)."""
    if _in(ord(cluster[0]), *_PICTOGRAPHS):
        return True
    return any(
        char in (_PICTURE, _JOINER, _KEYCAP) or _in(ord(char), *_SKIN_TONES, *_TAGS)
        for char in cluster
    )


def _script(cluster: str) -> str | None:
    """The script of a letter, from its Unicode name ("ARABIC", "CJK"); ``None`` otherwise."""
    char = cluster[0]
    if unicodedata.category(char)[0] != "L":
        return None
    return unicodedata.name(char, "").split(" ", 1)[0] or None


@lru_cache(maxsize=16384)
def _cluster_faces(cluster: str, bold: bool) -> tuple[tuple[str, Face | None], ...]:
    """How one cluster is drawn: by a font, in its compatibility form, or as a stand-in."""
    visible = _visible(cluster)
    if not visible:
        face = face_for(cluster, bold)
        return ((cluster, face),) if face is not None else ()
    # The whole cluster, then without the invisible characters, then its base alone; an
    # emoji asked for as a picture tries the colour fonts first.
    tries = tuple(dict.fromkeys((cluster, visible, visible[0])))
    for colour in (True, False) if _wants_picture(cluster) else (False,):
        for text in tries:
            face = face_for(text, bold, colour=colour)
            if face is not None:
                return ((text, face),)
    folded = unicodedata.normalize("NFKC", visible)
    if folded != visible and folded.strip():
        parts = [(part, face_for(_visible(part) or part, bold)) for part in clusters(folded)]
        if all(face is not None for _, face in parts):
            return tuple((_visible(part) or part, face) for part, face in parts)
    return ((visible[0], None),)


def _choose(items: tuple[str, ...], bold: bool) -> list[tuple[str, Face | None]]:
    """A font for every cluster; the letters of a one-script word share one if they can."""
    chosen: list[tuple[str, Face | None]] = []
    start = 0
    while start < len(items):
        script = _script(items[start])
        end = start + 1
        while script and end < len(items) and _script(items[end]) == script:
            end += 1
        word = items[start:end]
        face = face_for(_visible("".join(word)), bold) if len(word) > 1 else None
        if face is not None:
            chosen += [(_visible(item) or item, face) for item in word]
        else:
            for item in word:
                chosen += _cluster_faces(item, bold)
        start = end
    return chosen


def standin_digits(text: str) -> tuple[str, str]:
    """The two rows of hexadecimal digits that stand in for a character no font has.

    >>> standin_digits("龍")
    ('9F', '8D')
    >>> standin_digits("\U0001fa88")
    ('1FA', '88')
    """
    digits = f"{ord(text[0]):04X}"
    half = (len(digits) + 1) // 2
    return digits[:half], digits[half:]


def standin_size(size: int) -> int:
    """The pixel size of a stand-in's digits in text of ``size`` pixels."""
    return max(7, round(size * 0.56))


def standin_width(text: str, size: int) -> float:
    """How wide the stand-in for ``text``'s character is, with a little room either side."""
    digits = pil_font(primary(bold=True), standin_size(size))
    return max(digits.getlength(row) for row in standin_digits(text)) + max(2, size // 6)


def _measure(text: str, face: Face | None, size: int, direction: str | None = None) -> float:
    """The width of ``text`` in ``face``; with no ``direction``, the one Raqm finds."""
    if face is None:
        return standin_width(text, size)
    loaded = pil_font(face, size)
    width = loaded.getlength(text, direction=direction if LAYOUT is RAQM else None)
    known = info(face)
    if known is not None and known.strikes:
        width *= size / loaded.size  # a bitmap font is drawn at its own size, then scaled
    return width


@lru_cache(maxsize=8192)
def layout(text: str, size: int, bold: bool = False) -> Line:
    """``text`` (one clean line) as pieces from left to right, each drawn by one font."""
    if not text:
        return Line(pieces=(), width=0.0)
    if text.isascii():  # the bundled font has every printable ASCII character
        found = pens.pens(text, size, bold)  # its width without a layout, where known
        if found is not None:
            width = found[1] / 64
            piece = Piece(text=text, face=primary(bold), rtl=False, left=0, width=width)
            return Line(pieces=(piece,), width=width)
        chosen: list[tuple[str, Face | None]] = [(text, primary(bold))]
    else:
        chosen = _choose(clusters(text), bold)
    first = chosen[0][1] if chosen else None
    if first is not None and all(face == first for _, face in chosen):
        joined = "".join(part for part, _ in chosen)
        width = _measure(joined, first, size)
        return Line(
            pieces=(Piece(text=joined, face=first, rtl=False, left=0, width=width),), width=width
        )
    item_levels = bidi.levels([part for part, _ in chosen])
    # Runs of one font at one level; a stand-in is always a piece of its own.
    runs: list[tuple[str, Face | None, int]] = []
    for (part, face), level in zip(chosen, item_levels):
        if runs and face is not None and runs[-1][1] == face and runs[-1][2] == level:
            runs[-1] = (runs[-1][0] + part, face, level)
        else:
            runs.append((part, face, level))
    pieces = []
    left = 0.0
    for index in bidi.visual_order([level for _, _, level in runs]):
        part, face, level = runs[index]
        width = _measure(part, face, size, "rtl" if level % 2 else "ltr")
        pieces.append(Piece(text=part, face=face, rtl=level % 2 == 1, left=left, width=width))
        left += width
    return Line(pieces=tuple(pieces), width=left)


def reload() -> None:
    """Forget every layout, after the fonts changed (see :func:`bot.pictures.fonts.reload`)."""
    for cached in (clusters, _cluster_faces, layout):
        cached.cache_clear()
