"""Who may direct an event, and which event a command names: the path every
``/holdem tournament`` command that acts on an event shares (find the event, check the
director, take the step, answer privately)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.commands.seats import is_admin
from bot.discord.context import Context, context_of, remember
from bot.discord.errors import reply_private
from bot.i18n import Lang, t
from bot.present.refusals import error_text
from bot.tournaments.errors import NoEvent
from bot.tournaments.runner import EventRunner
from bot.tournaments.service import Tournaments

__all__ = ["Step", "event_for", "may_run_events", "on_event", "tournaments_of"]


async def may_run_events(ctx: Context, interaction: discord.Interaction[Any]) -> bool:
    """Members with Manage Server run events, and the role the server names for it
    (``/holdem-admin config tournament-role``)."""
    if is_admin(interaction):
        return True
    if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role = (await ctx.guilds.rules(interaction.guild_id)).event_role
    return role is not None and any(r.id == role for r in interaction.user.roles)


def tournaments_of(ctx: Context) -> Tournaments:
    events = ctx.tournaments
    assert events is not None, "tournaments are not set up"
    return events


async def event_for(
    ctx: Context, interaction: discord.Interaction[Any], lang: Lang, event: int | None
) -> EventRunner | None:
    assert interaction.guild_id is not None and interaction.channel_id is not None
    events = tournaments_of(ctx)
    try:
        if event is None:
            return events.in_channel(interaction.guild_id, interaction.channel_id)
        runner = events.runner(event)
    except NoEvent as error:
        await reply_private(interaction, error_text(lang, error))
        return None
    if runner.info.guild_id != interaction.guild_id:  # a number from another server
        await reply_private(interaction, t(lang, "error.no_event"))
        return None
    return runner


Step = Callable[[Context, Tournaments, EventRunner, discord.Interaction[Any]], Awaitable[object]]
"""What a command does to the event it names, once the event is found."""


async def on_event(
    interaction: discord.Interaction[Any],
    event: int | None,
    step: Step,
    done: str,
    *,
    directors: bool = False,
) -> None:
    """Find the event (``directors``: for the event's directors only), take the ``step``,
    and tell the member privately: ``done`` (a catalogue key), or why not."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if directors and not await may_run_events(ctx, interaction):
        await reply_private(interaction, t(lang, "tournament.admins_only"))
        return
    runner = await event_for(ctx, interaction, lang, event)
    if runner is None:
        return
    try:
        await step(ctx, tournaments_of(ctx), runner, interaction)
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await reply_private(interaction, t(lang, done, name=runner.info.name))
