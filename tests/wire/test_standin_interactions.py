"""The stand-in Discord's interactions, as Discord documents them: a test moves Discord's
clock and an interaction token then expires as Discord's do after 15 minutes (follow-ups and
edits answered 401, code 50027) while a fresh one still works; a follow-up sent while a
deferred answer still shows "thinking" fills that message instead of creating one."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from .clock import TOKEN_LIFETIME
from .payloads import Person
from .process import APP_ID, GUILD_ID
from .standin import StandIn

ALICE = Person(id=1_200_000_000_000_000_101, name="alice")


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=[ALICE])
    await standin.start()
    try:
        yield standin
    finally:
        await standin.stop()


async def test_a_token_expires_after_15_minutes_of_the_standins_clock(standin: StandIn) -> None:
    base = f"{standin.api_base}/v10"
    old = standin.new_interaction(2, ALICE)
    hook = f"{base}/webhooks/{APP_ID}/{old.token}"
    async with aiohttp.ClientSession() as http:
        answered = await http.post(
            f"{base}/interactions/{old.id}/{old.token}/callback",
            json={"type": 4, "data": {"content": "hello"}},
        )
        assert answered.status == 204
        followup = await http.post(f"{hook}?wait=true", json={"content": "more"})
        assert followup.status == 200
        message = (await followup.json())["id"]

        standin.clock.advance(TOKEN_LIFETIME - 5)  # just before: the token works
        edited = await http.patch(f"{hook}/messages/@original", json={"content": "hi"})
        assert edited.status == 200

        standin.clock.advance(10)  # just after: every call on the token is refused
        fresh = standin.new_interaction(2, ALICE)  # a new interaction has a new token
        for method, url in (
            ("PATCH", f"{hook}/messages/@original"),
            ("PATCH", f"{hook}/messages/{message}"),
            ("DELETE", f"{hook}/messages/{message}"),
            ("POST", f"{hook}?wait=true"),
        ):
            refused = await http.request(method, url, json={"content": "late"})
            assert refused.status == 401, (method, url, refused.status)
            assert (await refused.json())["code"] == 50027
        assert standin.channel.messages[message].text == "more"  # nothing changed

        callback = f"{base}/interactions/{fresh.id}/{fresh.token}/callback"
        answered = await http.post(callback, json={"type": 4, "data": {"content": "now"}})
        assert answered.status == 204
    with pytest.raises(ValueError):
        standin.clock.advance(-1)


async def test_a_followup_after_a_deferred_answer_fills_the_thinking_message(
    standin: StandIn,
) -> None:
    base = f"{standin.api_base}/v10"
    asked = standin.new_interaction(2, ALICE)
    hook = f"{base}/webhooks/{APP_ID}/{asked.token}"
    async with aiohttp.ClientSession() as http:
        deferred = await http.post(
            f"{base}/interactions/{asked.id}/{asked.token}/callback",
            json={"type": 5, "data": {"flags": 64}},
        )
        assert deferred.status == 204
        thinking = asked.original
        assert thinking is not None and standin.channel.messages[thinking].text == ""
        first = await http.post(f"{hook}?wait=true", json={"content": "cards", "flags": 0})
        assert (await first.json())["id"] == thinking  # the same message, still ephemeral
        assert standin.channel.messages[thinking].text == "cards"
        assert standin.channel.messages[thinking].ephemeral
        second = await http.post(f"{hook}?wait=true", json={"content": "more"})
        more = (await second.json())["id"]
    assert more != thinking and asked.followups == [more]  # a follow-up of its own
