"""/holdem: tables, seats, wallets, permissions, history and help, through the real bot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord.table.loop import NEXT_HAND_PAUSE
from engine.phh import History, parse_history
from engine.phh.pokerstars import read_pokerstars
from tests.bot.discord.simtable import Table, layout_reply, table_env, text_of


def _custom_ids(message: Any) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row["components"]]


CHOICE = {"setting": "buy_in", "value": "choice"}  # a first buy-in of 2 to 100


async def _balance(t: Table, member: Any) -> int:
    balance = await t.bot.store.balance(t.guild.id, member.id)
    assert balance is not None
    return balance


async def _play_out(t: Table) -> None:
    """Check or call down whatever hand is in progress."""
    while t.in_hand():
        res = await t.to_act().slash(t.channel, "call")
        if not res.response.content.startswith("Done:"):  # nothing to call
            await t.to_act().slash(t.channel, "check")


async def test_lobby_join_and_leave_move_chips_between_wallet_and_table(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem-admin config set", **CHOICE)
        res = await alice.slash(t.channel, "holdem start", buy_in=40)
        assert not res.ephemeral
        lobby = res.response
        assert "No-limit · 10 seats · 60 s per turn" in lobby.content
        assert lobby.content.count("blinds 1/2") == 1  # the blinds said once
        table_token = f"{t.guild.id}-{t.channel.id}"
        assert _custom_ids(lobby) == [
            f"holdem:lobby:{table_token}:join",
            f"holdem:lobby:{table_token}:leave",
            f"holdem:lobby:{table_token}:deal",
        ]
        assert [c["label"] for row in lobby.components for c in row["components"]] == [
            "Join", "Leave", "Deal",
        ]  # fmt: skip
        joined = await bob.click(lobby, label="Join")  # the lobby is updated in place
        assert not joined.ephemeral and "2. bob: 100" in joined.response.content
        chips = await bob.slash(t.channel, "holdem chips")
        assert chips.ephemeral
        # Seated, the chips on the table are told with the wallet's (not "0 chips" alone).
        heading, lines = layout_reply(chips.response)
        assert (heading, lines) == ("Your chips", [
            "You have 0 chips in your wallet and 100 on the table.",
        ])  # fmt: skip
        mine = await alice.slash(t.channel, "holdem chips")
        said = "You have 60 chips in your wallet and 40 on the table."
        assert mine.ephemeral and layout_reply(mine.response)[1] == [said]
        assert "2. bob: 100" in lobby.content
        left = await bob.click(lobby, label="Leave")
        assert "bob" not in left.response.content.split("\n\n")[-1]
        assert await _balance(t, bob) == 100
        simcord.assert_no_errors(t.env)


async def test_second_table_and_overdrawn_join_are_refused_privately(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem start")
        again = await bob.slash(t.channel, "holdem start")
        assert again.ephemeral and again.response.content == "This channel already has a table."
        taken = await alice.slash(t.channel, "holdem-admin grant", member=carol, amount=-60,
                                  reason="test")  # fmt: skip
        assert taken.ephemeral and taken.response.content.endswith("Their wallet: 40.")
        before = t.texts(viewer=alice)
        res = await carol.slash(t.channel, "holdem join")
        assert res.ephemeral
        assert res.response.content == (
            "You do not have enough chips in your wallet: your balance is 40."
        )
        assert await _balance(t, carol) == 40
        assert t.state().seat_of(carol.id) is None
        assert [x for x in t.texts(viewer=alice) if x not in before] == []
        simcord.assert_no_errors(t.env)


async def test_deal_is_for_the_host_or_an_admin(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        lobby = (await bob.slash(t.channel, "holdem start")).response
        await carol.slash(t.channel, "holdem join")
        refused = await carol.click(lobby, label="Deal")
        assert refused.ephemeral
        assert refused.response.content == (
            "Only the host or a member with Manage Server can do that."
        )
        assert not t.in_hand()
        dealt = await alice.click(lobby, label="Deal")  # alice has Manage Server
        assert text_of(dealt.response).startswith("### Hand #1 ·")
        simcord.assert_no_errors(t.env)


async def test_missing_channel_permissions_are_named_to_the_starter(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        locked = t.guild.create_text_channel(
            "locked",
            overwrites={
                t.bot.user: discord.PermissionOverwrite(attach_files=False, send_messages=False)
            },
        )
        res = await alice.slash(locked, "holdem start")
        assert res.ephemeral
        assert res.response.content == (
            "I am missing permissions in this channel: Send Messages, Attach Files."
        )
        assert [m.content for m in locked.history(viewer=t.members[1])] == []
        assert t.bot.service.tables.table_ids() == []
        simcord.assert_no_errors(t.env)


async def test_a_table_deals_without_embed_links_which_the_invite_does_not_ask_for(
    tmp_path: Path,
) -> None:
    """The messages carry no embeds: a channel that denies the bot Embed Links plays a hand,
    the picture included."""
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        plain = t.guild.create_text_channel(
            "plain", overwrites={t.bot.user: discord.PermissionOverwrite(embed_links=False)}
        )
        opened = await alice.slash(plain, "holdem start")
        assert not opened.ephemeral, opened.response.content
        joined = await bob.slash(plain, "holdem join")
        assert joined.response.content == "You sit down with 100 chips. Good luck!"
        dealt = await alice.slash(plain, "holdem deal")
        assert text_of(dealt.response).startswith("### Hand #1 ·")
        assert dealt.response.attachments, "the table picture"
        assert not any(m.embeds for m in plain.history(viewer=bob))
        simcord.assert_no_errors(t.env)


async def test_stop_mid_hand_voids_it_and_returns_every_chip(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem-admin config set", **CHOICE)
        await bob.slash(t.channel, "holdem start")
        await carol.slash(t.channel, "holdem join", buy_in=50)
        await alice.slash(t.channel, "holdem join", buy_in=70)
        await bob.slash(t.channel, "holdem deal")
        first = t.to_act()
        await first.slash(t.channel, "call")
        refused = await carol.slash(t.channel, "holdem stop")
        assert refused.ephemeral
        res = await bob.slash(t.channel, "holdem stop")
        assert not res.ephemeral
        lines = res.response.content.splitlines()
        assert lines[:2] == [
            "bob ended the session.",
            "The hand was voided: stopped by the host. Every bet has been returned.",
        ]
        assert sorted(lines[2:]) == [
            "alice leaves the table with 70.",
            "bob leaves the table with 100.",
            "carol leaves the table with 50.",
        ]
        assert [await _balance(t, m) for m in (alice, bob, carol)] == [100, 100, 100]
        assert await t.bot.store.audit(t.guild.id) == []
        assert t.bot.service.tables.table_ids() == []
        assert await t.bot.service.tables.chips_total(t.guild.id) == 300
        simcord.assert_no_errors(t.env)


async def test_a_member_who_leaves_comes_back_with_exactly_their_stack(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem start")
        for member in (bob, carol):
            await member.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        await t.to_act().slash(t.channel, "fold")  # three-handed: the button folds,
        folder = t.to_act()
        await folder.slash(t.channel, "holdem leave")  # the small blind leaves: folded, 99
        assert not t.in_hand() and t.state().seat_of(folder.id) is None
        chips = 99  # the small blind lost
        await t.env.advance_time(NEXT_HAND_PAUSE)  # the next hand, heads-up
        assert t.in_hand()
        wallet = await _balance(t, folder)
        topped = await folder.slash(t.channel, "holdem join", buy_in=100)
        assert topped.ephemeral and topped.response.content == (
            f"You left this session with {chips} and come back with exactly that."
        )
        assert await _balance(t, folder) == wallet and t.state().seat_of(folder.id) is None
        back = await folder.slash(t.channel, "holdem join")
        assert back.ephemeral  # the lobby's seat list says it in public
        assert f"You sit down with {chips} chips" in back.response.content
        assert await _balance(t, folder) == wallet - chips
        simcord.assert_no_errors(t.env)


async def test_sitout_and_sitin_answer_privately(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await carol.slash(t.channel, "holdem join")
        out = await bob.slash(t.channel, "holdem sitout")
        assert out.ephemeral
        assert out.response.content == "You will sit out from the next hand. Your seat is kept."
        await alice.slash(t.channel, "holdem deal")
        members = t.state().hand_members
        assert bob.id not in members and len(members) == 2
        back = await bob.slash(t.channel, "holdem sitin")
        assert back.ephemeral
        assert back.response.content == "You will be dealt in from the next hand."
        assert t.in_hand()
        simcord.assert_no_errors(t.env)


async def test_table_image_is_reposted_with_alt_text(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        none = await alice.slash(t.channel, "holdem table")
        assert none.ephemeral and "There is no table" in none.response.content
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        res = await bob.slash(t.channel, "holdem table")
        assert not res.response.ephemeral
        att = res.response.attachments[0]
        assert att.filename == "table.png"
        assert att.description.startswith("Poker table, Pre-flop.")
        assert "alice" in att.description and "bob" in att.description
        simcord.assert_no_errors(t.env)


async def test_leaderboard_history_and_help(tmp_path: Path) -> None:
    # alice (button, small blind) raises, bob folds: bob's cards stay secret.
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        empty = await bob.slash(t.channel, "holdem history")
        assert empty.ephemeral and empty.response.content == "You have not played any hands yet."
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        first = t.to_act()
        other = bob if first is alice else alice
        await first.slash(t.channel, "raise", amount=6)
        await other.slash(t.channel, "fold")
        assert not t.in_hand()
        # The next hand is dealt after a 5 s pause; SimCord would otherwise let that timer
        # fire on the wall clock during the next command (a real 5 s wait).
        await t.env.advance_time(5)
        board = await alice.slash(t.channel, "holdem leaderboard")
        assert board.ephemeral
        lines = text_of(board.response).splitlines()  # layout components: a heading, the list
        winner = first.name
        assert lines == ["## Leaderboard", f"1. {winner}: 102", f"2. {other.name}: 98"]
        res = await other.slash(t.channel, "holdem history")
        assert res.response.ephemeral
        assert res.response.content.startswith("Your last hands\nHand #1, <t:")
        assert res.response.content.splitlines()[1].endswith(": lost 2")
        att = res.response.attachments[0]
        assert att.filename == "hands.phh"
        phh = (await att.read()).decode()
        # nobody showed: the member's own cards are in their own export, the winner's are not
        assert '"d dh p1 ????"' not in phh and '"d dh p2 ????"' in phh
        assert '"p1 f"' in phh
        assert f'players = ["{other.name}", "{winner}"]' in phh  # names, not member ids
        stars = res.response.attachments[1]
        assert stars.filename == "hands-pokerstars.txt"
        text = (await stars.read()).decode()
        assert f"Dealt to {other.name} [" in text and f"Dealt to {winner}" not in text
        (read,) = read_pokerstars(text)  # the same hand, read back from the trackers' format
        assert isinstance(read, History)
        assert read.actions == parse_history(phh.split("\n", 1)[1]).actions
        one = await other.slash(t.channel, "holdem history", hand=1)
        assert one.response.content.startswith("1 hands, as PHH and as PokerStars text")
        assert [a.filename for a in one.response.attachments] == [
            "hands.phh",
            "hands-pokerstars.txt",
        ]
        session = await other.slash(t.channel, "holdem history", session=True)
        assert session.response.content.startswith("1 hands")
        missing = await other.slash(t.channel, "holdem history", hand=99)
        assert missing.response.content == "There is no finished hand #99 in this server."
        none = await other.slash(t.channel, "holdem history", tournament=5)
        assert none.response.content == "There are no finished hands there."
        helped = await bob.slash(t.channel, "holdem help")
        assert helped.ephemeral
        guide = text_of(helped.response)  # layout components: a heading, then every topic
        assert guide.startswith("## Holdem Dealer: how to play\n")
        for command in ("replay", "stats", "chart", "fair", "computer add", "table", "chips"):
            assert f"/holdem {command}" in guide, command
        simcord.assert_no_errors(t.env)
