"""``/holdem play`` through the real ``python -m bot`` with the Activity on and its settings
complete: the answer is Discord's ``LAUNCH_ACTIVITY`` (callback type 12), which puts the member
in the Activity of that channel, in any language; where Discord refuses it (an application
without Activities enabled), a private message in the member's language says so. The global
commands carry the Activity's entry point (type 4, handler 2: Discord launches it itself).
(The Activity off: the smoke test's ``/holdem play``.)
"""

from __future__ import annotations

import socket
from pathlib import Path

from .game import game
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID
from .rest_oauth import CLIENT_SECRET

CALLBACK = "/interactions/{interaction}/{token}/callback"
PUBLIC = "https://poker.example.org"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_holdem_play_launches_the_activity_in_the_channel(tmp_path: Path) -> None:
    env = {
        "HOLDEM_WEB": "1", "HOLDEM_WEB_PORT": str(_free_port()), "HOLDEM_WEB_BASE_URL": PUBLIC,
        "HOLDEM_WEB_PUBLIC": str(GUILD_ID), "HOLDEM_ACTIVITY": "1",
        "HOLDEM_ACTIVITY_URL_MAPPING": f"{PUBLIC}/activity",
        "DISCORD_CLIENT_ID": str(APP_ID), "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
    }  # fmt: skip
    async with game(tmp_path, players=2, env=env) as g:
        bot, standin = g.bot, g.standin
        alice, bob = g.members

        # The launcher's entry point went with the global commands only, Discord's to answer.
        entries = [c for c in standin.synced[0] if c.get("type") == 4]
        assert [(c["name"], c["handler"]) for c in entries] == [("launch", 2)], bot.report()
        assert not any(c.get("type") == 4 for c in standin.synced[standin.guild_id])

        answer = await alice.slash("holdem play")
        assert answer.body == {"type": 12}, answer.body  # LAUNCH_ACTIVITY, no message
        instance = standin.oauth.instances[str(answer.interaction.activity_instance)]
        assert (instance.channel_id, instance.users) == (standin.channel_id, [alice.id])

        # In Norwegian too; the second member joins the same instance.
        norsk = Member(standin, Person(id=bob.id, name=bob.person.name, locale="no"))
        answer = await norsk.slash("holdem play")
        assert answer.kind == 12 and answer.interaction.activity_instance == instance.id
        assert instance.users == [alice.id, bob.id]

        # The guide names /holdem play where the Activity is on, in the member's language.
        guide = (await norsk.slash("holdem help")).content
        assert "holdem play" in guide and "Ved bordet inne i Discord" in guide, guide

        # Discord refuses the launch: the member is told privately, in Danish.
        standin.activities = False  # the portal's Activities setting turned off
        dansk = Member(standin, Person(id=alice.id, name=alice.person.name, locale="da"))
        answer = await dansk.slash("holdem play")
        tried = [r for r in standin.requests if r.route == CALLBACK and r.body == {"type": 12}]
        assert tried[-1].status == 400 and answer.kind == 4 and answer.ephemeral, answer.body
        assert "Discord afviste at åbne aktiviteten" in answer.content, answer.body
        assert standin.unknown == [], bot.report()
