"""A member's move, from whichever control they used, to the application and back.

Every control ends in :func:`make_move`: the interaction is left with the table's loop, the
application decides under the table's lock, and the loop answers in public; a refused move is
answered here, privately, and changes nothing. The buttons and the Raise form name the
decision they were made for (hand and action number), so one pressed late is refused as
out of date under the lock, not guessed at here.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.context import Context, context_of
from bot.discord.controls.forms import RaiseModal
from bot.discord.errors import error_text, reply_private
from bot.discord.table.hole_cards import cards_reply
from bot.discord.table.replies import Origin
from bot.i18n import Lang, resolve_locale, t
from bot.i18n.amounts import AmountError, parse_amount
from bot.tables.errors import NoTable, NotSeated
from bot.tables.service import table_id_for
from engine import ActionKind, NotYourTurn

__all__ = ["make_move", "on_act_button", "on_raise_submit", "show_cards", "split_table_id"]

log = logging.getLogger("holdem.bot")

_BUTTON_MOVES = {"fold": ActionKind.FOLD, "call": ActionKind.CALL, "allin": ActionKind.ALL_IN}


def split_table_id(table_id: str) -> tuple[int, int]:
    guild, channel = table_id.split(":")
    return int(guild), int(channel)


def remember(ctx: Context, interaction: discord.Interaction[Any]) -> Lang:
    """The member's own language, kept for the direct messages sent to them later."""
    lang = resolve_locale(interaction.locale)
    ctx.languages[interaction.user.id] = lang
    return lang


async def make_move(
    interaction: discord.Interaction[Any],
    kind: ActionKind,
    amount: int | None = None,
    *,
    table_id: str | None = None,
    decision: tuple[int, int] | None = None,
    origin: Origin = Origin.COMMAND,
) -> None:
    """The move of the member behind ``interaction``; ``decision`` is the (hand, action
    number) a button or form was made for."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if table_id is None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await reply_private(interaction, t(lang, "error.no_table"))
            return
        table_id = table_id_for(interaction.guild_id, interaction.channel_id)
    guild_id, channel_id = split_table_id(table_id)
    hand_id, seq = decision if decision is not None else (None, None)
    ctx.loops.expect(interaction, origin)
    try:
        await ctx.service.act(
            guild_id, channel_id, interaction.user.id, kind, amount,
            hand_id=hand_id, seq=seq, request=interaction.id,
        )  # fmt: skip
    except Exception as error:
        ctx.loops.drop(interaction.id)
        await reply_private(interaction, error_text(lang, error))


async def on_act_button(
    interaction: discord.Interaction[Any], table_id: str, hand_id: int, seq: int, move: str
) -> None:
    if move == "cards":
        await show_cards(interaction, table_id)
        return
    if move == "raise":
        await _open_raise_form(interaction, table_id, hand_id, seq)
        return
    kind = _BUTTON_MOVES.get(move)
    if kind is None:
        await reply_private(
            interaction, t(resolve_locale(interaction.locale), "error.stale_button")
        )
        return
    await make_move(
        interaction, kind, table_id=table_id, decision=(hand_id, seq), origin=Origin.TURN
    )


async def _open_raise_form(
    interaction: discord.Interaction[Any], table_id: str, hand_id: int, seq: int
) -> None:
    """The form, prefilled from the decision's legal actions; the amount is checked again,
    under the lock, when it is submitted."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    try:
        state = ctx.service.state(table_id)
    except NoTable as error:
        await reply_private(interaction, error_text(lang, error))
        return
    turn = state.turn
    if state.seat_of(interaction.user.id) is None:
        await reply_private(interaction, error_text(lang, NotSeated("not seated")))
    elif turn is None or (turn.hand_id, turn.seq) != (hand_id, seq):
        await reply_private(interaction, t(lang, "error.stale_button"))
    elif turn.member != interaction.user.id:
        await reply_private(interaction, error_text(lang, NotYourTurn("not your turn")))
    else:
        await interaction.response.send_modal(RaiseModal(lang, table_id, hand_id, seq, turn.legal))


async def on_raise_submit(
    interaction: discord.Interaction[Any], table_id: str, hand_id: int, seq: int, raw: str
) -> None:
    """A Raise form, from this process or one before a restart (routed by its custom id)."""
    lang = resolve_locale(interaction.locale)
    try:
        amount = parse_amount(raw, lang)
    except AmountError as error:
        await reply_private(interaction, error_text(lang, error))
        return
    origin = Origin.TURN if interaction.message is not None else Origin.COMMAND
    await make_move(
        interaction, ActionKind.RAISE, amount, table_id=table_id, decision=(hand_id, seq),
        origin=origin,
    )  # fmt: skip


async def show_cards(interaction: discord.Interaction[Any], table_id: str) -> None:
    """The member's hole cards, privately; the message follows the streets and hands."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, _ = split_table_id(table_id)
    try:
        cards = ctx.service.cards_of(table_id, interaction.user.id)
        state = ctx.service.state(table_id)
    except NoTable as error:
        await reply_private(interaction, error_text(lang, error))
        return
    if cards is None:
        await reply_private(interaction, t(lang, "cards.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    text, file = await cards_reply(ctx, guild_id, cards, state.board, lang, state=state)
    await interaction.followup.send(text, file=file, ephemeral=True)
    ctx.loops.keep_cards(table_id, interaction)
