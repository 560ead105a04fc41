"""PHH, the Poker Hand History format (uoftcprg/phh-std): read, write and verify hands.

Parsing and writing are pure text transformations; only ``python -m engine.phh`` (verify,
to-pokerstars, from-pokerstars: :mod:`engine.phh.__main__`) touches files. The same hands in
the PokerStars text format that trackers read: :mod:`engine.phh.pokerstars`.
"""

from engine.phh.history import History, parse_history, write_history
from engine.phh.replay import ReplayFailure, history_from_hand, replay_history, verify_history

__all__ = [
    "History",
    "ReplayFailure",
    "history_from_hand",
    "parse_history",
    "replay_history",
    "verify_history",
    "write_history",
]
