"""Engine values as JSON and text, so that a hand round-trips exactly through the database.

A hand is its :class:`~engine.HandConfig`, its deck order and its actions; each has one
compact form here and :func:`replay` of the decoded three rebuilds the same hand.

>>> decode_action(encode_action(Action(player=2, kind=ActionKind.RAISE, amount=12)))
Action(player=2, kind=<ActionKind.RAISE: 'raise'>, amount=12)
>>> encode_deck([51, 48, 0])
'AsAc2c'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from engine import Action, ActionKind, HandConfig, format_cards, parse_cards
from engine.codec import config_from_dict, config_to_dict

__all__ = [
    "config_from_dict",
    "config_to_dict",
    "decode_action",
    "decode_actions",
    "decode_config",
    "decode_deck",
    "dumps",
    "encode_action",
    "encode_actions",
    "encode_config",
    "encode_deck",
    "loads",
]

_KINDS = {kind.value: kind for kind in ActionKind}


def dumps(value: Any) -> str:
    """Compact, key-sorted JSON: the same value always gives the same text."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def loads(text: str) -> Any:
    return json.loads(text)


def encode_config(config: HandConfig) -> str:
    return dumps(config_to_dict(config))


def decode_config(text: str) -> HandConfig:
    return config_from_dict(loads(text))


def encode_deck(deck: Iterable[int]) -> str:
    """The deck order as one string of two-character cards: ``"AsKd7c..."``."""
    return format_cards(deck, "")


def decode_deck(text: str) -> list[int]:
    return [int(card) for card in parse_cards(text)]


def encode_action(action: Action) -> str:
    """``"<player> <kind>[ <amount>]"`` with the player's 0-based index: ``"2 raise 12"``."""
    if action.amount is None:
        return f"{action.player} {action.kind.value}"
    return f"{action.player} {action.kind.value} {action.amount}"


def decode_action(text: str) -> Action:
    words = text.split()
    if len(words) not in (2, 3) or words[1] not in _KINDS:
        raise ValueError(f"not an encoded action: {text!r}")
    amount = int(words[2]) if len(words) == 3 else None
    return Action(player=int(words[0]), kind=_KINDS[words[1]], amount=amount)


def encode_actions(actions: Sequence[Action]) -> str:
    """A JSON list of encoded actions."""
    return dumps([encode_action(a) for a in actions])


def decode_actions(text: str) -> list[Action]:
    return [decode_action(a) for a in loads(text)]
