"""The event message and the results message, built with Discord's layout components
(Components V2).

The event message sits in the channel the event was created in and is edited as the event
goes: one container whose text displays are the sections of
:func:`bot.present.event.event_sections` (the title; then the start, the structure and the
field while registering; the level, the stacks and the tables while running; the places when
finished), and, while registration is open, a row with Register and Unregister. Their
``custom_id``s (:func:`register_id`, :func:`unregister_id`) carry the event, so a press is
answered after a restart too; the handlers live with the tournament commands.

A layout message holds at most 4000 characters of text across its text displays; the texts
keep within :data:`bot.present.event.EVENT_TEXT_LIMIT` and this module checks the sum again.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import Lang, t
from bot.present.event import (
    EVENT_TEXT_LIMIT,
    EventView,
    event_sections,
    results_text,
)

__all__ = [
    "BUTTON_TEMPLATE",
    "LAYOUT_TEXT_LIMIT",
    "event_layout",
    "register_id",
    "results_layout",
    "unregister_id",
]

LAYOUT_TEXT_LIMIT = 4000
"""Discord's limit on the text of one layout message, over all its text displays."""
BUTTON_TEMPLATE = r"holdem:event:(?P<event>\d+):(?P<what>register|unregister)"
"""The ``custom_id``s of the event message's buttons, for a :class:`discord.ui.DynamicItem`."""


def register_id(event_id: int) -> str:
    """The Register button's ``custom_id``."""
    return f"holdem:event:{event_id}:register"


def unregister_id(event_id: int) -> str:
    """The Unregister button's ``custom_id``."""
    return f"holdem:event:{event_id}:unregister"


def _fitted(sections: list[str]) -> list[str]:
    """The sections within :data:`EVENT_TEXT_LIMIT` together: whole sections while they
    fit, the first one cut (a guard; the texts' own budgets keep them well inside)."""
    kept: list[str] = []
    size = 0
    for section in sections:
        room = EVENT_TEXT_LIMIT - size
        if len(section) > room:
            if not kept:
                kept.append(section[: room - 1] + "…")
            break
        kept.append(section)
        size += len(section)
    return kept


def event_layout(lang: Lang, view: EventView, *, buttons: bool) -> discord.ui.LayoutView:
    """The event message as it stands; ``buttons`` while registration is open (the caller
    knows: before the start, and during late registration)."""
    layout = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container()
    sections = _fitted(event_sections(lang, view))
    for i, section in enumerate(sections):
        if i > 0:
            box.add_item(discord.ui.Separator())
        box.add_item(discord.ui.TextDisplay(section))
    if buttons:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        row.add_item(
            discord.ui.Button(
                custom_id=register_id(view.event_id),
                label=t(lang, "event.button.register"),
                style=discord.ButtonStyle.success,
            )
        )
        row.add_item(
            discord.ui.Button(
                custom_id=unregister_id(view.event_id),
                label=t(lang, "event.button.unregister"),
                style=discord.ButtonStyle.secondary,
            )
        )
        box.add_item(row)
    layout.add_item(box)
    return layout


def results_layout(lang: Lang, view: EventView) -> discord.ui.LayoutView:
    """The results message: the places and prizes, best first, in one container."""
    layout = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container()
    box.add_item(discord.ui.TextDisplay(results_text(lang, view)))
    layout.add_item(box)
    return layout
