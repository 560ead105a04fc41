"""Text glitches once seen, through the real command tree, offline: a leave during a hand, the
chips of a seated member, joining twice, the lobby's blinds."""

from __future__ import annotations

from pathlib import Path

import simcord

from tests.bot.discord.simtable import layout_reply, table_env, text_of


async def test_a_leave_during_a_hand_says_when_not_none(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await carol.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        leaver = next(m for m in t.members if m is not t.to_act())
        res = await leaver.slash(t.channel, "holdem leave")
        said = "\n".join([res.response.content, *t.said()])
        assert "None" not in said, said
        assert f"{leaver.name} leaves the table at the end of this hand." in said
        simcord.assert_no_errors(t.env)


async def test_chips_while_seated_shows_the_wallet_and_the_table(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        res = await alice.slash(t.channel, "holdem chips")
        assert res.ephemeral
        assert layout_reply(res.response) == (
            "Your chips",
            ["You have 0 chips in your wallet and 100 on the table."],
        )
        res = await bob.slash(t.channel, "holdem chips")  # not seated: the wallet alone
        assert layout_reply(res.response)[1][-1] == "You have 100 chips in your wallet."
        simcord.assert_no_errors(t.env)


async def test_joining_twice_says_you_are_already_seated(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        res = await alice.slash(t.channel, "holdem start")
        assert text_of(res.response).count("blinds 1/2") == 1  # the lobby says them once
        await bob.slash(t.channel, "holdem join")
        again = await bob.slash(t.channel, "holdem join")
        assert again.ephemeral
        assert again.response.content == "You are already seated at this table."
        simcord.assert_no_errors(t.env)
