"""A member's own view of the tournaments: ``/holdem tournament seat`` (where they play) and
``/holdem tournament mine`` (the events they entered, with their places and prizes), both
answered privately."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.tournaments.access import tournaments_of
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.present.event import EventPlace, place_label
from bot.tournaments.service import MemberEvent

__all__ = ["add_to", "mine", "seat"]


async def seat(interaction: discord.Interaction[Any], event: int | None) -> None:
    """The member's own seat, privately: their table, seat, chips and thread in the event
    named (by default every open event of this server they play in)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    me = str(interaction.user.id)
    lines = []
    for runner in sorted(tournaments_of(ctx).runners.values(), key=lambda r: r.info.event_id):
        info, state = runner.info, runner.state
        if runner.closed or info.guild_id != interaction.guild_id:
            continue
        if event is not None and info.event_id != event:
            continue
        table = state.table_of(me)
        thread = None if table is None else info.thread_of(table.number)
        if table is not None:
            lines.append(t(lang, "tournament.where.seat", name=info.name, table=table.number,
                           seat=table.seat_of(me) + 1, chips=state.chips.get(me, 0),
                           thread=f"<#{thread}>" if thread else "…"))  # fmt: skip
        elif me in state.registered:
            lines.append(t(lang, "tournament.where.registered", name=info.name))
    await reply_private(interaction, "\n".join(lines) or t(lang, "tournament.where.none"))


def _history_line(lang: Lang, event: MemberEvent) -> str:
    number, name = event.event_id, event.name
    if event.place is not None:
        best, worst = event.place
        place = place_label(lang, EventPlace(best=best, worst=worst, names=(), prizes=()))
        key = "tournament.mine.prize" if event.prize else "tournament.mine.place"
        return t(lang, key, number=number, name=name, place=place, entries=event.entries,
                 prize=event.prize)  # fmt: skip
    if event.status == "cancelled":
        return t(lang, "tournament.mine.cancelled", number=number, name=name)
    if event.chips is not None:
        return t(lang, "tournament.mine.playing", number=number, name=name, chips=event.chips)
    return t(lang, "tournament.mine.registered", number=number, name=name)


async def mine(interaction: discord.Interaction[Any]) -> None:
    """The member's last events in this server, newest first (private)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    found = await tournaments_of(ctx).history(interaction.guild_id, interaction.user.id)
    if not found:
        await reply_private(interaction, t(lang, "tournament.mine.none"))
        return
    lines = [t(lang, "tournament.mine.title")] + [_history_line(lang, e) for e in found]
    await reply_private(interaction, "\n".join(lines))


def add_to(group: discord.app_commands.Group) -> None:
    """Add ``/holdem tournament mine`` to the group (``seat`` is one of the commands that
    name an event)."""

    @group.command(name="mine", description=cmd_str("cmd.holdem.tournament.mine.description"))
    async def mine_command(interaction: discord.Interaction[Any]) -> None:
        await mine(interaction)
