"""A restart in the middle of a hand: same cards, same decision point, old buttons work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from .simtable import Table, table_env


def custom_ids(message: Any) -> list[str]:
    return [
        child.custom_id
        for row in getattr(message, "components", ())
        for child in getattr(row, "children", ())
        if getattr(child, "custom_id", None)
    ]


def turn_message(t: Table) -> Any:
    for message in reversed(t.public()):
        if any(c.startswith("holdem:act:") for c in custom_ids(message)):
            return message
    raise AssertionError("no turn message")


def state(t: Table) -> tuple[Any, ...]:
    hand_id, hand, members = t.bot.service.hand_of(t.guild.id, t.channel.id)
    assert hand is not None
    return (
        hand_id,
        members,
        tuple(map(tuple, hand.hole)),
        tuple(hand.board),
        len(hand.actions),
        tuple(hand.stacks),
        tuple(hand.bets),
        hand.to_act,
    )


async def restart(t: Table) -> None:
    await t.restart()
    t.bot.edits.interval = 3600.0


async def start(t: Table) -> None:
    t.bot.edits.interval = 3600.0
    assert not (await t.members[0].slash(t.channel, "holdem start")).ephemeral
    for member in t.members[1:]:
        assert not (await member.slash(t.channel, "holdem join")).ephemeral
    assert (await t.members[0].slash(t.channel, "holdem deal")).response.content == "Hand #1"


async def test_restart_resumes_the_hand_and_old_buttons_work(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "check")  # the flop is out
        await t.to_act().slash(t.channel, "check")
        before = state(t)
        total = await t.bot.service.chips_total(t.guild.id)
        old = turn_message(t)
        who = t.to_act()
        old_bot = t.bot
        await restart(t)
        assert t.bot is not old_bot
        assert state(t) == before
        assert await t.bot.service.chips_total(t.guild.id) == total
        assert "The dealer is back. The hand continues." in t.texts()
        assert turn_message(t).id != old.id  # a fresh turn message is posted
        res = await who.click(old, label="Check")  # a button sent before the restart
        assert not res.response.ephemeral, res.response.content
        assert res.response.content == f"{who.name} checks."
        assert t.to_act() is not who
        simcord.assert_no_errors(t.env)


async def test_a_passed_deadline_gets_fresh_time_not_a_fold(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        who = t.to_act()
        before = state(t)
        await t.bot.close()
        await t.env.advance_time(120)  # the bot is down past the deadline
        await t.env.restart_bot(type(t.bot)(**_bot_options(t)))
        t.bot.edits.interval = 3600.0
        assert state(t) == before
        assert not any("ran out of time" in x for x in t.texts())
        status = t.bot.service.status(f"{t.guild.id}:{t.channel.id}")
        assert status.deadline is not None and status.deadline >= t.clock() + 59
        await t.env.advance_time(59)
        assert t.to_act() is who
        await t.env.advance_time(1)
        assert any(x.startswith(f"{who.name} ran out of time") for x in t.texts())
        simcord.assert_no_errors(t.env)


def _bot_options(t: Table) -> dict[str, Any]:
    import random

    return {
        "db_path": str(t.db),
        "clock": t.clock,
        "deck_source": t.decks,
        "rng": random.Random(1),
        "sync_commands": True,
        "edit_interval": 3600.0,
    }


async def test_restart_between_hands_deals_the_next_hand(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        await t.to_act().slash(t.channel, "fold")
        table_id = f"{t.guild.id}:{t.channel.id}"
        assert t.bot.service.status(table_id).hand_id is None
        await restart(t)
        await t.env.advance_time(5)
        assert t.bot.service.status(table_id).hand_id is not None
        assert "Hand #2" in "\n".join(t.texts())
        simcord.assert_no_errors(t.env)
