"""The hand message, offline: one layout message per hand whose picture is described by its
alt text (never visible text), ``/holdem table`` posting it again, and the fair deck's
commitment shortened in its footer."""

from __future__ import annotations

import re
from pathlib import Path

import simcord

from tests.bot.discord.simtable import custom_ids, table_env, text_of


async def test_holdem_table_posts_the_hand_message_again_and_it_plays_on(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        old = t.hand_message()
        assert old.flags.components_v2 and not old.content
        (picture,) = old.attachments
        assert picture.description.startswith("Poker table, Pre-flop.")
        assert picture.description not in text_of(old)  # the alt text is not visible text
        footer = text_of(old).splitlines()[-1]
        assert re.fullmatch(
            r"-# Fair deck [0-9a-f]{12}… · the full commitment: /holdem fair", footer
        )
        shown = await bob.slash(t.channel, "holdem table")
        assert not shown.ephemeral
        new = t.hand_message()
        assert new.id == shown.response.id != old.id
        assert custom_ids(new) == custom_ids(old)  # the same decision's buttons
        moved = next(m for m in t.public() if m.id == old.id)
        assert text_of(moved) == "Hand #1 goes on in the message below." and not moved.attachments
        who = t.to_act()
        res = await who.click(new, label="Call 1")
        assert f"{who.name} calls 1." in text_of(res.response)
        assert t.to_act() is not who and len(t.turn_messages()) == 1
        simcord.assert_no_errors(t.env)
