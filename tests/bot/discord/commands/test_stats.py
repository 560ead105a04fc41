"""/holdem stats, replay and chart through the real bot in SimCord: a hand is played, then
looked at three ways; a wrong hand number is answered privately in the member's language."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import simcord
from PIL import Image

from bot.discord.client import HoldemBot
from bot.pictures.stats_views import ReplayView
from bot.pictures.views import ShowdownView
from tests.bot.discord.simtable import Clock, Decks, layout_reply


@asynccontextmanager
async def two_players(
    tmp_path: Path, *, admin: bool = False
) -> AsyncIterator[tuple[Any, Any, Any, HoldemBot]]:
    """The bot in SimCord with alice and bob in one channel (``admin``: alice may manage the
    server)."""
    clock = Clock()
    bot = HoldemBot(
        db_path=str(tmp_path / "holdem.sqlite3"), clock=clock, deck_source=Decks(),
        rng=random.Random(1), sync_commands=True, edit_interval=0.5, exclusive_db=False,
        render_in_process=False,
    )  # fmt: skip
    async with simcord.run(bot) as env:
        clock.env = env
        guild = env.create_guild("Casino", preferred_locale="en-US")
        channel = guild.create_text_channel("poker")
        roles = []
        if admin:
            roles = [guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))]
        alice = guild.add_member(env.create_user("alice"), roles=roles)
        bob = guild.add_member(env.create_user("bob"))
        try:
            yield env, channel, (alice, bob), bot
        finally:
            if not bot.is_closed():
                await bot.close()


async def test_stats_replay_and_chart_after_a_hand(tmp_path: Path) -> None:
    async with two_players(tmp_path) as (env, channel, (alice, bob), bot):
        await alice.slash(channel, "holdem start")
        await bob.slash(channel, "holdem join")
        await alice.slash(channel, "holdem deal")
        table_id = f"{channel.guild.id}:{channel.id}"
        turn = bot.service.tables.state(table_id).turn
        assert turn is not None
        first = next(m for m in (alice, bob) if m.id == turn.member)
        other = bob if first is alice else alice
        await first.slash(channel, "raise", amount=6)
        await other.slash(channel, "fold")
        await env.advance_time(5)

        mine = await first.slash(channel, "holdem stats")
        assert mine.ephemeral
        heading, lines = layout_reply(mine.response)  # the figures under their heading
        assert heading == f"{first.name}'s stats for all time"
        assert "Hands dealt: 1" in lines and "Net chips: +2" in lines
        assert "PFR (raised before the flop): 100.0%" in lines
        theirs = await first.slash(channel, "holdem stats", member=other, period="session")
        heading, lines = layout_reply(theirs.response)
        assert heading == f"{other.name}'s stats for this session" and "Net chips: -2" in lines

        replayed = await other.slash(channel, "holdem replay")
        assert replayed.response.ephemeral
        text = replayed.response.content
        assert text.startswith("Hand #1, replayed:") and f"{first.name} raises to 6" in text
        gif = replayed.response.attachments[0]
        assert gif.filename == "hand-1.gif" and gif.description.startswith("Replay of hand #1")
        image = Image.open(io.BytesIO(await gif.read()))
        assert image.format == "GIF" and image.n_frames == 3  # the deal, the raise, the fold

        chart = await alice.slash(channel, "holdem chart")
        png = chart.response.attachments[0]
        assert png.filename == "session-1.png"
        assert png.description.startswith("Session 1: 1 hand:")
        assert f"1. {first.name} with 102; 2. {other.name} with 98" in (png.description)

        missing = await alice.slash(channel, "holdem replay", hand=99)
        assert missing.ephemeral
        assert missing.response.content == "There is no finished hand #99 in this server."


async def test_the_pictures_of_a_hand_checked_down_say_who_won_what(tmp_path: Path) -> None:
    """Through the real bot: the showdown picture says which pot each winner's chips came
    from, and the replay's frames say what happened, the last one who won and with what."""
    async with two_players(tmp_path) as (env, channel, (alice, bob), bot):
        drawn: list[object] = []
        render = bot.ctx.images.render

        async def recording(function: Any, view: Any) -> bytes:
            drawn.append(view)
            return await render(function, view)

        bot.ctx.images.render = recording  # type: ignore[method-assign]
        await alice.slash(channel, "holdem start")
        await bob.slash(channel, "holdem join")
        await alice.slash(channel, "holdem deal")
        table_id = f"{channel.guild.id}:{channel.id}"
        members = {alice.id: alice, bob.id: bob}
        while (turn := bot.service.tables.state(table_id).turn) is not None:
            move = "check" if turn.legal.can_check else "call"
            await members[turn.member].slash(channel, move)
        await env.advance_time(5)

        showdowns = [v for v in drawn if isinstance(v, ShowdownView)]
        assert len(showdowns) == 1
        winners = [h for h in showdowns[0].hands if h.is_winner]
        assert winners and sum(h.won for h in winners) == 4  # the blinds, called and checked
        for hand in winners:
            assert [p.label for p in hand.pots] == ["Pot"]
            assert sum(p.amount for p in hand.pots) == hand.won

        drawn.clear()
        await alice.slash(channel, "holdem replay")
        replay = next(v for v in drawn if isinstance(v, ReplayView))
        captions = [frame.caption for frame in replay.frames]
        assert captions[0].startswith("Hand #1: ") and all(captions)
        assert any(c.endswith(" calls 1") for c in captions)  # the small blind completes
        assert " wins " in replay.result
        assert {f.table.blind_level for f in replay.frames} == {"Blinds: 1/2"}
