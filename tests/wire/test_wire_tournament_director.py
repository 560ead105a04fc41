"""The director's tools through the real ``python -m bot`` against the stand-in Discord.

A practice event of three members and nine computer players on three tables (three threads)
is paused by its host, the bot is SIGKILLed while it is paused and started again, and the
event stays paused (no table deals, whatever the restarted tables do) until the host resumes
it; then the host corrects a member's stack and removes another member. Once the bot has
stopped, the database tells the rest from outside: the director's inputs are in the event's
log, the log replayed by the director gives exactly the seats and stacks the live tables
hold, every tournament chip is accounted for (the starting stacks, less the removed
player's, plus the correction), and the wallets' ledger audit is clean.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.store.codec import loads
from bot.store.store import Store
from bot.tournaments.codec import config_from_dict, input_from_dict
from engine.tournament import PlayerRemoved, StackSet, replay

from .events import EventWatch, event_message
from .members import Member
from .process import APP_ID, GUILD_ID, BotProcess
from .standin import StandIn
from .test_wire_tournament import FAST, HEADER, _people, _wait

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")

PAUSED = "Play is paused by the director"
RESUMED = "Play resumes."


def _hands(texts: list[str]) -> list[int]:
    return [int(m[1]) for text in texts for m in HEADER.finditer(text)]


def _notice(standin: StandIn, thread_id: int, text: str) -> int | None:
    """The index of the thread's message holding ``text`` (the last one), if any."""
    found = [k for k, x in enumerate(standin.thread(thread_id).texts()) if text in x]
    return found[-1] if found else None


def _everywhere(standin: StandIn, threads: list[int], *texts: str) -> bool:
    """Whether every one of ``texts`` is in one of the threads' messages."""
    shown = "\n".join(x for t in threads for x in standin.thread(t).texts())
    return all(text in shown for text in texts)


def _dealt_since(standin: StandIn, thread_id: int, hand: int) -> bool:
    """A hand after ``hand`` was dealt in the thread, or its table broke (players busted)."""
    thread = standin.thread(thread_id)
    return thread.archived or max(_hands(thread.texts())) > hand


def _in_every(standin: StandIn, threads: list[int], text: str) -> bool:
    return all(_notice(standin, t, text) is not None for t in threads)


def _event_text(standin: StandIn) -> str:
    message = event_message(standin)
    return "" if message is None else message.text


def _event_rows(db: Path) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The event's config, its inputs, and the open tables' saved states (the bot stopped)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        config = loads(con.execute("SELECT config_json FROM events").fetchone()[0])
        inputs = [
            loads(r[0]) for r in con.execute("SELECT data_json FROM event_inputs ORDER BY seq")
        ]
        tables = [
            {"settings": loads(s), "state": json.loads(j)}
            for s, j in con.execute("SELECT settings_json, state_json FROM tables WHERE open = 1")
        ]
    return config, inputs, tables


async def test_a_paused_event_survives_a_sigkill_and_its_rulings_replay_exactly(
    tmp_path: Path,
) -> None:
    people = _people(3)
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    db = tmp_path / "holdem.sqlite3"
    bot = BotProcess(standin=standin, db=db, env=FAST)
    alice, bob, carol = (Member(standin, p) for p in people)
    watch = EventWatch(standin, [alice, bob, carol], moves=("Check", "Fold"), depth=8)
    watching: asyncio.Task[None] | None = None
    try:
        await bot.start()
        created = await alice.slash(
            "holdem tournament create", name="Floor", seats=4, chips=1000, big_blind=20,
            level_hands=100, computers=9, turn_seconds=10,
        )  # fmt: skip
        assert created.ephemeral, created.content
        for member in (alice, bob, carol):
            assert (await member.slash("holdem tournament register")).ephemeral
        refused = await bob.slash("holdem tournament pause")  # not a director
        assert refused.ephemeral and "Manage Server" in refused.content, refused.content
        assert (await alice.slash("holdem tournament start")).ephemeral
        await _wait(standin, lambda: len(standin.threads(standin.channel.id)) == 3, 20, "3 threads")
        threads = [t.id for t in standin.threads(standin.channel.id)]
        watching = asyncio.create_task(watch.run())
        await _wait(
            standin, lambda: all(_hands(standin.thread(t).texts()) for t in threads), 30,
            "a deal at every table", bot,
        )  # fmt: skip

        seat = await carol.slash("holdem tournament seat")  # where is my table, privately
        assert seat.ephemeral and "you are at table" in seat.content, seat.content
        assert any(f"<#{t}>" in seat.content for t in threads), seat.content

        # Paused: every thread is told; then the bot is killed and started again.
        paused = await alice.slash("holdem tournament pause")
        assert paused.ephemeral and "is paused" in paused.content, paused.content
        await _wait(standin, lambda: _in_every(standin, threads, PAUSED), 15, "the pause told", bot)
        again = await alice.slash("holdem tournament pause")
        assert again.ephemeral and "already paused" in again.content, again.content
        await bot.kill()
        # The last hand dealt (a thread with no member seated shows its hand a few seconds
        # after the deal, so the threads may not show it yet).
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
            dealt = int(con.execute("SELECT MAX(hand_id) FROM hands").fetchone()[0])
        before = dict.fromkeys(threads, dealt)
        await bot.start()
        await asyncio.sleep(3)  # the restarted tables play out the hands they held
        assert "Paused by the director" in _event_text(standin)

        # Resumed: every table deals again, and nothing was dealt in between.
        resumed = await alice.slash("holdem tournament resume")
        assert resumed.ephemeral and "goes on" in resumed.content, resumed.content
        await _wait(
            standin, lambda: _in_every(standin, threads, RESUMED), 15, "the resume told", bot
        )
        for t in threads:
            texts = standin.thread(t).texts()
            held = texts[_notice(standin, t, PAUSED) or 0 : _notice(standin, t, RESUMED)]
            assert max(_hands(held), default=0) <= before[t], (t, held)
        await _wait(
            standin,
            lambda: all(_dealt_since(standin, t, before[t]) for t in threads),
            20, "a new deal at every table", bot,
        )  # fmt: skip

        # A stack corrected and a player removed (now, or when their hand ends).
        bad = await alice.slash(
            "holdem tournament correct", player=str(carol.id), chips=1500, reason="a\u202ebad"
        )
        assert bad.ephemeral and "cannot hold control" in bad.content, bad.content
        fixed = await alice.slash(
            "holdem tournament correct", player=str(carol.id), chips=1500, reason="miscounted"
        )
        assert fixed.ephemeral and "1,500" in fixed.content, fixed.content
        gone = await alice.slash("holdem tournament remove", player=str(bob.id), reason="collusion")
        assert gone.ephemeral and "remove" in gone.content, gone.content
        await _wait(
            standin, lambda: _everywhere(standin, threads, "collusion", "miscounted"), 30,
            "both rulings in the threads", bot,
        )  # fmt: skip
        await _wait(
            standin, lambda: "collusion" in _event_text(standin), 20, "the event's history", bot
        )
        out = await bob.slash("holdem tournament seat")
        assert out.ephemeral and "not playing" in out.content, out.content
        mine = await bob.slash("holdem tournament mine")  # his own history: placed, out
        assert mine.ephemeral and "#1 Floor: " in mine.content and " of 12" in mine.content, (
            mine.content
        )
        watching.cancel()
        assert await bot.stop() == 0, bot.report()
    finally:
        if watching is not None:
            watching.cancel()
        await bot.close()
        await standin.stop()

    config, inputs, tables = _event_rows(db)
    kinds = [str(i["kind"]) for i in inputs]
    assert kinds.count("pause") == 1 and kinds.count("resume") == 1, kinds
    assert "correct" in kinds and "remove" in kinds
    state, decisions = replay(config_from_dict(config), [input_from_dict(i) for i in inputs])
    removed = [d for d in decisions if isinstance(d, PlayerRemoved)]
    corrected = [d for d in decisions if isinstance(d, StackSet)]
    assert [d.player for d in removed] == [str(bob.id)] and [d.after for d in corrected] == [1500]
    # The replayed director and the live tables agree seat for seat; the chips add up.
    live: dict[int, dict[str, int]] = {}
    for table in tables:
        number = int(table["settings"]["event_table"])
        seats = table["state"]["seats"]
        live[number] = {str(s["player"]): int(s["stack"]) for s in seats if s is not None}
    assert sorted(live) == sorted(state.tables)
    for number, director in state.tables.items():
        at_table = {p: state.chips[p] for p in director.players}
        assert set(live[number]) == set(at_table), number
        if director.in_hand:  # a hand whose end was not written yet: its chips, moved
            assert sum(live[number].values()) == sum(at_table.values()), number
        else:
            assert live[number] == at_table, number
    start = 12 * 1000
    delta = sum(d.after - d.before for d in corrected) - sum(d.chips for d in removed)
    assert sum(state.chips.values()) == start + delta  # a bust leaves with nothing
    assert str(bob.id) not in state.chips and all(str(bob.id) not in t for t in live.values())
    copy = tmp_path / "copy.sqlite3"  # the store's own audit, on a copy nobody holds
    for suffix in ("", "-wal"):
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", f"{copy}{suffix}")
    store = await Store.open(str(copy))
    try:
        assert await store.audit() == []  # every wallet is the sum of its ledger
        assert await store.total_balance() == 0  # a practice event moves no wallet point
    finally:
        await store.close()
    assert not [line for line in bot.err if "Traceback" in line], bot.report()
