"""A member's own switches: the learning mode is stored beside the others, each one changed
on its own, and GuildService refuses the learning mode where the server forbids it."""

from __future__ import annotations

import dataclasses

import pytest

from bot.guilds.service import CoachForbidden, GuildService
from bot.store.members import write_settings
from bot.store.records import MemberSettings
from bot.store.store import Store
from bot.tables.service import TableService
from tests.bot.conftest import Clock

GUILD = 3


async def test_the_learning_mode_is_a_switch_of_its_own(store: Store) -> None:
    assert (await store.get_member_settings(GUILD, 7)).coach is False
    got = await store.set_member_settings(GUILD, 7, coach=True, now=1.0)
    assert got == MemberSettings(coach=True)
    got = await store.set_member_settings(GUILD, 7, four_colour=True, now=2.0)
    assert got == MemberSettings(four_colour=True, coach=True)
    got = await store.set_member_settings(GUILD, 7, coach=False, dm=True, now=3.0)
    assert got == MemberSettings(dm=True, four_colour=True)
    assert await store.get_member_settings(GUILD, 7) == got
    assert await store.get_member_settings(GUILD, 8) == MemberSettings()
    assert await store.get_member_settings(GUILD + 1, 7) == MemberSettings()


async def test_an_unknown_setting_is_refused_and_changes_nothing(store: Store) -> None:
    await store.set_member_settings(GUILD, 7, coach=True, now=1.0)
    with pytest.raises(ValueError, match="no such member setting"):
        async with store._write() as db:
            await write_settings(db, GUILD, 7, {"coach": False, "colour": True}, 2.0)
    assert await store.get_member_settings(GUILD, 7) == MemberSettings(coach=True)


async def test_the_server_decides_whether_the_learning_mode_is_allowed(store: Store) -> None:
    clock = Clock()
    guilds = GuildService(store, TableService(store, clock=clock).tables, clock=clock)
    assert await guilds.coach_allowed(GUILD)  # allowed unless the server forbids it
    house = await guilds.rules(GUILD)
    await guilds.set_rules(GUILD, house.preset, dataclasses.replace(house.rules, coach=False))
    assert not await guilds.coach_allowed(GUILD)
    with pytest.raises(CoachForbidden):
        await guilds.set_member_settings(GUILD, 7, four_colour=True, coach=True)
    assert await guilds.member_settings(GUILD, 7) == MemberSettings()  # nothing changed
    assert await guilds.set_member_settings(GUILD, 7, coach=False) == MemberSettings()
