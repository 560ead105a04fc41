"""Next hand: the button under a finished hand's summary at a table outside servers.

Outside servers the table speaks through interaction tokens alone, and a token lives 15
minutes and sends five follow-ups: a table whose members went quiet cannot show its next hand
by itself. So the loop deals only while a living token could show the hand
(:meth:`~bot.discord.table.messages.TableMessages.carries`), and every summary there carries
this button, which any member of the DM or group DM may press, whether or not they installed
the app (Discord lets every member press an app's buttons there; only installers have its
commands). The press deals the next hand as its own answer, on its own fresh token; where a
hand is already in progress (the table dealt it, or someone pressed first) the press shows
that hand instead, where it stands. Either way the table is back from the last message a
member sees, and the move is the application's, written before it is shown, as every deal.

Like the other controls its ``custom_id`` names its table; a press anywhere but that table's
own channel is refused privately, and so is one naming a server's table (whose loop deals
and posts by itself).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.context import context_of, remember, split_table_id
from bot.discord.controls.custom_ids import from_here, table_id_of, table_token
from bot.discord.errors import reply_private
from bot.discord.table.answers import Origin
from bot.guilds.wallets import outside_servers
from bot.i18n import Lang, resolve_locale, t
from bot.present.refusals import error_text
from bot.tables.outcomes import TableState
from engine import SessionError

__all__ = ["NextHandButton", "next_hand", "next_hand_rows"]

_SHOW_INSTEAD = "hand_in_progress"
"""The deal's refusal that means the hand is already there to be shown."""


class NextHandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:next:(?P<table>\d+-\d+)",
):
    """Deal the next hand, or show the one in progress (under a summary, outside servers)."""

    def __init__(self, table_id: str, **button: Any) -> None:
        self.table_id = table_id
        custom_id = f"holdem:next:{table_token(table_id)}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NextHandButton:
        return cls(table_id_of(match["table"]))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if not await from_here(interaction, self.table_id):
            return False
        if outside_servers(split_table_id(self.table_id)[0]):
            return True
        lang = resolve_locale(interaction.locale)
        await reply_private(interaction, t(lang, "error.next_hand_in_server"))
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await next_hand(interaction, self.table_id)


async def next_hand(interaction: discord.Interaction[Any], table_id: str) -> None:
    """Deal the next hand as the answer to ``interaction``; the hand in progress if there is
    one; a refusal (too few players, the session over) privately."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if (missing := await ctx.service.tables.absent(table_id)) is not None:
        await reply_private(interaction, error_text(lang, missing))
        return
    guild_id, channel_id = split_table_id(table_id)
    ticket = ctx.loops.expect(interaction, Origin.COMMAND)
    try:
        # The table's own deal (as its loop's): any member may bring it on, no leader needed.
        await ctx.service.hands.deal(guild_id, channel_id, request=interaction.id)
    except Exception as error:
        if isinstance(error, SessionError) and error.code == _SHOW_INSTEAD:
            ctx.loops.show_table(table_id, ticket)
            return
        ctx.loops.drop(interaction.id)
        await reply_private(interaction, error_text(lang, error))


def next_hand_rows(lang: Lang, table_id: str, state: TableState) -> list[list[Any]]:
    """The summary's buttons: Next hand at a table outside servers while its session goes on
    (none in servers, where the table deals and posts by itself)."""
    if not outside_servers(split_table_id(table_id)[0]) or state.session_over:
        return []
    label = t(lang, "button.next_hand")
    return [[NextHandButton(table_id, label=label, style=discord.ButtonStyle.primary)]]
