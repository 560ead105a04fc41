"""The table runs itself, offline: each way a table once stopped without a word that SimCord can
show, seen from outside the bot (what the channel shows, the database), never its memory.

Whose turn it is comes from the newest message with move buttons and its mention; chips are
counted in the database (wallets + table stacks == chips ever granted).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import simcord

from tests.bot.discord.simtable import Table, _walk, table_env, text_of
from tests.wire import books

TURN = 60.0
"""The default turn time (``HouseRules.turn_seconds``)."""
PAUSE = 5.0
"""The pause between two hands."""
ACT = re.compile(r"holdem:act:[^:]+:(?P<hand>\d+):(?P<seq>\d+):(?P<move>[a-z]+)")
MENTION = re.compile(r"<@!?(\d+)>")


def moves(message: Any) -> list[re.Match[str]]:
    found = []
    for child in _walk(getattr(message, "components", ())):
        match = ACT.fullmatch(getattr(child, "custom_id", None) or "")
        if match and match["move"] != "cards" and not getattr(child, "disabled", False):
            found.append(match)
    return found


def turn_message(t: Table) -> Any | None:
    """The newest message with move buttons: the turn the table shows."""
    return next((m for m in reversed(t.public()) if moves(m)), None)


def to_act(t: Table) -> Any | None:
    message = turn_message(t)
    mentions = MENTION.findall(text_of(message)) if message is not None else []
    return t.member(int(mentions[-1])) if mentions else None  # the turn comes last


def hand_shown(t: Table) -> int | None:
    """The hand the turn message belongs to."""
    message = turn_message(t)
    return int(moves(message)[0]["hand"]) if message is not None else None


async def open_table(t: Table, **start: Any) -> None:
    assert not (await t.members[0].slash(t.channel, "holdem start", **start)).ephemeral
    for member in t.members[1:]:
        assert (
            await member.slash(t.channel, "holdem join", **start)
        ).ephemeral  # said in the lobby
    dealt = await t.members[0].slash(t.channel, "holdem deal")
    assert not dealt.response.ephemeral and "Hand #1" in text_of(dealt.response)


async def check_or_call(t: Table, member: Any) -> None:
    message = turn_message(t)
    assert message is not None
    labels = [c.label for c in _walk(message.components) if getattr(c, "label", None)]
    await member.click(message, label="Check" if "Check" in labels else labels[1])


@contextmanager
def refused(db: Path, table: str) -> Iterator[None]:
    """The database refuses new rows in ``table`` for a while, as a full or failing disk
    would: a trigger added from outside the bot, dropped at the end."""
    with sqlite3.connect(db, isolation_level=None) as con:
        con.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} "
            "BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END"
        )
    try:
        yield
    finally:
        with sqlite3.connect(db, isolation_level=None) as con:
            con.execute(f"DROP TRIGGER refuse_{table}")


def conserved(t: Table) -> books.Chips:
    chips = books.chips(t.db)
    assert chips.conserved, chips
    return chips


async def test_a_leave_on_ones_own_turn_posts_the_fold_and_the_next_turn(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        who = to_act(t)
        assert who is not None
        seen = len(t.said())
        await who.slash(t.channel, "holdem leave")
        assert f"{who.name} folds." in "\n".join(t.said()[seen:])
        nxt = to_act(t)
        assert nxt is not None and nxt is not who, t.said()[seen:]
        assert f"<@{nxt.id}>" in text_of(turn_message(t))
        conserved(t)
        simcord.assert_no_errors(t.env)


async def test_a_member_who_left_earlier_is_folded_when_their_turn_comes(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        first = to_act(t)
        await check_or_call(t, first)
        second = to_act(t)
        (third,) = [m for m in t.members if m not in (first, second)]
        await third.slash(t.channel, "holdem leave")  # not their turn: they go after the hand
        seen = len(t.said())
        await check_or_call(t, second)  # now it is the third member's turn: no one waits
        assert f"{third.name} folds." in "\n".join(t.said()[seen:]), t.said()[seen:]
        assert to_act(t) in (first, second)
        simcord.assert_no_errors(t.env)


async def test_a_hand_that_ends_at_the_deal_is_finished_and_the_next_is_dealt(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice = t.members[0]
        rebuy = {"setting": "empty_stack", "value": "rebuy"}
        res = await alice.slash(t.channel, "holdem-admin config set", **rebuy)
        assert res.response.ephemeral and "rebuy" in res.response.content
        # Blinds 1/1 and a first buy-in of 1 to 100: one chip each is a buy-in the house allows.
        for setting, value in (("big_blind", "1"), ("buy_in", "choice")):
            await alice.slash(t.channel, "holdem-admin config set", setting=setting, value=value)
        await open_table(t, buy_in=1)  # one chip each: both all-in from the blinds
        first = "\n".join(t.texts())
        assert "wins" in first, first
        pictures = t.pictures()  # every version of the hand message: the run-out, then the end
        # The run-out is shown from before the flop; the hand closes on the whole board.
        assert pictures and "no cards yet" not in pictures[-1], pictures
        assert pictures[0].startswith("Poker table, Pre-flop. Board: no cards yet."), pictures
        assert "Seat 1: alice, 0 chips" in pictures[0]  # all in, before any rebuy
        await t.env.advance_time(PAUSE)
        assert "Hand #2" in "\n".join(t.texts()), t.texts()[-6:]
        assert hand_shown(t) == 2
        conserved(t)
        simcord.assert_no_errors(t.env)


async def test_a_deal_during_the_pause_leaves_the_automatic_deal_quiet(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        await to_act(t).slash(t.channel, "fold")
        seen = len(t.said())
        res = await t.members[0].slash(t.channel, "holdem deal")  # before the pause is over
        assert "Hand #2" in text_of(res.response)
        await t.env.advance_time(PAUSE + 1)
        later = t.said()[seen:]
        assert not any("A hand is in progress" in x for x in later), later
        assert hand_shown(t) == 2
        simcord.assert_no_errors(t.env)


async def test_a_failing_timer_does_not_kill_the_table(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        sleepy = to_act(t)
        with refused(t.db, "hand_actions"):  # the timer's move cannot be written
            await t.env.advance_time(TURN)
        await t.env.advance_time(TURN)  # the table recovers and the timer plays the turn
        said = [line for x in t.said() for line in x.splitlines()]
        assert any(x.startswith(f"{sleepy.name} ran out of time") for x in said), said[-8:]
        assert to_act(t) not in (None, sleepy)
        conserved(t)


async def test_a_failing_next_deal_does_not_kill_the_table(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        await to_act(t).slash(t.channel, "fold")
        with refused(t.db, "hands"):  # the automatic deal cannot be written
            await t.env.advance_time(PAUSE)
        await t.env.advance_time(TURN)
        assert hand_shown(t) == 2, t.texts()[-6:]
        conserved(t)


async def test_a_raise_form_opened_before_a_restart_works_after_it(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        who = to_act(t)
        shown = await who.click(turn_message(t), label="Raise")
        await t.restart()
        seen = len(t.said())
        res = await who.submit_modal(shown, {"holdem:raise:amount": "6"})
        assert res.response is not None, "This interaction failed"
        assert not res.response.ephemeral, res.response.content  # the hand message, updated
        assert f"{who.name} raises to 6." in "\n".join(t.said()[seen:]), t.said()[seen:]
        assert to_act(t) not in (None, who)
        simcord.assert_no_errors(t.env)


async def test_the_lobby_is_kept_current_after_fifteen_minutes(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem start")
        await t.env.advance_time(16 * 60)  # the interaction token that posted it is dead
        await bob.slash(t.channel, "holdem join")
        await t.env.advance_time(2)  # edits are coalesced
        lobby = next(m for m in t.public() if "opened a table" in m.content)
        assert "bob" in lobby.content, lobby.content
        simcord.assert_no_errors(t.env)
