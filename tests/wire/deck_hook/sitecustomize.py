"""Deals a known deck in the real ``python -m bot``, for a wire test that must know the cards.

Put this folder on the child's ``PYTHONPATH`` and the deck in ``WIRE_DECK`` (52 card numbers,
comma-separated): Python imports this module at start-up, before ``bot``, and every hand is
then dealt from that deck. Nothing in the bot itself can be told which cards to deal.
"""

from __future__ import annotations

import os

_DECK = os.environ.get("WIRE_DECK", "")

if _DECK:
    import engine
    import engine.cards

    _CARDS = [engine.cards.CARDS[int(n)] for n in _DECK.split(",")]

    def _fixed(*_: object, **__: object) -> list[engine.cards.Card]:
        return list(_CARDS)

    engine.shuffled_deck = _fixed  # type: ignore[assignment]
    engine.cards.shuffled_deck = _fixed  # type: ignore[assignment]
