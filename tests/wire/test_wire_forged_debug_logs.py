"""Secrets and logs on the wire: no deck, salt or hole card of an unfinished hand in any log,
with every logger at DEBUG.

The real bot runs with every logger at DEBUG (:mod:`tests.wire.debug_everything`): the store
logs each SQLite statement it runs, discord.py each REST body and gateway event, asyncpg what it
has. Two members play a whole hand and the first turn of the next one, asking for their
cards by the My cards button in each. Then the decks and salts the database holds, and the
cards each member was shown privately, are looked for in everything the process wrote: none
is there, though the DEBUG lines of those libraries are.
"""

from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

import asyncpg
import pytest

from tests.postgres import BACKENDS, new_database

from .game import NAMES, Game
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, BotProcess
from .standin import StandIn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")

SHOWN = re.compile(r"Your (?:hole )?cards: ([^·.\n]+)")


async def secrets_of(db: Path, url: str | None) -> list[tuple[str, str]]:
    """Every hand's stored deck and salt."""
    query = "SELECT deck, deck_salt FROM hands ORDER BY hand_id"
    if url is None:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            return [(str(d), str(s)) for d, s in con.execute(query)]
    connection = await asyncpg.connect(url)
    try:
        return [(str(r[0]), str(r[1])) for r in await connection.fetch(query)]
    finally:
        await connection.close()


async def cards_shown(game: Game, message: object) -> list[str]:
    """Each member presses My cards on ``message``; the cards each was shown."""
    shown = []
    for member in game.members:
        answer = await member.click(message, "My cards")  # type: ignore[arg-type]
        assert answer.ephemeral, answer.content
        found = SHOWN.search(answer.content)
        assert found is not None, answer.content
        shown.append(found[1].strip())
    return shown


@pytest.mark.parametrize("backend", BACKENDS)
async def test_no_deck_salt_or_hole_card_reaches_the_log_with_every_logger_at_debug(
    tmp_path: Path, backend: str
) -> None:
    url = await new_database() if backend == "postgresql" else None
    env = {"LOG_LEVEL": "DEBUG", **({"HOLDEM_DATABASE_URL": url} if url else {})}
    people = [Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], admin=k == 0) for k in (0, 1)]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    bot = BotProcess(
        standin=standin, db=tmp_path / "holdem.sqlite3", env=env,
        module="tests.wire.debug_everything",
    )  # fmt: skip
    g = Game(standin=standin, bot=bot, members=[Member(standin, p) for p in people])
    try:
        await bot.start()
        turn = await g.open()
        holes = await cards_shown(g, turn.message)
        turn = await g.play_out(turn)  # the next hand is dealt and waits: unfinished
        holes += await cards_shown(g, turn.message)
        assert await bot.stop() == 0, bot.report()
    finally:
        await bot.close()
        await standin.stop()

    logged = "".join(bot.err + bot.out)
    for library in ["discord.http", "discord.gateway"]:
        assert f"level=DEBUG logger={library} " in logged, f"no DEBUG line of {library}"
    if url is None:
        assert "level=DEBUG logger=holdem.store " in logged, "no DEBUG line of the store"
        assert "INSERT INTO hands" in logged, "the SQLite statements were not logged"
    hands = await secrets_of(bot.db, url)
    assert len(hands) == 2
    for deck, salt in hands:
        assert len(deck) == 104 and len(salt) >= 16
        assert deck not in logged and salt not in logged
        for start in range(0, 104 - 6, 2):  # nor any three cards of it in a row
            assert deck[start : start + 6] not in logged, deck[start : start + 6]
    for cards in holes:
        assert cards not in logged, cards
