"""The live view of a table the real ``python -m bot`` deals (against the stand-in Discord of
``tests/wire``), watched by headless Chromium while three members play a hand: the page's
own network traffic carries no hole card before it is shown, nor the deck or its salt.

The bot and the web companion share a PostgreSQL database (the tests' private server), as
they would in production: an SQLite file is held by the bot alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aiohttp import web

from bot.settings import WebSettings
from bot.store.records import HandRecord
from bot.store.store import Store
from bot.store.web_reads import guild_tables
from bot.web import create_app
from tests.postgres import new_database
from tests.web.browser import Browser, Tab
from tests.wire.game import NAMES as WIRE_NAMES
from tests.wire.game import Game
from tests.wire.members import Member
from tests.wire.payloads import Person
from tests.wire.process import APP_ID, GUILD_ID, BotProcess
from tests.wire.standin import StandIn

pytestmark = pytest.mark.slow


async def _watch_a_hand(game: Game, store: Store, tab: Tab, root: str) -> tuple[int, list[str]]:
    turn = await game.open()
    (table,) = await guild_tables(store, GUILD_ID)
    channel = table.split(":")[1]
    await tab.send("Network.enable")
    await tab.open(f"{root}/g/{GUILD_ID}/table/{channel}")
    await tab.until(f"document.body.dataset.hand === '{turn.hand}'", timeout=20)
    hand = turn.hand
    await game.play_out(turn)
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
    return hand, received


async def test_a_live_view_of_the_real_bot_shows_no_card_before_it_is_shown(
    tmp_path: Path, browser: Browser
) -> None:
    url = await new_database()
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=WIRE_NAMES[k], admin=k == 0) for k in range(3)
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    bot = BotProcess(standin=standin, db=tmp_path / "unused.sqlite3",
                     env={"HOLDEM_DATABASE_URL": url})  # fmt: skip
    game = Game(standin=standin, bot=bot, members=[Member(standin, p) for p in people])
    runner: web.AppRunner | None = None
    store: Store | None = None
    try:
        await bot.start()
        store = await Store.open(url)
        settings = WebSettings(public=frozenset({GUILD_ID}), delay=0.2)
        runner = web.AppRunner(create_app(store, settings))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        root = f"http://127.0.0.1:{runner.addresses[0][1]}"
        async with Tab(browser) as tab:
            hand_id, received = await _watch_a_hand(game, store, tab, root)
        record = await store.load_hand(hand_id)
    finally:
        if runner is not None:
            await runner.cleanup()
        if store is not None:
            await store.close()
        await bot.close()
        await standin.stop()
    played = record.replay()
    assert record.deck_salt is not None and played.is_over
    views = [json.loads(m) for m in received]
    mine = [v for v in views if v["hand"] == hand_id]
    assert sum(not v["finished"] for v in mine) >= 2, "the page saw too few states of the hand"
    deck = "".join(str(c) for c in played.deck)
    for message in received:
        assert record.deck_salt.hex() not in message and deck not in message
    for view in mine:
        at_that_point = HandRecord(
            **{**{n: getattr(record, n) for n in HandRecord.__slots__},
               "actions": record.actions[: view["actions"]]}
        ).replay()  # fmt: skip
        for p, seat in enumerate(view["state"]["seats"]):
            for card in seat["cards"] or []:
                assert at_that_point.shown[p], (view["actions"], p, card)
                assert card["code"] in {str(c) for c in played.hole[p]}
