"""``/holdem stats``, ``/holdem replay`` and ``/holdem chart``: what members look at after the
hand, and the session chart the table posts when a session ends.

Thin like the other command modules: read through :class:`bot.stats.service.StatsService`
(the context's ``stats``), build the views with :mod:`bot.present.stats`, draw in the render
worker, answer privately in the member's language. The commands join the existing ``/holdem``
group (:func:`add_to`); the table's dealer attaches the session chart to the message that
ends a session (:func:`session_chart_file`).
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.info import reply_layout
from bot.discord.context import Context, context_of
from bot.discord.errors import reply_private
from bot.discord.names import member_names
from bot.discord.places import guild_of
from bot.discord.translator import cmd_str
from bot.discord.web_links import page_url
from bot.i18n import Lang, resolve_locale, t
from bot.pictures.chart import render_chart
from bot.pictures.replay import render_replay
from bot.present.league import season_stats_line
from bot.present.stats import (
    chart_alt,
    replay_alt,
    replay_lines,
    replay_view,
    session_chart_view,
    stats_lines,
)
from bot.stats.counters import Period
from bot.stats.service import SessionChart
from bot.tables.service import table_id_for

__all__ = ["StatsCommands", "add_to", "session_chart_file"]

MESSAGE_LIMIT = 2000
PERIOD_CHOICES = [
    app_commands.Choice(name=cmd_str(f"stats.period.{p.value}"), value=p.value) for p in Period
]


def _lang(interaction: discord.Interaction[Any]) -> Lang:
    return resolve_locale(interaction.locale)


def _ids(interaction: discord.Interaction[Any]) -> tuple[int, int]:
    assert interaction.channel_id is not None
    return guild_of(interaction), interaction.channel_id


def _cut(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """The lines that fit in one message, whole lines only, the last one ``…`` if cut."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


class StatsCommands:
    """The three commands; each reads the application through the interaction's context."""

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        stats_of = self.stats
        replay_of = self.replay
        chart_of = self.chart

        @app_commands.command(name="stats", description=cmd_str("cmd.holdem.stats.description"))
        @app_commands.describe(
            member=cmd_str("cmd.option.member.description"),
            period=cmd_str("cmd.option.period.description"),
        )
        @app_commands.choices(period=PERIOD_CHOICES)
        async def stats(
            interaction: discord.Interaction[Any],
            member: discord.Member | None = None,
            period: str = Period.ALL.value,
        ) -> None:
            await stats_of(interaction, member, Period(period))

        @app_commands.command(name="replay", description=cmd_str("cmd.holdem.replay.description"))
        @app_commands.describe(hand=cmd_str("cmd.option.hand.description"))
        async def replay(
            interaction: discord.Interaction[Any],
            hand: app_commands.Range[int, 1] | None = None,
        ) -> None:
            await replay_of(interaction, hand)

        @app_commands.command(name="chart", description=cmd_str("cmd.holdem.chart.description"))
        async def chart(interaction: discord.Interaction[Any]) -> None:
            await chart_of(interaction)

        return [stats, replay, chart]

    # ----------------------------------------------------------------- commands

    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None, period: Period
    ) -> None:
        lang = _lang(interaction)
        guild_id, _ = _ids(interaction)
        who = member or interaction.user
        found = await context_of(interaction).stats.member_stats(guild_id, who.id, period)
        lines = stats_lines(lang, found, name=who.display_name, period=period)
        lines.extend(await _league_lines(context_of(interaction), lang, guild_id, who.id))
        await _link(lines, lang, context_of(interaction), guild_id, f"member/{who.id}")
        when = t(lang, f"stats.period.{period.value}")
        heading = t(lang, "stats.title", name=who.display_name, period=when)
        # the figures under the title; with no hands, the one line saying so under it
        body = lines[1:] if lines[0] == heading else lines
        await reply_layout(interaction, heading, [_cut(body)])

    async def replay(self, interaction: discord.Interaction[Any], hand: int | None) -> None:
        lang = _lang(interaction)
        ctx = context_of(interaction)
        guild_id, channel_id = _ids(interaction)
        record = await ctx.stats.hand_to_replay(
            guild_id, hand_id=hand, table_id=table_id_for(guild_id, channel_id),
            user_id=interaction.user.id,
        )  # fmt: skip
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = member_names(ctx, guild_id, record.players)
        names[interaction.user.id] = interaction.user.display_name
        settings = await ctx.guilds.member_settings(guild_id, interaction.user.id)
        view = replay_view(record, names, lang, four_colour=settings.four_colour)
        data = await ctx.images.render(render_replay, view)
        file = discord.File(
            io.BytesIO(data),
            f"hand-{record.hand_id}.gif",
            description=replay_alt(lang, record, view),
        )
        lines = replay_lines(record, names, lang)
        await _link(lines, lang, ctx, guild_id, f"hand/{record.hand_id}")
        text = _cut(lines)
        await interaction.followup.send(text, file=file, ephemeral=True)

    async def chart(self, interaction: discord.Interaction[Any]) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = _ids(interaction)
        ctx = context_of(interaction)
        found = await ctx.stats.session_chart(table_id_for(guild_id, channel_id))
        if found is None:
            await reply_private(interaction, t(lang, "stats.chart.none"))
            return
        # Drawing may take longer than the 3 seconds Discord waits for a first answer.
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = member_names(ctx, guild_id, _members(found))
        names[interaction.user.id] = interaction.user.display_name
        file = await _chart_file(ctx, found, names, lang, standings=None)
        await interaction.followup.send(file=file, ephemeral=True)


async def _link(lines: list[str], lang: Lang, ctx: Context, guild_id: int, page: str) -> None:
    """The web companion's page of the same thing, under the title, when the pages are on
    (plain where the server's pages are public, else signed)."""
    if (url := await page_url(ctx, guild_id, page)) is not None:
        lines.insert(1, t(lang, "web.link", url=url))


async def _league_lines(ctx: Context, lang: Lang, guild_id: int, member: int) -> list[str]:
    """The member's season line and rating under their stats (none without a league)."""
    if ctx.league is None:
        return []
    found = await ctx.league.member_line(guild_id, member)
    rating = (await ctx.league.ratings(guild_id)).get(member)
    return season_stats_line(lang, found, rating)


def _members(found: SessionChart) -> list[int]:
    return sorted({m for hand in found.hands for m in hand.players})


async def _chart_file(
    ctx: Context,
    found: SessionChart,
    names: dict[int, str],
    lang: Lang,
    *,
    standings: tuple[tuple[int, str, int], ...] | None,
) -> discord.File:
    view = session_chart_view(found.hands, names, lang, session=found.session, standings=standings)
    assert view is not None  # a SessionChart has at least one hand
    data = await ctx.images.render(render_chart, view)
    return discord.File(
        io.BytesIO(data), f"session-{found.session}.png", description=chart_alt(lang, view)
    )


async def session_chart_file(
    ctx: Context,
    guild_id: int,
    table_id: str,
    lang: Lang,
    *,
    session: int | None = None,
    standings: tuple[tuple[int, str, int], ...] | None = None,
) -> discord.File | None:
    """The session's stack chart as an attachment with its alt text, drawn in the render
    worker; ``None`` before the session's first finished hand. ``session`` defaults to the
    table's latest, ``standings`` to the stacks on the chart (pass
    :attr:`engine.events.SessionEnded.standings` when the session has just ended)."""
    found = await ctx.stats.session_chart(table_id, session)
    if found is None:
        return None
    names = member_names(ctx, guild_id, _members(found))
    return await _chart_file(ctx, found, names, lang, standings=standings)


def add_to(group: app_commands.Group) -> None:
    """Add the three commands to ``/holdem``."""
    for command in StatsCommands().commands():
        group.add_command(command)
