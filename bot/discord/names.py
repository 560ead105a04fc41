"""Display names for members, without spending the bot's rate limit.

Names come from what the tables recorded when members sat down (and after they left), then
from the guild's member cache, else a short stand-in made from the id: never from a REST
call, which would cost the bot's global budget.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.discord.context import Context
from bot.store.records import stand_in_name

__all__ = ["member_names"]


def member_names(ctx: Context, guild_id: int, members: Iterable[int]) -> dict[int, str]:
    known: dict[int, str] = {}
    for table_id in ctx.service.tables.table_ids():
        state = ctx.service.tables.state(table_id)
        if state.guild_id == guild_id:
            known.update(state.names)
    guild = ctx.client.get_guild(guild_id)
    names = {}
    for member in members:
        name = known.get(member)
        if name is None and guild is not None:
            found = guild.get_member(member)
            name = found.display_name if found is not None else None
        names[member] = name or stand_in_name(member)
    return names
