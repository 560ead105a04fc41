"""What a member asks about, answered privately: the house rules, chips, the leaderboard,
their history, their cards setting, and the guide."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot.discord.commands.launch import activity_ready
from bot.discord.context import Context, context_of, remember
from bot.discord.errors import reply_private
from bot.discord.mentions import mention_commands
from bot.discord.names import member_names
from bot.discord.places import guild_of, table_here
from bot.discord.web_links import page_url
from bot.guilds.house import WebPages
from bot.i18n import Lang, format_number, t
from bot.present import rules_lines
from bot.tables.service import table_id_for
from bot.web.links import pages_public

__all__ = [
    "chips",
    "dm",
    "guide_blocks",
    "help_text",
    "history",
    "leaderboard",
    "private_layout",
    "reply_layout",
    "rules",
]


async def rules(interaction: discord.Interaction[Any]) -> None:
    """The rules of the table here, or the server's when no table is open."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.channel_id is not None
    table_id = table_id_for(guild_of(interaction), interaction.channel_id)
    house = await ctx.guilds.rules(guild_of(interaction))
    name, house_rules = house.preset, house.rules
    if ctx.service.tables.has_table(table_id):
        state = ctx.service.tables.state(table_id)
        house_rules, name = state.rules, state.preset or name
    title, *lines = rules_lines(lang, house_rules, preset=name, buy_in=house_rules.starting_stack)
    chosen = house.web_pages is WebPages.PUBLIC
    public = pages_public(guild_of(interaction), chosen=chosen)
    if public is not None:  # the pages are on: who may read them
        lines.append(t(lang, "rules.web_pages.public" if public else "rules.web_pages.link"))
    await reply_layout(interaction, title, ["\n".join(lines)])


async def chips(interaction: discord.Interaction[Any], member: discord.Member | None) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    who = member or interaction.user
    own = who.id == interaction.user.id
    wallet = await ctx.guilds.wallet(guild_of(interaction), who.id, refill=own)
    amount = format_number(lang, wallet.balance)
    if own:
        heading = t(lang, "chips.title.you")
        stack = _seated_stack(ctx, interaction)
        if stack is None:
            text = t(lang, "chips.balance.you", balance=amount)
        else:  # the chips in play count too: the wallet alone would read as a loss
            on_table = format_number(lang, stack)
            text = t(lang, "chips.balance.you_seated", balance=amount, stack=on_table)
        if wallet.refilled:  # the house's chips, not a hand's: said so
            refilled = format_number(lang, wallet.refilled)
            text = f"{t(lang, 'chips.refilled', amount=refilled, balance=amount)}\n{text}"
    else:
        heading = t(lang, "chips.title.member", name=who.display_name)
        text = t(lang, "chips.balance.member", name=who.display_name, balance=amount)
    await reply_layout(interaction, heading, [text])


def _seated_stack(ctx: Context, interaction: discord.Interaction[Any]) -> int | None:
    """The member's stack at this channel's table (not a practice table's chips), if seated."""
    if interaction.channel_id is None:
        return None
    table_id = table_id_for(guild_of(interaction), interaction.channel_id)
    if not ctx.service.tables.has_table(table_id):
        return None
    state = ctx.service.tables.state(table_id)
    seat = state.seat_of(interaction.user.id)
    if seat is None or state.practice:
        return None
    return int(seat.stack)


async def leaderboard(interaction: discord.Interaction[Any]) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    rows = await ctx.guilds.standings(guild_of(interaction), limit=10)
    if not rows:
        await reply_private(interaction, t(lang, "leaderboard.empty"))
        return
    names = member_names(ctx, guild_of(interaction), [row.member for row in rows])
    lines = []
    for place, row in enumerate(rows, start=1):
        name = names[row.member]
        lines.append(t(lang, "leaderboard.line", place=place, name=name, balance=row.chips))
    await reply_layout(interaction, t(lang, "leaderboard.title"), ["\n".join(lines)])


async def history(
    interaction: discord.Interaction[Any],
    count: int,
    *,
    hand: int | None = None,
    session: bool = False,
    tournament: int | None = None,
) -> None:
    """The member's last ``count`` hands, or one ``hand``, the ``session`` of the table here or
    a whole ``tournament``, as two files: PHH and PokerStars text (for trackers)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.channel_id is not None
    guild_id = guild_of(interaction)

    def name_of(member: int) -> str:
        if member == interaction.user.id:
            return interaction.user.display_name
        return member_names(ctx, guild_id, [member])[member]

    if hand is not None or session or tournament is not None:
        await _hand_files(interaction, lang, hand, session, tournament, name_of)
        return
    entries = await ctx.guilds.history(
        guild_of(interaction), interaction.user.id, count, name_of=name_of
    )
    if not entries:
        await reply_private(interaction, t(lang, "history.empty"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    lines = [t(lang, "history.title")]
    # the web companion's page of the member, whose hands link to their replays (pages on)
    if (url := await page_url(ctx, guild_id, f"member/{interaction.user.id}")) is not None:
        lines.append(t(lang, "web.link", url=url))
    for entry in entries:
        summary = entry.summary
        net = summary.net or 0
        if net > 0:
            result = t(lang, "history.result.won", amount=net)
        elif net < 0:
            result = t(lang, "history.result.lost", amount=-net)
        else:
            result = t(lang, "history.result.even")
        when = f"<t:{int(summary.finished_at or summary.started_at)}:R>"
        lines.append(t(lang, "history.line", number=summary.hand_id, when=when, result=result))
    phh = "\n".join(f"# hand {e.summary.hand_id}\n{e.phh}" for e in entries)
    stars = "\n\n".join(e.pokerstars for e in entries if e.pokerstars)
    files = _history_files(lang, phh, stars)
    await interaction.followup.send("\n".join(lines)[:2000], files=files, ephemeral=True)


async def _hand_files(
    interaction: discord.Interaction[Any],
    lang: Lang,
    hand: int | None,
    session: bool,
    tournament: int | None,
    name_of: Callable[[int], str],
) -> None:
    ctx = context_of(interaction)
    assert interaction.channel_id is not None
    table_id = table_here(interaction) if session else None
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await ctx.guilds.hand_files(
        guild_of(interaction),
        interaction.user.id,
        hand=hand,
        table_id=None if hand is not None else table_id,
        event=None if hand is not None or session else tournament,
        name_of=name_of,
    )
    if not found.hands:
        text = "history.none" if hand is None else "error.stats_hand_not_found"
        await interaction.followup.send(t(lang, text, number=hand or 0), ephemeral=True)
        return
    files = _history_files(lang, found.phh, found.pokerstars)
    text = t(lang, "history.files", count=found.hands)
    await interaction.followup.send(text, files=files, ephemeral=True)


def _history_files(lang: Lang, phh: str, pokerstars: str) -> list[discord.File]:
    """The hands as PHH and as PokerStars text, the format trackers import."""
    title = t(lang, "history.title")
    return [
        discord.File(io.BytesIO(phh.encode()), "hands.phh", description=title),
        discord.File(io.BytesIO(pokerstars.encode()), "hands-pokerstars.txt", description=title),
    ]


async def dm(interaction: discord.Interaction[Any], state: str) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    guild_id = guild_of(interaction)
    if state == "on":
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await interaction.user.send(t(lang, "dm.on"))
        except discord.HTTPException:
            await interaction.followup.send(t(lang, "error.dms_closed"), ephemeral=True)
            return
        await ctx.guilds.set_member_settings(guild_id, interaction.user.id, dm=True)
        await interaction.followup.send(t(lang, "dm.on"), ephemeral=True)
        return
    await ctx.guilds.set_member_settings(guild_id, interaction.user.id, dm=False)
    await reply_private(interaction, t(lang, "dm.off"))


async def help_text(interaction: discord.Interaction[Any]) -> None:
    """The guide, privately, as layout components: a heading, then one block per topic, each
    command a clickable mention once Discord's ids for them are known."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    mentions = {} if ctx.command_ids is None else await ctx.command_ids.mentions()
    blocks = guide_blocks(lang, mentions, activity=activity_ready())
    await reply_layout(interaction, t(lang, "help.title"), blocks)


def guide_blocks(lang: Lang, mentions: Mapping[str, str], *, activity: bool) -> list[str]:
    """Every command, by topic (the ``**Topic**`` paragraphs of the guide), the commands named
    as ``mentions`` (:func:`bot.discord.mentions.mention_commands`); ``/holdem play`` after
    the playing topic only where ``activity`` (the Activity is on and complete), since it
    opens nothing elsewhere."""
    blocks = t(lang, "help.body").split("\n\n")
    if activity:
        blocks.insert(2, t(lang, "help.play"))
    return [mention_commands(block, mentions) for block in blocks]


def private_layout(heading: str, blocks: list[str]) -> discord.ui.LayoutView:
    """A private reply as layout components: a heading, then each block under a separator."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container()
    box.add_item(discord.ui.TextDisplay(f"## {heading}"))
    for block in blocks:
        box.add_item(discord.ui.Separator())
        box.add_item(discord.ui.TextDisplay(block))
    view.add_item(box)
    return view


async def reply_layout(
    interaction: discord.Interaction[Any], heading: str, blocks: list[str]
) -> None:
    """Answer privately with :func:`private_layout` (the interaction not yet answered)."""
    await interaction.response.send_message(view=private_layout(heading, blocks), ephemeral=True)
