"""``/holdem``: the command group's declarations, and nothing else.

Each command's description, options and choices live here; what it does lives in
:mod:`bot.discord.commands.seats` (tables and seats), :mod:`bot.discord.table.hole_cards` (cards)
and :mod:`bot.discord.commands.info` (what members ask about). Four subjects add their own commands
to the group (``add_to``): :mod:`~bot.discord.commands.stats`, :mod:`~bot.discord.commands.fair`,
:mod:`~bot.discord.commands.member_settings` and :mod:`~bot.discord.commands.computers`; the moves
are top-level commands (:mod:`bot.discord.commands.play`); the server's settings are
``/holdem-admin`` (:mod:`bot.discord.commands.admin`), a command of its own so members without
Manage Server do not see it. ``/holdem`` is offered in servers and, for a member who installed
the app for themselves, in DMs and group DMs (:mod:`bot.discord.places`); what belongs to a
server refuses there and says why.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands import info
from bot.discord.commands import seats as seating
from bot.discord.commands.options import CheckedGroup
from bot.discord.places import ANY_INSTALL, ANYWHERE, require_server, table_here
from bot.discord.table.hole_cards import show_cards
from bot.discord.translator import cmd_str
from engine import PRESETS

__all__ = ["TablesCog"]

PRESET_CHOICES = [
    app_commands.Choice(name=cmd_str(f"preset.{name.replace('-', '_')}.name"), value=name)
    for name in PRESETS
]
ON_OFF = [
    app_commands.Choice(name=cmd_str("cmd.choice.on"), value="on"),
    app_commands.Choice(name=cmd_str("cmd.choice.off"), value="off"),
]


def _d(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.{key}.description")


class TablesCog(commands.Cog, name="Tables"):
    holdem = CheckedGroup(
        name="holdem", description=_d("holdem"), allowed_contexts=ANYWHERE,
        allowed_installs=ANY_INSTALL,
    )  # fmt: skip

    # ----------------------------------------------------------------- tables and seats

    @holdem.command(name="start", description=_d("holdem.start"))
    @app_commands.describe(
        preset=cmd_str("cmd.option.preset.description"),
        buy_in=cmd_str("cmd.option.buy_in.description"),
        seats=cmd_str("cmd.option.seats.description"),
        turn_seconds=cmd_str("cmd.option.turn_seconds.description"),
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        preset: str | None = None,
        buy_in: app_commands.Range[int, 1, 10**9] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
    ) -> None:
        await seating.start(interaction, preset, buy_in, seats, turn_seconds)

    @holdem.command(name="join", description=_d("holdem.join"))
    @app_commands.describe(buy_in=cmd_str("cmd.option.buy_in.description"))
    async def join(
        self,
        interaction: discord.Interaction[Any],
        buy_in: app_commands.Range[int, 1, 10**9] | None = None,
    ) -> None:
        await seating.join(interaction, buy_in)

    @holdem.command(name="leave", description=_d("holdem.leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await seating.leave(interaction)

    @holdem.command(name="sitout", description=_d("holdem.sitout"))
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        await seating.set_status(interaction, sit_in=False)

    @holdem.command(name="sitin", description=_d("holdem.sitin"))
    async def sitin(self, interaction: discord.Interaction[Any]) -> None:
        await seating.set_status(interaction, sit_in=True)

    @holdem.command(name="deal", description=_d("holdem.deal"))
    async def deal(self, interaction: discord.Interaction[Any]) -> None:
        await seating.deal(interaction)

    @holdem.command(name="stop", description=_d("holdem.stop"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await seating.stop(interaction)

    @holdem.command(name="table", description=_d("holdem.table"))
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await seating.show_table(interaction)

    # ----------------------------------------------------------------- cards and questions

    @holdem.command(name="cards", description=_d("holdem.cards"))
    async def cards(self, interaction: discord.Interaction[Any]) -> None:
        await show_cards(interaction, table_here(interaction))

    @holdem.command(name="dm", description=_d("holdem.dm"))
    @app_commands.check(require_server)  # outside servers the bot cannot write to anyone
    @app_commands.describe(state=cmd_str("cmd.option.state.description"))
    @app_commands.choices(state=ON_OFF)
    async def dm(self, interaction: discord.Interaction[Any], state: str) -> None:
        await info.dm(interaction, state)

    @holdem.command(name="rules", description=_d("holdem.rules"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await info.rules(interaction)

    @holdem.command(name="chips", description=_d("holdem.chips"))
    @app_commands.describe(member=cmd_str("cmd.option.member.description"))
    async def chips(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        await info.chips(interaction, member)

    @holdem.command(name="leaderboard", description=_d("holdem.leaderboard"))
    @app_commands.check(require_server)  # a server's standings; outside one, nobody's to list
    async def leaderboard(self, interaction: discord.Interaction[Any]) -> None:
        await info.leaderboard(interaction)

    @holdem.command(name="history", description=_d("holdem.history"))
    @app_commands.describe(
        count=cmd_str("cmd.option.count.description"),
        hand=cmd_str("cmd.option.history_hand.description"),
        session=cmd_str("cmd.option.history_session.description"),
        tournament=cmd_str("cmd.option.history_tournament.description"),
    )
    async def history(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 20] = 5,
        hand: app_commands.Range[int, 1] | None = None,
        session: bool = False,
        tournament: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await info.history(interaction, count, hand=hand, session=session, tournament=tournament)

    @holdem.command(name="help", description=_d("holdem.help"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await info.help_text(interaction)
