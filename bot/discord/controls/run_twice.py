"""The run-it-twice button, under the question the table's loop posts when an all-in is
called before the river and the house asks (house rule ``run_it_twice``).

Its ``custom_id`` names the table and the hand, so a press after a restart still counts (the
client registers :class:`RunTwiceButton` as a dynamic item), and one for a hand whose board
is already dealt is refused as out of date. A press is a move like any other: the
application decides under the table's lock and the loop answers in public. The time to agree
running out is the loop's own move (silence is no).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.context import context_of, remember, split_table_id
from bot.discord.controls.custom_ids import from_here, table_id_of, table_token
from bot.discord.errors import reply_private
from bot.discord.table.answers import Origin
from bot.i18n import Lang, t
from bot.present.refusals import error_text
from bot.tables.errors import NotAtRisk

__all__ = ["RunTwiceButton", "agree", "run_twice_button", "run_twice_view"]


class RunTwiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:twice:(?P<table>\d+-\d+):(?P<hand>\d+)",
):
    """Agree to run the board twice (under the table's question)."""

    def __init__(self, table_id: str, hand_id: int, **button: Any) -> None:
        self.table_id = table_id
        self.hand_id = hand_id
        custom_id = f"holdem:twice:{table_token(table_id)}:{hand_id}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RunTwiceButton:
        return cls(table_id_of(match["table"]), int(match["hand"]))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await from_here(interaction, self.table_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await agree(interaction, self.table_id, self.hand_id)


def run_twice_button(lang: Lang, table_id: str, hand_id: int) -> RunTwiceButton:
    """The button under the question, in the hand message."""
    label = t(lang, "tv.run_twice.button")
    return RunTwiceButton(table_id, hand_id, label=label, style=discord.ButtonStyle.primary)


def run_twice_view(lang: Lang, table_id: str, hand_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(run_twice_button(lang, table_id, hand_id))
    return view


async def agree(interaction: discord.Interaction[Any], table_id: str, hand_id: int) -> None:
    """The member agrees to run it twice; the loop answers in public, a refusal is private."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, channel_id = split_table_id(table_id)
    # The button sits on the hand message: the answer updates it in place.
    origin = Origin.TURN if interaction.message is not None else Origin.COMMAND
    ctx.loops.expect(interaction, origin)
    try:
        await ctx.service.hands.agree_run_twice(
            guild_id, channel_id, interaction.user.id, hand_id=hand_id, request=interaction.id
        )
    except Exception as error:
        ctx.loops.drop(interaction.id)
        if isinstance(error, NotAtRisk):
            await reply_private(interaction, t(lang, "tv.run_twice.not_at_risk"))
        else:
            await reply_private(interaction, error_text(lang, error))
