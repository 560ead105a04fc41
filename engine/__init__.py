"""The rules of Texas hold'em as pure, deterministic Python.

No I/O, no clock, no global randomness: a hand is its :class:`HandConfig`, its deck order and
its list of :class:`Action` s, and :func:`replay` rebuilds it exactly from those.
"""

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
