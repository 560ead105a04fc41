"""``/holdem help`` names each command as a clickable mention, ``</holdem replay:ID>``, with the
id Discord (SimCord) gave the top-level command: learnt when the commands are published, fetched
once when a start published nothing, and plain ``/holdem replay`` while the ids are unknown."""

from __future__ import annotations

from pathlib import Path

import simcord

from tests.bot.discord.simtable import Table, layout_reply, make_bot, table_env

COMMANDS_ROUTE = "/applications/*/commands"


def _published_id(t: Table, name: str) -> str:
    """The id SimCord gave the global command ``name`` when the bot published it."""
    (found,) = [c["id"] for c in t.env.backend.commands[None].values() if c["name"] == name]
    return str(found)


async def _restart_without_publishing(t: Table) -> None:
    """A start whose commands did not change since the last: nothing is published."""
    await t.bot.close()
    bot = make_bot(t.db, t.clock, t.decks)
    bot.sync_commands = False
    await t.env.restart_bot(bot)


def _fetches(t: Table) -> int:
    """How many times the bot asked for its commands."""
    return sum(r.method == "GET" and r.path.endswith("/commands") for r in t.env.http_requests)


async def _guide(t: Table) -> str:
    helped = await t.members[1].slash(t.channel, "holdem help")
    heading, lines = layout_reply(helped.response)
    assert helped.ephemeral and heading == "Holdem Dealer: how to play"
    return "\n".join(lines)


async def test_help_mentions_every_command_with_the_id_it_was_published_with(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path) as t:
        guide = await _guide(t)
        holdem, fold = _published_id(t, "holdem"), _published_id(t, "fold")
        for command in ("replay", "stats", "chart", "fair", "computer add", "table", "sitout"):
            assert f"</holdem {command}:{holdem}>" in guide, command
        assert f"</fold:{fold}>" in guide
        assert _fetches(t) == 0  # learnt when they were published, not asked for
        # a group is not a command that runs: /holdem-admin stays text
        assert "house rules are /holdem-admin" in guide
        assert "/holdem " not in guide.replace("</holdem ", "")  # no command left plain
        simcord.assert_no_errors(t.env)


async def test_help_fetches_the_ids_once_when_nothing_was_published(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        holdem = _published_id(t, "holdem")
        await _restart_without_publishing(t)
        t.env.inject_error("GET", COMMANDS_ROUTE, status=403)  # Discord refuses the first fetch
        guide = await _guide(t)
        assert "/holdem replay plays" in guide and "</" not in guide  # plain, not a guess
        again = await _guide(t)  # a failed fetch is not retried at every /holdem help
        assert again == guide
        assert _fetches(t) == 1
        await t.env.advance_time(600)
        assert f"</holdem replay:{holdem}> plays" in await _guide(t)
        assert f"</holdem replay:{holdem}> plays" in await _guide(t)
        assert _fetches(t) == 2  # fetched once more, then kept
