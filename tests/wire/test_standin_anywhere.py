"""The stand-in Discord keeps Discord's documented rules for an app that members installed for
themselves (:mod:`.anywhere`), checked on its REST routes directly (no bot process): the
follow-up limit of an interaction only a user install authorized, the bot's own calls to a
group DM refused, no DM with a member who shares no server, an interaction token's 15 minutes
on the clock a test moves, and which commands Discord offers where.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from .anywhere import FOLLOWUP_LIMIT, Unoffered, offered
from .clock import TOKEN_LIFETIME
from .payloads import Person
from .process import APP_ID, GUILD_ID
from .standin import StandIn

ALICE = Person(id=1_200_000_000_000_000_101, name="alice", installed=True)
CAROL = Person(id=1_200_000_000_000_000_102, name="carol", in_server=False)
GLOBAL = {"name": "holdem", "contexts": [0, 1, 2], "integration_types": [0, 1]}


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=[ALICE, CAROL])
    await standin.start()
    yield standin
    await standin.stop()


async def _call(
    session: aiohttp.ClientSession, standin: StandIn, method: str, path: str, body: Any = None
) -> tuple[int, Any]:
    url = f"{standin.api_base}/v10{path}"
    async with session.request(method, url, json=body) as response:
        payload = await response.json() if response.content_type == "application/json" else None
        return response.status, payload


async def test_a_user_install_only_interaction_sends_five_follow_ups(standin: StandIn) -> None:
    dm = standin.group_dm(ALICE, CAROL)
    mine = standin.new_interaction(2, ALICE, channel_id=dm.id)
    mine.owners = {"1": str(ALICE.id)}
    server = standin.new_interaction(2, ALICE)
    server.owners = {"0": str(GUILD_ID)}
    async with aiohttp.ClientSession() as session:
        for interaction in (mine, server):
            path = f"/interactions/{interaction.id}/{interaction.token}/callback"
            status, _ = await _call(session, standin, "POST", path, {"type": 4, "data": {}})
            assert status == 204
        sent = []
        for _ in range(FOLLOWUP_LIMIT):
            path = f"/webhooks/{APP_ID}/{mine.token}?wait=true"
            status, message = await _call(session, standin, "POST", path, {"content": "x"})
            assert status == 200, message
            sent.append(message["id"])
        status, error = await _call(
            session, standin, "POST", f"/webhooks/{APP_ID}/{mine.token}", {"content": "x"}
        )
        assert (status, error["code"]) == (400, 40094)
        # An edit is not a follow-up; a server's interaction has no such limit.
        path = f"/webhooks/{APP_ID}/{mine.token}/messages/{sent[0]}"
        assert (await _call(session, standin, "PATCH", path, {"content": "y"}))[0] == 200
        for _ in range(FOLLOWUP_LIMIT + 1):
            status, _ = await _call(
                session, standin, "POST", f"/webhooks/{APP_ID}/{server.token}", {"content": "x"}
            )
            assert status == 204


async def test_the_bots_own_calls_to_a_group_dm_are_refused(standin: StandIn) -> None:
    dm = standin.group_dm(ALICE, CAROL)
    async with aiohttp.ClientSession() as session:
        posted = await _call(
            session, standin, "POST", f"/channels/{dm.id}/messages", {"content": "x"}
        )
        read = await _call(session, standin, "GET", f"/channels/{dm.id}")
        opened = await _call(
            session, standin, "POST", "/users/@me/channels", {"recipient_id": CAROL.id}
        )
    assert [(s, e["code"]) for s, e in (posted, read)] == [(403, 50001), (403, 50001)]
    assert [r.key for r in standin.outside] == [
        "POST /channels/{channel}/messages",
        "GET /channels/{channel}",
    ]
    assert not dm.messages
    assert opened[1]["code"] == 50278  # carol shares no server with the bot


async def test_a_token_expires_after_fifteen_minutes_on_the_moved_clock(standin: StandIn) -> None:
    interaction = standin.new_interaction(2, ALICE)
    async with aiohttp.ClientSession() as session:
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        await _call(session, standin, "POST", path, {"type": 4, "data": {"content": "hi"}})
        original = f"/webhooks/{APP_ID}/{interaction.token}/messages/@original"
        standin.clock.advance(TOKEN_LIFETIME - 60)
        assert (await _call(session, standin, "PATCH", original, {"content": "a"}))[0] == 200
        standin.clock.advance(120)
        status, error = await _call(session, standin, "PATCH", original, {"content": "b"})
        assert (status, error["code"]) == (401, 50027)
        status, error = await _call(
            session, standin, "POST", f"/webhooks/{APP_ID}/{interaction.token}", {"content": "c"}
        )
        assert (status, error["code"]) == (401, 50027)


def test_discord_offers_a_command_outside_servers_only_where_it_allows() -> None:
    offered(GLOBAL, ALICE)
    with pytest.raises(Unoffered):  # carol did not install the app
        offered(GLOBAL, CAROL)
    with pytest.raises(Unoffered):  # a server's command
        offered({"name": "admin", "contexts": [0], "integration_types": [0]}, ALICE)
    with pytest.raises(Unoffered):  # guild_only in discord.py's older form
        offered({"name": "old", "dm_permission": False}, ALICE)
    with pytest.raises(Unoffered):  # the app's default installation: a server's
        offered({"name": "plain"}, ALICE)
