"""Slash commands are published at start only when they changed, per scope, and a failure to
publish is reported and retried at the next start instead of stopping the bot."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.discord.sync import Published, command_payload, payload_hash, sync_commands
from bot.discord.translator import HoldemTranslator
from bot.store.store import Store

GUILD = 1_100_000_000_000_000_001


class _Bot(commands.Bot):
    """A bot with real commands whose publishing (the network edge) is recorded."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.published: list[int | None] = []
        self.refuse: int | None = None

        async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
            if self.refuse is not None:
                raise discord.HTTPException(_Response(self.refuse), "Missing Access")
            self.published.append(None if guild is None else guild.id)
            return []

        self.tree.sync = sync  # type: ignore[method-assign]

    def add(self, name: str, description: str = "a command") -> None:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            pass

        self.tree.add_command(app_commands.Command(name=name, description=description,
                                                   callback=callback))  # fmt: skip


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(str(tmp_path / "holdem.sqlite3"))
    yield s
    await s.close()


async def test_commands_are_published_once_and_again_when_they_change(store: Store) -> None:
    bot = _Bot()
    bot.add("holdem")
    first = await sync_commands(bot, store)
    assert first == [Published(scope="global", commands=1, changed=True)]
    assert await sync_commands(bot, store) == [Published(scope="global", commands=1, changed=False)]
    assert bot.published == [None]
    bot.add("fold")
    assert (await sync_commands(bot, store))[0].changed
    assert bot.published == [None, None]
    (record,) = await store.command_syncs()
    assert record.scope == "global" and record.commands == 2
    assert record.payload_hash == payload_hash(await command_payload(bot.tree, None))


async def test_a_new_process_with_the_same_commands_publishes_nothing(store: Store) -> None:
    for _ in range(2):  # two starts of the bot on one database
        bot = _Bot()
        await bot.tree.set_translator(HoldemTranslator())
        bot.add("holdem")
        await sync_commands(bot, store)
    assert bot.published == []


async def test_a_changed_description_is_a_change(store: Store) -> None:
    bot = _Bot()
    bot.add("holdem", "deal cards")
    await sync_commands(bot, store)
    again = _Bot()
    again.add("holdem", "deal the cards")
    assert (await sync_commands(again, store))[0].changed


async def test_the_dev_guild_gets_its_own_copy_and_record(store: Store) -> None:
    bot = _Bot()
    bot.add("holdem")
    result = await sync_commands(bot, store, dev_guild=GUILD)
    assert [(p.scope, p.commands, p.changed) for p in result] == [
        ("global", 1, True),
        (f"guild:{GUILD}", 1, True),
    ]
    assert bot.published == [None, GUILD]
    assert not any(p.changed for p in await sync_commands(bot, store, dev_guild=GUILD))
    assert all(p.changed for p in await sync_commands(bot, store, dev_guild=GUILD, force=True))


async def test_a_refused_publication_is_reported_and_retried_next_time(store: Store) -> None:
    bot = _Bot()
    bot.add("holdem")
    bot.refuse = 403
    (failed,) = await sync_commands(bot, store)
    assert not failed.changed and failed.error == "Discord answered 403: Missing Access"
    assert await store.command_syncs() == []
    bot.refuse = None
    assert (await sync_commands(bot, store))[0].changed


async def test_the_activity_entry_point_goes_with_the_global_commands_only(store: Store) -> None:
    bot = _Bot()
    bot.add("holdem")
    bot._connection.application_id = 1_100_000_000_000_000_002  # what login would learn
    sent: list[list[dict[str, Any]]] = []

    async def put(application_id: int, payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
        sent.append(payload)
        return [{**c, "id": str(900 + k), "application_id": str(application_id), "version": "1"}
                for k, c in enumerate(payload)]  # fmt: skip

    bot.http.bulk_upsert_global_commands = put  # type: ignore[assignment]
    learnt: list[str] = []

    def learn(found: Sequence[app_commands.AppCommand]) -> None:
        learnt.extend(command.name for command in found)

    await sync_commands(bot, store, launcher=False)
    result = await sync_commands(bot, store, dev_guild=GUILD, launcher=True, learn=learn)
    # Turning the Activity on is a change of the global list, which now ends with the entry
    # point; the dev guild's copy never carries one (Discord allows it globally only).
    assert [(p.scope, p.commands, p.changed) for p in result] == [
        ("global", 2, True),
        (f"guild:{GUILD}", 1, True),
    ]
    ((*commands, entry),) = sent
    assert [c["name"] for c in commands] == ["holdem"]
    assert (entry["type"], entry["handler"], "options" in entry) == (4, 2, False)
    assert entry["description_localizations"]["no"] and entry["description_localizations"]["da"]
    assert bot.published == [None, GUILD] and learnt == ["holdem"]
