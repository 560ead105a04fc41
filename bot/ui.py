"""Buttons and the raise modal.

Buttons outlive the process: each carries its table, hand and action number in a namespaced
``custom_id`` that a :class:`discord.ui.DynamicItem` parses back, so clicks on messages sent
before a restart still reach the new process (registered in ``setup_hook``). The action number
makes a button from an earlier turn harmless: it answers "out of date" instead of acting on a
situation its label no longer describes. No rule lives here: what is legal comes from the
engine through :meth:`Dealer.legal_for`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from engine import LegalActions
from i18n import Lang, t

if TYPE_CHECKING:
    from .client import HoldemBot

__all__ = ["ActButton", "LobbyButton", "RaiseModal", "lobby_view", "turn_view"]

MOVES = ("fold", "call", "raise", "allin", "cards")


def _table_token(table_id: str) -> str:
    return table_id.replace(":", "-")


def _table_id(token: str) -> str:
    return token.replace("-", ":")


def _bot(interaction: discord.Interaction[Any]) -> HoldemBot:
    from .client import HoldemBot

    client = interaction.client
    assert isinstance(client, HoldemBot)
    return client


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
        custom_id = f"holdem:act:{_table_token(table_id)}:{hand_id}:{seq}:{move}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        return cls(_table_id(match["table"]), int(match["hand"]), int(match["seq"]), match["move"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).dealer.on_button(
            interaction, self.table_id, self.hand_id, self.seq, self.move
        )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:lobby:(?P<table>\d+-\d+):(?P<what>join|leave|deal)",
):
    """Join, Leave and Deal under the lobby message."""

    def __init__(self, table_id: str, what: str, **button: Any) -> None:
        self.table_id = table_id
        self.what = what
        custom_id = f"holdem:lobby:{_table_token(table_id)}:{what}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(_table_id(match["table"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).dealer.on_lobby_button(interaction, self.table_id, self.what)


class RaiseModal(discord.ui.Modal):
    """Asks for the raise-to amount, prefilled with the minimum raise."""

    def __init__(
        self, lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
    ) -> None:
        low = legal.min_raise_to or legal.all_in_to
        high = legal.max_raise_to or legal.all_in_to
        title = t(lang, "modal.bet.title" if legal.is_bet else "modal.raise.title")
        super().__init__(
            title=title, custom_id=f"holdem:raise:{_table_token(table_id)}:{hand_id}:{seq}"
        )
        self.table_id = table_id
        self.hand_id = hand_id
        self.seq = seq
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(lang, "modal.bet.label" if legal.is_bet else "modal.raise.label"),
            custom_id="holdem:raise:amount",
            default=str(low),
            placeholder=t(lang, "modal.raise.hint", min=low, max=high),
            max_length=12,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).dealer.on_raise_submit(
            interaction, self.table_id, self.hand_id, self.seq, self.amount.value
        )


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
