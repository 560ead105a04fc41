"""Bad input that once hurt, through the real ``python -m bot`` against the stand-in Discord.

- Free text an admin types (a tournament's name and payouts, a grant's reason, a setting's
  value) with a control character or a direction override: refused privately, in the admin's
  language, naming the character, nothing kept, and the same on SQLite and PostgreSQL (where
  a NUL once reached ``asyncpg`` and came back as "Something went wrong on our side" and a
  traceback). A name written right to left is welcome, and the reply puts it in as an isolate;
  so do the public lines with a member's name that carries a right-to-left override.
- A full disk under the SQLite file (SQLite's own ``SQLITE_FULL``, from a size limit set by
  ``tests/wire/full_hook``): the member is told the database is full, the table stands where
  it stood, no traceback; once there is room again the same move plays.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.postgres import BACKENDS, new_database

from . import books, payloads
from .game import Turn, game
from .members import Answer, Member, _options
from .payloads import Person
from .process import STEP

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")

HOOK = Path(__file__).parent / "full_hook"
REFUSED = {
    "en": "cannot hold control characters",
    "nb": "kan ikke inneholde kontrolltegn",
    "da": "må ikke indeholde kontroltegn",
}
FULL = "The dealer's database is full"
STALLED = 5.0
"""Seconds without a next turn after which the table is waiting for room (the next deal
comes 1 s after a hand here)."""


async def grant(admin: Member, to: Person, amount: int, reason: str) -> Answer:
    """``/holdem-admin grant`` as Discord sends it: the member option resolved to its user."""
    schema = admin.standin.command("holdem-admin")
    values = {"member": str(to.id), "amount": amount, "reason": reason}
    options = _options(schema.get("options") or [], ["grant"], values)
    interaction = admin.standin.new_interaction(
        2, admin.person, channel_id=admin.standin.channel_id
    )
    payload = payloads.command_interaction(
        command_id=str(schema["id"]), name="holdem-admin", options=options,
        **admin._common(interaction),
    )  # fmt: skip
    payload["data"]["resolved"] = {"users": {str(to.id): payloads.user(to)}}
    await admin.standin.dispatch("INTERACTION_CREATE", payload)
    return await admin._answer(interaction)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_free_text_with_control_characters_is_refused_alike_on_both_backends(
    tmp_path: Path, backend: str
) -> None:
    env = {"HOLDEM_DATABASE_URL": await new_database()} if backend == "postgresql" else {}
    async with game(tmp_path, players=2, env=env) as g:
        admin, player = g.members
        as_lang = {
            lang: Member(g.standin, Person(id=admin.id, name="alice", admin=True, locale=locale))
            for lang, locale in (("en", "en-US"), ("nb", "no"), ("da", "da"))
        }
        tries: list[tuple[str, Any, str, str]] = [
            ("en", "holdem tournament create", {"name": "Friday\x00Cup"}, "U+0000"),
            ("nb", "holdem tournament create", {"name": "Spring \u202eevil"}, "U+202E"),
            ("da", "holdem tournament create", {"name": "Cup", "payouts": "60/40\x1b"}, "U+001B"),
            ("en", "holdem-admin config set", {"setting": "ante", "value": "5\x00"}, "U+0000"),
        ]
        for lang, command, options, found in tries:
            answer = await as_lang[lang].slash(command, **options)
            assert answer.ephemeral, (command, options, answer.content)
            assert REFUSED[lang] in answer.content and found in answer.content, answer.content
        for lang, reason in (("da", "quiz\x00"), ("en", "line\nbreak"), ("nb", "\u2066x")):
            answer = await grant(as_lang[lang], player.person, 100, reason)
            assert answer.ephemeral and REFUSED[lang] in answer.content, answer.content

        # Nothing was kept: the wallet holds its first 100 and this grant, the event is #1.
        given = await grant(admin, player.person, 100, "won the quiz")
        assert given.content == f"Gave {player.mention} 100 chips. Their wallet: 200.", given
        rtl = "טורניר שישי"
        created = await admin.slash("holdem tournament create", name=rtl)
        assert created.ephemeral, created.content
        # The name stands in the reply as an isolate: it cannot turn the sentence round.
        assert created.content.startswith(f"Event #1, \u2068{rtl}\u2069, is open"), created
        assert any(f"## {rtl}" in text for text in g.texts()), g.texts()

        # A member's name is their own (Discord's), never refused: shown in public, it is
        # isolated and its direction controls are dropped, so the lines around it keep their
        # order.
        odd = Member(g.standin, Person(id=player.id + 99, name="\u202eevil \u05d0"))
        assert not (await admin.slash("holdem start")).ephemeral
        await odd.slash("holdem join")  # the lobby lists the seats (an edit may take a second)
        await g.standin.wait_for(lambda: any("evil" in text for text in g.texts()), STEP)
        shown = [text for text in g.texts() if "evil" in text]
        assert shown and all("\u2068evil \u05d0\u2069" in text for text in shown), shown
        assert not any("\u202e" in text for text in g.texts())
        assert await g.bot.stop() == 0, g.bot.report()
    logged = "".join(g.bot.err)
    assert "Traceback" not in logged and "level=ERROR" not in logged, g.bot.report()
    assert "CharacterNotInRepertoire" not in logged


async def test_a_full_sqlite_disk_is_said_and_the_table_stands_where_it_stood(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which write meets the full disk first depends on which page fills: a member's move
    (refused, the decision still theirs), or the table's own next deal (the table waits, and
    the host's ``/holdem deal`` is refused). Either way the member reads what it is, the
    table stands, and it goes on once there is room."""
    full = tmp_path / "disk-is-full"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HOOK), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("WIRE_FULL", str(full))
    async with game(tmp_path, players=2, env={"HOLDEM_DEAL_PAUSE": "1"}) as g:
        host = g.members[0]
        turn: Turn = await g.open()
        full.touch()  # from now on the file may not grow
        told: Answer | None = None
        waiting = False
        for _ in range(60):
            answer = await g.member(turn.member).slash("check" if turn.label("Check") else "call")
            assert answer.ephemeral, answer.content
            if FULL in answer.content:
                told = answer
                break
            try:
                turn = await g.next_turn(turn, timeout=STALLED)
            except AssertionError:  # the hand ended and the next deal waits for room
                waiting = True
                told = await host.slash("holdem deal")
                break
        assert told is not None, "the database never filled"
        assert told.ephemeral and FULL in told.content, told.content
        assert "Something went wrong" not in told.content
        stood = g.turn()
        if waiting:  # no hand was dealt
            assert stood is None or stood.hand == turn.hand, stood
        else:  # the same decision, still the same member's
            assert stood is not None and (stood.hand, stood.seq, stood.member) == (
                turn.hand, turn.seq, turn.member,
            ), (stood, turn)  # fmt: skip
        full.unlink()  # room again: the refused move plays, or the table deals by itself
        if not waiting:
            await g.member(turn.member).slash("check" if turn.label("Check") else "call")
        await g.next_turn(turn)
        assert await g.bot.stop() == 0, g.bot.report()
    logged = "".join(g.bot.err)
    assert "the database is full" in logged, g.bot.report()
    assert "Traceback" not in logged, g.bot.report()
    assert books.chips(g.db).conserved
