"""When a session ends, the message that ends it carries every player's stack over the
session as a chart, with the standings in its alt text."""

from __future__ import annotations

from pathlib import Path

import simcord

from engine import SessionEnd, preset
from tests.bot.discord.simtable import table_env, text_of


async def test_the_last_hand_of_a_session_posts_the_chart(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        one_hand = preset("no-limit").with_changes(session_end=SessionEnd.AFTER_HANDS, end_after=1)
        await t.bot.ctx.guilds.set_rules(t.guild.id, "no-limit", one_hand)
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        first = t.to_act()
        await first.slash(t.channel, "fold")
        ended = t.hand_message()  # the hand's summary, with the session's chart
        assert "The session is over." in text_of(ended).splitlines()
        [chart] = [a for a in ended.attachments if a.filename == "session-1.png"]
        assert chart.description.startswith("Session 1: 1 hand:")
        other = bob if first is alice else alice
        assert f"1. {other.name} with 101; 2. {first.name} with 99" in chart.description
        await t.env.advance_time(10)  # no next hand: the session is over
        assert not t.in_hand()
        simcord.assert_no_errors(t.env)
