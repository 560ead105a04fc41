"""The store, continued: migration 2 (member settings) and a table's hand history."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import bot.store.migrations
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.records import CommandSync, MemberSettings, TableHandSummary
from bot.store.store import Store
from engine import HandConfig, shuffled_deck

GUILD = 1


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture)."""
    s = await Store.open(database)
    for table in ("t1", "t2"):
        await s.save_table(table, guild_id=GUILD, channel_id=55, state={}, now=0.0)
    yield s
    await s.close()


# ------------------------------------------------------------------ migrations


async def _version_1_database(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as the first release left it: migration 1 only, with a guild in it."""
    with monkeypatch.context() as first_release:
        first_release.setattr(bot.store.migrations, "MIGRATIONS", {1: MIGRATIONS[1]})
        first_release.setattr(bot.store.migrations, "LATEST", 1)
        store = await Store.open(database)
        assert await store.schema_version() == 1
        await store.set_language(GUILD, "fr", now=0.0)
        await store.close()


async def test_a_version_1_database_is_upgraded(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _version_1_database(database, monkeypatch)
    store = await Store.open(database)
    try:
        assert await store.schema_version() == LATEST
        assert await store.get_language(GUILD) == "fr"  # kept
        assert await store.get_member_settings(GUILD, 7) == MemberSettings()
        await store.set_member_settings(GUILD, 7, dm=True, now=1.0)
        versions = await store._read("SELECT version FROM schema_version ORDER BY version")
        assert [v for (v,) in versions] == sorted(MIGRATIONS)
        settings = await store._read("SELECT guild_id, user_id, dm FROM member_settings")
        assert [tuple(row) for row in settings] == [(1, 7, 1)]
    finally:
        await store.close()


# ------------------------------------------------------------------ member settings


async def test_member_settings_default_off_and_change_one_at_a_time(store: Store) -> None:
    assert await store.get_member_settings(GUILD, 7) == MemberSettings(dm=False, four_colour=False)
    got = await store.set_member_settings(GUILD, 7, four_colour=True, now=1.0)
    assert got == MemberSettings(dm=False, four_colour=True)
    got = await store.set_member_settings(GUILD, 7, dm=True, now=2.0)
    assert got == MemberSettings(dm=True, four_colour=True)  # four_colour kept
    got = await store.set_member_settings(GUILD, 7, four_colour=False, now=3.0)
    assert got == MemberSettings(dm=True, four_colour=False)
    assert await store.get_member_settings(GUILD, 7) == got
    assert await store.set_member_settings(GUILD, 7, now=4.0) == got  # nothing given
    # per member and per guild
    assert await store.get_member_settings(GUILD, 8) == MemberSettings()
    assert await store.get_member_settings(GUILD + 1, 7) == MemberSettings()


async def test_member_settings_survive_a_restart(database: str, store: Store) -> None:
    await store.set_member_settings(GUILD, 7, dm=True, four_colour=True, now=1.0)
    await store.close()
    reopened = await Store.open(database)
    try:
        assert await reopened.get_member_settings(GUILD, 7) == MemberSettings(
            dm=True, four_colour=True
        )
    finally:
        await reopened.close()


# ------------------------------------------------------------------ table history


async def _hand(store: Store, table: str, players: list[int], now: float) -> int:
    config = HandConfig(stacks=(100,) * len(players), button=0, small_blind=1, big_blind=2)
    return await store.start_hand(
        table_id=table, config=config, deck=shuffled_deck(), players=players, now=now
    )


async def test_table_hands_newest_first_with_players_and_nets(store: Store) -> None:
    assert await store.table_hands("t1") == []
    ids = []
    for k in range(7):
        hand_id = await _hand(store, "t1", [10, 20, 30], now=100.0 + k)
        await store.finish_hand(hand_id, nets=[k, -k, 0], now=200.0 + k)
        ids.append(hand_id)
    other = await _hand(store, "t2", [10, 20], now=300.0)
    await store.finish_hand(other, nets=[2, -2], now=301.0)
    voided = await _hand(store, "t1", [20, 10], now=400.0)
    await store.finish_hand(
        voided, nets=[0, 0], now=401.0, result={"voided": "misdeal"}, counted=False
    )
    await _hand(store, "t1", [10, 20], now=500.0)  # in progress: not history yet

    history = await store.table_hands("t1")
    assert [h.hand_id for h in history] == [voided, *ids[::-1][:4]]
    assert history[0] == TableHandSummary(
        hand_id=voided, started_at=400.0, finished_at=401.0, players=(20, 10), nets=(0, 0),
        voided=True,
    )  # fmt: skip
    assert history[1] == TableHandSummary(
        hand_id=ids[-1], started_at=106.0, finished_at=206.0, players=(10, 20, 30),
        nets=(6, -6, 0),
    )  # fmt: skip
    assert [h.hand_id for h in await store.table_hands("t1", count=2)] == [voided, ids[-1]]
    assert [h.hand_id for h in await store.table_hands("t2")] == [other]
    assert await store.table_hands("nope") == []


# ------------------------------------------------------------------ slash commands


async def test_the_commands_last_published_are_kept_per_scope(store: Store) -> None:
    assert await store.command_syncs() == []
    first = CommandSync(scope="global", payload_hash="a1", commands=9, synced_at=1.0)
    guild = CommandSync(scope="guild:5", payload_hash="b2", commands=9, synced_at=2.0)
    again = CommandSync(scope="global", payload_hash="c3", commands=10, synced_at=3.0)
    for sync in (first, guild, again):
        await store.record_command_sync(sync)
    assert await store.command_syncs() == [again, guild]
