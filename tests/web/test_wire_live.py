"""The live view of a table the real ``python -m bot`` deals (against the stand-in Discord of
``tests/wire``), watched by headless Chromium while three members play a hand: the page's
own network traffic carries no hole card before it is shown, nor the deck or its salt.

Twice: the bot serving the pages itself from its SQLite file (``HOLDEM_WEB=1``), and
``python -m bot.web``'s application apart from the bot on a shared PostgreSQL database (the
tests' private server), as a bigger server would run them.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.settings import WebSettings
from bot.store.records import HandRecord
from bot.store.store import Store
from bot.web import create_app
from engine import HouseRules
from tests.postgres import new_database
from tests.web.browser import Browser, Tab
from tests.wire.game import NAMES as WIRE_NAMES
from tests.wire.game import Game
from tests.wire.members import Member
from tests.wire.payloads import Person
from tests.wire.process import APP_ID, GUILD_ID, BotProcess
from tests.wire.standin import StandIn

pytestmark = pytest.mark.slow


@asynccontextmanager
async def _pages_apart(url: str) -> AsyncIterator[str]:
    """The web companion's application in this process, on the bot's PostgreSQL database."""
    store = await Store.open(url)
    runner = web.AppRunner(create_app(store, WebSettings(public=frozenset({GUILD_ID}), delay=0.2)))
    try:
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()
        await store.close()


async def _table_page(root: str) -> str:
    """The live page of the server's one table, found from the server's own page."""
    async with aiohttp.ClientSession() as session, session.get(f"{root}/g/{GUILD_ID}/") as got:
        text = await got.text()
    start = text.index(f"/g/{GUILD_ID}/table/")
    return root + text[start : text.index('"', start)]


_CHIPS = """Object.fromEntries([...document.querySelectorAll('main tbody tr')].map(r =>
  [r.querySelector('th').textContent, Number(r.querySelectorAll('td')[1].textContent
    .replace(/[^0-9-]/g, ''))]))"""


async def _leaderboard(tab: Tab, root: str) -> dict[str, int]:
    """The chips the leaderboard page shows, by name."""
    await tab.open(f"{root}/g/{GUILD_ID}/leaderboard")
    return dict(await tab.js(_CHIPS))


async def _watch_a_hand(game: Game, tab: Tab, root: str) -> tuple[int, list[str]]:
    turn = await game.open()
    await tab.send("Network.enable")
    await tab.open(await _table_page(root))
    await tab.until(f"document.body.dataset.hand === '{turn.hand}'", timeout=20)
    hand, by_button = turn.hand, True
    while turn.hand == hand:  # check or call to the end, a pause after each move for the page
        answer, before = await game.play(turn, by_button=by_button)
        assert answer.ephemeral != by_button, answer.content  # a slash move is told privately
        by_button = not by_button
        await asyncio.sleep(0.4)
        turn = await game.next_turn(before)
    await tab.until(
        f"document.body.dataset.hand !== '{hand}' "
        "|| !document.getElementById('live-replay').hidden",
        timeout=20,
    )
    received = [
        e["params"]["data"]
        for e in tab.events
        if e["method"] == "Network.eventSourceMessageReceived"
    ]
    # the players are still seated, their wallets emptied by the buy-in: the leaderboard
    # counts their stacks with their wallets, so every chip the house gave them is there
    chips = await _leaderboard(tab, root)
    assert len(chips) == 3 and all(chips.values()), chips
    assert sum(chips.values()) == 3 * HouseRules().starting_stack, chips
    return hand, received


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("where", ["beside-the-bot-sqlite", "apart-postgresql"])
async def test_a_live_view_of_the_real_bot_shows_no_card_before_it_is_shown(
    tmp_path: Path, browser: Browser, where: str
) -> None:
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=WIRE_NAMES[k], admin=k == 0) for k in range(3)
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    db = tmp_path / "holdem.sqlite3"
    if where == "apart-postgresql":
        url = await new_database()
        env = {"HOLDEM_DATABASE_URL": url}
    else:
        port = _free_port()
        env = {"HOLDEM_WEB": "1", "HOLDEM_WEB_PORT": str(port), "HOLDEM_WEB_DELAY": "0.2",
               "HOLDEM_WEB_PUBLIC": str(GUILD_ID)}  # fmt: skip
    bot = BotProcess(standin=standin, db=db, env=env)
    game = Game(standin=standin, bot=bot, members=[Member(standin, p) for p in people])
    try:
        await bot.start()
        async with Tab(browser) as tab:
            if where == "apart-postgresql":
                async with _pages_apart(url) as root:
                    hand_id, received = await _watch_a_hand(game, tab, root)
            else:
                hand_id, received = await _watch_a_hand(game, tab, f"http://127.0.0.1:{port}")
    finally:
        await bot.close()
        await standin.stop()
    async with await Store.open(url if where == "apart-postgresql" else str(db)) as store:
        record = await store.load_hand(hand_id)
    _check(record, received)


def _check(record: HandRecord, received: list[str]) -> None:
    played = record.replay()
    assert record.deck_salt is not None and played.is_over
    views = [json.loads(m) for m in received]
    mine = [v for v in views if v["hand"] == record.hand_id]
    assert sum(not v["finished"] for v in mine) >= 4, "the page saw too few states of the hand"
    deck = "".join(str(c) for c in played.deck)
    for message in received:
        assert record.deck_salt.hex() not in message and deck not in message
    for view in mine:
        at_that_point = HandRecord(
            **{**{n: getattr(record, n) for n in HandRecord.__slots__},
               "actions": record.actions[: view["actions"]]}
        ).replay()  # fmt: skip
        for p, seat in enumerate(view["state"]["seats"]):
            for card in seat.get("cards", []):
                assert at_that_point.shown[p], (view["actions"], p, card)
                assert card["code"] in {str(c) for c in played.hole[p]}
