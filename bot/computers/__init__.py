"""Computer players: practice opponents that see only what a seated player sees.

Pure, deterministic Python on top of :mod:`engine` (standard library only, no I/O). A player
is a :class:`Strategy`: ``decide(view, rng) -> Action``, where the view is what
:func:`observe` copies out of a hand for one seat (public table state and that seat's two
cards) and ``rng`` is the only source of chance, so the same seed gives the same decisions.
A seated player also remembers the earlier hands: a :class:`Notebook` counts each player's
public moves over the session, and :func:`observe` passes its counts (:class:`Tendencies`) into
the view for the levels that read them.
"""

from bot.computers.notebook import Notebook
from bot.computers.players import CallingStation, RandomPlayer, Strategy, decision_rng
from bot.computers.style import STYLES, Level, Style
from bot.computers.tendencies import Tendencies
from bot.computers.thinker import Thinker
from bot.computers.view import Move, PlayerView, observe

__all__ = [
    "STYLES",
    "CallingStation",
    "Level",
    "Move",
    "Notebook",
    "PlayerView",
    "RandomPlayer",
    "Strategy",
    "Style",
    "Tendencies",
    "Thinker",
    "decision_rng",
    "observe",
    "player_for",
]


def player_for(level: Level) -> Thinker:
    """The computer player of a level."""
    return Thinker(STYLES[level])
