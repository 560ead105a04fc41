"""What every part of the Discord layer works with, in one value built at start-up.

The client builds one :class:`Context` in ``setup_hook``; cogs, buttons and the table loops
read it instead of reaching into the client, so no module of ``bot`` imports the client and
the package has no import circle. With it, what every handler asks first: the member's own
language (:func:`remember`) and the guild and channel of a table id (:func:`split_table_id`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.discord.mentions import CommandIds
from bot.discord.table.answers import Origin, Ticket
from bot.discord.table.coalesce import EditCoalescer
from bot.discord.table.images import Images
from bot.guilds.service import GuildService
from bot.i18n import Lang, resolve_locale
from bot.seasons.series import Series
from bot.seasons.service import League
from bot.stats.service import StatsService
from bot.tables.service import TableService
from bot.tournaments.service import Tournaments

__all__ = ["Context", "Loops", "context_of", "remember", "split_table_id"]


class Loops(Protocol):
    """What handlers ask of the table loops (:class:`bot.discord.table.loops.TableLoops`)."""

    def expect(self, interaction: discord.Interaction[Any], origin: Origin) -> Ticket:
        """Register a move's interaction before the move, so its loop can answer it."""
        ...

    def drop(self, interaction_id: int) -> None:
        """The move was refused (the handler answers privately) or needs no public answer."""
        ...

    def show_table(self, table_id: str, ticket: Ticket) -> None:
        """Answer ``ticket`` with the table as it stands."""
        ...

    async def shown(self, table_id: str) -> None:
        """Wait (a few seconds at most) until the table's loop has shown what it was given
        so far: a tournament table's last hand, before its thread is locked."""
        ...

    def keep_cards(self, table_id: str, interaction: discord.Interaction[Any], seen: Any) -> None:
        """Keep a member's private cards message current after each street and deal;
        ``seen`` (a :class:`~bot.discord.table.hole_cards.CardsSeen`) is what it shows now."""
        ...


@dataclass(frozen=True, kw_only=True, eq=False)
class Context:
    client: discord.Client
    service: TableService
    guilds: GuildService
    stats: StatsService
    images: Images
    edits: EditCoalescer
    clock: Callable[[], float]
    guild_lang: Callable[[int], Awaitable[Lang]]
    forget_language: Callable[[int], None]
    loops: Loops
    languages: dict[int, Lang]
    """Each member's own language, as their last interaction said (for direct messages)."""
    runout_pause: float | None = None
    """Seconds between the streets of an all-in run-out instead of the house's
    ``runout_pause`` (tests on a virtual clock pass 0)."""
    command_ids: CommandIds | None = None
    """Discord's ids of the commands, for clickable mentions (none: plain ``/command`` text)."""
    deal_pause: float = 5.0
    """Seconds between the end of a hand and the next deal."""
    tournaments: Tournaments | None = None
    """The events this process runs (none in tests without tournaments)."""
    league: League | None = None
    """The seasons and ratings (none in tests without tournaments)."""
    series: Series | None = None
    """The tournament series (none in tests without tournaments)."""


def context_of(interaction: discord.Interaction[Any]) -> Context:
    """The context of the client that received the interaction."""
    ctx = getattr(interaction.client, "ctx", None)
    if not isinstance(ctx, Context):
        raise RuntimeError("the client has no Holdem Dealer context")
    return ctx


def split_table_id(table_id: str) -> tuple[int, int]:
    """The guild and channel a table id (:func:`bot.tables.service.table_id_for`) names."""
    guild, channel = table_id.split(":")
    return int(guild), int(channel)


def remember(ctx: Context, interaction: discord.Interaction[Any]) -> Lang:
    """The member's own language, kept for the direct messages sent to them later."""
    lang = resolve_locale(interaction.locale)
    ctx.languages[interaction.user.id] = lang
    return lang
