"""Hole cards: only ever to their owner, privately or by direct message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from bot.i18n import cards_text
from engine import parse_cards
from tests.bot.discord.simtable import Table, table_env


async def _dealt(t: Table) -> None:
    alice, bob = t.members
    await alice.slash(t.channel, "holdem start")
    await bob.slash(t.channel, "holdem join")
    await alice.slash(t.channel, "holdem deal")


def _hole(t: Table, member: Any) -> str:
    return t.hole(member)


def _descriptions(messages: list[Any]) -> str:
    return " ".join(a.description or "" for m in messages for a in m.attachments)


async def test_cards_are_private_and_named_in_the_alt_text(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        await _dealt(t)
        res = await alice.slash(t.channel, "holdem cards")
        assert res.ephemeral and res.response.ephemeral
        att = res.response.attachments[0]
        mine = _hole(t, alice)
        assert att.filename == "cards.png"
        owes = " To call 1." if t.to_act() is alice else ""  # on her turn, as the small blind
        assert att.description == f"Your hole cards: {mine}.{owes}"
        assert _descriptions(t.public(viewer=alice)).count(mine) == 1
        assert mine not in _descriptions(t.public(viewer=bob))
        assert all(mine not in x for x in t.texts(viewer=bob))
        simcord.assert_no_errors(t.env)


async def test_my_cards_button_and_the_hand_name_after_the_flop(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        await _dealt(t)
        turn = t.turn_message()  # the hand message, with its buttons
        assert turn.components
        first = t.to_act()
        other = bob if first is alice else alice
        res = await other.click(turn, label="My cards")
        assert res.response.ephemeral
        assert res.response.attachments[0].description == f"Your hole cards: {_hole(t, other)}."
        assert res.response.id not in [m.id for m in t.public(viewer=first)]
        await first.slash(t.channel, "call")
        await t.to_act().slash(t.channel, "check")  # the flop
        flop = t.state().board
        assert len(flop) == 3
        await t.env.advance_time(1)  # the coalesced edit (edit_interval 0.5 s)
        desc = res.response.attachments[0].description
        assert desc.startswith(f"Your hole cards: {_hole(t, other)}. You have ")
        board = " ".join(cards_text(parse_cards(c)) for c in flop)
        assert res.response.content.endswith(f"Board: {board}")
        simcord.assert_no_errors(t.env)


async def test_cards_without_a_hand(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        await alice.slash(t.channel, "holdem start")
        res = await alice.slash(t.channel, "holdem cards")
        assert res.response.ephemeral
        assert res.response.content == "You have no cards in this hand."
        simcord.assert_no_errors(t.env)


async def test_dm_on_sends_the_cards_at_the_next_deal(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        res = await alice.slash(t.channel, "holdem dm", state="on")
        assert res.response.ephemeral
        assert res.response.content == (
            "Your cards will come by direct message at the start of each hand."
        )
        assert (await t.bot.store.get_member_settings(t.guild.id, alice.id)).dm
        await _dealt(t)
        dm = alice.user.dm_channel.history()[-1]
        assert dm.attachments[0].filename == "cards.png"
        assert dm.attachments[0].description == f"Your hole cards: {_hole(t, alice)}."
        assert bob.user.dm_channel.history() == []
        # The next deal keeps the direct-message channel: one post, no user looked up again.
        seen = len(t.env.backend.http_requests)
        await t.to_act().slash(t.channel, "fold")
        await t.env.advance_time(5)  # the next hand, dealt by the table
        assert t.state().hand_id == 2
        calls = [(e.method, e.path) for e in t.env.backend.http_requests[seen:]]
        assert not [c for c in calls if c[1].startswith("/users/")], calls
        dm_channel = alice.user.dm_channel.id
        assert calls.count(("POST", f"/channels/{dm_channel}/messages")) == 1, calls
        assert alice.user.dm_channel.history()[-1].attachments[0].description == (
            f"Your hole cards: {_hole(t, alice)}."
        )
        off = await alice.slash(t.channel, "holdem dm", state="off")
        assert (
            off.ephemeral and not (await t.bot.store.get_member_settings(t.guild.id, alice.id)).dm
        )
        simcord.assert_no_errors(t.env)


async def test_dm_on_with_closed_dms_stays_off(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        t.env.inject_error(
            "POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
            message="Cannot send messages to this user",
        )  # fmt: skip
        res = await alice.slash(t.channel, "holdem dm", state="on")
        assert res.response.ephemeral
        assert res.response.content.startswith("I could not send you a direct message.")
        assert not (await t.bot.store.get_member_settings(t.guild.id, alice.id)).dm
        simcord.assert_no_errors(t.env)


async def test_the_cards_say_what_a_call_costs_on_the_owners_turn(tmp_path: Path) -> None:
    """The hole cards carry the amount to call, on their owner's turn only."""
    async with table_env(tmp_path) as t:
        await _dealt(t)
        turn = t.turn_message()
        first = t.to_act()  # heads-up: the button posts the small blind and acts first
        other = next(m for m in t.members if m is not first)
        mine = await first.click(turn, label="My cards")
        theirs = await other.click(turn, label="My cards")
        assert mine.response.attachments[0].description.endswith(" To call 1.")
        assert "To call" not in (theirs.response.attachments[0].description or "")
        await first.slash(t.channel, "call")  # now the big blind's turn, with nothing to call
        await t.env.advance_time(1)  # the coalesced edits
        assert "To call" not in (mine.response.attachments[0].description or "")
        assert "To call" not in (theirs.response.attachments[0].description or "")
        simcord.assert_no_errors(t.env)
