"""``/holdem tournament``: create an event, register and unregister, start it now, cancel it,
and its results; and the event message's Register / Unregister buttons.

Handlers stay thin: they read the options, ask :class:`~bot.tournaments.service.Tournaments`,
and answer privately (the event message, edited by the event's runner, is the public side:
one message, no reply per registration). A refusal (the director's, the wallet's, a bad
option) is a private message in the member's language, and changes nothing.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.computers import Level as Skill
from bot.discord.commands.computers import computer_name
from bot.discord.commands.options import CheckedGroup
from bot.discord.commands.seats import NEEDED
from bot.discord.context import Context, context_of, remember
from bot.discord.errors import reply_private
from bot.discord.invite import THREAD_PERMISSIONS, permission_names
from bot.discord.seasons.series_commands import EVERY_CHOICES, start_series
from bot.discord.tournaments import director, members
from bot.discord.tournaments.access import may_run_events, on_event, tournaments_of
from bot.discord.tournaments.event_message import results_layout
from bot.discord.tournaments.host import DiscordHost
from bot.discord.translator import cmd_str
from bot.i18n import t
from bot.i18n.free_text import free_text_refusal
from bot.present.refusals import error_text
from bot.tables.computers import computer_member
from bot.tournaments.runner import EventRunner
from bot.tournaments.service import Tournaments
from bot.tournaments.structure import event_config, parse_payouts
from bot.tournaments.view import event_view
from engine import EngineError

__all__ = ["EventButton", "commands"]


async def create(
    interaction: discord.Interaction[Any],
    *,
    name: str,
    start_in: int | None,
    sit_and_go: int | None,
    max_players: int | None,
    min_players: int,
    seats: int,
    chips: int,
    big_blind: int | None,
    levels: str | None,
    level_minutes: int | None,
    level_hands: int | None,
    antes: bool,
    late_registration: int,
    re_entries: int,
    buy_in: int,
    payouts: str | None,
    break_every: int | None,
    break_minutes: int,
    redraw: bool,
    computers: int,
    turn_seconds: int,
    remind: int = 10,
    preset: str | None = None,
    save_as: str | None = None,
    every: str | None = None,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await may_run_events(ctx, interaction):
        await reply_private(interaction, t(lang, "tournament.admins_only"))
        return
    refusal = (
        free_text_refusal(lang, "name", name) or free_text_refusal(lang, "payouts", payouts)
        or free_text_refusal(lang, "preset", preset) or free_text_refusal(lang, "save_as", save_as)
    )  # fmt: skip
    if refusal is not None:  # free text is checked where it enters: bot/i18n/free_text.py
        await reply_private(interaction, refusal)
        return
    assert interaction.guild_id is not None and interaction.channel_id is not None
    perms = interaction.app_permissions
    wanted = (*NEEDED, *permission_names(THREAD_PERMISSIONS))
    missing = [name for name in dict.fromkeys(wanted) if not getattr(perms, name)]
    if missing:
        names = ", ".join(t(lang, f"permission.{name}") for name in missing)
        await reply_private(interaction, t(lang, "error.missing_permissions", permissions=names))
        return
    try:
        shares, structure = parse_payouts(payouts)
    except ValueError:
        await reply_private(interaction, t(lang, "tournament.bad_payouts"))
        return
    if level_minutes is not None and level_hands is not None:
        await reply_private(interaction, t(lang, "tournament.one_clock"))
        return
    if sit_and_go is not None and start_in is not None and every is None:
        await reply_private(interaction, t(lang, "tournament.one_start"))
        return
    try:
        config = event_config(
            seats=seats, chips=chips, big_blind=big_blind, levels=levels,
            level_minutes=level_minutes, level_hands=level_hands, antes=antes,
            break_every=break_every, break_minutes=break_minutes, sit_and_go=sit_and_go,
            max_players=max_players, min_players=min_players,
            late_registration=late_registration, re_entries=re_entries, buy_in=buy_in,
            payouts=shares, structure=structure, redraw=redraw, seed=secrets.token_hex(16),
        )  # fmt: skip
    except ValueError:  # written-out levels that cannot be read
        await reply_private(interaction, t(lang, "tournament.bad_levels"))
        return
    except EngineError as error:
        await reply_private(interaction, error_text(lang, error))
        return
    events = tournaments_of(ctx)
    if preset is not None:  # a saved structure replaces the structure's options
        saved = await events.preset(interaction.guild_id, preset.strip(), seed=config.seed)
        if saved is None:
            names = ", ".join(await events.store.events.presets(interaction.guild_id)) or "—"
            await reply_private(interaction, t(lang, "tournament.no_preset", names=names))
            return
        config = saved
    if save_as is not None and not await events.save_preset(
        interaction.guild_id, save_as.strip(), config, by=interaction.user.id
    ):
        await reply_private(interaction, t(lang, "tournament.too_many_presets"))
        return
    public = await ctx.guild_lang(interaction.guild_id)
    bots = tuple(
        (str(m), computer_name(public, m))
        for m in (computer_member(Skill.NORMAL, slot) for slot in range(1, computers + 1))
    )
    settings: dict[str, Any] = {
        "practice": computers > 0, "created_by": interaction.user.id,
        "turn_seconds": turn_seconds,
        "starts_at": ctx.clock() + 60 * start_in if start_in is not None else None,
        "remind_minutes": remind,
    }  # fmt: skip
    if every is not None:  # a series: the next event is made whenever one ends
        await start_series(interaction, name=name, every=every, start_in=start_in,
                           config=config, settings=settings, computers=list(bots))  # fmt: skip
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        runner = await events.create(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, name=name,
            config=config, settings=settings, computers=bots,
        )  # fmt: skip
        host = events.host
        assert isinstance(host, DiscordHost)
        await events.keep_message(runner, await host.announce(runner.info))
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await interaction.followup.send(
        t(lang, "tournament.created", name=name, number=runner.info.event_id), ephemeral=True
    )


async def _register(
    ctx: Context, events: Tournaments, runner: EventRunner, interaction: discord.Interaction[Any]
) -> object:
    user = interaction.user
    if runner.config.buy_in and not runner.info.practice:  # the wallet pays the buy-in
        await ctx.guilds.wallet(runner.info.guild_id, user.id)
    name = getattr(user, "display_name", None) or user.name
    return await events.register(runner.info.event_id, user.id, name)


async def register(interaction: discord.Interaction[Any], event: int | None) -> None:
    await on_event(interaction, event, _register, "tournament.registered")


async def unregister(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        return await events.unregister(runner.info.event_id, i.user.id)

    await on_event(interaction, event, step, "tournament.unregistered")


async def start_now(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        return await events.start(runner.info.event_id)

    await on_event(interaction, event, step, "tournament.started", directors=True)


async def cancel(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        await events.cancel(runner.info.event_id)
        return None

    await on_event(interaction, event, step, "tournament.cancelled", directors=True)


async def results(interaction: discord.Interaction[Any], event: int | None) -> None:
    """The event's standings: a running or finished event of this server (the newest when
    no number is given)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    runner = await tournaments_of(ctx).standings(interaction.guild_id, event)
    if runner is None:
        await reply_private(interaction, t(lang, "error.no_event"))
        return
    view = results_layout(lang, event_view(runner))
    await interaction.response.send_message(view=view, ephemeral=True)


class EventButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:event:(?P<event>\d{1,18}):(?P<what>register|unregister)",
):
    """Register and Unregister under the event message (they outlive the process)."""

    def __init__(self, event_id: int, what: str) -> None:
        self.event_id = event_id
        self.what = what
        super().__init__(discord.ui.Button(custom_id=f"holdem:event:{event_id}:{what}"))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> EventButton:
        return cls(int(match["event"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "register":
            await register(interaction, self.event_id)
        else:
            await unregister(interaction, self.event_id)


def _d(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.holdem.tournament.{key}.description")


def _o(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.option.event_{key}.description")


EventNumber = app_commands.Range[int, 1, 2**53 - 1]
"""An event's number, as a member may type it."""
Handler = Callable[[discord.Interaction[Any], int | None], Awaitable[None]]


def _event_command(name: str, handler: Handler) -> app_commands.Command[Any, Any, None]:
    """A ``/holdem tournament`` command whose one option names the event (by default the
    one of the channel it is used in)."""

    @app_commands.command(name=name, description=_d(name))
    @app_commands.describe(event=_o("event"))
    async def command(
        interaction: discord.Interaction[Any], event: EventNumber | None = None
    ) -> None:
        await handler(interaction, event)

    return command


def commands() -> app_commands.Group:
    """The ``tournament`` subgroup of ``/holdem``."""
    group = CheckedGroup(
        name="tournament",
        description=cmd_str("cmd.holdem.tournament.description"),
        server_only=True,  # an event is a server's: its threads, its role, its wallets
    )

    @group.command(name="create", description=_d("create"))
    @app_commands.describe(
        name=_o("name"), start_in=_o("start_in"), sit_and_go=_o("sit_and_go"), seats=_o("seats"),
        max_players=_o("max_players"), min_players=_o("min_players"),
        chips=_o("chips"), big_blind=_o("big_blind"), levels=_o("levels"),
        level_minutes=_o("level_minutes"), break_minutes=_o("break_minutes"),
        level_hands=_o("level_hands"), antes=_o("antes"),
        late_registration=_o("late_registration"), re_entries=_o("re_entries"),
        buy_in=_o("buy_in"), payouts=_o("payouts"), break_every=_o("break_every"),
        redraw=_o("redraw"), computers=_o("computers"), turn_seconds=_o("turn_seconds"),
        remind=_o("remind"), preset=_o("preset"), save_as=_o("save_as"), every=_o("every"),
    )  # fmt: skip
    @app_commands.choices(every=EVERY_CHOICES)
    async def create_command(
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        sit_and_go: app_commands.Range[int, 2, 300] | None = None,
        max_players: app_commands.Range[int, 2, 10_000] | None = None,
        min_players: app_commands.Range[int, 2, 10_000] = 2,
        seats: app_commands.Range[int, 2, 10] = 9,
        chips: app_commands.Range[int, 10, 10_000_000] = 10_000,
        big_blind: app_commands.Range[int, 2, 1_000_000] | None = None,
        levels: app_commands.Range[str, 3, 400] | None = None,
        level_minutes: app_commands.Range[int, 1, 240] | None = None,
        level_hands: app_commands.Range[int, 1, 1000] | None = None,
        antes: bool = False,
        late_registration: app_commands.Range[int, 0, 50] = 0,
        re_entries: app_commands.Range[int, 0, 10] = 0,
        buy_in: app_commands.Range[int, 0, 1_000_000_000] = 0,
        payouts: app_commands.Range[str, 1, 80] | None = None,
        break_every: app_commands.Range[int, 1, 20] | None = None,
        break_minutes: app_commands.Range[int, 1, 60] = 5,
        redraw: bool = False,
        computers: app_commands.Range[int, 0, 99] = 0,
        turn_seconds: app_commands.Range[int, 10, 300] = 30,
        remind: app_commands.Range[int, 0, 1440] = 10,
        preset: app_commands.Range[str, 1, 40] | None = None,
        save_as: app_commands.Range[str, 1, 40] | None = None,
        every: str | None = None,
    ) -> None:
        await create(
            interaction, name=name, start_in=start_in, sit_and_go=sit_and_go,
            max_players=max_players, min_players=min_players, seats=seats,
            chips=chips, big_blind=big_blind, levels=levels, level_minutes=level_minutes,
            level_hands=level_hands, antes=antes, late_registration=late_registration,
            re_entries=re_entries, buy_in=buy_in, payouts=payouts, break_every=break_every,
            break_minutes=break_minutes, redraw=redraw, computers=computers,
            turn_seconds=turn_seconds, remind=remind, preset=preset, save_as=save_as,
            every=every,
        )  # fmt: skip

    for name, handler in (
        ("register", register), ("unregister", unregister), ("start", start_now),
        ("cancel", cancel), ("results", results), ("seat", members.seat),
    ):  # fmt: skip
        group.add_command(_event_command(name, handler))
    members.add_to(group)
    director.add_to(group)
    return group


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem tournament`` to the group."""
    holdem.add_command(commands())
