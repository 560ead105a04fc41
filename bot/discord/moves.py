"""A member's move, from whichever control they used (a slash command of
:mod:`bot.discord.commands.play`, a button or the Raise form of
:mod:`bot.discord.controls.turn`), to the application.

Every one ends in :func:`make_move`: the interaction is left with the table's loop, the
application decides under the table's lock, and the loop answers in public; a refused move is
answered here, privately, and changes nothing. The buttons and the Raise form name the
decision they were made for (hand and action number), so one pressed late is refused as
out of date under the lock, not guessed at here. Outside servers such a press shows the table
where it stands instead (the message pressed may be the last one its members could see).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.context import context_of, remember, split_table_id
from bot.discord.errors import reply_private
from bot.discord.places import table_here
from bot.discord.table.answers import Origin
from bot.guilds.wallets import outside_servers
from bot.i18n import t
from bot.present.refusals import error_text
from bot.tables.errors import NoHand, StaleMove
from engine import ActionKind

__all__ = ["make_move"]

log = logging.getLogger("holdem.bot")


async def make_move(
    interaction: discord.Interaction[Any],
    kind: ActionKind,
    amount: int | None = None,
    *,
    table_id: str | None = None,
    decision: tuple[int, int] | None = None,
    origin: Origin = Origin.MOVE,
) -> None:
    """The move of the member behind ``interaction``; ``decision`` is the (hand, action
    number) a button or form was made for."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if table_id is None:
        if interaction.channel_id is None:
            await reply_private(interaction, t(lang, "error.no_table"))
            return
        table_id = table_here(interaction)
    guild_id, channel_id = split_table_id(table_id)
    hand_id, seq = decision if decision is not None else (None, None)
    ctx.loops.expect(interaction, origin)
    try:
        await ctx.service.hands.act(
            guild_id, channel_id, interaction.user.id, kind, amount,
            hand_id=hand_id, seq=seq, request=interaction.id,
        )  # fmt: skip
    except Exception as error:
        ctx.loops.drop(interaction.id)
        if _left_behind(error, origin, guild_id):  # answered with a new message, as a command
            ctx.loops.show_table(table_id, ctx.loops.expect(interaction, Origin.COMMAND))
            return
        await reply_private(interaction, error_text(lang, error))


def _left_behind(error: Exception, origin: Origin, guild_id: int) -> bool:
    """Whether a press found its turn gone at a table outside servers, where the message it
    was on may be all its members see (a timer's move that no living token could show): the
    press then shows the table where it stands, on its own fresh token, instead of saying
    "out of date"."""
    gone = isinstance(error, StaleMove | NoHand)
    return gone and origin is Origin.TURN and outside_servers(guild_id)
