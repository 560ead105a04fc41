"""The turn timer on the virtual clock: a warning, then check or fold; twice sits out."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.dealer import WARNING_SECONDS

from .simtable import Table, table_env

TURN = 60.0
"""The default turn time (``HouseRules.turn_seconds``)."""


def custom_ids(message: object) -> list[str]:
    return [
        child.custom_id
        for row in getattr(message, "components", ())
        for child in getattr(row, "children", ())
        if getattr(child, "custom_id", None)
    ]


def turn_messages(t: Table) -> list[object]:
    return [m for m in t.public() if any(c.startswith("holdem:act:") for c in custom_ids(m))]


async def start(t: Table) -> None:
    t.bot.edits.interval = 3600.0  # parked: no wall-clock wait for coalesced edits
    res = await t.members[0].slash(t.channel, "holdem start")
    assert not res.ephemeral
    for member in t.members[1:]:
        assert not (await member.slash(t.channel, "holdem join")).ephemeral
    assert (await t.members[0].slash(t.channel, "holdem deal")).response.content == "Hand #1"


async def test_warning_then_fold_when_a_call_is_due(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        who = t.to_act()
        seen = len(t.texts())
        await t.env.advance_time(TURN - WARNING_SECONDS - 1)
        assert t.texts()[seen:] == []
        await t.env.advance_time(1)
        assert t.texts()[seen:] == [f"<@{who.id}>, 10 seconds left to act."]
        assert t.to_act() is who
        await t.env.advance_time(WARNING_SECONDS - 1)
        assert t.to_act() is who
        turns = len(turn_messages(t))
        await t.env.advance_time(1)
        assert f"{who.name} ran out of time and folds." in t.texts()
        nxt = t.to_act()
        assert nxt is not who
        assert len(turn_messages(t)) == turns + 1  # the next turn message appears
        assert f"<@{nxt.id}>, it is your turn" in t.texts()[-1]
        simcord.assert_no_errors(t.env)


async def test_check_when_free(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        await t.to_act().slash(t.channel, "call")
        bb = t.to_act()  # the big blind may check
        await t.env.advance_time(TURN)
        assert any(x.startswith(f"{bb.name} ran out of time and checks.") for x in t.texts())
        status = t.bot.service.status(f"{t.guild.id}:{t.channel.id}")
        assert status.hand_id is not None  # the flop is dealt, the hand goes on
        assert t.to_act() is bb  # heads-up: the big blind acts first after the flop
        simcord.assert_no_errors(t.env)


async def test_two_timeouts_in_a_row_sit_out(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        table_id = f"{t.guild.id}:{t.channel.id}"
        total = await t.bot.service.chips_total(t.guild.id)
        sleepy = t.to_act()
        await t.env.advance_time(TURN)  # first timeout: folds
        assert f"{sleepy.name} ran out of time and folds." in t.texts()
        assert f"{sleepy.name} ran out of time twice and is now sitting out." not in t.texts()
        # the others finish the hand; the next one is dealt after the pause
        for _ in range(20):
            if t.bot.service.status(table_id).hand_id is None:
                break
            who = t.to_act()
            res = await who.slash(t.channel, "call")
            if res.response.ephemeral:
                await who.slash(t.channel, "check")
        await t.env.advance_time(5)
        assert t.bot.service.status(table_id).hand_id is not None
        for _ in range(20):  # everyone else acts; sleepy's turn times out again
            if t.to_act() is sleepy:
                break
            who = t.to_act()
            res = await who.slash(t.channel, "call")
            if res.response.ephemeral:
                await who.slash(t.channel, "check")
        assert t.to_act() is sleepy
        await t.env.advance_time(TURN)
        assert f"{sleepy.name} ran out of time twice and is now sitting out." in t.texts()
        table = t.bot.service.table(t.guild.id, t.channel.id)
        seat = table.seats[table.seat_of(str(sleepy.id))]
        assert seat is not None and seat.status.name != "ACTIVE"
        assert await t.bot.service.chips_total(t.guild.id) == total
        simcord.assert_no_errors(t.env)
