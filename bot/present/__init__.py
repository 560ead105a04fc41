"""Presentation without Discord: from the application's outcomes to texts, alt text and the
views the renderers draw.

Nothing here imports ``discord`` or does I/O, so every word and picture a table shows can be
tested from the frozen records of :mod:`bot.tables.outcomes` alone; the bot only sends the results.
"""

from bot.present.alt import ALT_TEXT_LIMIT, fit, hole_cards_alt, showdown_alt, table_alt
from bot.present.event import (
    EventPlace,
    EventTableLine,
    EventView,
    event_text,
    moved_text,
    results_text,
    seated_text,
    structure_lines,
)
from bot.present.rules_text import rules_lines, structure_name
from bot.present.texts import (
    MESSAGE_LIMIT,
    clip,
    lobby_text,
    outcome_lines,
    standings_lines,
    stop_lines,
    turn_line,
)
from bot.present.views import hole_cards_view, showdown_view, table_view, to_call_of

__all__ = [
    "ALT_TEXT_LIMIT",
    "MESSAGE_LIMIT",
    "EventPlace",
    "EventTableLine",
    "EventView",
    "clip",
    "event_text",
    "fit",
    "hole_cards_alt",
    "hole_cards_view",
    "lobby_text",
    "moved_text",
    "outcome_lines",
    "results_text",
    "rules_lines",
    "seated_text",
    "showdown_alt",
    "showdown_view",
    "standings_lines",
    "stop_lines",
    "structure_lines",
    "structure_name",
    "table_alt",
    "table_view",
    "to_call_of",
    "turn_line",
]
