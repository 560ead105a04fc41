"""Shared helpers for the rendering tests: decoding PNGs and comparing with references.

Reference images live in ``tests/bot/pictures/reference/``. After an intended change to the look,
run ``UPDATE_REFERENCES=1 python -m pytest tests/bot/pictures`` to rewrite them, look at them, and
commit them with the change.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
# Font rasterisers of other FreeType versions move a few antialiased edge pixels; anything
# beyond that (a moved seat, a wrong card, another colour) changes far more pixels.
CHANGED_LEVEL = 16  # grey level of a pixel's difference above which it counts as changed
MAX_CHANGED_SHARE = 0.0005
MAX_MEAN_DIFFERENCE = 0.5


def decode(data: bytes) -> Image.Image:
    """Open PNG bytes, check they are a PNG, and return the RGB image."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def difference(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    """The share of visibly changed pixels and the mean channel difference of two images."""
    assert actual.size == expected.size
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    changed = diff.convert("L").point(lambda v: 255 if v > CHANGED_LEVEL else 0)
    share = ImageStat.Stat(changed).mean[0] / 255
    mean = sum(ImageStat.Stat(diff).mean) / 3
    return share, mean


PHONE_WIDTH = 400
"""How wide Discord shows a picture on a phone, about."""


def on_phone(image: Image.Image) -> Image.Image:
    """``image`` as a phone shows it: scaled to :data:`PHONE_WIDTH` pixels wide."""
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.convert("RGB").resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def match_reference(name: str, data: bytes, *, phone: bool = False) -> None:
    """Compare a render with ``reference/<name>.png``, or rewrite it under UPDATE_REFERENCES;
    with ``phone``, also its 400 px downscale with ``reference/<name>-400.png``."""
    _match(name, decode(data))
    if phone:
        _match(f"{name}-400", on_phone(decode(data)))


def _match(name: str, actual: Image.Image) -> None:
    path = REFERENCE_DIR / f"{name}.png"
    if os.environ.get("UPDATE_REFERENCES") == "1":
        REFERENCE_DIR.mkdir(parents=True, exist_ok=True)
        actual.save(path, format="PNG", optimize=True)
        return
    if not path.is_file():
        pytest.fail(f"no reference image {path.name}; run with UPDATE_REFERENCES=1")
    with Image.open(path) as stored:
        expected = stored.convert("RGB")
    assert actual.size == expected.size, f"{name}: size {actual.size} != {expected.size}"
    share, mean = difference(actual, expected)
    assert share <= MAX_CHANGED_SHARE and mean <= MAX_MEAN_DIFFERENCE, (
        f"{name}: {share:.2%} of pixels changed, mean difference {mean:.2f}"
    )


def over(tile: Image.Image, crop: Image.Image) -> Image.Image:
    """``tile`` as it should look in ``crop``: on the colour of the crop's corner pixel.

    Card tiles have transparent rounded corners, so a crop's corner pixel shows the felt.
    """
    corner = crop.convert("RGB").getpixel((0, 0))
    assert isinstance(corner, tuple)
    result = Image.new("RGB", crop.size, corner)
    result.paste(tile, (0, 0), tile)
    return result
