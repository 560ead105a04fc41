"""The director's tools on a running event, for the host and the tournament role:
``/holdem tournament pause``, ``resume``, ``remove``, ``correct``, ``move`` and ``stop``.

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
from bot.discord.errors import error_text, reply_private
from bot.discord.tournaments.access import event_for, may_run_events
from bot.discord.translator import cmd_str
from bot.i18n import Lang, t
from bot.i18n.free_text import free_text_refusal
from bot.tournaments.runner import EventRunner
from engine.errors import SessionError
from engine.tournament import (
    CorrectStack,
    Decision,
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

    @group.command(name="stop", description=_d("stop"))
    @app_commands.describe(settle=_o("settle"), confirm=_o("confirm"), event=_o("event"))
    async def stop_command(
        interaction: discord.Interaction[Any],
        settle: Literal["refund", "chip-count"],
        confirm: bool = False,
        event: EventNumber | None = None,
    ) -> None:
        await stop(interaction, event, settle, confirm)
