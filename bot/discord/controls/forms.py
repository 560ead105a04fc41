"""The Raise form, and the routing of its submissions by ``custom_id``.

The form's ``custom_id`` names the table, hand and action number, like the buttons' do; the
client routes every submission by that pattern (:func:`parse_raise_form`), so a form opened
before a restart still works after it.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import Lang, t
from engine import LegalActions

__all__ = ["RAISE_AMOUNT_ID", "RaiseModal", "parse_raise_form", "table_id_of", "table_token"]

RAISE_AMOUNT_ID = "holdem:raise:amount"
_RAISE_FORM = re.compile(r"holdem:raise:(?P<table>\d+-\d+):(?P<hand>\d+):(?P<seq>\d+)")


def table_token(table_id: str) -> str:
    """A table id as it sits in a ``custom_id`` (``:`` separates the id's fields there)."""
    return table_id.replace(":", "-")


def table_id_of(token: str) -> str:
    return token.replace("-", ":")


class RaiseModal(discord.ui.Modal):
    """Asks for the raise-to amount, prefilled with the minimum raise. Its submission is
    routed by the client from the ``custom_id`` (:func:`parse_raise_form`), in this process
    or the next one."""

    def __init__(
        self, lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
    ) -> None:
        low = legal.min_raise_to or legal.all_in_to
        high = legal.max_raise_to or legal.all_in_to
        title = t(lang, "modal.bet.title" if legal.is_bet else "modal.raise.title")
        super().__init__(
            title=title, custom_id=f"holdem:raise:{table_token(table_id)}:{hand_id}:{seq}"
        )
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(lang, "modal.bet.label" if legal.is_bet else "modal.raise.label"),
            custom_id=RAISE_AMOUNT_ID,
            default=str(low),
            placeholder=t(lang, "modal.raise.hint", min=low, max=high),
            max_length=16,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the client's router answers every Raise form, old or new."""


def _text_inputs(components: Any) -> dict[str, str]:
    """Every text input's value in a submitted form, by custom id (inputs may sit in action
    rows or in labels)."""
    found: dict[str, str] = {}
    for component in components or ():
        if not isinstance(component, dict):
            continue
        if "value" in component and "custom_id" in component:
            found[str(component["custom_id"])] = str(component["value"])
        found.update(_text_inputs(component.get("components")))
        inner = component.get("component")
        if inner is not None:
            found.update(_text_inputs([inner]))
    return found


def parse_raise_form(data: Any) -> tuple[str, int, int, str] | None:
    """``(table id, hand id, action number, typed amount)`` of a submitted Raise form, or
    ``None`` for any other submission."""
    if not isinstance(data, dict):
        return None
    match = _RAISE_FORM.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return None
    typed = _text_inputs(data.get("components")).get(RAISE_AMOUNT_ID, "")
    return table_id_of(match["table"]), int(match["hand"]), int(match["seq"]), typed
