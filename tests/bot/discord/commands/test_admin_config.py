"""/holdem-admin config: checked before saving, used by the next table (who may see and use
it: tests/bot/discord/commands/test_admin.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from tests.bot.discord.simtable import layout_reply, table_env

POT_LIMIT = "House rules at this table: Pot-limit hold'em"
SAVED_POT_LIMIT = "House rules of this server: Pot-limit hold'em."
SET = "holdem-admin config set"


async def test_config_is_accepted_with_manage_server(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        res = await alice.slash(t.channel, "holdem-admin config preset", preset="pot-limit")
        assert res.ephemeral
        assert (
            res.response.content.splitlines()[0] == "House rules of this server: Pot-limit hold'em."
        )
        res = await alice.slash(t.channel, SET, setting="big_blind", value="4")
        assert res.ephemeral and res.response.content == "Big blind is now 4."
        shown = await alice.slash(t.channel, "holdem-admin config show")
        assert shown.ephemeral and "Big blind: 4" in shown.response.content.splitlines()
        lang = await alice.slash(t.channel, "holdem-admin config language", language="da")
        assert lang.ephemeral and lang.response.content == "Bordsprog: Dansk."
        assert await t.bot.store.get_language(t.guild.id) == "da"
        simcord.assert_no_errors(t.env)


@pytest.mark.parametrize(
    ("setting", "value", "reason", "allowed"),
    [
        ("big_blind", "1", "The big blind (1) must be at least the small blind (2).",
         "Allowed: a whole number from 2 to 100."),
        ("turn_seconds", "5", "must be between 10 seconds and an hour, not 5 seconds",
         "Allowed: a whole number from 10 to 3,600."),
        ("ante_mode", "sometimes", "That value does not fit the setting Ante mode.",
         "Allowed: none, "),
        ("small_blind", "lots", "That value does not fit the setting Small blind.",
         "Allowed: a whole number from 1 to 4."),
        ("session_end", "after-hands", "",
         "Allowed: never, one-player-left; or after-minutes, after-hands, then how many"),
    ],
)  # fmt: skip
async def test_a_bad_value_names_the_setting_and_its_range_and_saves_nothing(
    tmp_path: Path, setting: str, value: str, reason: str, allowed: str
) -> None:
    """The setting is named as the command's choices show it, never as the raw field, and
    the refusal says what would have been accepted."""
    labels = {"big_blind": "Big blind", "turn_seconds": "Time per turn (seconds)",
              "ante_mode": "Ante mode", "small_blind": "Small blind",
              "session_end": "Session end"}  # fmt: skip
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        await alice.slash(t.channel, SET, setting="small_blind", value="2")
        await alice.slash(t.channel, SET, setting="big_blind", value="4")
        saved = await t.bot.store.get_guild_rules(t.guild.id)
        res = await alice.slash(t.channel, SET, setting=setting, value=value)
        assert res.ephemeral
        first, second = res.response.content.splitlines()
        assert first.startswith(f"Bad setting {labels[setting]}: ")
        assert reason in first
        assert second.startswith(allowed), second
        assert setting not in res.response.content
        assert await t.bot.store.get_guild_rules(t.guild.id) == saved
        simcord.assert_no_errors(t.env)


async def test_a_new_table_plays_the_configured_rules(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem-admin config preset", preset="pot-limit")
        await alice.slash(t.channel, SET, setting="big_blind", value="10")
        await alice.slash(t.channel, SET, setting="small_blind", value="5")
        await alice.slash(t.channel, SET, setting="starting_stack", value="400")
        await alice.slash(t.channel, SET, setting="turn_seconds", value="45")
        before = await bob.slash(t.channel, "holdem rules")
        assert "Blinds: 5/10" in layout_reply(before.response)[1]
        res = await alice.slash(t.channel, "holdem start")
        assert "Pot-limit hold'em, blinds 5/10, buy-in 400." in res.response.content
        rules = await bob.slash(t.channel, "holdem rules")
        assert rules.ephemeral
        heading, lines = layout_reply(rules.response)  # the rules under their heading
        assert heading == POT_LIMIT
        assert {"Blinds: 5/10", "Buy-in: 400", "Time per turn: 45 s"} <= set(lines)
        table_rules = t.state().rules
        assert (table_rules.small_blind, table_rules.big_blind) == (5, 10)
        assert table_rules.turn_seconds == 45
        simcord.assert_no_errors(t.env)


async def test_a_session_end_by_hands_is_set_with_its_number(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        res = await alice.slash(t.channel, SET, setting="session_end", value="after-hands 20")
        assert res.response.content == "Session end is now after-hands 20."
        rules = (await t.bot.ctx.guilds.rules(t.guild.id)).rules
        assert (rules.session_end.value, rules.end_after) == ("after-hands", 20)
        back = await alice.slash(t.channel, SET, setting="session_end", value="never")
        assert back.response.content == "Session end is now never."
        rules = (await t.bot.ctx.guilds.rules(t.guild.id)).rules
        assert (rules.session_end.value, rules.end_after) == ("never", 0)
        simcord.assert_no_errors(t.env)
