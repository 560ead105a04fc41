"""Forged options on the wire: option values Discord's client would never send.

discord.py does not enforce a command's ``choices`` or ``Range`` when the interaction
arrives, so the real ``python -m bot`` gets crafted ``INTERACTION_CREATE`` payloads from the
stand-in: a preset that is not a preset, ``/holdem history count:-1`` (on SQLite ``LIMIT -1``
means no limit; PostgreSQL refuses it), a count past any limit, text where a number belongs,
an amount of zero, a required option left out. Each is refused privately, in the member's own
language, nothing changes, and the bot logs no traceback and nothing at ERROR.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from . import books
from .game import game
from .members import Member
from .payloads import Person

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")

REFUSAL = {
    "en": "is not one this command takes",
    "nb": "er ikke en denne kommandoen tar",
    "da": "er ikke en, denne kommando tager",
}
FORGED: list[tuple[str, dict[str, Any], str]] = [
    ("holdem start", {"preset": "no-such-preset"}, "preset"),
    ("holdem start", {"seats": 11}, "seats"),
    ("holdem start", {"buy_in": 0}, "buy_in"),
    ("holdem start", {"turn_seconds": "ten"}, "turn_seconds"),
    ("holdem history", {"count": -1}, "count"),
    ("holdem history", {"count": 10**9}, "count"),
    ("holdem replay", {"hand": 2**70}, "hand"),
    ("holdem fair", {"hand": 0}, "hand"),
    ("holdem dm", {"state": "maybe"}, "state"),
    ("holdem dm", {}, "state"),
    ("holdem settings", {"coach": "sometimes"}, "coach"),
    ("holdem computer add", {"level": "grandmaster"}, "level"),
    ("holdem-admin config preset", {"preset": "no-such-preset"}, "preset"),
    ("holdem-admin config set", {"setting": "house_edge", "value": "5"}, "setting"),
    ("holdem-admin config language", {"language": "klingon"}, "language"),
    ("holdem-admin config web-pages", {"pages": "everyone"}, "pages"),
    ("raise", {"amount": 0}, "amount"),
    ("bet", {"amount": -5}, "amount"),
]


async def test_forged_option_values_are_refused_privately_in_the_members_language(
    tmp_path: Path,
) -> None:
    async with game(tmp_path, players=2) as g:
        admin, player = g.members
        norsk = Member(g.standin, Person(id=player.id, name=player.person.name, locale="no"))
        dansk = Member(g.standin, Person(id=admin.id, name="alice", admin=True, locale="da"))
        members = {"en": admin, "nb": norsk, "da": dansk}
        for k, (command, options, option) in enumerate(FORGED):
            lang = ("en", "nb", "da")[k % 3]
            answer = await members[lang].slash(command, **options)
            assert answer.ephemeral, (command, options, answer.body, g.bot.report())
            assert REFUSAL[lang] in answer.content, (command, options, answer.content)
            assert option in answer.content, (command, options, answer.content)

        # Nothing changed: no table was opened, and a real /holdem start still works.
        assert g.standin.channel.texts() == [], g.standin.channel.texts()
        opened = await admin.slash("holdem start", preset="no-limit")
        assert not opened.ephemeral, opened.content
        history = await admin.slash("holdem history", count=3)
        assert history.ephemeral and REFUSAL["en"] not in history.content, history.content
        assert await g.bot.stop() == 0, g.bot.report()
    logged = "".join(g.bot.err)
    assert "Traceback" not in logged and "level=ERROR" not in logged, g.bot.report()
    assert books.hands(g.db) == []
    assert books.chips(g.db).conserved
