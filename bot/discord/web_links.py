"""The web companion's address of a page, for the bot's replies and the hand's summary."""

from __future__ import annotations

from bot.discord.context import Context
from bot.guilds.house import WebPages
from bot.web.links import page_link, pages_public

__all__ = ["page_url"]


async def page_url(ctx: Context, guild_id: int, page: str) -> str | None:
    """``page`` of the server's pages: plain where they are public (its admins' choice or the
    operator's list), else signed; ``None`` when the pages are off, checked first so that the
    server's choice is read only when a link can be given."""
    if pages_public(guild_id, chosen=False) is None:
        return None
    public = (await ctx.guilds.rules(guild_id)).web_pages is WebPages.PUBLIC
    return page_link(guild_id, page, now=ctx.clock(), public=public)
