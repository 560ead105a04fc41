"""The event and results messages as layout views (Components V2): Register and Unregister
only while registration is open, with the custom ids the handlers parse; the text within
Discord's 4000 characters however large the event; the results with tied places."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord.tournaments.event_message import (
    BUTTON_TEMPLATE,
    LAYOUT_TEXT_LIMIT,
    event_layout,
    register_id,
    results_layout,
    unregister_id,
)
from bot.i18n import LOCALES, Lang
from bot.present.event import event_text
from tests.bot.present.event_views import (
    FINISHED,
    REGISTERING,
    RUNNING,
    big_field,
    big_finished,
    big_running,
)

COMPONENTS_LIMIT = 40
"""Discord's limit on the components of one layout message, nested ones counted."""


def _buttons(layout: discord.ui.LayoutView) -> list[discord.ui.Button[Any]]:
    return [item for item in layout.walk_children() if isinstance(item, discord.ui.Button)]


def _texts(layout: discord.ui.LayoutView) -> list[str]:
    return [i.content for i in layout.walk_children() if isinstance(i, discord.ui.TextDisplay)]


@pytest.mark.parametrize("lang", LOCALES)
def test_the_buttons_are_there_only_while_registration_is_open(lang: Lang) -> None:
    layout = event_layout(lang, REGISTERING, buttons=True)
    ids = [button.custom_id for button in _buttons(layout)]
    assert ids == ["holdem:event:7:register", "holdem:event:7:unregister"]
    assert ids == [register_id(7), unregister_id(7)]
    parsed = [re.fullmatch(BUTTON_TEMPLATE, custom_id) for custom_id in ids]
    assert [(m["event"], m["what"]) for m in parsed if m] == [
        ("7", "register"),
        ("7", "unregister"),
    ]
    labels = [button.label for button in _buttons(layout)]
    assert labels == {"en": ["Register", "Unregister"], "nb": ["Meld deg på", "Meld deg av"],
                      "da": ["Tilmeld dig", "Frameld dig"]}[lang]  # fmt: skip
    assert not _buttons(event_layout(lang, REGISTERING, buttons=False))
    assert not _buttons(event_layout(lang, RUNNING, buttons=False))
    assert not _buttons(results_layout(lang, FINISHED))


def test_the_layout_shows_the_event_text_section_by_section() -> None:
    layout = event_layout("en", RUNNING, buttons=False)
    assert layout.has_components_v2()
    assert "\n\n".join(_texts(layout)) == event_text("en", RUNNING)
    (box,) = layout.children
    assert isinstance(box, discord.ui.Container)
    kinds = [type(item).__name__ for item in box.children]
    assert kinds == ["TextDisplay", "Separator"] * 3 + ["TextDisplay"]
    payload = layout.to_components()
    assert payload[0]["type"] == discord.ComponentType.container.value


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize(
    "view", [big_field(), big_running(), big_finished()], ids=["field", "running", "finished"]
)
def test_the_text_stays_within_discords_limit(lang: Lang, view: Any) -> None:
    for layout in (event_layout(lang, view, buttons=True), results_layout(lang, view)):
        assert layout.content_length() <= LAYOUT_TEXT_LIMIT
        assert all(text.strip() for text in _texts(layout))  # Discord refuses an empty one
        assert layout.total_children_count <= COMPONENTS_LIMIT
        layout.to_components()


@pytest.mark.parametrize("lang", LOCALES)
def test_the_results_layout_shows_tied_places(lang: Lang) -> None:
    (text,) = _texts(results_layout(lang, FINISHED))
    tie = {"en": "**2nd–3rd, tied** Ada wins 350, Kim wins 350",
           "nb": "**2.–3., delt** Ada vinner 350, Kim vinner 350",
           "da": "**2.–3., delt** Ada vinder 350, Kim vinder 350"}[lang]  # fmt: skip
    winner = {"en": "**1st** Ivy wins 700", "nb": "**1.** Ivy vinner 700",
              "da": "**1.** Ivy vinder 700"}[lang]  # fmt: skip
    assert text.splitlines()[3:5] == [winner, tie]


def test_a_cancelled_event_keeps_its_message_without_buttons() -> None:
    layout = event_layout("en", replace(REGISTERING, status="cancelled"), buttons=False)
    assert _texts(layout)[-1] == "This event was cancelled.\nEvery buy-in went back to its wallet."
