"""The rules of Texas hold'em as pure, deterministic Python.

No I/O, no clock, no global randomness: a hand is its :class:`HandConfig`, its deck order and
its list of :class:`Action` s, and :func:`replay` rebuilds it exactly from those.

The names below are read from their modules when first asked for (``from engine import
Hand`` imports :mod:`engine.hand`, and what it imports, the first time): a process that
needs a few of them, such as ``python -m engine.phh verify``, does not import the whole
engine (the table, the rules and the seats are a fifth of the engine's import).
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.actions import Action, ActionKind, LegalActions, Street
    from engine.cards import (
        CARDS,
        Card,
        Rank,
        Suit,
        format_cards,
        parse_card,
        parse_cards,
        shuffled_deck,
    )
    from engine.config import AnteMode, HandConfig, Structure
    from engine.errors import (
        AllInNotAllowed,
        CannotCheck,
        EngineError,
        HandOver,
        IllegalAction,
        InvalidSetup,
        NotYourTurn,
        RaiseNotAllowed,
        RaiseTooLarge,
        RaiseTooSmall,
        SessionError,
    )
    from engine.evaluator import HandCategory, HandValue, best_hand, evaluate, evaluate7
    from engine.hand import Hand, replay
    from engine.pots import Pot
    from engine.rules import (
        PRESETS,
        BlindSchedule,
        ButtonRule,
        BuyIn,
        EmptyStackPolicy,
        GameKind,
        HouseRules,
        Refill,
        ReturnRule,
        SessionEnd,
        preset,
    )
    from engine.seats import Seat, SeatStatus, rank_standings
    from engine.table import Table

# Where each name of ``__all__`` lives.
_HOMES = {
    "Action": "engine.actions",
    "ActionKind": "engine.actions",
    "LegalActions": "engine.actions",
    "Street": "engine.actions",
    "CARDS": "engine.cards",
    "Card": "engine.cards",
    "Rank": "engine.cards",
    "Suit": "engine.cards",
    "format_cards": "engine.cards",
    "parse_card": "engine.cards",
    "parse_cards": "engine.cards",
    "shuffled_deck": "engine.cards",
    "AnteMode": "engine.config",
    "HandConfig": "engine.config",
    "Structure": "engine.config",
    "AllInNotAllowed": "engine.errors",
    "CannotCheck": "engine.errors",
    "EngineError": "engine.errors",
    "HandOver": "engine.errors",
    "IllegalAction": "engine.errors",
    "InvalidSetup": "engine.errors",
    "NotYourTurn": "engine.errors",
    "RaiseNotAllowed": "engine.errors",
    "RaiseTooLarge": "engine.errors",
    "RaiseTooSmall": "engine.errors",
    "SessionError": "engine.errors",
    "HandCategory": "engine.evaluator",
    "HandValue": "engine.evaluator",
    "best_hand": "engine.evaluator",
    "evaluate": "engine.evaluator",
    "evaluate7": "engine.evaluator",
    "Hand": "engine.hand",
    "replay": "engine.hand",
    "Pot": "engine.pots",
    "PRESETS": "engine.rules",
    "BlindSchedule": "engine.rules",
    "ButtonRule": "engine.rules",
    "BuyIn": "engine.rules",
    "EmptyStackPolicy": "engine.rules",
    "GameKind": "engine.rules",
    "HouseRules": "engine.rules",
    "Refill": "engine.rules",
    "ReturnRule": "engine.rules",
    "SessionEnd": "engine.rules",
    "preset": "engine.rules",
    "Seat": "engine.seats",
    "SeatStatus": "engine.seats",
    "rank_standings": "engine.seats",
    "Table": "engine.table",
}

if not TYPE_CHECKING:  # the type checker reads the imports above, and misses a wrong name

    def __getattr__(name: str) -> object:
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'engine' has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(home), name)
        globals()[name] = value  # asked for once
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(__all__))


__all__ = [
    "CARDS",
    "PRESETS",
    "Action",
    "ActionKind",
    "AllInNotAllowed",
    "AnteMode",
    "BlindSchedule",
    "ButtonRule",
    "BuyIn",
    "CannotCheck",
    "Card",
    "EmptyStackPolicy",
    "EngineError",
    "GameKind",
    "Hand",
    "HandCategory",
    "HandConfig",
    "HandOver",
    "HandValue",
    "HouseRules",
    "IllegalAction",
    "InvalidSetup",
    "LegalActions",
    "NotYourTurn",
    "Pot",
    "RaiseNotAllowed",
    "RaiseTooLarge",
    "RaiseTooSmall",
    "Rank",
    "Refill",
    "ReturnRule",
    "Seat",
    "SeatStatus",
    "SessionEnd",
    "SessionError",
    "Street",
    "Structure",
    "Suit",
    "Table",
    "best_hand",
    "evaluate",
    "evaluate7",
    "format_cards",
    "parse_card",
    "parse_cards",
    "preset",
    "rank_standings",
    "replay",
    "shuffled_deck",
]
