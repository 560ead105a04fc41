"""A restart in the middle of a hand: same cards, same decision point, old buttons work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import simcord

from tests.bot.discord.simtable import Table, answer, custom_ids, make_bot, table_env, text_of


def state(t: Table) -> tuple[Any, ...]:
    """The hand in progress, everything a restart must keep: public state and hole cards."""
    now = t.state()
    assert now.in_hand and now.turn is not None
    holes = tuple(t.bot.service.tables.cards_of(t.table_id, m) for m in now.hand_members)
    seats = tuple((s.member, s.stack, s.bet) for s in now.occupied())
    return (now.hand_id, now.hand_members, holes, now.board, now.turn.seq, seats, now.turn.member)


async def restart(t: Table) -> None:
    await t.restart()
    t.bot.edits.interval = 3600.0


async def start(t: Table) -> None:
    t.bot.edits.interval = 3600.0
    assert not (await t.members[0].slash(t.channel, "holdem start")).ephemeral
    for member in t.members[1:]:
        assert (await member.slash(t.channel, "holdem join")).ephemeral  # said in the lobby
    dealt = await t.members[0].slash(t.channel, "holdem deal")
    assert text_of(dealt.response).startswith("### Hand #1 ·")


async def test_restart_resumes_the_hand_and_old_buttons_work(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "check")  # the flop is out
        await t.to_act().slash(t.channel, "check")
        before = state(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        old = t.turn_message()
        who = t.to_act()
        old_bot = t.bot
        await restart(t)
        assert t.bot is not old_bot
        assert state(t) == before
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        assert "The dealer is back. The hand continues." in t.lines()
        assert t.turn_message().id == old.id  # the hand goes on in the same message
        assert t.pings()[-1].content.startswith(f"<@{who.id}>, your turn")
        res = await who.click(old, label="Check")  # a button sent before the restart
        assert not answer(res).ephemeral, answer(res).content
        assert f"{who.name} checks." in answer(res).content.splitlines()
        assert len(t.turn_messages()) == 1 and len(t.pings()) == 1
        assert t.to_act() is not who
        simcord.assert_no_errors(t.env)


async def test_a_passed_deadline_gets_fresh_time_not_a_fold(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        who = t.to_act()
        before = state(t)
        await t.bot.close()
        await t.env.advance_time(120)  # the bot is down past the deadline
        # As t.restart() does: the harness's bot (no exclusive lock: one process restarts it)
        await t.env.restart_bot(make_bot(t.db, t.clock, t.decks))
        t.bot.edits.interval = 3600.0
        assert state(t) == before
        assert not any("ran out of time" in x for x in t.texts())
        turn = t.state().turn
        assert turn is not None and turn.deadline is not None
        assert turn.deadline >= t.clock() + 59
        await t.env.advance_time(59)
        assert t.to_act() is who
        await t.env.advance_time(1)
        assert any(x.startswith(f"{who.name} ran out of time") for x in t.lines())
        simcord.assert_no_errors(t.env)


async def test_restart_between_hands_deals_the_next_hand(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await start(t)
        await t.to_act().slash(t.channel, "fold")
        assert not t.in_hand()
        await restart(t)
        await t.env.advance_time(5)
        assert t.in_hand()
        assert "Hand #2" in "\n".join(t.texts())
        simcord.assert_no_errors(t.env)


async def test_a_check_button_from_before_check_had_its_own_id_still_checks(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path, players=3) as t:
        await start(t)
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "call")  # the big blind may check now
        who = t.to_act()
        turn = t.state().turn
        assert turn is not None and turn.legal.can_check
        ids = custom_ids(t.turn_message())
        prefix = f"holdem:act:{t.guild.id}-{t.channel.id}:{turn.hand_id}:{turn.seq}:"
        assert f"{prefix}check" in ids and f"{prefix}call" not in ids
        # The same turn's Check button as it was posted before the upgrade: its id said call.
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Check", custom_id=f"{prefix}call"))
        channel = t.bot.get_partial_messageable(t.channel.id)
        await channel.send("an old turn message", view=view)
        old = t.public()[-1]
        await restart(t)  # a new process, which never sent that view
        res = await who.click(old, custom_id=f"{prefix}call")
        assert not answer(res).ephemeral, answer(res).content
        # The old message says where the hand went on; the hand message has the check.
        assert answer(res).content == "Hand #1 goes on in the message below."
        assert f"{who.name} checks." in text_of(t.hand_message()).splitlines()
        assert t.to_act() is not who
        simcord.assert_no_errors(t.env)
