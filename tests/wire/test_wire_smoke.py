"""The wire-level smoke test: the real ``python -m bot`` process against a stand-in for
Discord on 127.0.0.1 starts, syncs its commands to the dev guild, and answers ``/holdem help``
(through one real 429 + retry in discord.py) and, the Activity being off, refuses
``/holdem play`` privately in the member's language, then exits cleanly on SIGTERM.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .game import game
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")

CALLBACK = "/interactions/{interaction}/{token}/callback"


async def test_bot_starts_syncs_and_answers_a_slash_command(tmp_path: Path) -> None:
    # The Activity off, whatever a developer's .env says (the environment wins over it).
    async with game(tmp_path, players=1, env={"HOLDEM_ACTIVITY": "0"}) as g:
        bot, standin = g.bot, g.standin
        # The invite link, printed before login.
        invite = f"client_id={APP_ID}&scope=bot+applications.commands"
        assert any(
            line.startswith("Invite Holdem Dealer: https://") and invite in line for line in bot.out
        ), bot.report()

        # The commands went to the dev guild, once, with /holdem and the in-hand commands.
        names = {command["name"] for command in standin.synced[GUILD_ID]}
        assert {"holdem", "fold", "raise"} <= names, bot.report()
        sync = [r for r in standin.requests if r.key.endswith("/guilds/{guild}/commands")]
        assert len(sync) == 1, bot.report()

        # The first callback is refused with 429; discord.py waits and sends the same body.
        limited = standin.fail("POST", CALLBACK, status=429)
        (player,) = g.members
        answer = await player.slash("holdem help")
        (first,) = limited.hits
        retry = answer.interaction.callbacks[0]
        assert (first.status, retry.status) == (429, 200), bot.report()
        assert first.path == retry.path and first.body == retry.body, bot.report()
        assert answer.kind == 4, answer.body  # CHANNEL_MESSAGE_WITH_SOURCE
        assert answer.ephemeral, answer.body
        assert "Holdem Dealer: how to play" in answer.content, answer.body  # a layout reply
        assert "holdem play" not in answer.content  # the Activity is off: not in the guide
        assert any("rate limited" in line for line in bot.err), bot.report()

        # The Activity is off (HOLDEM_ACTIVITY unset): /holdem play says so privately, in the
        # member's language, and no entry point went with the commands.
        norsk = Member(standin, Person(id=player.id, name=player.person.name, locale="no"))
        answer = await norsk.slash("holdem play")
        assert answer.kind == 4 and answer.ephemeral, answer.body
        assert "HOLDEM_ACTIVITY=1" in answer.content and "ikke slått på" in answer.content
        assert not any(c.get("type") == 4 for scope in standin.synced.values() for c in scope)
        assert standin.unknown == [], bot.report()

        # SIGTERM: a clean exit, code 0, no traceback.
        assert await bot.stop() == 0, bot.report()
        assert not any("Traceback" in line for line in bot.err), bot.report()
