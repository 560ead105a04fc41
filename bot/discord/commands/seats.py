"""Opening tables and taking seats: the handlers behind ``/holdem start|join|leave|sitout|
sitin|deal|stop|table``, which the lobby's buttons call too
(:mod:`bot.discord.controls.lobby`).

Each is a thin translation: check who may do it, call the application with the interaction
as the request, and leave the public answer to the table's loop. Only what concerns the
member alone (a refusal, "you sit out from the next hand") is answered here, privately.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.context import Context, context_of, remember, split_table_id
from bot.discord.errors import reply_private
from bot.discord.places import guild_of
from bot.discord.table.answers import Origin
from bot.discord.table.anywhere import table_lang
from bot.discord.table.messages import answered_publicly
from bot.i18n import Lang, t
from bot.present.refusals import error_text
from bot.tables.outcomes import Outcome
from bot.tables.service import table_id_for
from engine import PRESETS, HouseRules

__all__ = [
    "NEEDED",
    "deal",
    "join",
    "leave",
    "set_status",
    "show_table",
    "start",
    "stop",
]

NEEDED = ("send_messages", "attach_files")
"""Channel permissions the bot needs to deal: post, attach images (no embeds: Embed Links is
not asked for, bot/discord/invite.py)."""


def _here(interaction: discord.Interaction[Any]) -> str:
    assert interaction.channel_id is not None
    return table_id_for(guild_of(interaction), interaction.channel_id)


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def _may_lead(ctx: Context, interaction: discord.Interaction[Any], table_id: str) -> bool:
    """The table leader: its host, or a member with Manage Server."""
    return is_admin(interaction) or ctx.service.tables.state(table_id).host == interaction.user.id


async def _public(
    ctx: Context, interaction: discord.Interaction[Any], lang: Lang, call: Any, origin: Origin
) -> Outcome | None:
    """Run ``call(request)`` with the interaction left for the loop; a refusal is answered
    privately here, and so is an outcome the table does not answer in public."""
    ctx.loops.expect(interaction, origin)
    try:
        outcome: Outcome = await call(interaction.id)
    except Exception as error:
        ctx.loops.drop(interaction.id)
        await reply_private(interaction, error_text(lang, error))
        return None
    if not answered_publicly(outcome):
        ctx.loops.drop(interaction.id)
    return outcome


async def start(
    interaction: discord.Interaction[Any],
    preset: str | None,
    buy_in: int | None,
    seats: int | None,
    turn_seconds: int | None,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.channel_id is not None
    guild_id, channel_id = guild_of(interaction), interaction.channel_id
    perms = interaction.app_permissions
    # Outside servers every message goes through the interaction's token: no post of its own.
    needed = NEEDED if interaction.guild_id is not None else ("attach_files",)
    missing = [name for name in needed if not getattr(perms, name)]
    if missing:
        names = ", ".join(t(lang, f"permission.{name}") for name in missing)
        await reply_private(interaction, t(lang, "error.missing_permissions", permissions=names))
        return
    house = await ctx.guilds.rules(guild_id)
    preset_name, rules = house.preset, house.rules
    if preset is not None:
        preset_name, rules = preset, PRESETS[preset]
    changes: dict[str, Any] = {}
    if seats is not None:
        changes["max_seats"] = seats
    if turn_seconds is not None:
        changes["turn_seconds"] = turn_seconds
    try:
        rules = rules.with_changes(**changes) if changes else rules
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await _open(ctx, interaction, lang, (guild_id, channel_id), rules, buy_in, preset_name)


async def _open(
    ctx: Context,
    interaction: discord.Interaction[Any],
    lang: Lang,
    where: tuple[int, int],
    rules: HouseRules,
    buy_in: int | None,
    preset_name: str,
) -> None:
    """Open the table; without ``buy_in`` the house rule decides the host's chips."""

    async def call(request: int) -> Outcome:
        return await ctx.service.seats.open_table(
            *where, interaction.user.id, rules, buy_in, preset=preset_name,
            name=interaction.user.display_name, request=request,
        )  # fmt: skip

    await _public(ctx, interaction, lang, call, Origin.COMMAND)


async def join(
    interaction: discord.Interaction[Any],
    buy_in: int | None,
    *,
    table_id: str | None = None,
    origin: Origin = Origin.COMMAND,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, channel_id = split_table_id(table_id or _here(interaction))

    async def call(request: int) -> Outcome:
        # No amount typed: the house decides (what the member left with this session, or
        # the house's buy-in), never a default picked here.
        return await ctx.service.seats.join(
            guild_id, channel_id, interaction.user.id, buy_in,
            name=interaction.user.display_name, request=request,
        )  # fmt: skip

    await _public(ctx, interaction, lang, call, origin)


async def leave(
    interaction: discord.Interaction[Any],
    *,
    table_id: str | None = None,
    origin: Origin = Origin.COMMAND,
) -> None:
    """Leave now (the loop says it), or after the hand (said privately; folded when the
    member's turn comes, at once if it is now)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, channel_id = split_table_id(table_id or _here(interaction))

    async def call(request: int) -> Outcome:
        return await ctx.service.seats.leave(
            guild_id, channel_id, interaction.user.id, request=request
        )

    outcome = await _public(ctx, interaction, lang, call, origin)
    if outcome is not None and not answered_publicly(outcome):
        await reply_private(interaction, t(lang, "seat.leave_after_hand"))


async def set_status(interaction: discord.Interaction[Any], *, sit_in: bool) -> None:
    """Sit out or back in (from the next hand), answered privately."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id, channel_id = split_table_id(_here(interaction))
    seats = ctx.service.seats
    change = seats.sit_in if sit_in else seats.sit_out
    try:
        await change(guild_id, channel_id, interaction.user.id)
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await reply_private(interaction, t(lang, "seat.sit_in.you" if sit_in else "seat.sit_out.you"))


async def _led_table(ctx: Context, interaction: discord.Interaction[Any], table_id: str) -> bool:
    """Whether a table is here and the member may lead it; if not, they are told."""
    lang = remember(ctx, interaction)
    if (missing := await ctx.service.tables.absent(table_id)) is not None:
        await reply_private(interaction, error_text(lang, missing))
        return False
    if not _may_lead(ctx, interaction, table_id):
        await reply_private(interaction, t(lang, "error.host_only"))
        return False
    return True


async def deal(
    interaction: discord.Interaction[Any],
    *,
    table_id: str | None = None,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    table_id = table_id or _here(interaction)
    if not await _led_table(ctx, interaction, table_id):
        return
    guild_id, channel_id = split_table_id(table_id)

    async def call(request: int) -> Outcome:
        return await ctx.service.hands.deal(
            guild_id, channel_id, actor=interaction.user.id, request=request
        )

    await _public(ctx, interaction, lang, call, Origin.COMMAND)


async def stop(interaction: discord.Interaction[Any]) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    table_id = _here(interaction)
    if not await _led_table(ctx, interaction, table_id):
        return
    guild_id, channel_id = split_table_id(table_id)
    public = await table_lang(ctx, table_id)  # the table's: outside servers, its host's

    async def call(request: int) -> Outcome:
        return await ctx.service.seats.stop(
            guild_id, channel_id, interaction.user.id, reason=t(public, "session.stopped"),
            request=request,
        )  # fmt: skip

    await _public(ctx, interaction, lang, call, Origin.COMMAND)


async def show_table(interaction: discord.Interaction[Any]) -> None:
    """``/holdem table``: the picture again, answered by the table's loop."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    table_id = _here(interaction)
    if (missing := await ctx.service.tables.absent(table_id)) is not None:
        await reply_private(interaction, error_text(lang, missing))
        return
    ctx.loops.show_table(table_id, ctx.loops.expect(interaction, Origin.COMMAND))
