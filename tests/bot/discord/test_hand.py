"""Whole hands through the real command tree and buttons, offline."""

from __future__ import annotations

from pathlib import Path

import simcord

from tests.bot.discord.simtable import table_env, text_of


async def test_heads_up_hand_by_commands(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        res = await alice.slash(t.channel, "holdem start")
        assert not res.ephemeral and "opened a table" in res.response.content
        res = await bob.slash(t.channel, "holdem join")
        assert res.ephemeral and "You sit down with 100 chips" in res.response.content
        res = await alice.slash(t.channel, "holdem deal")  # answered with the hand message
        assert text_of(res.response).startswith("### Hand #1 · blinds 1/2")
        texts = t.texts()
        assert any("posts the small blind of 1" in x for x in texts)
        first = t.to_act()
        assert any(f"To act: <@{first.id}>, 1 to call" in x for x in texts)
        assert f"<@{first.id}>, your turn: 1 to call" in t.pings()[-1].content
        tables = [m for m in t.public() if m.attachments]
        assert tables and tables[-1].attachments[0].filename == "table.png"
        assert tables[-1].attachments[0].description.startswith("Poker table, Pre-flop.")
        res = await first.slash(t.channel, "call")  # confirmed privately
        assert res.ephemeral and res.response.content == f"Done: {first.name} calls 1."
        while t.in_hand():
            await t.to_act().slash(t.channel, "check")
        assert any("wins" in x for x in t.texts()), t.texts()
        hands = [text_of(m) for m in t.public() if m.flags.components_v2]
        assert len(hands) == 1 and "wins" in hands[0] and t.pings() == []  # the summary alone
        total = await t.bot.service.tables.chips_total(t.guild.id)
        assert total == 200
        simcord.assert_no_errors(t.env)
