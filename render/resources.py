"""The bundled files: the card art and the fonts, package data of the ``assets`` package.

They are read with :mod:`importlib.resources`, so they are found wherever the project is
installed (a wheel in site-packages, the Docker image, an editable checkout) and never relative
to the working folder. A file missing from an installation raises :class:`MissingAssetError`,
whose message names the file and the fix in one line (``python -m bot --check`` prints it).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

__all__ = ["ASSETS", "CARDS", "FONTS", "MissingAssetError", "asset", "read_asset"]

ASSETS: Traversable = resources.files("assets")
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
