"""The bundled files: the card art and the fonts of the repository's ``assets/`` folder.

The wheel carries that folder as package data of ``bot`` (``bot/assets``, mapped by ``package-dir``
in ``pyproject.toml``), so an installation reads it with :mod:`importlib.resources`; a checkout,
editable or not, has it at the top of the repository. Either way it is never found relative to the
working folder. A file missing from an installation raises :class:`MissingAssetError`, whose message
names the file and the fix in one line (``python -m bot --check`` prints it).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

__all__ = ["ASSETS", "CARDS", "FONTS", "MissingAssetError", "asset", "read_asset"]


def _assets() -> Traversable:
    packaged = resources.files("bot").joinpath("assets")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "assets"


ASSETS: Traversable = _assets()
CARDS: Traversable = ASSETS / "cards"
FONTS: Traversable = ASSETS / "fonts"


class MissingAssetError(FileNotFoundError):
    """A bundled file is not where the installation should have put it."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"the installation lacks assets/{name}: reinstall holdem-dealer "
            "(pip install --force-reinstall .), or rebuild the Docker image"
        )
        self.name = name


def asset(name: str) -> Traversable:
    """The bundled file ``name`` ("fonts/DejaVuSans.ttf", "cards/back.png")."""
    return ASSETS.joinpath(*name.split("/"))


def read_asset(name: str) -> bytes:
    """The bytes of the bundled file ``name``; :class:`MissingAssetError` if it is absent."""
    try:
        return asset(name).read_bytes()
    except FileNotFoundError:
        raise MissingAssetError(name) from None
