"""Poker as on television, offline: the deck's commitment with the deal and ``/holdem fair``
after the hand, an all-in run out street by street with the odds (the house's pause between
streets), and the run-it-twice question: its buttons, who may press them, and silence."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import simcord
from PIL import Image

from bot.i18n.television import odds_lines
from bot.pictures.views import format_percent
from bot.tables.runouts import RUN_TWICE_SECONDS
from engine import preset
from engine.equity import equity
from engine.odds import street_odds
from engine.phh import parse_history, verify_history
from engine.rules import BuyIn, RunItTwice
from tests.bot.discord.simtable import Table, answer, custom_ids, table_env, text_of

TWICE = "holdem:twice:"


async def house(t: Table, **rules: Any) -> None:
    """The guild's house rules: the no-limit preset with ``rules`` changed."""
    changed = dataclasses.replace(preset("no-limit"), **rules)
    await t.bot.ctx.guilds.set_rules(t.guild.id, "no-limit", changed)


async def open_and_deal(t: Table) -> int:
    assert not (await t.members[0].slash(t.channel, "holdem start")).ephemeral
    for member in t.members[1:]:
        assert (await member.slash(t.channel, "holdem join")).ephemeral  # said in the lobby
    dealt = await t.members[0].slash(t.channel, "holdem deal")
    assert not dealt.ephemeral, dealt.response.content
    hand_id = t.state().hand_id
    assert hand_id is not None
    return int(hand_id)


def again(t: Table, message: Any) -> Any:
    """The message as the channel holds it now."""
    return next(m for m in t.public() if m.id == message.id)


def question(t: Table) -> Any:
    """The newest message with the run-it-twice button."""
    found = [m for m in t.public() if any(c.startswith(TWICE) for c in custom_ids(m))]
    assert found, t.texts()[-3:]
    return found[-1]


async def test_an_all_in_runs_out_street_by_street_with_the_odds(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        ctx = dataclasses.replace(t.bot.ctx, runout_pause=None)  # the house's pause counts
        t.bot.ctx = ctx
        t.bot.loops.bind(ctx)
        await house(t, runout_pause=3)
        alice, bob = t.members
        hand_id = await open_and_deal(t)
        deal = text_of(t.hand_message())  # the commitment, shortened, in the footer
        commitment = deal.split("Fair deck ", 1)[1].split("…", 1)[0]
        assert len(commitment) == 12 and not re.search("[0-9a-f]{64}", deal)
        assert deal.index("To act") < deal.index("Fair deck")
        await t.to_act().slash(t.channel, "allin")
        seen = len(t.versions())

        def frames() -> list[tuple[str, list[str]]]:  # the versions with a new picture
            return [(x, alts) for x, alts in t.versions()[seen:] if alts]

        await t.to_act().slash(t.channel, "call")
        await t.env.advance_time(9)  # a street every 3 s (the virtual clock), in one message
        assert len(frames()) == 4 and len(t.turn_messages()) == 0, [x for x, _ in frames()]
        texts = [x for x, _ in frames()]
        record = await t.bot.store.load_hand(hand_id)
        hand = record.replay()
        stages = street_odds(hand, seed=hand_id)
        names = {p: t.state().name_of(m) for p, m in enumerate(record.players)}
        for (text, (alt,)), odds in zip(frames(), stages, strict=False):
            lines = odds_lines("en", odds, names)
            assert all(line in text for line in lines), (lines, text)
            assert alt.startswith("Poker table") and all(line in alt for line in lines)
        # Before the flop the figures are engine.equity's, over every board.
        truth = equity([hand.hole[0], hand.hole[1]])
        win = format_percent(truth.wins[0] / truth.boards)
        assert f"{names[0]}: {win}% to win" in texts[0]
        assert "Odds over every possible board." in texts[0]
        assert t.hand_message().attachments[0].filename == "showdown.png"
        # The member's check: the revealed deck and salt match the commitment shown.
        res = await bob.slash(t.channel, "holdem fair", hand=hand_id)
        assert res.ephemeral
        assert f"the deck matches the commitment `{commitment}" in res.response.content
        assert res.response.attachments[0].filename == f"hand-{hand_id}.phh"
        res = await alice.slash(t.channel, "holdem fair", hand=hand_id + 1)
        assert res.ephemeral and "There is no finished hand" in res.response.content
        simcord.assert_no_errors(t.env)


async def all_in_called(t: Table) -> tuple[Any, Any, Any | None]:
    """The first to act goes all in; with three players the next folds; the last calls.
    Who shoved, who called, who folded."""
    shover = t.to_act()
    await shover.slash(t.channel, "allin")
    folder = None
    if len(t.members) == 3:
        folder = t.to_act()
        await folder.slash(t.channel, "fold")
    caller = t.to_act()
    res = await caller.slash(t.channel, "call")
    assert res.response.content.startswith("Done:"), res.response.content
    return shover, caller, folder


async def test_everyone_at_risk_agrees_and_the_board_runs_twice(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await house(t, run_it_twice=RunItTwice.ASK)
        hand_id = await open_and_deal(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        shover, caller, folder = await all_in_called(t)
        asked = question(t)  # the hand message, with the question's button
        said = text_of(asked)
        assert "Run it twice?" in said and f"{RUN_TWICE_SECONDS} seconds" in said
        [ping] = t.pings()  # one ping for the players at risk
        assert f"<@{shover.id}>" in ping.content and f"<@{caller.id}>" in ping.content
        assert t.in_hand() and t.state().run_twice is not None
        res = await folder.click(asked, label="Run it twice")
        assert res.ephemeral and "Only players with chips at risk" in res.response.content
        res = await shover.click(asked, label="Run it twice")
        assert not res.ephemeral and f"{shover.name} agrees to run it twice." in answer(res).content
        assert t.in_hand() and any(c.startswith(TWICE) for c in custom_ids(again(t, asked)))
        await caller.click(asked, label="Run it twice")
        assert not t.in_hand()
        lines = [line for x in t.said() for line in x.splitlines()]
        assert any(x.startswith("Running it twice") for x in lines)
        assert any(x.startswith("Board 1: ") for x in lines)
        assert any(x.startswith("Board 2: ") for x in lines)
        assert not any(c.startswith(TWICE) for c in custom_ids(again(t, asked)))  # closed
        pictures = t.hand_message().attachments  # the showdown of each board
        assert [p.filename for p in pictures] == ["showdown.png", "showdown-2.png"]
        assert t.pings() == []
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        record = await t.bot.store.load_hand(hand_id)
        assert record.run_count == 2
        history = parse_history(await t.bot.store.export_phh(hand_id))
        assert history.extra["_run_count"] == 2
        verify_history(history)  # the PHH replays to the stacks it records
        # Let the table's pause before the next deal run out first: a command sent while it is
        # pending waits for SimCord's whole settle time (5 s of real time), and more on a
        # loaded machine, where it failed as "did not settle".
        await t.env.advance_time(30)
        replayed = await caller.slash(t.channel, "holdem replay", hand=hand_id)
        summary = replayed.response.content.splitlines()
        assert replayed.response.ephemeral
        boards = [k for k, line in enumerate(summary) if line.startswith("Board ")]
        assert [summary[k][:8] for k in boards] == ["Board 1:", "Board 2:"]
        gif = Image.open(io.BytesIO(await replayed.response.attachments[0].read()))
        assert gif.n_frames == len(record.actions) + 3  # the deal, each move, the two boards
        simcord.assert_no_errors(t.env)


async def test_silence_is_no_when_the_time_to_agree_runs_out(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        await house(t, run_it_twice=RunItTwice.ASK)
        hand_id = await open_and_deal(t)
        shover, _, _ = await all_in_called(t)
        asked = question(t)
        await shover.click(asked, label="Run it twice")  # one yes is not enough
        await t.env.advance_time(RUN_TWICE_SECONDS - 1)
        assert t.in_hand()
        await t.env.advance_time(1)
        assert not t.in_hand()
        lines = [line for x in t.said() for line in x.splitlines()]
        assert "Running it once." in lines
        assert not any(x.startswith("Board 2: ") for x in lines)
        assert not any(c.startswith(TWICE) for c in custom_ids(again(t, asked)))
        assert (await t.bot.store.load_hand(hand_id)).run_count == 1
        assert await t.bot.service.tables.chips_total(t.guild.id) == 200
        simcord.assert_no_errors(t.env)


async def test_a_restart_asks_again_and_the_new_buttons_work(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        await house(t, run_it_twice=RunItTwice.ASK)
        hand_id = await open_and_deal(t)
        shover, caller, _ = await all_in_called(t)
        before = question(t)
        await shover.click(before, label="Run it twice")  # kept in memory only
        await t.restart()
        asked = question(t)  # the restored table asks again, with a fresh deadline
        assert asked.id == before.id and "Run it twice?" in text_of(asked)  # the same message
        assert t.state().run_twice is not None and t.state().run_twice.agreed == ()
        for member in (shover, caller):
            res = await member.click(asked, label="Run it twice")
            assert not res.ephemeral
        assert not t.in_hand()
        assert (await t.bot.store.load_hand(hand_id)).run_count == 2
        assert any(x.startswith("Board 2: ") for x in t.lines())
        assert await t.bot.service.tables.chips_total(t.guild.id) == 200
        simcord.assert_no_errors(t.env)


async def test_side_pots_show_each_chance_sampled_with_its_error_in_text_and_alt(
    tmp_path: Path,
) -> None:
    """Three unequal stacks all in before the flop: a main pot and a side pot, so the odds
    are a seeded Monte Carlo; the text and the picture's alt text give every player's chance
    of each pot they can win and the error, and each figure lies within that error of the
    exact equity (engine.equity over every board)."""
    async with table_env(tmp_path, players=3) as t:
        await house(t, buy_in=BuyIn.CHOICE)
        alice, bob, carol = t.members
        assert not (await alice.slash(t.channel, "holdem start", buy_in=100)).ephemeral
        assert (await bob.slash(t.channel, "holdem join", buy_in=60)).ephemeral  # said in the lobby
        assert (
            await carol.slash(t.channel, "holdem join", buy_in=30)
        ).ephemeral  # said in the lobby
        assert not (await alice.slash(t.channel, "holdem deal")).ephemeral
        hand_id = int(t.state().hand_id)
        while t.in_hand() and t.state().turn is not None:
            actor = t.to_act()
            shoved = await actor.slash(t.channel, "allin")
            if not shoved.response.content.startswith("Done:"):  # nobody left to raise
                called = await actor.slash(t.channel, "call")
                assert called.response.content.startswith("Done:")
        await t.env.advance_time(9)
        first_text, (first_alt,) = next(
            (x, alts) for x, alts in t.versions() if "the cards are turned face up" in x and alts
        )
        record = await t.bot.store.load_hand(hand_id)
        hand = record.replay()
        (odds, *_) = street_odds(hand, seed=hand_id)
        assert not odds.exact and len(odds.pots) == 2  # the 40 nobody covers went back
        names = {p: t.state().name_of(m) for p, m in enumerate(record.players)}
        lines = odds_lines("en", odds, names)
        assert sum(", side pot 1: " in line for line in lines) == 2  # the two who can win it
        error = f"{odds.std_error * 100:.1f}"
        boards = f"{odds.boards:,}"
        assert lines[-1] == (
            f"Odds estimated from {boards} boards, to within about {error} percentage points."
        )
        assert all(line in first_text for line in lines), (lines, first_text)
        assert all(line in first_alt for line in lines)
        for pot in odds.pots:
            if len(pot.players) < 2:
                continue
            out = [c for p in range(3) if p not in pot.players for c in hand.hole[p]]
            truth = equity([hand.hole[p] for p in pot.players], dead=out, exact_limit=10**7)
            for k, win in enumerate(pot.win):
                assert abs(win - truth.wins[k] / truth.boards) <= 4 * odds.std_error
        simcord.assert_no_errors(t.env)
