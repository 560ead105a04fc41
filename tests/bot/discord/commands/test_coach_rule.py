"""The house rule ``coach`` as the server sets it now, not only as a table opened with it: an
admin who forbids the learning mode while a table plays stops the figures of open panels."""

from __future__ import annotations

from pathlib import Path

import simcord

from tests.bot.discord.commands.test_member_settings import _coached_panels
from tests.bot.discord.simtable import table_env


async def test_forbidding_the_coach_mid_hand_stops_an_open_panels_figures(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        first, other, _, theirs = await _coached_panels(t)
        await first.slash(t.channel, "call")  # the big blind's turn: their panel has figures
        await t.env.advance_time(1)  # the coalesced edits
        assert "**Learning mode**" in theirs.response.content
        res = await alice.slash(t.channel, "holdem-admin config set", setting="coach", value="off")
        assert res.ephemeral and res.response.content == "Learning mode is now off."
        assert t.state().rules.coach  # the table keeps the rules it opened with
        await other.slash(t.channel, "check")  # the flop: the big blind acts first again
        assert len(t.state().board) == 3 and t.to_act() is other
        await t.env.advance_time(1)
        panel = theirs.response.content
        assert panel.startswith("Your hole cards: ") and "Board:" in panel  # refreshed
        assert "Learning mode" not in panel
        fresh = await other.slash(t.channel, "holdem cards")
        assert "Learning mode" not in fresh.response.content
        simcord.assert_no_errors(t.env)
