"""Forged controls on the wire: a control whose ``custom_id`` names another server's table.

A ``custom_id`` comes back to the bot as the client sent it, so a crafted interaction in
server B can name server A's table (``holdem:lobby:<guildA>-<channelA>:deal``). One real
``python -m bot`` serves both servers (a stand-in with two guilds on its one shard); a member
of B, with Manage Server there, presses A's lobby buttons, and A's turn buttons and Raise form,
from B's channel. Each press is refused privately in B, and A's table is as it was: no hand
dealt, nobody seated or unseated, no move made, nothing posted in A.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from . import books
from .game import NAMES, Turn
from .members import Answer, Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, BotProcess
from .shards import ShardedStandIn, Tables

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")

OTHER_GUILD = GUILD_ID + (1 << 22)
OTHER_CHANNEL = 1_200_000_000_000_000_004
REFUSED = "belongs to a table in another channel"


def refused(answer: Answer) -> bool:
    return answer.ephemeral and REFUSED in answer.content


async def test_controls_naming_another_servers_table_are_refused_and_change_nothing(
    tmp_path: Path,
) -> None:
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], admin=k != 1) for k in range(3)
    ]
    alice, bob, mallory = people
    standin = ShardedStandIn(
        application_id=APP_ID,
        guild_id=GUILD_ID,
        people=people,
        shard_count=1,
        more_guilds={OTHER_GUILD: OTHER_CHANNEL},
    )
    await standin.start()
    bot = BotProcess(
        standin=standin, db=tmp_path / "holdem.sqlite3", env={"SHARD_COUNT": "1", "SHARD_IDS": "0"}
    )
    home = Tables(standin, standin.channel_id, [Member(standin, alice), Member(standin, bob)])
    a_token = f"{GUILD_ID}-{standin.channel_id}"
    try:
        await bot.start()
        opened = await home.members[0].slash("holdem start")
        assert not opened.ephemeral and opened.message is not None, opened.content
        lobby = opened.message
        assert f"holdem:lobby:{a_token}:deal" in lobby.custom_ids(), lobby.custom_ids()

        joined = await home.members[1].slash("holdem join")
        assert joined.ephemeral and "You sit down" in joined.content, joined.content

        # From B's channel: A's seated bob leaves A; B's admin joins A and deals there.
        from_b = Member(standin, mallory, channel_id=OTHER_CHANNEL)
        bob_in_b = Member(standin, bob, channel_id=OTHER_CHANNEL)
        for member, what in ((bob_in_b, "leave"), (from_b, "join"), (from_b, "deal")):
            before = len(home.texts())
            answer = await member.click(lobby, custom_id=f"holdem:lobby:{a_token}:{what}")
            assert refused(answer), (what, answer.body, bot.report())
            assert len(home.texts()) == before, home.texts()[before:]
        assert home.turn() is None, "a press from B dealt at A"

        # A hand at A: its turn buttons and its Raise form, pressed from B, do nothing.
        assert not (await home.members[0].slash("holdem deal")).ephemeral
        turn: Turn = await home.next_turn()
        to_act = next(p for p in people if p.id == turn.member)
        elsewhere = Member(standin, to_act, channel_id=OTHER_CHANNEL)
        hand_turn = f"{a_token}:{turn.hand}:{turn.seq}"
        for move in ("fold", "cards", "raise"):
            answer = await elsewhere.click(turn.message, custom_id=f"holdem:act:{hand_turn}:{move}")
            assert refused(answer), (move, answer.body, bot.report())
        form = {"custom_id": f"holdem:raise:{hand_turn}", "components": []}
        fake = Answer(standin, standin.new_interaction(9, to_act))
        fake.interaction.modal = {**form, "components": _amount_input()}
        answer = await elsewhere.submit(fake, "20")
        assert refused(answer), (answer.body, bot.report())
        assert home.turn() == turn, "a press from B moved A's hand on"
        assert standin.channels[OTHER_CHANNEL].texts() == [], "A's table was shown in B"
        assert await bot.stop() == 0, bot.report()
    finally:
        await bot.close()
        await standin.stop()
    assert not any("Traceback" in line for line in bot.err), bot.report()
    assert books.seated(bot.db) == {alice.id, bob.id}, "a press from B changed A's seats"
    assert [finished for _, finished in books.hands(bot.db)] == [False]
    assert books.actions(bot.db) == 0, "a press from B made a move at A"
    chips = books.chips(bot.db)
    assert chips.conserved, chips


def _amount_input() -> list[dict[str, object]]:
    """The Raise form's one text input, as the bot's own form has it."""
    return [{"type": 1, "components": [{"type": 4, "custom_id": "holdem:raise:amount"}]}]
