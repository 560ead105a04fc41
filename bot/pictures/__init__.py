"""Card and table pictures for Holdem Dealer, drawn with Pillow.

Pure functions from the plain views of :mod:`bot.pictures.views` to PNG bytes. They hold no engine
or Discord object and no English: every word drawn comes in through the view, translated. The
bot calls them off the event loop and sends each picture with alt text and a message text built
from the same view.
"""

from bot.pictures.check import font_report, selfcheck
from bot.pictures.holecards import render_hole_cards
from bot.pictures.runout import render_runout
from bot.pictures.showdown import render_showdown
from bot.pictures.table import render_table, table_layout
from bot.pictures.views import (
    Blind,
    HoleCardsView,
    PotView,
    PotWin,
    SeatOdds,
    SeatState,
    SeatView,
    ShowdownHandView,
    ShowdownLabels,
    ShowdownView,
    TableLabels,
    TableView,
)

__all__ = [
    "Blind",
    "HoleCardsView",
    "PotView",
    "PotWin",
    "SeatOdds",
    "SeatState",
    "SeatView",
    "ShowdownHandView",
    "ShowdownLabels",
    "ShowdownView",
    "TableLabels",
    "TableView",
    "font_report",
    "render_hole_cards",
    "render_runout",
    "render_showdown",
    "render_table",
    "selfcheck",
    "table_layout",
]
