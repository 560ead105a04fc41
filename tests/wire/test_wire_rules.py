"""House rules on the wire: the real ``python -m bot`` against the stand-in Discord.

Within a session a member who leaves comes back with exactly the stack they left with (a
top-up is refused privately), and an admin's grant lands in the wallet and in the ledger with
its reason; once the process has exited the chips still add up.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from . import books
from .game import game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def _ledger(db: Path, member: int) -> list[tuple[int, str, str | None]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        rows = con.execute(
            "SELECT delta, reason, ref FROM ledger WHERE user_id = ? ORDER BY id", (member,)
        ).fetchall()
    return [(int(d), str(r), f) for d, r, f in rows]


async def test_a_member_comes_back_with_their_stack_and_a_grant_is_a_ledger_row(
    tmp_path: Path,
) -> None:
    async with game(tmp_path, players=3) as g:
        alice = g.members[0]
        turn = await g.open()  # three-handed: the button acts first, then the small blind
        answer, before = await g.play(turn, by_button=True)
        assert not answer.ephemeral, answer.content
        turn = await g.next_turn(before)
        leaver = g.member(turn.member)
        await leaver.slash("holdem leave")  # on their turn: folded, 99 left
        await g.wait_text(f"{leaver.name} folds.")
        nxt = await g.play_out(await g.next_turn(turn))  # the table deals the next hand
        assert nxt.hand == turn.hand + 1
        await g.wait_text(f"{leaver.name} leaves the table with 99.")

        topped = await leaver.slash("holdem join", buy_in=100)
        assert topped.ephemeral and topped.content == (
            "You left this session with 99 and come back with exactly that."
        )
        back = await leaver.slash("holdem join")
        assert back.ephemeral and "You sit down with 99 chips" in back.content, back.content

        granted = await alice.slash("holdem-admin grant", member=str(leaver.id), amount=250,
                                    reason="wire test")  # fmt: skip
        assert granted.ephemeral
        assert granted.content == f"Gave {leaver.mention} 250 chips. Their wallet: 250."
        assert await g.bot.stop() == 0, g.bot.report()
    rows = _ledger(g.db, leaver.id)
    table = rows[1][2]
    assert table is not None and table.startswith("table:")
    assert rows == [
        (100, "grant", None), (-100, "buy_in", table), (99, "cash_out", table),
        (-99, "buy_in", table), (250, "grant", f"admin:{alice.id} wire test"),
    ]  # fmt: skip
    chips = books.chips(g.db)
    assert chips.conserved, chips
