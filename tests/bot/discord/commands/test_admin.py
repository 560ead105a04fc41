"""/holdem-admin: hidden from members without Manage Server, the house rules and language
for those with it, and removing a member's data from the server."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord.client import HoldemBot
from bot.guilds.wallets import REFILL_INTERVAL, Reason
from bot.i18n import CATALOGUE
from bot.present.house_settings import setting_label
from bot.store.records import MemberSettings
from tests.bot.discord.simtable import layout_reply, table_env

CATALOGUE.strict = True

REFUSED = "Only members with Manage Server can do this."


@asynccontextmanager
async def _server(
    tmp_path: Path, clock: Callable[[], float] = time.time
) -> AsyncIterator[tuple[Any, Any, Any, Any, HoldemBot]]:
    bot = HoldemBot(
        db_path=str(tmp_path / "holdem.sqlite3"), rng=random.Random(1), sync_commands=True,
        exclusive_db=False, render_in_process=False, clock=clock,
    )  # fmt: skip
    async with simcord.run(bot) as env:
        guild = env.create_guild("Casino", preferred_locale="en-US")
        channel = guild.create_text_channel("poker")
        role = guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))
        alice = guild.add_member(env.create_user("alice"), roles=[role])
        bob = guild.add_member(env.create_user("bob"))
        try:
            yield env, channel, alice, bob, bot
        finally:
            if not bot.is_closed():
                await bot.close()


async def test_members_without_manage_server_do_not_see_the_admin_commands(
    tmp_path: Path,
) -> None:
    async with _server(tmp_path) as (env, channel, alice, bob, _):
        admin_commands = {
            "holdem-admin config preset", "holdem-admin config set",
            "holdem-admin config language", "holdem-admin config show", "holdem-admin forget",
            "holdem-admin grant",
        }  # fmt: skip
        assert admin_commands <= set(alice.available_commands(channel))
        assert not {c for c in bob.available_commands(channel) if c.startswith("holdem-admin")}
        assert "holdem help" in bob.available_commands(channel)
        simcord.assert_no_errors(env)


async def test_house_rules_and_language_through_the_admin_command(tmp_path: Path) -> None:
    async with _server(tmp_path) as (env, channel, alice, _, bot):
        res = await alice.slash(channel, "holdem-admin config preset", preset="pot-limit")
        assert res.ephemeral
        assert res.response.content.splitlines()[0] == (
            "House rules of this server: Pot-limit hold'em."
        )
        res = await alice.slash(channel, "holdem-admin config set", setting="big_blind", value="4")
        assert res.ephemeral and res.response.content == "Big blind is now 4."
        res = await alice.slash(channel, "holdem-admin config set", setting="turn_seconds",
                                value="5")  # fmt: skip
        assert res.response.content.startswith("Bad setting Time per turn (seconds): ")
        shown = await alice.slash(channel, "holdem-admin config show")
        assert "Big blind: 4" in shown.response.content.splitlines()
        saved = await bot.store.get_guild_rules(channel.guild.id)
        assert saved is not None and saved["preset"] == "pot-limit"
        res = await alice.slash(channel, "holdem-admin config language", language="da")
        assert res.ephemeral and res.response.content == "Bordsprog: Dansk."
        assert await bot.store.get_language(channel.guild.id) == "da"
        simcord.assert_no_errors(env)


async def test_forget_removes_a_members_data_and_keeps_the_chips(tmp_path: Path) -> None:
    async with _server(tmp_path) as (env, channel, alice, bob, bot):
        guild_id = channel.guild.id
        store = bot.store
        await store.ensure_wallet(guild_id, bob.id, starting_grant=1000, now=1.0)
        await store.set_member_settings(guild_id, bob.id, dm=True, now=1.0)
        total = await store.total_balance(guild_id)
        res = await alice.slash(channel, "holdem-admin forget", member=bob)
        assert res.ephemeral
        assert res.response.content.startswith(f"Removed <@{bob.id}>'s data from this server")
        assert "1 chip movements and 0 hands" in res.response.content
        assert await store.balance(guild_id, bob.id) is None
        assert await store.get_member_settings(guild_id, bob.id) == MemberSettings()
        assert await store.total_balance(guild_id) == total
        assert await store.audit() == []
        again = await alice.slash(channel, "holdem-admin forget", member=bob)
        assert again.response.content == f"Nothing is stored about <@{bob.id}> on this server."
        simcord.assert_no_errors(env)


async def test_forget_refuses_a_member_at_an_open_table(tmp_path: Path) -> None:
    async with _server(tmp_path) as (env, channel, alice, _, bot):
        await alice.slash(channel, "holdem start")
        res = await alice.slash(channel, "holdem-admin forget", member=alice)
        assert res.ephemeral and res.response.content == (
            f"<@{alice.id}> is at an open table here (seated, hosting it or in its session): "
            "stop that table with /holdem stop first."
        )
        assert await bot.store.balance(channel.guild.id, alice.id) is not None
        simcord.assert_no_errors(env)


# ----------------------------------------------------------------- house rules, grants

NEW_RULES = {
    "button": "dead", "returning": "post", "buy_in": "choice", "refill": "when-empty 500 12",
    "refill_to": "600", "refill_wait_hours": "6", "run_it_twice": "ask", "runout_pause": "5",
    "coach": "off",
}  # fmt: skip


async def test_every_new_house_rule_is_set_through_config_set(tmp_path: Path) -> None:
    from bot.discord.commands.admin import SETTINGS

    assert len(SETTINGS) <= 25  # Discord's most choices for one option
    assert set(NEW_RULES) | {"refill_to", "refill_wait_hours"} <= set(SETTINGS)
    async with _server(tmp_path) as (env, channel, alice, bob, bot):
        for setting, value in NEW_RULES.items():
            res = await alice.slash(channel, "holdem-admin config set", setting=setting,
                                    value=value)  # fmt: skip
            label = setting_label("en", setting)  # as the command's choices name it
            assert res.ephemeral and res.response.content == f"{label} is now {value}.", (
                res.response.content
            )
        saved = await bot.store.get_guild_rules(channel.guild.id)
        assert saved is not None
        got = {k: saved["rules"][k] for k in NEW_RULES}
        assert got == {
            "button": "dead", "returning": "post", "buy_in": "choice", "refill": "when-empty",
            "refill_to": 600, "refill_wait_hours": 6, "run_it_twice": "ask", "runout_pause": 5,
            "coach": False,
        }  # fmt: skip
        for setting, value in (("refill", "daily"), ("coach", "maybe"), ("refill", "daily 5 5")):
            res = await alice.slash(channel, "holdem-admin config set", setting=setting,
                                    value=value)  # fmt: skip
            refusal, allowed = res.response.content.splitlines()
            assert refusal.startswith(f"Bad setting {setting_label('en', setting)}: "), value
            assert allowed.startswith("Allowed: "), value  # and what would be accepted
            if value == "daily":  # the amount goes with it, and says so
                assert refusal.endswith("A refill must cover at least the big blind (2), not 0.")
        assert await bot.store.get_guild_rules(channel.guild.id) == saved  # nothing changed
        heading, shown = layout_reply((await bob.slash(channel, "holdem rules")).response)
        assert heading.startswith("House rules at this table: ")
        assert "Wallet refills: 600 when out of chips, after 6 hours" in shown
        assert "Learning mode: not allowed here" in shown
        simcord.assert_no_errors(env)


async def test_a_grant_is_for_admins_and_lands_in_the_wallet_and_the_ledger(
    tmp_path: Path,
) -> None:
    async with _server(tmp_path) as (env, channel, alice, bob, bot):
        guild_id = channel.guild.id
        assert "holdem-admin grant" not in bob.available_commands(channel)
        res = await alice.slash(channel, "holdem-admin grant", member=bob, amount=250,
                                reason="won the quiz")  # fmt: skip
        assert res.ephemeral
        assert res.response.content == f"Gave <@{bob.id}> 250 chips. Their wallet: 350."
        too_much = await alice.slash(channel, "holdem-admin grant", member=bob, amount=-351,
                                     reason="oops")  # fmt: skip
        assert too_much.response.content == (
            f"<@{bob.id}> has 350 chips in their wallet, so 351 cannot be taken back. "
            "Nothing changed."
        )
        zero = await alice.slash(channel, "holdem-admin grant", member=bob, amount=0,
                                 reason="x")  # fmt: skip
        assert zero.response.content.startswith("Give a number of chips other than 0")
        back = await alice.slash(channel, "holdem-admin grant", member=bob, amount=-50,
                                 reason="double grant")  # fmt: skip
        assert back.response.content == f"Took 50 chips back from <@{bob.id}>. Their wallet: 300."
        assert await bot.store.ledger(guild_id, bob.id) == [
            (100, "grant", None), (250, "grant", f"admin:{alice.id} won the quiz"),
            (-50, "grant", f"admin:{alice.id} double grant"),
        ]  # fmt: skip
        assert await bot.store.audit() == []
        simcord.assert_no_errors(env)


async def test_the_house_chooses_whether_mixed_blinds_change_at_a_switch(tmp_path: Path) -> None:
    # Seed 004: whether the blinds change when the game switches is the house's choice.
    async with _server(tmp_path) as (env, channel, alice, _bob, bot):
        refused = await alice.slash(channel, "holdem-admin config set",
                                    setting="mixed_blinds_change", value="on")  # fmt: skip
        assert refused.response.content == (
            "Bad setting Doubled blinds in mixed fixed-limit hands: The mixed settings apply "
            "only to mixed hold'em, not to no-limit."
        ), refused.response.content
        await alice.slash(channel, "holdem-admin config preset", preset="mixed")
        res = await alice.slash(channel, "holdem-admin config set",
                                setting="mixed_blinds_change", value="on")  # fmt: skip
        assert res.ephemeral and res.response.content == (
            "Doubled blinds in mixed fixed-limit hands is now on."
        )
        saved = await bot.store.get_guild_rules(channel.guild.id)
        assert saved is not None and saved["rules"]["mixed_blinds_change"] is True
        simcord.assert_no_errors(env)


async def test_a_refill_is_paid_when_its_owner_reads_the_wallet_and_they_are_told(
    tmp_path: Path,
) -> None:
    now = [1000.0]
    async with _server(tmp_path, lambda: now[0]) as (env, channel, alice, bob, bot):
        await alice.slash(channel, "holdem-admin config set", setting="refill", value="daily 1000")
        # Alice looks at Bob's wallet first: his refill waits for Bob, who is told of it.
        other = await alice.slash(channel, "holdem chips", member=bob)
        assert layout_reply(other.response) == (
            "bob's chips",
            ["bob has 100 chips in their wallet."],
        )
        res = await bob.slash(channel, "holdem chips")
        assert res.ephemeral
        assert layout_reply(res.response) == ("Your chips", [
            "The house topped your wallet up by 900 chips to 1,000.",
            "You have 1,000 chips in your wallet.",
        ])  # fmt: skip
        again = await bob.slash(channel, "holdem chips")
        assert layout_reply(again.response)[1] == ["You have 1,000 chips in your wallet."]
        await bot.store.move(channel.guild.id, bob.id, -1000, Reason.CORRECTION, ref=None, now=1.0)
        now[0] += REFILL_INTERVAL
        res = await bob.slash(channel, "holdem chips")
        assert layout_reply(res.response)[1][0] == (
            "The house topped your wallet up by 1,000 chips to 1,000."
        )
        assert [row[1] for row in await bot.store.ledger(channel.guild.id, bob.id)] == [
            "grant", "refill", "correction", "refill",
        ]  # fmt: skip
        simcord.assert_no_errors(env)


async def test_a_refill_paid_at_a_buy_in_is_told_to_its_owner_only(tmp_path: Path) -> None:
    async with _server(tmp_path, lambda: 1000.0) as (env, channel, alice, bob, bot):
        await alice.slash(channel, "holdem-admin config set", setting="refill", value="daily 1000")
        told = "The house topped your wallet up by {} chips before you sat down."
        opened = await alice.slash(channel, "holdem start")
        assert not opened.response.ephemeral  # the lobby, in public
        # The new wallet's first 100 chips, topped up to the house's 1,000 before the buy-in.
        assert [(f.content, f.ephemeral) for f in opened.followups] == [(told.format("900"), True)]
        joined = await bob.slash(channel, "holdem join")
        assert [(f.content, f.ephemeral) for f in joined.followups] == [(told.format("900"), True)]
        for viewer in (alice, bob):  # each sees their own line only, nobody a public one
            assert len([m for m in channel.history(viewer=viewer) if "topped" in m.content]) == 1
        again = await bob.slash(channel, "holdem leave")
        assert not again.followups  # nothing more is owed today
        assert await bot.store.audit() == []
        simcord.assert_no_errors(env)


async def test_coach_off_in_the_house_rules_hides_the_figures_of_members_who_chose_them(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        for member in (alice, bob):
            res = await member.slash(t.channel, "holdem settings", coach="on")
            assert res.ephemeral and "Learning mode: on" in res.response.content
        res = await alice.slash(t.channel, "holdem-admin config set", setting="coach", value="off")
        assert res.ephemeral and res.response.content == "Learning mode is now off."
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        panel = await t.to_act().slash(t.channel, "holdem cards")
        assert panel.response.content.startswith("Your hole cards: ")
        assert "Learning mode" not in panel.response.content
        assert not any("Learning mode" in text for text in t.texts())
        simcord.assert_no_errors(t.env)
