"""The table's loop is supervised: an error inside it is logged, the table is picked up again
from the application's state, and play goes on."""

from __future__ import annotations

from pathlib import Path

import simcord

from tests.bot.discord.simtable import answer, table_env, text_of


async def test_a_failure_in_the_loop_is_told_and_the_table_goes_on(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        who = t.to_act()
        t.bot.loops.crash(t.table_id)
        await t.env.advance_time(0.1)
        [turn] = t.turn_messages()  # the hand message, with fresh buttons
        assert "The dealer lost track of the table for a moment" in text_of(turn)
        assert t.pings()[-1].content.startswith(f"<@{who.id}>, your turn")  # pinged again
        res = await who.click(turn, label="Call 1")
        assert f"{who.name} calls 1." in answer(res).content.splitlines()
        assert t.to_act() is not who
        simcord.assert_no_errors(t.env)
