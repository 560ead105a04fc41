"""Links from Discord: with the pages on, ``/holdem replay``, ``/holdem stats`` and
``/holdem history`` (the real bot in SimCord) answer with a signed link under their title,
and that link opens the page of the same hand, or member, from the same database; without
the setting, no link."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.settings import WebSettings
from bot.store.store import Store
from bot.web import create_app
from tests.bot.discord.commands.test_stats import two_players
from tests.bot.discord.simtable import text_of
from tests.web.conftest import SECRET

BASE = "https://poker.example.org"


async def test_replay_and_stats_answer_with_a_signed_link_that_opens_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOLDEM_WEB_BASE_URL", BASE)
    monkeypatch.setenv("HOLDEM_WEB_SECRET", SECRET.decode())
    async with two_players(tmp_path) as (env, channel, (alice, bob), bot):
        await alice.slash(channel, "holdem start")
        await bob.slash(channel, "holdem join")
        await alice.slash(channel, "holdem deal")
        turn = bot.service.tables.state(f"{channel.guild.id}:{channel.id}").turn
        assert turn is not None
        first = next(m for m in (alice, bob) if m.id == turn.member)
        await first.slash(channel, "fold")
        await env.advance_time(5)
        summary = "\n".join(text_of(m) for m in channel.history())  # the hand message's
        replayed = (await alice.slash(channel, "holdem replay")).response.content
        stats = text_of((await alice.slash(channel, "holdem stats")).response)
        history = await alice.slash(channel, "holdem history")
        listed = history.followups[0].content if history.followups else history.response.content
        monkeypatch.delenv("HOLDEM_WEB_BASE_URL")
        plain = (await alice.slash(channel, "holdem replay")).response.content
        now = bot.clock()
    hand_url = re.search(rf"In your browser: ({re.escape(BASE)}\S+)", replayed.splitlines()[1])
    member_url = re.search(rf"In your browser: ({re.escape(BASE)}\S+)", stats.splitlines()[1])
    assert hand_url and member_url and "In your browser" not in plain
    assert member_url[1].split("?")[0] in listed  # /holdem history links the member's page
    assert f"/g/{channel.guild.id}/hand/1?k=" in hand_url[1]
    summary_url = re.search(rf"In your browser: ({re.escape(BASE)}\S+)", summary)
    assert summary_url and f"/g/{channel.guild.id}/hand/1?k=" in summary_url[1]
    assert f"/g/{channel.guild.id}/member/{alice.id}?k=" in member_url[1]
    async with await Store.open(str(tmp_path / "holdem.sqlite3")) as store:
        app = create_app(store, WebSettings(secret=SECRET), clock=lambda: now)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        root = f"http://127.0.0.1:{runner.addresses[0][1]}"
        try:
            async with aiohttp.ClientSession() as session:
                for url, words in ((hand_url[1], "Hand #1"), (member_url[1], alice.name)):
                    async with session.get(url.replace(BASE, root)) as answer:
                        assert answer.status == 200 and words in await answer.text()
                    forged = url.replace(BASE, root)[:-1] + ("0" if url[-1] != "0" else "1")
                    async with session.get(forged) as answer:
                        assert answer.status == 403
        finally:
            await runner.cleanup()
