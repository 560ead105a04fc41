"""Every option of every slash command is checked against its own declaration before the
command runs (:mod:`bot.discord.commands.options`): discord.py does not do it.

The commands are the real tree's, after the bot's set-up; each command's checks are run as
discord.py runs them (its parent group's, its cog's, its own), with values Discord's client
would never send, one option at a time.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.commands.options import DISCORD_INT_LIMIT, BadOption, bad_option
from bot.present.refusals import error_text
from tests.bot.discord.simtable import table_env

Kind = discord.AppCommandOptionType


def good(parameter: app_commands.Parameter) -> object:
    """A value the declaration allows."""
    if parameter.choices:
        return parameter.choices[0].value
    if parameter.type in (Kind.integer, Kind.number):
        return parameter.min_value if parameter.min_value is not None else 1
    if parameter.type is Kind.string:
        return "x" * int(parameter.min_value or 1)
    if parameter.type is Kind.boolean:
        return True
    return object()  # a member or a user: discord.py resolves it


def forged(parameter: app_commands.Parameter) -> list[object]:
    """Values the declaration does not allow (none for a member or user option)."""
    values: list[object] = []
    low, high = parameter.min_value, parameter.max_value
    if parameter.type is Kind.integer:
        values += ["12", True, 1.5, DISCORD_INT_LIMIT, -DISCORD_INT_LIMIT]
        values += [low - 1] if low is not None else []
        values += [high + 1] if high is not None else []
    elif parameter.type is Kind.string:
        values += [7]
        values += ["no-such-" + "x" * 10] if parameter.choices else []
        values += ["x" * (int(high) + 1)] if high is not None else []
        values += [""] if low else []
    return values


def call(command: app_commands.Command[Any, Any, Any], values: dict[str, object]) -> Any:
    namespace = SimpleNamespace(**values)
    interaction = SimpleNamespace(
        type=discord.InteractionType.application_command, command=command, namespace=namespace,
        guild_id=1,  # in a server: some commands run only there
    )  # fmt: skip
    return command._check_can_run(interaction)  # type: ignore[arg-type]


async def test_every_option_of_every_command_is_checked_against_its_declaration(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path, players=1) as t:
        commands = [c for c in t.bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
        assert len(commands) > 25, [c.qualified_name for c in commands]
        refused = 0
        for command in commands:
            valid = {p.display_name: good(p) for p in command.parameters if p.required}
            assert await call(command, valid) is True, command.qualified_name
            for parameter in command.parameters:
                name = parameter.display_name
                for value in forged(parameter):
                    with pytest.raises(BadOption) as raised:
                        await call(command, {**valid, name: value})
                    assert raised.value.params == {"option": name}, (command.name, value)
                    refused += 1
                if parameter.required:
                    missing = {k: v for k, v in valid.items() if k != name}
                    with pytest.raises(BadOption):
                        await call(command, missing)
        assert refused > 60


def test_a_refusal_reads_in_the_members_language() -> None:
    error = BadOption("count")
    assert "count" in error_text("en", error) and "is not one" in error_text("en", error)
    assert "count" in error_text("nb", error) and error_text("nb", error) != error_text("en", error)
    assert "count" in error_text("da", error) and error_text("da", error) != error_text("en", error)


def test_an_absent_optional_option_is_fine_and_a_choice_is_compared_by_value() -> None:
    @app_commands.command(name="x", description="x")
    @app_commands.choices(kind=[app_commands.Choice(name="A", value="a")])
    async def x(
        interaction: discord.Interaction[Any],
        kind: str | None = None,
        count: app_commands.Range[int, 1, 20] = 5,
    ) -> None: ...

    assert bad_option(x.parameters, {}) is None
    assert bad_option(x.parameters, {"kind": "a", "count": 20}) is None
    assert bad_option(x.parameters, {"kind": "A"}) == "kind"
    assert bad_option(x.parameters, {"count": 0}) == "count"
