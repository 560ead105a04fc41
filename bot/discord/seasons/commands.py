"""``/holdem season``: open a season, show its table, recompute it, void an event, and the
ranked ratings.

Thin like the other command modules: read the options, ask the league
(:class:`~bot.seasons.service.League`, the context's ``league``), answer privately in the
member's language. Opening a season, recomputing it and voiding an event are for members
with Manage Server; a refusal changes nothing.
"""

from __future__ import annotations

import calendar
import re
from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.info import reply_layout
from bot.discord.commands.options import CheckedGroup
from bot.discord.commands.seats import is_admin
from bot.discord.context import Context, context_of, remember
from bot.discord.errors import reply_private
from bot.discord.names import member_names
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.i18n.free_text import free_text_refusal
from bot.present.league import day, ranked_lines, season_heading, season_lines
from bot.seasons.points import Formula, PointsRule, parse_table
from bot.seasons.ratings import MIN_RANKED_EVENTS, ranked
from bot.seasons.service import League
from bot.seasons.standings import SeasonRule

__all__ = ["add_to", "parse_day"]

DAY = 86400


def parse_day(text: str) -> float:
    """``"2026-12-31"``: that day's midnight, UTC, in seconds. Raises ValueError otherwise.

    >>> parse_day("1970-01-02"), day(parse_day(" 2026-02-28 "))
    (86400.0, '2026-02-28')
    """
    match = re.fullmatch(r"\s*(\d{4})-(\d{2})-(\d{2})\s*", text)
    if match is None:
        raise ValueError(text)
    year, month, date = (int(g) for g in match.groups())
    if not (1 <= month <= 12 and 1 <= date <= calendar.monthrange(year, month)[1]):
        raise ValueError(text)
    return float(calendar.timegm((year, month, date, 0, 0, 0)))


async def _names(ctx: Context, guild_id: int, members: list[int]) -> dict[int, str]:
    """Display names: the server's, else the name the member registered under."""
    guild = ctx.client.get_guild(guild_id)
    registered = await _league(ctx).names(guild_id)
    names = member_names(ctx, guild_id, members)
    for member in members:
        if (guild is None or guild.get_member(member) is None) and member in registered:
            names[member] = registered[member]
    return names


def _league(ctx: Context) -> League:
    league = ctx.league
    assert league is not None, "the league is not set up"
    return league


def _d(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.holdem.season.{key}.description")


def _o(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.option.season_{key}.description")


FORMULAS = [
    app_commands.Choice(name=cmd_str(f"league.formula.{f.value}"), value=f.value) for f in Formula
]


async def _admin(interaction: discord.Interaction[Any], lang: Lang) -> bool:
    if is_admin(interaction):
        return True
    await reply_private(interaction, t(lang, "league.admins_only"))
    return False


async def open_season(
    interaction: discord.Interaction[Any],
    *,
    name: str,
    end: str,
    start: str | None,
    formula: str,
    points: str | None,
    practice: bool,
    named: str | None,
    channel: discord.TextChannel | None,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await _admin(interaction, lang):
        return
    refusal = free_text_refusal(lang, "name", name) or free_text_refusal(lang, "named", named)
    if refusal is not None:
        await reply_private(interaction, refusal)
        return
    try:
        ends_at = parse_day(end) + DAY  # the end day counts whole
        starts_at = parse_day(start) if start else ctx.clock()
    except ValueError:
        await reply_private(interaction, t(lang, "league.bad_date"))
        return
    chosen = Formula(formula)
    table: tuple[int, ...] = ()
    if chosen is Formula.TABLE:
        try:
            table = parse_table(points or "")
        except ValueError:
            await reply_private(interaction, t(lang, "league.bad_points"))
            return
    rule = SeasonRule(
        points=PointsRule(formula=chosen, table=table), practice=practice, named=named or None
    )
    assert interaction.guild_id is not None and interaction.channel_id is not None
    where = channel.id if channel is not None else interaction.channel_id
    try:
        number = await _league(ctx).open_season(
            guild_id=interaction.guild_id, name=name, starts_at=starts_at, ends_at=ends_at,
            rule=rule, channel_id=where,
        )  # fmt: skip
    except ValueError:
        await reply_private(interaction, t(lang, "league.bad_window"))
        return
    await reply_private(
        interaction,
        t(lang, "league.opened", name=name, number=number, start=day(starts_at),
          end=day(ends_at - DAY), channel=f"<#{where}>"),
    )  # fmt: skip


async def show_table(
    interaction: discord.Interaction[Any], season_id: int | None, *, recompute: bool
) -> None:
    """The season's table (``recompute``: for admins, and say whether it changed)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if recompute and not await _admin(interaction, lang):
        return
    assert interaction.guild_id is not None
    league = _league(ctx)
    season = await league.season(interaction.guild_id, season_id)
    if season is None:
        await reply_private(interaction, t(lang, "league.none"))
        return
    done = await league.recompute(season)
    names = await _names(ctx, interaction.guild_id, [line.member for line in done.lines])
    blocks = ["\n".join(season_lines(lang, done.lines, names))]
    if recompute:
        blocks.append(t(lang, "league.same" if done.same else "league.changed"))
    await reply_layout(interaction, season_heading(lang, season), blocks)


async def void(interaction: discord.Interaction[Any], event: int) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await _admin(interaction, lang):
        return
    assert interaction.guild_id is not None
    try:
        changed = await _league(ctx).void(interaction.guild_id, event, by=interaction.user.id)
    except LookupError:
        await reply_private(interaction, t(lang, "league.no_such_event", number=event))
        return
    seasons = ", ".join(c.season.name for c in changed if not c.same) or "-"
    await reply_private(interaction, t(lang, "league.voided", number=event, seasons=seasons))


async def show_ranked(interaction: discord.Interaction[Any]) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    listed = ranked(await _league(ctx).ratings(interaction.guild_id))
    names = await _names(ctx, interaction.guild_id, [member for member, _ in listed])
    lines = ranked_lines(lang, listed, names, MIN_RANKED_EVENTS)
    heading = t(lang, "league.ranked_title", minimum=MIN_RANKED_EVENTS)
    await reply_layout(interaction, heading, ["\n".join(lines)])


Number = app_commands.Range[int, 1, 2**53 - 1]


def commands() -> app_commands.Group:
    """The ``season`` subgroup of ``/holdem``."""
    group = CheckedGroup(name="season", description=cmd_str("cmd.holdem.season.description"))

    @group.command(name="open", description=_d("open"))
    @app_commands.describe(
        name=_o("name"), end=_o("end"), start=_o("start"), formula=_o("formula"),
        points=_o("points"), practice=_o("practice"), named=_o("named"), channel=_o("channel"),
    )  # fmt: skip
    @app_commands.choices(formula=FORMULAS)
    async def open_command(
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        end: app_commands.Range[str, 10, 12],
        start: app_commands.Range[str, 10, 12] | None = None,
        formula: str = Formula.FIELD.value,
        points: app_commands.Range[str, 1, 200] | None = None,
        practice: bool = False,
        named: app_commands.Range[str, 1, 60] | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        await open_season(
            interaction, name=name, end=end, start=start, formula=formula, points=points,
            practice=practice, named=named, channel=channel,
        )  # fmt: skip

    @group.command(name="table", description=_d("table"))
    @app_commands.describe(season=_o("number"))
    async def table_command(
        interaction: discord.Interaction[Any], season: Number | None = None
    ) -> None:
        await show_table(interaction, season, recompute=False)

    @group.command(name="recompute", description=_d("recompute"))
    @app_commands.describe(season=_o("number"))
    async def recompute_command(
        interaction: discord.Interaction[Any], season: Number | None = None
    ) -> None:
        await show_table(interaction, season, recompute=True)

    @group.command(name="void", description=_d("void"))
    @app_commands.describe(event=_o("event"))
    async def void_command(interaction: discord.Interaction[Any], event: Number) -> None:
        await void(interaction, event)

    @group.command(name="ranked", description=_d("ranked"))
    async def ranked_command(interaction: discord.Interaction[Any]) -> None:
        await show_ranked(interaction)

    return group


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem season`` to the group."""
    holdem.add_command(commands())
