"""The table runs itself, on the wire: the real ``python -m bot`` against the
stand-in Discord, where a table used to stop without a word.

Each test ends with the next hand dealt by the table itself and, once the process has
exited, the chips conserved in its database (wallets + table stacks == chips ever granted).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from . import books
from .game import Game, Turn, game, turn_of
from .process import READY_DELAY

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")

UNKNOWN_INTERACTION = (404, 10062)
"""What Discord answers a reply that comes too late."""


async def finish(g: Game, *, hands: int = 1) -> books.Chips:
    """Stop the bot cleanly; the first ``hands`` hands are finished and the chips add up."""
    assert await g.bot.stop() == 0, g.bot.report()
    played = books.hands(g.db)
    assert [done for _, done in played[:hands]] == [True] * hands, played
    chips = books.chips(g.db)
    assert chips.conserved, chips
    return chips


async def test_a_leave_on_ones_own_turn_folds_and_the_table_goes_on(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn = await g.open()
        who = g.member(turn.member)
        await who.slash("holdem leave")
        await g.wait_text(f"{who.name} folds.")
        turn = await g.next_turn(turn)  # the next player's turn, with its buttons
        assert turn.member != who.id
        nxt = await g.play_out(turn)
        assert nxt.hand == turn.hand + 1
        await finish(g)
    assert who.id not in books.seated(g.db)  # cashed out to the wallet when the hand ended


async def test_a_hand_all_in_at_the_deal_is_finished_and_the_next_dealt(tmp_path: Path) -> None:
    async with game(tmp_path, players=2) as g:
        alice, bob = g.members
        rebuy = await alice.slash("holdem-admin config set", setting="empty_stack", value="rebuy")
        assert rebuy.ephemeral and "rebuy" in rebuy.content, rebuy.content
        # Blinds 1/1 and a first buy-in of 1 to 100: one chip each is a buy-in the house allows;
        # the run-out of the odds goes on without the pause between streets.
        for setting, value in (("big_blind", "1"), ("buy_in", "choice"), ("runout_pause", "0")):
            changed = await alice.slash("holdem-admin config set", setting=setting, value=value)
            assert changed.ephemeral and changed.content.endswith(f"is now {value}.")
        assert not (await alice.slash("holdem start", buy_in=1)).ephemeral
        assert (await bob.slash("holdem join", buy_in=1)).ephemeral  # the lobby says it
        assert not (await alice.slash("holdem deal")).ephemeral  # both all-in from the blinds
        await g.wait_text("wins")
        turn = await g.next_turn()  # a later hand, dealt by the table itself
        assert turn.hand >= 2
        await finish(g)


async def test_a_refused_reply_to_a_move_does_not_stop_the_table(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn = await g.open()
        who = g.member(turn.member)
        label = turn.label("Call")
        assert label is not None, turn.labels
        refused = await who.click(turn.message, label, refuse=UNKNOWN_INTERACTION)
        assert refused.interaction.dead  # Discord said 404: the member saw nothing
        nxt = await g.next_turn(turn)  # the move counted, and the table moved on
        assert nxt.member != who.id
        await g.wait_text(f"{who.name} calls 2.")
        nxt = await g.play_out(nxt)
        assert nxt.hand == turn.hand + 1
        await finish(g)


async def test_a_crash_mid_hand_then_old_buttons_and_an_open_raise_form(tmp_path: Path) -> None:
    async with game(tmp_path, players=4) as g:
        *players, dave = g.members
        g.members = players  # dave watches and joins later through the old lobby message
        turn = await g.open()
        await g.pinged(turn.member, after=0)  # the deal is shown whole: message and ping
        g.members.append(dave)
        lobby = next(m for m in g.standin.channel.visible() if "opened a table" in m.content)
        raiser = g.member(turn.member)
        label = turn.label("Raise")
        assert label is not None, turn.labels
        shown = await raiser.click(turn.message, label)
        assert shown.modal is not None, shown.body
        await g.bot.kill()
        await g.restart()
        raised = await raiser.submit(shown, "6")  # the form opened before the crash
        assert not raised.ephemeral, raised.content
        assert f"{raiser.name} raises to 6." in raised.content
        turn = await g.next_turn(turn)
        joined = await dave.click(lobby, "Join")  # a button posted before the crash
        assert not joined.ephemeral, joined.content
        assert dave.name in joined.content, joined.content
        await g.standin.wait_for(lambda: dave.name in lobby.content, 5.0)
        nxt = await g.play_out(turn)
        assert nxt.hand == turn.hand + 1
        chips = await finish(g)
        assert chips.created == 400


async def test_a_move_right_after_a_restart_gets_no_second_turn(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn = await g.open()
        await g.bot.kill()
        await g.restart(settle=False)
        who = g.member(turn.member)
        label = turn.label("Check") or turn.label("Call")
        assert label is not None
        answer = await who.click(turn.message, label)  # at once, on the old turn message
        assert not answer.ephemeral, answer.content
        nxt = await g.next_turn(turn)
        seen = len(g.texts())
        await asyncio.sleep(READY_DELAY + 1.0)
        later = g.texts()[seen:]
        assert not any("The dealer is back" in x for x in later), later
        same = [m for m in g.standin.channel.visible() if (t := turn_of(m)) and t.hand == nxt.hand]
        current = [m for m in same if turn_of(m) and turn_of(m).seq == nxt.seq]  # type: ignore[union-attr]
        assert len(current) == 1, [m.content for m in current]
        nxt = await g.play_out(nxt)
        assert nxt.hand == turn.hand + 1
        await finish(g)


async def test_nothing_the_bot_started_outlives_a_sigkill(tmp_path: Path) -> None:
    async with game(tmp_path, players=2) as g:
        await g.open()  # the table picture was drawn: the render worker runs
        await g.bot.kill()
        for _ in range(50):
            if not g.bot.survivors():
                break
            await asyncio.sleep(0.1)
        assert g.bot.survivors() == [], _processes(g.bot.survivors())


async def test_ctrl_c_exits_cleanly_without_a_traceback(tmp_path: Path) -> None:
    async with game(tmp_path, players=2) as g:
        turn: Turn = await g.open()
        assert turn.hand == 1
        os.killpg(g.bot.group, signal.SIGINT)  # what a terminal sends its foreground group
        assert g.bot.process is not None
        code = await asyncio.wait_for(g.bot.process.wait(), timeout=15)
        await asyncio.sleep(1.0)
        assert code == 0, g.bot.report()
        assert not any("Traceback" in line for line in g.bot.err), g.bot.report()


def _processes(pids: list[int]) -> list[str]:
    names = []
    for pid in pids:
        try:
            names.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
        except OSError:
            continue
    return names


async def test_the_lobby_keeps_its_first_line_after_a_restart(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        alice, bob, carol = g.members
        assert not (await alice.slash("holdem start")).ephemeral
        assert (await bob.slash("holdem join")).ephemeral  # the lobby's seat list says it
        lobby = next(m for m in g.standin.channel.visible() if "opened a table" in m.content)
        head = lobby.content.split("\n")[0]  # "<host> opened a table: preset, blinds, buy-in"
        assert await g.bot.stop() == 0, g.bot.report()
        await g.restart()
        joined = await carol.click(lobby, "Join")
        assert not joined.ephemeral, joined.content
        await g.standin.wait_for(lambda: carol.name in lobby.content, 5.0)
        assert lobby.content.startswith(head + "\n"), lobby.content
        assert not (await alice.slash("holdem deal")).ephemeral
        assert (await g.next_turn()).hand == 1
        await finish(g, hands=0)
