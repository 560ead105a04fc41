"""Poker as on television through the real ``python -m bot``: a known deck, the commitment
shown before the first action, an all-in run out street by street with the odds, the players
agreeing by button to run it twice, and the history that proves the deck offline.

One hand shows it all: three members, the button all in, the small blind folds (its chip
makes the pot odd: 201), the big blind calls; both press "Run it twice". The deck is chosen
so that each board has a different winner, so the odd chip's board is seen: 101 and 100.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from bot.i18n.television import odds_lines
from bot.pictures.views import format_percent
from bot.store.store import Store
from engine import Action, ActionKind, preset, replay
from engine.equity import equity
from engine.events import PotAwarded
from engine.odds import street_odds
from engine.rules import RunItTwice

from . import books
from .game import NAMES, Game, Turn
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, ROOT, STEP, BotProcess
from .standin import StandIn

RULES = replace(preset("no-limit"), run_it_twice=RunItTwice.ASK, runout_pause=0)
HOOK = Path(__file__).parent / "deck_hook"
TWICE = "holdem:twice:"


def odd_chip_deck() -> list[int]:
    """A deck on which the button's all-in, called by the big blind with the small blind
    folded, is won on each board by a different player alone."""
    config = RULES.hand_config(stacks=(100, 100, 100), button=0, hand_number=0, level=0)
    moves = [(0, ActionKind.ALL_IN), (1, ActionKind.FOLD), (2, ActionKind.CALL)]
    actions = [Action(player=p, kind=k) for p, k in moves]
    for seed in range(1000):
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        events = replay(config, deck, actions, run_count=2).events
        won = [e for e in events if isinstance(e, PotAwarded)]
        alone = len(won) == 2 and all(len(e.winners) == 1 for e in won)
        if alone and won[0].winners != won[1].winners:
            return deck
    raise AssertionError("no such deck in 1000 shuffles")


@asynccontextmanager
async def television(tmp_path: Path) -> AsyncIterator[Game]:
    """Three members and the bot on house rules that ask to run it twice and pause 0 s
    between streets (set in the database before the bot starts)."""
    db = tmp_path / "holdem.sqlite3"
    store = await Store.open(str(db))
    await store.set_guild_rules(GUILD_ID, {"preset": "no-limit", "rules": RULES.to_dict()}, 0.0)
    await store.close()
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], admin=k == 0) for k in range(3)
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    played = Game(
        standin=standin,
        bot=BotProcess(standin=standin, db=db),
        members=[Member(standin, p) for p in people],
    )
    try:
        await played.bot.start()
        yield played
    finally:
        await played.bot.close()
        await standin.stop()


async def run(*args: str) -> tuple[int, str]:
    """``python -m`` in the project, as a member would check offline: status and output."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(child.communicate(), timeout=STEP)
    return child.returncode or 0, out.decode()


async def test_an_all_in_on_television_run_twice_and_proved_fair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = odd_chip_deck()
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HOOK), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("WIRE_DECK", ",".join(map(str, deck)))
    async with television(tmp_path) as g:  # dealing ``deck`` (tests/wire/deck_hook)
        turn: Turn = await g.open()
        hand_id = turn.hand
        dealt = turn.message.text  # the hand message: the commitment in its footer, shortened
        assert dealt.startswith(f"### Hand #{hand_id}"), dealt
        shown = dealt.split("Fair deck ", 1)[1].split("…", 1)[0]
        assert len(shown) == 12 and dealt.index("To act") < dealt.index("Fair deck"), dealt
        shover = g.member(turn.member)  # three-handed the button acts first
        assert (await shover.slash("allin")).ephemeral  # a slash move is confirmed privately
        turn = await g.next_turn(turn)
        folder = g.member(turn.member)
        pings = len(g.standin.notified)
        assert (await folder.slash("fold")).ephemeral
        turn = await g.next_turn(turn)
        caller = g.member(turn.member)
        await g.pinged(caller.id, after=pings)
        calls, pings = len(g.standin.calls()), len(g.standin.notified)
        assert (await caller.slash("call")).ephemeral
        question = await g.standin.wait_for(
            lambda: next((m for m in g.standin.channel.visible()
                          if any(c.startswith(TWICE) for c in m.custom_ids())), None),
            STEP,
        )  # fmt: skip
        assert question.id == turn.message.id  # the question sits in the hand message
        assert "Run it twice?" in question.text, question.text
        await g.pinged(shover.id, after=pings)  # one ping, for the players at risk
        assert [set(who) for _, who in g.standin.notified[pings:]] == [{shover.id, caller.id}]
        for member in (shover, caller):
            pressed = await member.click(question, "Run it twice")
            assert not pressed.ephemeral and pressed.message is not None
            assert pressed.message.id == question.id  # updated in place
        await g.wait_text("Board 2: ")
        await g.wait_text("wins the pot of 100")
        versions = list(question.versions)
        spent = g.standin.calls(calls)
        # The fair check, asked by a member: private, against the commitment shown.
        check = await folder.slash("holdem fair", hand=hand_id)
        assert check.ephemeral and f"matches the commitment `{shown}" in check.content
        assert g.standin.unknown == [], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()

    # What the table showed, against the odds and the equity of the dealt hand.
    store = await Store.open(str(g.db))
    try:
        record = await store.load_hand(hand_id)
        names = {m.id: m.name for m in g.members}
        phh = await store.export_phh(hand_id, names=names)
    finally:
        await store.close()
    hand = record.replay()
    assert record.run_count == 2 and hand.second_board
    by_player = {p: names[m] for p, m in enumerate(record.players)}
    live = {p: by_player[p] for p in hand.live_players()}
    stages = street_odds(hand, seed=hand_id)
    assert [len(s.board) for s in stages] == [0, 3, 4]
    at = 0
    for odds in stages:  # each street's figures, in a version of the hand message, in order
        lines = odds_lines("en", odds, live)
        at = next(k for k in range(at, len(versions)) if all(x in versions[k][0] for x in lines))
        ((name, alt),) = versions[at][1]  # its picture, described by its alt text
        assert name == "table.png" and alt is not None
        assert all(x in alt for x in lines), alt
        assert all(f"{name}, 0 chips, shows " in alt for name in live.values())
    p, q = hand.live_players()
    exact = equity([hand.hole[p], hand.hole[q]])
    first = next(x for x, _ in versions if "All in: the cards are turned face up." in x)
    for k, player in enumerate((p, q)):
        win = format_percent(exact.wins[k] / exact.boards)
        tie = format_percent(exact.ties[k] / exact.boards)
        assert f"{live[player]}: {win}% to win, {tie}% to tie." in first, first
    # Run twice: the odd chip with the first board's winner, every chip accounted for.
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(e.run, e.amount) for e in awards] == [(1, 101), (2, 100)]
    assert sorted(hand.stacks) == [99, 100, 101]
    assert hand.stacks[awards[0].winners[0]] == 101
    chips = books.chips(g.db)
    assert chips.created == 300 and chips.conserved, chips
    # The run-out's cost on the REST budget: the question and the presses are answers, the
    # streets edits through a live interaction token, the ping a follow-up: all free.
    limited = [c for c in spent if c.limited]
    assert limited == [], [(c.method, c.route) for c in limited]
    # Offline, with the standard library only: the deck was the one committed to, and the
    # history (both boards) replays to its stacks.
    path = tmp_path / f"hand-{hand_id}.phh"
    path.write_text(phh, encoding="utf-8")
    status, out = await run("engine.fair", "verify", str(path))
    assert status == 0 and f"commitment {shown}" in out, out
    status, out = await run("engine.phh", "verify", str(path))
    assert status == 0, out
    (line,) = [x for x in phh.splitlines() if x.startswith("_deck = ")]
    cards = line.split('"')[1].split()
    cards[0], cards[1] = cards[1], cards[0]  # two cards swapped after the deal
    path.write_text(phh.replace(line, f'_deck = "{" ".join(cards)}"'), encoding="utf-8")
    status, out = await run("engine.fair", "verify", str(path))
    assert status == 1 and out.startswith("FAIL"), out
