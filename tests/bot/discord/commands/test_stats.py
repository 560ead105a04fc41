"""/holdem stats, replay and chart through the real bot in SimCord: a hand is played, then
looked at three ways; a wrong hand number is answered privately in the member's language."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import simcord
from PIL import Image

from bot.discord.client import HoldemBot
from tests.bot.discord.simtable import Clock, Decks


@asynccontextmanager
async def two_players(tmp_path: Path) -> AsyncIterator[tuple[Any, Any, Any, HoldemBot]]:
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
        alice = guild.add_member(env.create_user("alice"))
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
        turn = bot.service.state(table_id).turn
        assert turn is not None
        first = next(m for m in (alice, bob) if m.id == turn.member)
        other = bob if first is alice else alice
        await first.slash(channel, "raise", amount=6)
        await other.slash(channel, "fold")
        await env.advance_time(5)

        mine = await first.slash(channel, "holdem stats")
        assert mine.ephemeral
        lines = mine.response.content.splitlines()
        assert lines[0] == f"{first.name}'s stats for all time"
        assert "Hands dealt: 1" in lines and "Net chips: +2" in lines
        assert "PFR (raised before the flop): 100.0%" in lines
        theirs = await first.slash(channel, "holdem stats", member=other, period="session")
        assert f"{other.name}'s stats for this session" in theirs.response.content
        assert "Net chips: -2" in theirs.response.content

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
