"""The director's tools on a running event, for the host and the tournament role:
``/holdem tournament pause``, ``resume``, ``remove``, ``correct``, ``move`` and ``stop``;
and before the start ``edit``.

Each is one input of the event's log (:mod:`engine.tournament.rulings`), written before
anything is done and replayed on a restart; the players hear of it in their tables' threads
and the event message keeps its history. A refusal (not a director, no such player, play not
paused, a reason with control characters …) is a private answer in the member's language and
changes nothing. A stop is asked twice: the first command says what the settlement will do,
the same command with ``confirm`` does it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.discord.tournaments.access import event_for, may_run_events
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.i18n.free_text import free_text_refusal
from bot.present.refusals import error_text
from bot.tournaments.runner import EventRunner
from bot.tournaments.structure import edited_config, parse_payouts
from engine.errors import SessionError
from engine.tournament import (
    CorrectStack,
    Decision,
    EditEvent,
    MovePlayer,
    Phase,
    PlayerRemoved,
    Remove,
    Resume,
    Settlement,
    StackSet,
    Stop,
)

__all__ = ["REASON_MAX", "add_to"]

REASON_MAX = 200
"""Characters of a ruling's reason (shown in the thread and the event's history)."""

Act = Callable[[EventRunner], Awaitable[tuple[Decision, ...]]]
Answer = Callable[[Lang, EventRunner, tuple[Decision, ...]], str]


async def _rule(
    interaction: discord.Interaction[Any], event: int | None, act: Act, answer: Answer
) -> None:
    """For the event's directors: find the event, take the ruling, answer privately."""
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    if not await may_run_events(ctx, interaction):
        await reply_private(interaction, t(lang, "tournament.admins_only"))
        return
    runner = await event_for(ctx, interaction, lang, event)
    if runner is None:
        return
    try:
        taken = await act(runner)
    except Exception as error:
        await reply_private(interaction, error_text(lang, error))
        return
    await reply_private(interaction, answer(lang, runner, taken))


def _mention(user: discord.abc.User) -> str:
    return f"<@{user.id}>"


async def pause(interaction: discord.Interaction[Any], event: int | None) -> None:
    await _rule(
        interaction, event, lambda r: r.pause(),
        lambda lang, r, _: t(lang, "tournament.paused", name=r.info.name),
    )  # fmt: skip


async def resume(interaction: discord.Interaction[Any], event: int | None) -> None:
    await _rule(
        interaction, event, lambda r: r.submit(Resume()),
        lambda lang, r, _: t(lang, "tournament.resumed", name=r.info.name),
    )  # fmt: skip


async def _reason_refused(interaction: discord.Interaction[Any], reason: str) -> bool:
    """Refuse, privately, a reason that is blank or holds what free text may not."""
    lang = remember(context_of(interaction), interaction)
    refusal = free_text_refusal(lang, "reason", reason)
    if refusal is None and not reason.strip():
        refusal = t(lang, "tournament.no_reason")
    if refusal is None:
        return False
    await reply_private(interaction, refusal)
    return True


async def remove(
    interaction: discord.Interaction[Any], event: int | None, player: discord.User, reason: str
) -> None:
    if await _reason_refused(interaction, reason):
        return

    def answer(lang: Lang, runner: EventRunner, taken: tuple[Decision, ...]) -> str:
        done = [d for d in taken if isinstance(d, PlayerRemoved)]
        if not done:
            return t(lang, "tournament.removed_later", player=_mention(player))
        return t(lang, "tournament.removed", player=_mention(player), name=runner.info.name,
                 chips=done[0].chips)  # fmt: skip

    ruling = Remove(player=str(player.id), reason=reason.strip())
    await _rule(interaction, event, lambda r: r.submit(ruling), answer)


async def correct(
    interaction: discord.Interaction[Any],
    event: int | None,
    player: discord.User,
    chips: int,
    reason: str,
) -> None:
    if await _reason_refused(interaction, reason):
        return

    def answer(lang: Lang, runner: EventRunner, taken: tuple[Decision, ...]) -> str:
        done = [d for d in taken if isinstance(d, StackSet)]
        if not done:
            return t(lang, "tournament.corrected_later", player=_mention(player), chips=chips)
        return t(lang, "tournament.corrected", player=_mention(player), chips=chips,
                 before=done[0].before)  # fmt: skip

    ruling = CorrectStack(player=str(player.id), chips=chips, reason=reason.strip())
    await _rule(interaction, event, lambda r: r.submit(ruling), answer)


async def move(
    interaction: discord.Interaction[Any],
    event: int | None,
    player: discord.User,
    table: int,
    seat: int,
) -> None:
    ruling = MovePlayer(player=str(player.id), table=table, seat=seat - 1)  # seats shown from 1
    await _rule(
        interaction, event, lambda r: r.submit(ruling),
        lambda lang, r, _: t(lang, "tournament.moved", player=_mention(player), table=table,
                             seat=seat),
    )  # fmt: skip


async def edit(interaction: discord.Interaction[Any], event: int | None, **options: Any) -> None:
    """Before the start: the options given change the event (``start_in`` its start time,
    the rest its structure through :func:`~bot.tournaments.structure.edited_config`)."""
    lang = remember(context_of(interaction), interaction)
    payouts = options.pop("payouts", None)
    start_in = options.pop("start_in", None)
    refusal = free_text_refusal(lang, "payouts", payouts)
    if refusal is not None:
        await reply_private(interaction, refusal)
        return
    try:
        parsed = parse_payouts(payouts) if payouts is not None else None
    except ValueError:
        await reply_private(interaction, t(lang, "tournament.bad_payouts"))
        return

    async def act(runner: EventRunner) -> tuple[Decision, ...]:
        try:
            config = edited_config(runner.config, payouts=parsed, **options)
        except ValueError:
            raise SessionError("levels", code="tournament_bad_levels") from None
        taken = await runner.submit(EditEvent(config=config))
        if start_in is not None:  # the event's own setting, not the director's
            settings = runner.info.settings
            settings.update(starts_at=runner.clock() + 60 * start_in, reminded=False)
            await runner.store.events.update(
                runner.info.event_id, now=runner.clock(), settings=settings
            )
        return taken

    await _rule(
        interaction, event, act, lambda lang, r, _: t(lang, "tournament.edited", name=r.info.name)
    )


async def stop(
    interaction: discord.Interaction[Any], event: int | None, settle: str, confirm: bool
) -> None:
    settlement = Settlement(settle)
    if confirm:
        await _rule(
            interaction, event, lambda r: r.submit(Stop(settlement=settlement)),
            lambda lang, r, _: t(lang, "tournament.stopped", name=r.info.name),
        )  # fmt: skip
        return

    async def nothing(runner: EventRunner) -> tuple[Decision, ...]:
        if runner.state.phase is not Phase.RUNNING:
            raise SessionError("the event is not running", code="tournament_not_running")
        return ()

    def ask(lang: Lang, runner: EventRunner, _: tuple[Decision, ...]) -> str:
        state = runner.state
        paid = sum(sum(p.prizes) for p in state.places)
        return t(lang, f"tournament.stop_confirm.{settlement.name.lower()}", name=runner.info.name,
                 players=len(state.chips), pool=max(0, state.pool - paid))  # fmt: skip

    await _rule(interaction, event, nothing, ask)


def _d(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.holdem.tournament.{key}.description")


def _o(key: str) -> app_commands.locale_str:
    return cmd_str(f"cmd.option.event_{key}.description")


EventNumber = app_commands.Range[int, 1, 2**53 - 1]
Reason = app_commands.Range[str, 1, REASON_MAX]


def add_to(group: app_commands.Group) -> None:
    """Add the director's tools to ``/holdem tournament``."""

    @group.command(name="pause", description=_d("pause"))
    @app_commands.describe(event=_o("event"))
    async def pause_command(
        interaction: discord.Interaction[Any], event: EventNumber | None = None
    ) -> None:
        await pause(interaction, event)

    @group.command(name="resume", description=_d("resume"))
    @app_commands.describe(event=_o("event"))
    async def resume_command(
        interaction: discord.Interaction[Any], event: EventNumber | None = None
    ) -> None:
        await resume(interaction, event)

    @group.command(name="remove", description=_d("remove"))
    @app_commands.describe(player=_o("player"), reason=_o("reason"), event=_o("event"))
    async def remove_command(
        interaction: discord.Interaction[Any],
        player: discord.User,
        reason: Reason,
        event: EventNumber | None = None,
    ) -> None:
        await remove(interaction, event, player, reason)

    @group.command(name="correct", description=_d("correct"))
    @app_commands.describe(
        player=_o("player"), chips=_o("stack"), reason=_o("reason"), event=_o("event")
    )
    async def correct_command(
        interaction: discord.Interaction[Any],
        player: discord.User,
        chips: app_commands.Range[int, 1, 10**12],
        reason: Reason,
        event: EventNumber | None = None,
    ) -> None:
        await correct(interaction, event, player, chips, reason)

    @group.command(name="move", description=_d("move"))
    @app_commands.describe(
        player=_o("player"), table=_o("table"), seat=_o("seat"), event=_o("event")
    )
    async def move_command(
        interaction: discord.Interaction[Any],
        player: discord.User,
        table: app_commands.Range[int, 1, 1000],
        seat: app_commands.Range[int, 1, 10],
        event: EventNumber | None = None,
    ) -> None:
        await move(interaction, event, player, table, seat)

    @group.command(name="edit", description=_d("edit"))
    @app_commands.describe(
        event=_o("event"), start_in=_o("start_in"), seats=_o("seats"), chips=_o("chips"),
        big_blind=_o("big_blind"), levels=_o("levels"), level_minutes=_o("level_minutes"),
        level_hands=_o("level_hands"), antes=_o("antes"), break_every=_o("break_every"),
        break_minutes=_o("break_minutes"), late_registration=_o("late_registration"),
        re_entries=_o("re_entries"), payouts=_o("payouts"), max_players=_o("max_players"),
        min_players=_o("min_players"),
    )  # fmt: skip
    async def edit_command(
        interaction: discord.Interaction[Any],
        event: EventNumber | None = None,
        start_in: app_commands.Range[int, 1, 10080] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        chips: app_commands.Range[int, 10, 10_000_000] | None = None,
        big_blind: app_commands.Range[int, 2, 1_000_000] | None = None,
        levels: app_commands.Range[str, 3, 400] | None = None,
        level_minutes: app_commands.Range[int, 1, 240] | None = None,
        level_hands: app_commands.Range[int, 1, 1000] | None = None,
        antes: bool | None = None,
        break_every: app_commands.Range[int, 1, 20] | None = None,
        break_minutes: app_commands.Range[int, 1, 60] | None = None,
        late_registration: app_commands.Range[int, 0, 50] | None = None,
        re_entries: app_commands.Range[int, 0, 10] | None = None,
        payouts: app_commands.Range[str, 1, 80] | None = None,
        max_players: app_commands.Range[int, 2, 10_000] | None = None,
        min_players: app_commands.Range[int, 2, 10_000] | None = None,
    ) -> None:
        await edit(
            interaction, event, start_in=start_in, seats=seats, chips=chips,
            big_blind=big_blind, levels=levels, level_minutes=level_minutes,
            level_hands=level_hands, antes=antes, break_every=break_every,
            break_minutes=break_minutes, late_registration=late_registration,
            re_entries=re_entries, payouts=payouts, max_players=max_players,
            min_players=min_players,
        )  # fmt: skip

    @group.command(name="stop", description=_d("stop"))
    @app_commands.describe(settle=_o("settle"), confirm=_o("confirm"), event=_o("event"))
    async def stop_command(
        interaction: discord.Interaction[Any],
        settle: Literal["refund", "chip-count"],
        confirm: bool = False,
        event: EventNumber | None = None,
    ) -> None:
        await stop(interaction, event, settle, confirm)
