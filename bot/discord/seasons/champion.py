"""The champion of a season that is over, posted once in its league channel.

The league claims the post in the store before it is sent (:meth:`League.champions_due`), so
a restart, or a second process, never posts it twice; a post Discord refuses (the channel
gone, no permission) is logged and not tried again.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.context import Context
from bot.present.league import champion_text

__all__ = ["CHAMPION_CHECK_SECONDS", "champions_every", "post_champions"]

log = logging.getLogger("holdem.league")

CHAMPION_CHECK_SECONDS = 60.0
"""How often the seasons that are over are looked for."""


async def post_champions(ctx: Context) -> int:
    """Post every champion due; how many seasons were announced."""
    league = ctx.league
    if league is None:
        return 0
    posted = 0
    for done in await league.champions_due():
        season = done.season
        lang = await ctx.guild_lang(season.guild_id)
        champion = done.lines[0].member if done.lines else None
        text = champion_text(lang, season, done.lines, f"<@{champion}>")
        channel = ctx.client.get_channel(season.channel_id)
        try:
            if not isinstance(channel, discord.abc.Messageable):
                channel = await ctx.client.fetch_channel(season.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            mentions = discord.AllowedMentions(
                users=[discord.Object(champion)] if champion is not None else False
            )
            await channel.send(text, allowed_mentions=mentions)
            posted += 1
        except (discord.HTTPException, AssertionError) as error:
            log.warning("could not post a season's champion",
                        extra={"season": season.season_id, "error": error})  # fmt: skip
    return posted


async def champions_every(ctx: Context, seconds: float = CHAMPION_CHECK_SECONDS) -> None:
    """Post the champions due, then again every ``seconds``, until cancelled."""
    while True:
        try:
            await post_champions(ctx)
        except Exception:  # the database restarts: the next round tries again
            log.exception("looking for seasons that are over failed")
        await asyncio.sleep(seconds)
