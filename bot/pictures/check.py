"""Can this installation draw? One table and one hole-card picture, for ``--check``.

A broken installation (card art or fonts missing from the package data, a Pillow without
FreeType) would otherwise show only when the first hand is dealt, as a hand stuck after the
blinds. :func:`selfcheck` draws the pictures the bot sends most and names the problem in one
line, or returns ``None``: a table with one of each thing a hand shows and names in several
scripts, and a pair of hole cards. :func:`font_report` says in one line which scripts of
players' names have a font here, and what to install for the others.
"""

from __future__ import annotations

from bot.pictures.fontchain import face_for
from bot.pictures.holecards import render_hole_cards
from bot.pictures.png import SIGNATURE
from bot.pictures.resources import MissingAssetError
from bot.pictures.table import render_table
from bot.pictures.views import Blind, HoleCardsView, PotView, SeatState, SeatView, TableView

__all__ = ["SCRIPTS", "font_report", "selfcheck"]

# One letter of each script that names often use, and the Debian package that draws it.
SCRIPTS: tuple[tuple[str, str, str], ...] = (
    ("CJK", "漢", "fonts-noto-cjk"),
    ("Hangul", "한", "fonts-noto-cjk"),
    ("Arabic", "ع", "fonts-noto-core"),
    ("Hebrew", "א", "fonts-noto-core"),
    ("Devanagari", "क", "fonts-noto-core"),
    ("Thai", "ก", "fonts-noto-core"),
    ("emoji", "😀", "fonts-noto-color-emoji"),
)


# The seats of the table --check draws: blinds, the button, bets, a fold, an all-in, someone
# sitting out; names too long to fit, in scripts the bundled font lacks, and with emoji.
_SEATS = (
    ("Alice", 12450, 50, Blind.SMALL, SeatState.ACTIVE),
    ("Bartholomew Maximilian Fitzgerald", 980, 100, Blind.BIG, SeatState.ACTIVE),
    ("李小龍", 1000000, 0, None, SeatState.FOLDED),
    ("🃏 Joker 🎲", 0, 1500, None, SeatState.ALL_IN),
    ("מרים", 3300, 0, None, SeatState.SITTING_OUT),
    ("Évariste", 8120, 0, None, SeatState.ACTIVE),
)


def _table() -> TableView:
    seats = tuple(
        SeatView(
            name=name,
            stack=stack,
            bet=bet,
            is_button=index == len(_SEATS) - 1,
            blind=blind,
            state=state,
            is_turn=index == len(_SEATS) - 1,
            in_hand=state is not SeatState.SITTING_OUT,
        )
        for index, (name, stack, bet, blind, state) in enumerate(_SEATS)
    )
    return TableView(
        seats=seats,
        board=("As", "Kh", "7c"),
        pots=(PotView(label="Pot", amount=4350), PotView(label="Side pot 1", amount=1200)),
        street="Flop",
        blind_level="Level 3 · Blinds 50/100",
        next_level="Next level in 4:32",
    )


def selfcheck() -> str | None:
    """``None`` when a table and hole cards draw; else one line saying what is wrong."""
    hole_cards = HoleCardsView(cards=("Kh", "Kc"), hand_name="Pair of kings")
    try:
        pictures = (render_table(_table()), render_hole_cards(hole_cards))
    except MissingAssetError as error:
        return f"pictures: {error}"
    except OSError as error:
        return f"pictures: cannot draw a table: {error} (is Pillow installed with FreeType?)"
    except Exception as error:  # a diagnostic must report, not crash the check
        return f"pictures: drawing a table failed: {type(error).__name__}: {error}"
    if not all(picture.startswith(SIGNATURE) for picture in pictures):
        return "pictures: the PNG writer produced something that is not a PNG"
    return None


def font_report() -> str:
    """One line: the scripts of :data:`SCRIPTS` that some font draws, or what is missing."""
    missing = [(name, package) for name, letter, package in SCRIPTS if face_for(letter) is None]
    if not missing:
        return "fonts: names in " + ", ".join(name for name, _, _ in SCRIPTS) + " all draw"
    names = ", ".join(name for name, _ in missing)
    packages = " ".join(dict.fromkeys(package for _, package in missing))
    return (
        f"fonts: no font for {names}: such names show as character codes "
        f"(on Debian or Ubuntu: apt install {packages}; or set HOLDEM_FONT_DIRS)"
    )
