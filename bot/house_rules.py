"""``/holdem config``: a server's house rules and table language (Manage Server only)."""

from __future__ import annotations

from typing import Any

import discord

from engine import PRESETS, EngineError, HouseRules
from i18n import resolve_locale, t
from present import rules_lines

from .context import context_of
from .errors import error_text, reply_private
from .moves import remember
from .seats import is_admin

__all__ = ["SETTINGS", "config_language", "config_preset", "config_set", "config_show"]

SETTINGS = (
    "small_blind",
    "big_blind",
    "ante",
    "ante_mode",
    "starting_stack",
    "raise_cap",
    "turn_seconds",
    "max_seats",
    "schedule",
    "schedule_every",
    "session_end",
    "end_after",
    "empty_stack",
    "min_stack_to_deal",
    "mixed_every",
)


def _parse_setting(raw: str) -> Any:
    text = raw.strip()
    if text.lower() in ("none", "-", ""):
        return None
    try:
        return int(text)
    except ValueError:
        return text


async def _admin_only(interaction: discord.Interaction[Any]) -> bool:
    if is_admin(interaction):
        return True
    lang = remember(context_of(interaction), interaction)
    await reply_private(interaction, t(lang, "error.manage_server_only"))
    return False


async def config_preset(interaction: discord.Interaction[Any], preset: str) -> None:
    if not await _admin_only(interaction):
        return
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    rules = PRESETS[preset]
    await ctx.guilds.set_rules(interaction.guild_id, preset, rules)
    lines = rules_lines(lang, rules, preset=preset, buy_in=rules.starting_stack)
    await reply_private(interaction, "\n".join(lines))


async def config_set(interaction: discord.Interaction[Any], setting: str, value: str) -> None:
    if not await _admin_only(interaction):
        return
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    house = await ctx.guilds.rules(interaction.guild_id)
    data = house.rules.to_dict()
    data[setting] = _parse_setting(value)
    try:
        changed = HouseRules.from_dict(data)
    except EngineError as error:
        text = t(lang, "error.bad_setting", name=setting, reason=error_text(lang, error))
        await reply_private(interaction, text)
        return
    await ctx.guilds.set_rules(interaction.guild_id, house.preset, changed)
    await reply_private(interaction, t(lang, "config.saved", name=setting, value=value))


async def config_language(interaction: discord.Interaction[Any], language: str) -> None:
    if not await _admin_only(interaction):
        return
    ctx = context_of(interaction)
    assert interaction.guild_id is not None
    await ctx.guilds.set_language(interaction.guild_id, language)
    ctx.forget_language(interaction.guild_id)
    lang = resolve_locale(language)
    text = t(lang, "config.language.set", language=t(lang, f"language.{lang}"))
    await reply_private(interaction, text)


async def config_show(interaction: discord.Interaction[Any]) -> None:
    if not await _admin_only(interaction):
        return
    ctx = context_of(interaction)
    lang = remember(ctx, interaction)
    assert interaction.guild_id is not None
    house = await ctx.guilds.rules(interaction.guild_id)
    lines = [t(lang, "config.current")]
    for name, value in house.rules.to_dict().items():
        lines.append(t(lang, "config.line", name=name, value=str(value)))
    await reply_private(interaction, "\n".join(lines))
