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
from bot.discord.commands.seats import NEEDED, is_admin
from bot.discord.context import Context, context_of, remember
from bot.discord.errors import error_text, reply_private
from bot.discord.invite import THREAD_PERMISSIONS, permission_names
from bot.discord.tournaments.event_message import results_layout
from bot.discord.tournaments.host import DiscordHost
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.i18n.free_text import free_text_refusal
from bot.tables.computers import computer_member
from bot.tournaments.errors import NoEvent
from bot.tournaments.runner import EventRunner
from bot.tournaments.service import Tournaments
from bot.tournaments.structure import standard_levels
from bot.tournaments.view import event_view
from engine import EngineError
from engine.tournament import Break, Clock, EventConfig, PayoutStructure

__all__ = ["EventButton", "commands", "parse_payouts"]


def parse_payouts(text: str | None) -> tuple[tuple[int, ...], PayoutStructure]:
    """``"50/30/20"`` (percentages, best first), ``"standard"`` or ``"winner-takes-all"``.
    Raises ValueError for anything else.

    >>> parse_payouts("50/30/20"), parse_payouts(None)[1].value
    (((50, 30, 20), <PayoutStructure.STANDARD: 'standard'>), 'standard')
    """
    if text is None or not text.strip():
        return (), PayoutStructure.STANDARD
    cleaned = text.strip().lower()
    for structure in PayoutStructure:
        if cleaned == structure.value:
            return (), structure
    if not re.fullmatch(r"\d{1,3}(\s*/\s*\d{1,3}){0,19}", cleaned):
        raise ValueError(text)
    return tuple(int(p) for p in cleaned.split("/")), PayoutStructure.STANDARD


async def _may_run_events(ctx: Context, interaction: discord.Interaction[Any]) -> bool:
    """Members with Manage Server run events, and the role the server names for it
    (``/holdem-admin config tournament-role``)."""
    if is_admin(interaction):
        return True
    if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role = (await ctx.guilds.rules(interaction.guild_id)).event_role
    return role is not None and any(r.id == role for r in interaction.user.roles)


def _tournaments(ctx: Context) -> Tournaments:
    events = ctx.tournaments
    assert events is not None, "tournaments are not set up"
    return events


async def create(
    interaction: discord.Interaction[Any],
    *,
    name: str,
    start_in: int | None,
    sit_and_go: int | None,
    seats: int,
    chips: int,
    big_blind: int | None,
    level_minutes: int | None,
    level_hands: int | None,
    antes: bool,
    late_registration: int,
    re_entries: int,
    buy_in: int,
    payouts: str | None,
    break_every: int | None,
    redraw: bool,
    computers: int,
    turn_seconds: int,
) -> None:
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await _may_run_events(ctx, interaction):
        await reply_private(interaction, t(lang, "tournament.admins_only"))
        return
    refusal = free_text_refusal(lang, "name", name) or free_text_refusal(lang, "payouts", payouts)
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
    if sit_and_go is not None and start_in is not None:
        await reply_private(interaction, t(lang, "tournament.one_start"))
        return
    clock = Clock.HANDS if level_hands is not None else Clock.MINUTES
    length = level_hands if level_hands is not None else (level_minutes or 15)
    first = big_blind if big_blind is not None else max(2, chips // 100)
    breaks: tuple[Break, ...] = ()
    if break_every is not None and clock is Clock.MINUTES:
        breaks = tuple(Break(after_level=n, minutes=5) for n in range(break_every, 61, break_every))
    try:
        config = EventConfig(
            seats_per_table=seats, starting_chips=chips,
            levels=standard_levels(first, length, antes=antes), clock=clock, breaks=breaks,
            start_when=sit_and_go, late_registration_until=late_registration,
            re_entries=re_entries, buy_in=buy_in, payouts=shares, structure=structure,
            redraw_at=(3, 2) if redraw else (), seed=secrets.token_hex(16),
        )  # fmt: skip
    except EngineError as error:
        await reply_private(interaction, error_text(lang, error))
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
    }  # fmt: skip
    await interaction.response.defer(ephemeral=True, thinking=True)
    events = _tournaments(ctx)
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


async def _event_for(
    ctx: Context, interaction: discord.Interaction[Any], lang: Lang, event: int | None
) -> EventRunner | None:
    assert interaction.guild_id is not None and interaction.channel_id is not None
    events = _tournaments(ctx)
    try:
        if event is None:
            return events.in_channel(interaction.guild_id, interaction.channel_id)
        runner = events.runner(event)
    except NoEvent as error:
        await reply_private(interaction, error_text(lang, error))
        return None
    if runner.info.guild_id != interaction.guild_id:  # a number from another server
        await reply_private(interaction, t(lang, "error.no_event"))
        return None
    return runner


Step = Callable[[Context, Tournaments, EventRunner, discord.Interaction[Any]], Awaitable[object]]
"""What a command does to the event it names, once the event is found."""


async def _on_event(
    interaction: discord.Interaction[Any],
    event: int | None,
    step: Step,
    done: str,
    *,
    directors: bool = False,
) -> None:
    """Find the event (``directors``: for the event's directors only), take the ``step``,
    and tell the member privately: ``done`` (a catalogue key), or why not."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if directors and not await _may_run_events(ctx, interaction):
        await reply_private(interaction, t(lang, "tournament.admins_only"))
        return
    runner = await _event_for(ctx, interaction, lang, event)
    if runner is None:
        return
    try:
        await step(ctx, _tournaments(ctx), runner, interaction)
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await reply_private(interaction, t(lang, done, name=runner.info.name))


async def _register(
    ctx: Context, events: Tournaments, runner: EventRunner, interaction: discord.Interaction[Any]
) -> object:
    user = interaction.user
    if runner.config.buy_in and not runner.info.practice:  # the wallet pays the buy-in
        await ctx.guilds.wallet(runner.info.guild_id, user.id)
    name = getattr(user, "display_name", None) or user.name
    return await events.register(runner.info.event_id, user.id, name)


async def register(interaction: discord.Interaction[Any], event: int | None) -> None:
    await _on_event(interaction, event, _register, "tournament.registered")


async def unregister(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        return await events.unregister(runner.info.event_id, i.user.id)

    await _on_event(interaction, event, step, "tournament.unregistered")


async def start_now(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        return await events.start(runner.info.event_id)

    await _on_event(interaction, event, step, "tournament.started", directors=True)


async def cancel(interaction: discord.Interaction[Any], event: int | None) -> None:
    async def step(ctx: Context, events: Tournaments, runner: EventRunner, i: Any) -> object:
        await events.cancel(runner.info.event_id)
        return None

    await _on_event(interaction, event, step, "tournament.cancelled", directors=True)


async def results(interaction: discord.Interaction[Any], event: int | None) -> None:
    """The event's standings: a running or finished event of this server (the newest when
    no number is given)."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    runner = await _tournaments(ctx).standings(interaction.guild_id, event)
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
        chips=_o("chips"), big_blind=_o("big_blind"), level_minutes=_o("level_minutes"),
        level_hands=_o("level_hands"), antes=_o("antes"),
        late_registration=_o("late_registration"), re_entries=_o("re_entries"),
        buy_in=_o("buy_in"), payouts=_o("payouts"), break_every=_o("break_every"),
        redraw=_o("redraw"), computers=_o("computers"), turn_seconds=_o("turn_seconds"),
    )  # fmt: skip
    async def create_command(
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60],
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        sit_and_go: app_commands.Range[int, 2, 300] | None = None,
        seats: app_commands.Range[int, 2, 10] = 9,
        chips: app_commands.Range[int, 10, 10_000_000] = 10_000,
        big_blind: app_commands.Range[int, 2, 1_000_000] | None = None,
        level_minutes: app_commands.Range[int, 1, 240] | None = None,
        level_hands: app_commands.Range[int, 1, 1000] | None = None,
        antes: bool = False,
        late_registration: app_commands.Range[int, 0, 50] = 0,
        re_entries: app_commands.Range[int, 0, 10] = 0,
        buy_in: app_commands.Range[int, 0, 1_000_000_000] = 0,
        payouts: app_commands.Range[str, 1, 80] | None = None,
        break_every: app_commands.Range[int, 1, 20] | None = None,
        redraw: bool = False,
        computers: app_commands.Range[int, 0, 99] = 0,
        turn_seconds: app_commands.Range[int, 10, 300] = 30,
    ) -> None:
        await create(
            interaction, name=name, start_in=start_in, sit_and_go=sit_and_go, seats=seats,
            chips=chips, big_blind=big_blind, level_minutes=level_minutes,
            level_hands=level_hands, antes=antes, late_registration=late_registration,
            re_entries=re_entries, buy_in=buy_in, payouts=payouts, break_every=break_every,
            redraw=redraw, computers=computers, turn_seconds=turn_seconds,
        )  # fmt: skip

    for name, handler in (
        ("register", register), ("unregister", unregister), ("start", start_now),
        ("cancel", cancel), ("results", results),
    ):  # fmt: skip
        group.add_command(_event_command(name, handler))
    return group


def add_to(holdem: app_commands.Group) -> None:
    """Add ``/holdem tournament`` to the group."""
    holdem.add_command(commands())
