"""The house rules of a tournament's tables.

A tournament table deals no-limit hold'em with the director's blinds (set for each hand,
:func:`bot.tables.event_commands.level_rules`); the rest is the same at every table of the
event, whatever the server's own house rules say: no running it twice (a tournament hand is
run once), no rebuys (a player with no chips is out), and the event's time to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import HouseRules
from engine.rules import EmptyStackPolicy, RunItTwice

__all__ = ["DEFAULT_TURN_SECONDS", "event_rules"]

DEFAULT_TURN_SECONDS = 30
"""The time to act at a tournament table unless the event says otherwise."""


def event_rules(settings: Mapping[str, Any]) -> HouseRules:
    """The rules of the event's tables, from the event's settings (``turn_seconds``,
    ``starting_chips``)."""
    turn = settings.get("turn_seconds")
    chips = settings.get("starting_chips")
    return HouseRules(
        starting_stack=max(2, int(chips)) if isinstance(chips, int) else 100,
        turn_seconds=int(turn) if isinstance(turn, int) else DEFAULT_TURN_SECONDS,
        empty_stack=EmptyStackPolicy.SIT_OUT,
        run_it_twice=RunItTwice.OFF,
        coach=False,
    )
