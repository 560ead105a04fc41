"""The PokerStars hand-history text format: write hands as trackers read them, and read such
files back into PHH :class:`~engine.phh.history.History` values, strictly.

One model serves both formats: a hand is a :class:`~engine.phh.history.History` (what PHH
writes) replayed by the engine; :mod:`~engine.phh.pokerstars.writer` writes the replayed hand's
events as text, and :mod:`~engine.phh.pokerstars.reader` rebuilds the hand from the text,
replays it with the engine and refuses it, naming the line and the reason, when the text does
not say exactly what the engine did.
"""

from engine.phh.pokerstars.reader import Refusal, read_pokerstars
from engine.phh.pokerstars.writer import pokerstars_from_hand, write_pokerstars

__all__ = ["Refusal", "pokerstars_from_hand", "read_pokerstars", "write_pokerstars"]
