"""Every slash command's option values, checked in the bot before the command runs.

Discord's client offers only the choices and the ranges a command declares, but discord.py
does not enforce them when the interaction arrives: a crafted interaction can send a preset
that is not a preset, ``count: -1``, a number past any the database stores, or text where a
number belongs. Each command's own declaration (its choices, ``Range`` bounds and types) is
the rule, read here from the command itself, so a bound changed in one place is enforced in
the same place; a value outside it is :class:`BadOption`, which the client's one error handler
answers privately in the member's language (``error.bad_option``), with no traceback.

The check runs as the ``interaction_check`` of ``/holdem``, ``/holdem-admin`` and their
subgroups (:class:`CheckedGroup`) and of the moves' cog (:func:`check_options`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.discord.places import require_server

__all__ = ["DISCORD_INT_LIMIT", "BadOption", "CheckedGroup", "bad_option", "check_options"]

DISCORD_INT_LIMIT = 2**53
"""Discord's integer options hold ``-2**53 < n < 2**53``: anything past that was not typed
into Discord's client."""

_OptionType = discord.AppCommandOptionType


class BadOption(app_commands.CheckFailure):
    """An option's value is not one the command declares; ``code`` and ``params`` name the
    catalogue message (:func:`bot.discord.errors.error_text`)."""

    code = "bad_option"

    def __init__(self, option: str) -> None:
        super().__init__(f"option {option!r} has a value the command does not declare")
        self.params = {"option": option}


def _kind_fits(kind: discord.AppCommandOptionType, value: object) -> bool:
    if kind is _OptionType.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is _OptionType.number:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is _OptionType.string:
        return isinstance(value, str)
    if kind is _OptionType.boolean:
        return isinstance(value, bool)
    return True  # members, users, channels: discord.py resolves these itself


def _in_range(parameter: app_commands.Parameter, value: object) -> bool:
    low, high = parameter.min_value, parameter.max_value
    if isinstance(value, str):  # a string's range is its length
        size = len(value)
        return (low is None or size >= low) and (high is None or size <= high)
    if isinstance(value, int | float) and not isinstance(value, bool):
        if parameter.type is _OptionType.integer and not abs(value) < DISCORD_INT_LIMIT:
            return False
        return (low is None or value >= low) and (high is None or value <= high)
    return True


def bad_option(
    parameters: list[app_commands.Parameter], values: Mapping[str, object]
) -> str | None:
    """The name of the first option whose value the declaration does not allow (or a
    required option that is missing), else ``None``.

    ``values`` maps Discord's option names to what the interaction carried.
    """
    for parameter in parameters:
        name = parameter.display_name
        if name not in values or values[name] is None:
            if parameter.required:
                return name
            continue
        value = values[name]
        if not _kind_fits(parameter.type, value) or not _in_range(parameter, value):
            return name
        if parameter.choices and value not in {choice.value for choice in parameter.choices}:
            return name
    return None


async def check_options(interaction: discord.Interaction[Any]) -> bool:
    """Raise :class:`BadOption` for an application command whose option values its
    declaration does not allow; ``True`` otherwise (autocomplete is left alone: it sees
    what the member is still typing)."""
    if interaction.type is not discord.InteractionType.application_command:
        return True
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    name = bad_option(command.parameters, vars(interaction.namespace))
    if name is not None:
        raise BadOption(name)
    return True


class CheckedGroup(app_commands.Group):
    """A command group whose subcommands run only with option values their declarations
    allow (discord.py calls a subcommand's parent's ``interaction_check`` first);
    ``server_only``: and only in servers (:func:`bot.discord.places.require_server`)."""

    def __init__(self, *, server_only: bool = False, **options: Any) -> None:
        super().__init__(**options)
        self.server_only = server_only

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if self.server_only:
            require_server(interaction)
        return await check_options(interaction)
