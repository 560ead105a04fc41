"""The rules of Texas hold'em as pure, deterministic Python.

No I/O, no clock, no global randomness: a hand is its :class:`HandConfig`, its deck order and
its list of :class:`Action` s, and :func:`replay` rebuilds it exactly from those.
"""

from .actions import Action, ActionKind, LegalActions, Street
from .cards import CARDS, Card, Rank, Suit, format_cards, parse_card, parse_cards, shuffled_deck
from .config import AnteMode, HandConfig, Structure
from .errors import (
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
from .evaluator import HandCategory, HandValue, best_hand, evaluate, evaluate7
from .hand import Hand, replay
from .pots import Pot
from .rules import (
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
from .table import Seat, SeatStatus, Table, rank_standings

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
