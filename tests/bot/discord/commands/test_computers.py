"""Practice tables through the real bot: computer players seated, played and removed."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.tables.computers import computer_level, is_computer
from engine import HouseRules, SessionEnd
from tests.bot.discord.simtable import Table, table_env


async def _balance(t: Table, member: object) -> int | None:
    return await t.bot.store.balance(t.guild.id, member.id)  # type: ignore[attr-defined]


async def _play_session(t: Table) -> None:
    """Alice checks or calls; the computers play; the loop deals, until the session ends."""
    alice = t.members[0]
    for _ in range(400):
        await t.bot.computers.idle()
        state = t.state()
        if state.session_over:
            return
        if state.turn is not None and state.turn.member == alice.id:
            res = await alice.slash(t.channel, "call")
            if not res.response.content.startswith("Done:"):  # nothing to call
                await alice.slash(t.channel, "check")
        else:
            await t.env.advance_time(6)  # the pause before the next deal
    raise AssertionError("the session did not end")


async def test_one_member_and_five_computers_play_a_session_to_its_end(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=1) as t:
        alice = t.members[0]
        rules = HouseRules(session_end=SessionEnd.AFTER_HANDS, end_after=6)
        await t.bot.ctx.guilds.set_rules(t.guild.id, "no-limit", rules)
        await alice.slash(t.channel, "holdem start")
        assert await _balance(t, alice) == 0  # the buy-in is on the table
        first = await alice.slash(t.channel, "holdem computer add", level="hard")
        assert first.ephemeral  # the lobby's seat list says it in public
        assert "Computer 1 (hard) sits down." in first.response.content
        assert "practice table" in first.response.content
        assert await _balance(t, alice) == 100  # the stack went back to the wallet
        for level in ("easy", "normal", "easy", "hard"):
            res = await alice.slash(t.channel, "holdem computer add", level=level)
            assert "practice table" not in res.response.content
        seated = [s.member for s in t.state().occupied()]
        assert len(seated) == 6 and sum(is_computer(m) for m in seated) == 5
        assert [computer_level(m).value for m in seated[1:]] == [  # type: ignore[union-attr]
            "hard", "easy", "normal", "easy", "hard",
        ]  # fmt: skip
        await alice.slash(t.channel, "holdem deal")
        await _play_session(t)
        assert t.state().hands_played == 6
        assert await _balance(t, alice) == 100  # practice chips never reach a wallet
        for member in seated[1:]:
            assert await t.bot.store.balance(t.guild.id, member) is None
        simcord.assert_no_errors(t.env)


async def test_only_the_host_or_an_admin_seats_computers_and_one_can_be_removed(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path, players=2, admin=False) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        refused = await bob.slash(t.channel, "holdem computer add", level="easy")
        assert refused.ephemeral and "host" in refused.response.content
        await alice.slash(t.channel, "holdem computer add", level="easy")
        none = await alice.slash(t.channel, "holdem computer remove", level="hard")
        assert none.ephemeral
        gone = await alice.slash(t.channel, "holdem computer remove")
        assert "Computer 1 (easy) leaves the table" in gone.response.content
        assert not any(is_computer(s.member) for s in t.state().occupied())
        simcord.assert_no_errors(t.env)


async def test_computers_play_on_after_a_restart(tmp_path: Path) -> None:
    """The seats' ids say their levels, so a restored table's computers take their turns."""
    async with table_env(tmp_path, players=1) as t:
        alice = t.members[0]
        rules = HouseRules(session_end=SessionEnd.AFTER_HANDS, end_after=3)
        await t.bot.ctx.guilds.set_rules(t.guild.id, "no-limit", rules)
        await alice.slash(t.channel, "holdem start")
        for level in ("hard", "normal"):
            await alice.slash(t.channel, "holdem computer add", level=level)
        await alice.slash(t.channel, "holdem deal")
        await t.bot.computers.idle()
        await t.restart()
        await _play_session(t)
        assert t.state().hands_played == 3
        assert await _balance(t, alice) == 100
        simcord.assert_no_errors(t.env)
