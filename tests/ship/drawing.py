"""Drawing with an installed copy of the bot, as the ship tests do after installing it.

:func:`draw_installed` runs the installed interpreter from a folder outside the checkout,
with the host's fonts hidden (``HOLDEM_FONT_DIRS`` empty, as on ``python:3.11-slim`` without
font packages), and has it draw a table, a showdown and hole cards; the pictures must match
the references that the rendering tests keep for the same views.
"""

from __future__ import annotations

import io
import subprocess
from collections.abc import Mapping
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = ROOT / "tests" / "bot" / "pictures" / "reference"

# Each picture with the reference it must match (the same views as tests/bot/pictures uses). The
# example views live in the tests, not in the wheel: the installed interpreter loads that one
# file by its path, and it draws with the installed package.
EXAMPLES = ROOT / "tests" / "bot" / "pictures" / "examples.py"
_SCRIPT = """
import importlib.util
import sys
from pathlib import Path

import bot.pictures
from bot.pictures.resources import ASSETS

spec = importlib.util.spec_from_file_location("examples", sys.argv[2])
examples = importlib.util.module_from_spec(spec)
spec.loader.exec_module(examples)
out = Path(sys.argv[1])
print(bot.pictures.__file__)
print(ASSETS)
(out / "table-10-flop.png").write_bytes(bot.pictures.render_table(examples.example_table(10)))
(out / "showdown.png").write_bytes(bot.pictures.render_showdown(examples.example_showdown()))
hole_cards = bot.pictures.render_hole_cards(examples.example_hole_cards())
(out / "hole-cards-flop.png").write_bytes(hole_cards)
"""
PICTURES = ("table-10-flop.png", "showdown.png", "hole-cards-flop.png")


def draw_installed(python: Path, folder: Path, env: Mapping[str, str], prefix: Path) -> None:
    """Draw the three pictures with ``python`` in ``folder``; check that the code and the
    art came from under ``prefix`` (the installation) and that the pictures are right."""
    folder.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        [str(python), "-c", _SCRIPT, str(folder), str(EXAMPLES)],
        cwd=folder,
        env={**env, "HOLDEM_FONT_DIRS": ""},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    code, assets = result.stdout.split()[:2]
    assert code.startswith(str(prefix)), f"render imported from {code}, not the installation"
    assert assets.startswith(str(prefix)), f"the art came from {assets}, not the installation"
    for name in PICTURES:
        drawn = Image.open(io.BytesIO((folder / name).read_bytes())).convert("RGB")
        with Image.open(REFERENCES / name) as stored:
            expected = stored.convert("RGB")
        assert drawn.size == expected.size, name
        changed = ImageChops.difference(drawn, expected).convert("L").point(lambda v: v > 16)
        share = ImageStat.Stat(changed).mean[0]
        assert share <= 0.0005, f"{name}: {share:.2%} of the pixels differ from the reference"
