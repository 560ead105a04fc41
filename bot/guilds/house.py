"""A server's house rules as stored: the rules themselves, the preset they started from, and
who may read the server's web pages (``web_pages``: a choice of the server's admins kept beside
the rules, so it needs no column of its own; not a rule of the game, so not in the engine's
:class:`~engine.HouseRules`).

Both :class:`~bot.guilds.service.GuildService` (the rules a server plays by) and
:class:`~bot.tables.service.TableService` (the server's refill policy when a member buys in) read
them, so the stored form is parsed here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.guilds.wallets import outside_servers
from engine import HouseRules, Refill, preset

__all__ = [
    "DEFAULT_PRESET",
    "OUTSIDE_RULES",
    "GuildRules",
    "WebPages",
    "event_role",
    "guild_rules",
    "web_pages",
]

DEFAULT_PRESET = "no-limit"
OUTSIDE_RULES = preset(DEFAULT_PRESET).with_changes(
    refill=Refill.DAILY, refill_to=preset(DEFAULT_PRESET).starting_stack
)
"""The house outside servers, where no admin chooses: each table's rules are its starter's
preset, and a member's own wallet there is topped up to one buy-in once a day."""


class WebPages(Enum):
    """Who may read a server's pages on the web companion (:mod:`bot.web`)."""

    LINK = "link"
    """Only a reader with a signed link from the bot (the default)."""
    PUBLIC = "public"
    """Anyone who has the address."""


@dataclass(frozen=True, kw_only=True, slots=True)
class GuildRules:
    """The house rules a server plays by, the preset they started from, and who may read its
    web pages."""

    preset: str
    rules: HouseRules
    web_pages: WebPages = WebPages.LINK
    event_role: int | None = None
    """The role whose members run tournaments besides those with Manage Server."""


def web_pages(data: Mapping[str, Any] | None) -> WebPages:
    """The server's choice of who reads its pages, from the stored form; a page needs a link
    unless the admins chose otherwise (an unknown word too: never public by mistake).

    >>> web_pages({"web_pages": "public"}), web_pages(None), web_pages({"web_pages": "x"})
    (<WebPages.PUBLIC: 'public'>, <WebPages.LINK: 'link'>, <WebPages.LINK: 'link'>)
    """
    chosen = (data or {}).get("web_pages")
    return WebPages.PUBLIC if chosen == WebPages.PUBLIC.value else WebPages.LINK


def event_role(data: Mapping[str, Any] | None) -> int | None:
    """The tournament directors' role, from the stored form (``None``: admins only).

    >>> event_role({"event_role": 123}), event_role(None), event_role({"event_role": "x"})
    (123, None, None)
    """
    chosen = (data or {}).get("event_role")
    return chosen if isinstance(chosen, int) and not isinstance(chosen, bool) else None


def guild_rules(data: Mapping[str, Any] | None, *, guild_id: int | None = None) -> GuildRules:
    """The rules from their stored form; the default preset if the server never chose any
    (a server that chose only who reads its pages has the default rules too), and
    :data:`OUTSIDE_RULES` for the scope outside servers (``guild_id``)."""
    pages, role = web_pages(data), event_role(data)
    if guild_id is not None and outside_servers(guild_id) and not data:
        return GuildRules(preset=DEFAULT_PRESET, rules=OUTSIDE_RULES)
    if not data or "rules" not in data:
        return GuildRules(
            preset=DEFAULT_PRESET, rules=preset(DEFAULT_PRESET), web_pages=pages, event_role=role
        )
    name = str(data.get("preset", DEFAULT_PRESET))
    rules = HouseRules.from_dict(dict(data["rules"]))
    return GuildRules(preset=name, rules=rules, web_pages=pages, event_role=role)
