"""Shutting down mid-hand: the writes in flight finish, every table is held, and the turn
message's id is written down for the next process (which takes its buttons off)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.launch import shutdown
from bot.store.store import Store
from tests.bot.discord.simtable import table_env


async def test_the_turn_message_is_kept_at_shutdown(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        await bob.slash(t.channel, "holdem join")
        await alice.slash(t.channel, "holdem deal")
        [hand] = t.turn_messages()
        [ping] = t.pings()
        await shutdown(t.bot)  # the service is quiesced first: every table's lock is held
        assert t.bot.is_closed()
    # Read as the next process would, without taking the file for itself: on a loaded machine
    # the closed bot's connection thread may still be letting go of the file, which an
    # exclusive open would meet as "locked" (this test is about what was written).
    store = await Store.open(str(t.db), exclusive=False)
    try:
        [record] = await store.load_open_tables()
    finally:
        await store.close()
    kept = record.settings["messages"]
    assert kept["hand"] == [t.channel.id, hand.id] and kept["ping"] == [t.channel.id, ping.id]
