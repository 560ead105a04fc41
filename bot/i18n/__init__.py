"""Every text a player reads, in English, Norwegian bokmål and Danish.

Private replies use the player's Discord locale (``resolve_locale(interaction.locale)``);
public table messages use the guild's language setting, by default
``resolve_locale(guild.preferred_locale)``. Nothing outside this package writes player-facing
words: the bot asks :func:`t`/:func:`tn` for a message id, :mod:`bot.i18n.poker` for texts built
from engine data, and :mod:`bot.discord.translator` for slash-command descriptions.
"""

from bot.i18n.catalogue import (
    CATALOGUE,
    LOCALES,
    Catalogue,
    Lang,
    format_number,
    isolate,
    placeholders,
    resolve_locale,
    t,
    thousands_sep,
    tn,
)
from bot.i18n.poker import (
    acted_text,
    action_text,
    cards_text,
    category_name,
    engine_error,
    engine_error_id,
    event_lines,
    hand_name,
    pot_label,
    rank_name,
    showdown_labels,
    street_name,
    table_labels,
)

__all__ = [
    "CATALOGUE",
    "LOCALES",
    "Catalogue",
    "Lang",
    "acted_text",
    "action_text",
    "cards_text",
    "category_name",
    "engine_error",
    "engine_error_id",
    "event_lines",
    "format_number",
    "hand_name",
    "isolate",
    "placeholders",
    "pot_label",
    "rank_name",
    "resolve_locale",
    "showdown_labels",
    "street_name",
    "t",
    "table_labels",
    "thousands_sep",
    "tn",
]
