"""Write the card art to ``assets/cards/`` from the drawing code in :mod:`bot.pictures.card_art`.

Run ``python -m bot.pictures.make_cards`` after changing the drawing code. The output is
deterministic (same Pillow, same bytes), and a test checks that the committed files match the code.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from bot.pictures.card_art import draw_back, draw_face
from bot.pictures.resources import ASSETS
from bot.pictures.tiles import BACK, asset_name
from bot.pictures.views import RANKS, SUITS

__all__ = ["all_art", "main", "png_bytes"]


def png_bytes(image: Image.Image) -> bytes:
    """``image`` as a PNG without metadata, so the same pixels always give the same file."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def assets_folder() -> Path:
    """The ``assets`` folder to write into: a source checkout's (an editable install's)."""
    if not isinstance(ASSETS, Path):
        raise SystemExit("bot.pictures.make_cards writes the art into a source checkout's assets/")
    return ASSETS


def all_art() -> Iterator[tuple[Path, Image.Image]]:
    """Every asset path with its freshly drawn image: 52 faces in two decks and the back."""
    folder = assets_folder()
    for four_colour in (False, True):
        for suit in SUITS:
            for rank in RANKS:
                card = rank + suit
                yield (
                    folder / asset_name(card, four_colour=four_colour),
                    draw_face(card, four_colour=four_colour),
                )
    yield folder / asset_name(BACK), draw_back()


def main(argv: list[str] | None = None) -> int:
    """Write the art; with ``--check``, only report files that differ from the code."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="report stale files, write nothing")
    args = parser.parse_args(argv)
    stale = 0
    for path, image in all_art():
        data = png_bytes(image)
        if path.is_file() and path.read_bytes() == data:
            continue
        stale += 1
        if args.check:
            print(f"stale: {path.relative_to(assets_folder().parent)}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    verb = "stale" if args.check else "written"
    print(f"{stale} card images {verb} under {assets_folder() / 'cards'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
