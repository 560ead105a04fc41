"""Drawing code for the card faces and the back: the source of ``assets/cards/``.

No downloaded art: each card is drawn here with Pillow and the bundled DejaVu font, four times
too large, then scaled down with Lanczos so that edges, pips and letters come out smooth. The
faces use a large index (big rank top left, big pip bottom right) because on a table image the
cards are small and players must read them at a glance, like the "jumbo index" decks of card
rooms. ``python -m bot.pictures.make_cards`` writes the results to ``assets/cards/``.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures.views import check_card
from peer_render_2406b56.fonts import font

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "RANK_TEXT",
    "SUIT_COLOURS",
    "draw_back",
    "draw_face",
]

CARD_WIDTH = 120
CARD_HEIGHT = 168
_SCALE = 4
_W, _H = CARD_WIDTH * _SCALE, CARD_HEIGHT * _SCALE

RANK_TEXT = {r: r for r in "23456789JQKA"} | {"T": "10"}
SUIT_GLYPHS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
_BLACK = (22, 22, 24)
_RED = (200, 16, 32)
_GREEN = (16, 128, 48)
_BLUE = (18, 88, 196)
# (standard, four-colour) colour of each suit: clubs green and diamonds blue in the four-colour
# deck, for players who confuse the suits.
SUIT_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "c": (_BLACK, _GREEN),
    "d": (_RED, _BLUE),
    "h": (_RED, _RED),
    "s": (_BLACK, _BLACK),
}
_FACE = (252, 252, 248)
_EDGE = (150, 150, 150)


def _blank(fill: tuple[int, int, int], edge: tuple[int, int, int]) -> Image.Image:
    image = Image.new("RGBA", (_W, _H), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, _W - 1, _H - 1), radius=11 * _SCALE, fill=fill, outline=edge, width=_SCALE + 1
    )
    return image


def _finish(image: Image.Image) -> Image.Image:
    return image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)


def draw_face(card: str, *, four_colour: bool = False) -> Image.Image:
    """The face of ``card`` ("As", "Td") as a 120x168 RGBA image with transparent corners."""
    rank, suit = check_card(card)[0], card[1]
    colour = SUIT_COLOURS[suit][four_colour]
    image = _blank(_FACE, _EDGE)
    draw = ImageDraw.Draw(image)
    s = _SCALE
    rank_text = RANK_TEXT[rank]
    rank_size = 52 if len(rank_text) == 1 else 44
    # Index column: the rank on top, a small pip below, both centred on the same axis.
    draw.text(
        (29 * s, 49 * s), rank_text, font=font(rank_size * s, bold=True), fill=colour, anchor="ms"
    )
    draw.text((29 * s, 86 * s), SUIT_GLYPHS[suit], font=font(32 * s), fill=colour, anchor="ms")
    # The large pip fills the lower right, so a half-hidden card still shows its suit.
    draw.text((80 * s, 158 * s), SUIT_GLYPHS[suit], font=font(96 * s), fill=colour, anchor="ms")
    return _finish(image)


def draw_back() -> Image.Image:
    """The back of a card: a deep red lattice in a white frame, the same for every card."""
    image = _blank((250, 250, 246), _EDGE)
    draw = ImageDraw.Draw(image)
    s = _SCALE
    inner = (8 * s, 8 * s, _W - 8 * s - 1, _H - 8 * s - 1)
    # A lattice of thin diagonal lines on a red panel, pasted through a rounded mask.
    pattern = Image.new("RGBA", (_W, _H), (150, 24, 36, 255))
    lines = ImageDraw.Draw(pattern)
    step = 12 * s
    for offset in range(-_H, _W + _H, step):
        lines.line((offset, 0, offset + _H, _H), fill=(196, 70, 80, 255), width=s + 1)
        lines.line((offset, _H, offset + _H, 0), fill=(196, 70, 80, 255), width=s + 1)
    panel = Image.new("L", (_W, _H), 0)
    ImageDraw.Draw(panel).rounded_rectangle(inner, radius=6 * s, fill=255)
    image.paste(pattern, (0, 0), panel)
    cx, cy = _W // 2, _H // 2
    draw.ellipse(
        (cx - 30 * s, cy - 30 * s, cx + 30 * s, cy + 30 * s),
        fill=(150, 24, 36),
        outline=(250, 250, 246),
        width=3 * s,
    )
    draw.text(
        (cx, cy + 2 * s), SUIT_GLYPHS["s"], font=font(44 * s), fill=(250, 250, 246), anchor="mm"
    )
    draw.rounded_rectangle(inner, radius=6 * s, outline=(250, 250, 246), width=2 * s)
    return _finish(image)
