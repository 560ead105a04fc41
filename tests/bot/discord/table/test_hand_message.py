"""The hand message, offline: one layout message per hand whose picture is described by its
alt text (never visible text), ``/holdem table`` posting it again, and the fair deck's
commitment shortened in its footer."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import simcord

import bot.discord.table.images as images
from bot.present import fit, table_alt, table_view
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


async def test_a_table_picture_of_one_state_is_drawn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many messages show a state of the table (the hand message, ``/holdem table``
    asked again and again, a run-out, the summary), its picture is drawn once; and the
    picture ``/holdem table`` shows is always of the table as it stands."""
    drawn: Counter[tuple[str, object]] = Counter()
    for name in ("render_table", "render_runout", "render_showdown", "render_hole_cards"):
        real = getattr(images, name)

        def counted(view: Any, real: Any = real, name: str = name) -> bytes:
            drawn[name, view] += 1
            return bytes(real(view))

        monkeypatch.setattr(images, name, counted)
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await alice.slash(t.channel, "holdem start")
        for member in (bob, carol):
            await member.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem dm", state="on")  # her cards at every deal
        for hand in range(2):
            await alice.slash(t.channel, "holdem deal")
            for member in t.members:  # each one's cards kept up to date, the DM's too
                await member.slash(t.channel, "holdem cards")
            while t.in_hand():
                for asker in (bob, carol):  # the same state asked for twice
                    shown = await asker.slash(t.channel, "holdem table")
                    (picture,) = shown.response.attachments
                    now = table_alt("en", table_view(t.state(), "en"))
                    assert picture.description == fit(now)  # never an older state's
                await t.to_act().slash(t.channel, "allin" if hand else "call")
        await t.env.advance_time(5)  # the kept cards' last edits
        kinds = Counter(name for name, _ in drawn)
        assert kinds["render_table"] >= 6 and kinds["render_runout"] and kinds["render_showdown"]
        assert kinds["render_hole_cards"] >= 6
        assert {key: n for key, n in drawn.items() if n > 1} == {}
        simcord.assert_no_errors(t.env)
