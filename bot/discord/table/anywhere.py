"""Tables outside servers: in a DM or group DM where members installed the app for themselves,
the bot may not post, edit or read in the channel itself (Discord answers 403, Missing Access),
so such a table speaks through interaction tokens alone.

:class:`~bot.discord.table.messages.TableMessages` built with ``reach_channel=False`` never
makes a call of its own to the channel: a post, an edit by id or a ping that no living token
can carry is left out (the table goes quiet, nothing is lost: every move is in the store), and
a hand message whose token died is posted again through the freshest interaction's follow-up,
so the hand never outlives its token. The next press or command at a quiet table brings it
back where it stood. Hole cards are shown in private answers only: the bot writes to nobody.
What is left here is writing down where the hand message moved (:func:`keep_moved`), and the
language such a table speaks: its host's own, as there is no server's (:func:`table_lang`).
"""

from __future__ import annotations

from bot.discord.context import Context, split_table_id
from bot.discord.table.messages import TableMessages
from bot.guilds.wallets import outside_servers
from bot.i18n import Lang, resolve_locale

__all__ = ["keep_moved", "table_lang"]


async def table_lang(ctx: Context, table_id: str) -> Lang:
    """The language of a table's public messages: its server's; outside servers, its host's
    Discord language as their last interaction said (the default one after a restart, until
    the host acts again)."""
    guild_id, _ = split_table_id(table_id)
    if not outside_servers(guild_id):
        return await ctx.guild_lang(guild_id)
    host = (
        ctx.service.tables.state(table_id).host if ctx.service.tables.has_table(table_id) else None
    )
    return ctx.languages.get(host or 0) or resolve_locale(None)


async def keep_moved(
    ctx: Context, table_id: str, messages: TableMessages, kept: int | None
) -> int | None:
    """Write down the hand message members see if it moved since ``kept`` (the id written
    last), so a restart goes on with it; the id written now."""
    hand = messages.hand
    if hand is None or hand.message_id is None or hand.message_id == kept:
        return kept
    await ctx.service.seats.keep_message(table_id, "hand", hand.channel_id, hand.message_id)
    return hand.message_id
