"""Buttons and the raise modal.

Buttons outlive the process: each carries its table, hand and action number in a namespaced
``custom_id`` that a :class:`discord.ui.DynamicItem` parses back, so clicks on messages sent
before a restart still reach the new process (registered in ``setup_hook``). The action number
makes a button from an earlier turn harmless: it answers "out of date" instead of acting on a
situation its label no longer describes. No rule lives here: what is legal comes from the
turn's legal actions in the application's outcome.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.commands.seats import on_lobby_button
from bot.discord.controls.forms import table_id_of, table_token
from bot.discord.moves import on_act_button
from bot.i18n import Lang, t
from engine import LegalActions

__all__ = ["ActButton", "LobbyButton", "lobby_view", "turn_view"]

MOVES = ("fold", "call", "raise", "allin", "cards")


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:act:(?P<table>\d+-\d+):(?P<hand>\d+):(?P<seq>\d+):(?P<move>[a-z]+)",
):
    """One of the turn message's buttons."""

    def __init__(self, table_id: str, hand_id: int, seq: int, move: str, **button: Any) -> None:
        self.table_id = table_id
        self.hand_id = hand_id
        self.seq = seq
        self.move = move
        custom_id = f"holdem:act:{table_token(table_id)}:{hand_id}:{seq}:{move}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        return cls(
            table_id_of(match["table"]), int(match["hand"]), int(match["seq"]), match["move"]
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await on_act_button(interaction, self.table_id, self.hand_id, self.seq, self.move)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:lobby:(?P<table>\d+-\d+):(?P<what>join|leave|deal)",
):
    """Join, Leave and Deal under the lobby message."""

    def __init__(self, table_id: str, what: str, **button: Any) -> None:
        self.table_id = table_id
        self.what = what
        custom_id = f"holdem:lobby:{table_token(table_id)}:{what}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(table_id_of(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await on_lobby_button(interaction, self.table_id, self.what)


def turn_view(
    lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
) -> discord.ui.View:
    """Fold, Check or Call N, Raise, All-in and My cards, from the legal actions."""
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle

    def add(move: str, label: str, button_style: discord.ButtonStyle, row: int = 0) -> None:
        view.add_item(
            ActButton(table_id, hand_id, seq, move, label=label, style=button_style, row=row)
        )

    add("fold", t(lang, "button.fold"), style.danger)
    if legal.can_check:
        add("call", t(lang, "button.check"), style.secondary)
    else:
        add("call", t(lang, "button.call", amount=legal.to_call), style.primary)
    if legal.can_raise and legal.min_raise_to != legal.all_in_to:
        add("raise", t(lang, "button.bet" if legal.is_bet else "button.raise"), style.success)
    if legal.can_all_in:
        add("allin", t(lang, "button.all_in"), style.success)
    add("cards", t(lang, "button.my_cards"), style.secondary, row=1)
    return view


def lobby_view(lang: Lang, table_id: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle
    view.add_item(LobbyButton(table_id, "join", label=t(lang, "button.join"), style=style.success))
    view.add_item(
        LobbyButton(table_id, "leave", label=t(lang, "button.leave"), style=style.secondary)
    )
    view.add_item(LobbyButton(table_id, "deal", label=t(lang, "button.deal"), style=style.primary))
    return view
