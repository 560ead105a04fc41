"""Poker as on television, the members' side: the run-it-twice button and ``/holdem fair``.

The button sits under the question the table's loop posts when an all-in is called before
the river and the house asks (house rule ``run_it_twice``): its ``custom_id`` names the table
and the hand, so a press after a restart still counts, and one for a hand whose board is
already dealt is refused as out of date. A press is a move like any other: the application
decides under the table's lock and the loop answers in public. The time to agree running out
is the loop's own move (silence is no).

``/holdem fair hand`` checks a finished hand's deck against the commitment the table showed
at its deal, privately, and attaches the hand's history so the member can check it again
offline with ``python -m engine.fair verify FILE``. :func:`add_to` is the one line in the
bot's ``setup_hook``.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import context_of
from bot.discord.controls.custom_ids import table_id_of, table_token
from bot.discord.errors import error_text, reply_private
from bot.discord.moves import remember, split_table_id
from bot.discord.table.messages import Origin
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.i18n.television import fair_check_line
from bot.tables.errors import NoHand
from bot.tables.runouts import NotAtRisk

__all__ = ["RunTwiceButton", "add_to", "fair", "run_twice_view"]


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

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await agree(interaction, self.table_id, self.hand_id)


def run_twice_view(lang: Lang, table_id: str, hand_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        RunTwiceButton(
            table_id,
            hand_id,
            label=t(lang, "tv.run_twice.button"),
            style=discord.ButtonStyle.primary,
        )
    )
    return view


async def agree(interaction: discord.Interaction[Any], table_id: str, hand_id: int) -> None:
    """The member agrees to run it twice; the loop answers in public, a refusal is private."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, channel_id = split_table_id(table_id)
    ctx.loops.expect(interaction, Origin.COMMAND)
    try:
        await ctx.service.agree_run_twice(
            guild_id, channel_id, interaction.user.id, hand_id=hand_id, request=interaction.id
        )
    except Exception as error:
        ctx.loops.drop(interaction.id)
        if isinstance(error, NotAtRisk):
            await reply_private(interaction, t(lang, "tv.run_twice.not_at_risk"))
        else:
            await reply_private(interaction, error_text(lang, error))


@app_commands.command(name="fair", description=cmd_str("tv.cmd.fair.description"))
@app_commands.describe(hand=cmd_str("tv.cmd.option.hand.description"))
async def fair(interaction: discord.Interaction[Any], hand: app_commands.Range[int, 1]) -> None:
    """The check of a finished hand's deck, with its history attached (private)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if interaction.guild_id is None:
        await reply_private(interaction, t(lang, "error.no_table"))
        return
    try:
        report = await ctx.service.fair_report(interaction.guild_id, hand)
    except NoHand:
        await reply_private(interaction, t(lang, "tv.fair.no_hand", number=hand))
        return
    lines = [fair_check_line(lang, hand, report.commitment, report.error)]
    if report.salt and report.deck:
        lines.append(t(lang, "tv.fair.reveal", salt=report.salt, deck=report.deck))
    file = discord.File(io.BytesIO(report.phh.encode()), f"hand-{hand}.phh")
    await interaction.response.send_message("\n".join(lines)[:2000], file=file, ephemeral=True)


def add_to(client: discord.Client, holdem: app_commands.Group) -> None:
    """Add ``/holdem fair`` and route the run-it-twice buttons, also those sent before a
    restart."""
    holdem.add_command(fair)
    client.add_dynamic_items(RunTwiceButton)
