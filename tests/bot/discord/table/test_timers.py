"""The turn timer on the virtual clock: a warning, then check or fold; twice sits out."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.discord.table.loop import WARNING_SECONDS
from tests.bot.discord.simtable import Table, table_env, text_of

TURN = 60.0
"""The default turn time (``HouseRules.turn_seconds``)."""


async def start(t: Table) -> None:
    t.bot.edits.interval = 3600.0  # parked: no wall-clock wait for coalesced edits
    res = await t.members[0].slash(t.channel, "holdem start")
    assert not res.ephemeral
    for member in t.members[1:]:
        assert (await member.slash(t.channel, "holdem join")).ephemeral  # said in the lobby
    dealt = await t.members[0].slash(t.channel, "holdem deal")
    assert text_of(dealt.response).startswith("### Hand #1 ·")


async def test_warning_then_fold_when_a_call_is_due(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        who = t.to_act()
        [ping] = t.pings()
        assert ping.content.startswith(f"<@{who.id}>, your turn: 2 to call")
        await t.env.advance_time(TURN - WARNING_SECONDS - 1)
        assert [p.id for p in t.pings()] == [ping.id]
        await t.env.advance_time(1)
        assert [p.content for p in t.pings()] == [f"<@{who.id}>, 10 seconds left to act."]
        assert t.to_act() is who
        await t.env.advance_time(WARNING_SECONDS - 1)
        assert t.to_act() is who
        [before] = t.turn_messages()
        await t.env.advance_time(1)
        assert f"{who.name} ran out of time and folds." in t.lines()
        nxt = t.to_act()
        assert nxt is not who
        [after] = t.turn_messages()  # the hand message, edited with the next turn's buttons
        assert after.id == before.id and f"To act: <@{nxt.id}>" in text_of(after)
        [ping] = t.pings()  # the warning went, the next player is pinged
        assert ping.content.startswith(f"<@{nxt.id}>, your turn")
        simcord.assert_no_errors(t.env)


async def test_check_when_free(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        await t.to_act().slash(t.channel, "call")
        bb = t.to_act()  # the big blind may check
        await t.env.advance_time(TURN)
        assert f"{bb.name} ran out of time and checks." in t.lines()
        assert t.in_hand()  # the flop is dealt, the hand goes on
        assert t.to_act() is bb  # heads-up: the big blind acts first after the flop
        simcord.assert_no_errors(t.env)


async def test_two_timeouts_in_a_row_sit_out(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        sleepy = t.to_act()
        await t.env.advance_time(TURN)  # first timeout: folds
        assert f"{sleepy.name} ran out of time and folds." in t.lines()
        assert f"{sleepy.name} ran out of time twice and is now sitting out." not in t.lines()
        # the others finish the hand; the next one is dealt after the pause
        for _ in range(20):
            if not t.in_hand():
                break
            who = t.to_act()
            res = await who.slash(t.channel, "call")
            if not res.response.content.startswith("Done:"):
                await who.slash(t.channel, "check")
        await t.env.advance_time(5)
        assert t.in_hand()
        for _ in range(20):  # everyone else acts; sleepy's turn times out again
            if t.to_act() is sleepy:
                break
            who = t.to_act()
            res = await who.slash(t.channel, "call")
            if not res.response.content.startswith("Done:"):
                await who.slash(t.channel, "check")
        assert t.to_act() is sleepy
        await t.env.advance_time(TURN)
        said = [line for x in t.said() for line in x.splitlines()]
        assert f"{sleepy.name} ran out of time twice and is now sitting out." in said
        seat = t.state().seat_of(sleepy.id)
        assert seat is not None and seat.status.name != "ACTIVE"
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        simcord.assert_no_errors(t.env)
