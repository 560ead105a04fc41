"""The lobby message's buttons: Join, Leave and Deal.

Like the turn's buttons they outlive the process (a :class:`discord.ui.DynamicItem` parses
the table back from the ``custom_id``); a press is the same as the slash command, answered
by updating the lobby in place (:attr:`~bot.discord.table.messages.Origin.LOBBY`). A press
whose ``custom_id`` names a table other than its own channel's is refused
(:func:`~bot.discord.controls.custom_ids.from_here`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.commands import seats
from bot.discord.controls.custom_ids import from_here, table_id_of, table_token
from bot.discord.table.answers import Origin
from bot.i18n import Lang, t

__all__ = ["LobbyButton", "lobby_view"]


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

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await from_here(interaction, self.table_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "join":
            await seats.join(interaction, None, table_id=self.table_id, origin=Origin.LOBBY)
        elif self.what == "leave":
            await seats.leave(interaction, table_id=self.table_id, origin=Origin.LOBBY)
        else:
            await seats.deal(interaction, table_id=self.table_id)


def lobby_view(lang: Lang, table_id: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle
    view.add_item(LobbyButton(table_id, "join", label=t(lang, "button.join"), style=style.success))
    view.add_item(
        LobbyButton(table_id, "leave", label=t(lang, "button.leave"), style=style.secondary)
    )
    view.add_item(LobbyButton(table_id, "deal", label=t(lang, "button.deal"), style=style.primary))
    return view
