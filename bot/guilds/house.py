"""A server's house rules as stored: the rules themselves and the preset they started from.

Both :class:`~bot.guilds.service.GuildService` (the rules a server plays by) and
:class:`~bot.tables.service.TableService` (the server's refill policy when a member buys in) read
them, so the stored form is parsed here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import HouseRules, preset

__all__ = ["DEFAULT_PRESET", "GuildRules", "guild_rules"]

DEFAULT_PRESET = "no-limit"


@dataclass(frozen=True, kw_only=True, slots=True)
class GuildRules:
    """The house rules a server plays by, and the preset they started from."""

    preset: str
    rules: HouseRules


def guild_rules(data: Mapping[str, Any] | None) -> GuildRules:
    """The rules from their stored form; the default preset if the server never chose any."""
    if not data:
        return GuildRules(preset=DEFAULT_PRESET, rules=preset(DEFAULT_PRESET))
    name = str(data.get("preset", DEFAULT_PRESET))
    return GuildRules(preset=name, rules=HouseRules.from_dict(dict(data["rules"])))
