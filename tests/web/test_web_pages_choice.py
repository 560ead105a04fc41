"""A server's own choice of who reads its web pages (``/holdem-admin config web-pages``):
its admins make them public and the pages open without a key, while another server's still
need a link; a member without Manage Server cannot change it; the choice shows in the config
listing and ``/holdem rules``, survives a change of the house rules, and can be taken back;
the operator's ``HOLDEM_WEB_PUBLIC`` still makes a server public whatever it chose."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
import simcord
from aiohttp import web

from bot.i18n import CATALOGUE
from bot.settings import WebSettings
from bot.store.store import Store
from bot.web import create_app
from bot.web.links import sign
from tests.bot.discord.commands.test_stats import two_players
from tests.bot.discord.simtable import text_of
from tests.web.conftest import SECRET

CATALOGUE.strict = True

BASE = "https://poker.example.org"
WEB_PAGES = "holdem-admin config web-pages"
REFUSED = "Only members with Manage Server can do this."
OPENED = (
    "The server's web pages are now open to anyone with the address: its tables, finished "
    "hands, leaderboard and members' stats."
)
CLOSED = "The server's web pages now open only with a link from the bot."


@asynccontextmanager
async def _pages(store: Store, clock: list[float]) -> AsyncIterator[str]:
    """The web companion over the bot's own store (as ``HOLDEM_WEB=1`` serves it), with the
    clock ``clock[0]``."""
    runner = web.AppRunner(create_app(store, WebSettings(secret=SECRET), clock=lambda: clock[0]))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def _status(url: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status


async def test_a_servers_admins_open_its_pages_and_take_them_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOLDEM_WEB_BASE_URL", BASE)
    monkeypatch.setenv("HOLDEM_WEB_SECRET", SECRET.decode())
    monkeypatch.delenv("HOLDEM_WEB_PUBLIC", raising=False)
    async with two_players(tmp_path, admin=True) as (env, channel, (alice, bob), bot):
        guild = channel.guild
        elsewhere = env.create_guild("Elsewhere", preferred_locale="en-US")
        # the server lets bob use the admin command (Integrations): Manage Server still rules
        admin = next(c for c in await bot.tree.fetch_commands() if c.name == "holdem-admin")
        guild.set_command_permissions(admin, {bob: True})
        refused = await bob.slash(channel, WEB_PAGES, pages="public")
        assert refused.ephemeral and refused.response.content == REFUSED
        assert await bot.store.get_guild_rules(guild.id) is None

        rules = text_of((await bob.slash(channel, "holdem rules")).response)
        assert rules.splitlines()[-1] == "Web pages: only with a link from the bot"
        opened = await alice.slash(channel, WEB_PAGES, pages="public")
        assert opened.ephemeral and opened.response.content == OPENED
        # a change of the house rules keeps the choice
        await alice.slash(channel, "holdem-admin config preset", preset="pot-limit")
        await alice.slash(channel, "holdem-admin config set", setting="big_blind", value="4")
        shown = (await alice.slash(channel, "holdem-admin config show")).response.content
        assert {"web_pages: public", "Big blind: 4"} <= set(shown.splitlines())
        rules = text_of((await bob.slash(channel, "holdem rules")).response)
        assert rules.splitlines()[-1] == "Web pages: open to anyone"

        await alice.slash(channel, "holdem start")
        await bob.slash(channel, "holdem join")
        await alice.slash(channel, "holdem deal")
        turn = bot.service.tables.state(f"{guild.id}:{channel.id}").turn
        assert turn is not None
        await next(m for m in (alice, bob) if m.id == turn.member).slash(channel, "fold")
        await env.advance_time(5)
        summary = "\n".join(text_of(m) for m in channel.history())  # the hand message's
        replayed = (await alice.slash(channel, "holdem replay")).response.content
        stats = text_of((await bob.slash(channel, "holdem stats")).response)
        # plain links: no key, nothing to expire
        assert f"In your browser: {BASE}/g/{guild.id}/hand/1\n" in replayed + "\n"
        assert f"In your browser: {BASE}/g/{guild.id}/hand/1\n" in summary + "\n"
        assert f"In your browser: {BASE}/g/{guild.id}/member/{bob.id}\n" in stats + "\n"
        now = bot.clock()

        web_clock = [now]
        async with _pages(bot.store, web_clock) as root:
            for page in ("", "hand/1", "hand/1.phh", "leaderboard", f"member/{bob.id}"):
                assert await _status(f"{root}/g/{guild.id}/{page}") == 200, page
            # another server made no such choice: its pages still need a link
            assert await _status(f"{root}/g/{elsewhere.id}/leaderboard") == 403
            key = sign(SECRET, elsewhere.id, expires=int(now) + 60)
            assert await _status(f"{root}/g/{elsewhere.id}/leaderboard?k={key}") == 200

            closed = await alice.slash(channel, WEB_PAGES, pages="link")
            assert closed.response.content == CLOSED
            assert "?k=" in (await alice.slash(channel, "holdem replay")).response.content
            web_clock[0] += 10  # past the few seconds the web companion keeps a choice
            assert await _status(f"{root}/g/{guild.id}/hand/1") == 403
            key = sign(SECRET, guild.id, expires=int(now) + 60)
            assert await _status(f"{root}/g/{guild.id}/hand/1?k={key}") == 200

        # the operator's list overrides a server that wants a link, and the admins are told
        monkeypatch.setenv("HOLDEM_WEB_PUBLIC", str(guild.id))
        kept = (await alice.slash(channel, WEB_PAGES, pages="link")).response.content
        assert kept.splitlines() == [
            CLOSED,
            "The bot's operator keeps this server's pages open to anyone all the same.",
        ]
        rules = text_of((await bob.slash(channel, "holdem rules")).response)
        assert rules.splitlines()[-1] == "Web pages: open to anyone"
        simcord.assert_no_errors(env)
