"""Discord's REST budget: rate-limited calls per move, counted by route on the wire.

The real ``python -m bot`` plays whole hands against the stand-in Discord of
``tests/wire`` (127.0.0.1 only): three members open a table and join by command, the host
deals, and every hand then plays itself through to the next deal: the first player to act
raises through the Raise button and its form, everyone else checks or calls, by button and by
slash command in turn, to the showdown; the bot deals the next hand itself.

Counted: every REST call from the first turn of the first hand to the first turn of hand
``N + 1`` (so each hand pays for its own end and the next deal), by route. Discord's global
limit (about 50 a second per bot token) counts channel messages, edits, DMs and every other
route except interaction callbacks and the interaction webhooks (follow-ups, original-response
edits); those are shown but not counted. Moves are the rows of the action log in the bot's
database after it exits. The script checks its answers (chips conserved, every hand finished,
no route the stand-in does not know) and exits non-zero when they are wrong; the target (at
most 0.25 rate-limited calls per move) is reported, not asserted. ``--smoke``: one hand.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

from _common import table

from tests.wire import books
from tests.wire.game import Game, Turn, game
from tests.wire.standin import Request

TARGET = 0.25
"""Rate-limited REST calls per move, averaged over whole hands (issue 12)."""
PLAYERS = 3


async def play_hands(g: Game, hands: int) -> tuple[int, int]:
    """Play ``hands`` whole hands; the index of the first counted request and of the end."""
    turn: Turn = await g.open()
    first, start = turn.hand, len(g.standin.requests)
    by_button = False
    while turn.hand < first + hands:
        hand = turn.hand
        raiser = g.member(turn.member)
        label = turn.label("Raise") or turn.label("Bet")
        assert label is not None, turn.labels
        shown = await raiser.click(turn.message, label)
        assert shown.modal is not None, f"no Raise form: {shown.body}"
        await raiser.submit(shown, "6")
        turn = await g.next_turn(turn)
        while turn.hand == hand:
            _, before = await g.play(turn, by_button=by_button)
            by_button = not by_button
            turn = await g.next_turn(before)
    return start, len(g.standin.requests)


def report(calls: list[Request], moves: int, hands: int) -> str:
    limited = Counter(r.key for r in calls if r.limited)
    free = Counter(r.key for r in calls if not r.limited)
    rows: list[list[object]] = [
        [key, count, f"{count / moves:.2f}", "yes"] for key, count in limited.most_common()
    ]
    rows += [[key, count, f"{count / moves:.2f}", "no"] for key, count in free.most_common()]
    total = sum(limited.values())
    per_move = total / moves
    verdict = "met" if per_move <= TARGET else "not met"
    return "\n".join(
        [
            f"{hands} hand(s), {PLAYERS} players, {moves} moves",
            table(["route", "calls", "per move", "rate-limited"], rows),
            f"rate-limited calls: {total}, per move: {per_move:.2f} "
            f"(target at most {TARGET}: {verdict}); per hand: {total / hands:.1f}",
        ]
    )


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="one hand")
    parser.add_argument("--hands", type=int, default=5, help="whole hands to play (default 5)")
    args = parser.parse_args()
    hands = 1 if args.smoke else args.hands
    with tempfile.TemporaryDirectory() as folder:
        async with game(Path(folder), players=PLAYERS) as g:
            start, end = await play_hands(g, hands)
            calls = g.standin.requests[start:end]
            unknown = list(g.standin.unknown)
            code = await g.bot.stop()
        played = books.hands(g.db)
        moves = books.actions(g.db, hands_up_to=played[0][0] + hands - 1)
        chips = books.chips(g.db)
    print(report(calls, moves, hands))
    problems = []
    if code != 0:
        problems.append(f"the bot exited with {code}")
    if unknown:
        problems.append(f"routes the stand-in does not know: {[r.key for r in unknown]}")
    if not chips.conserved:
        problems.append(f"chips not conserved: {chips}")
    if [finished for _, finished in played[:hands]] != [True] * hands:
        problems.append(f"hands not finished: {played}")
    for problem in problems:
        print("error:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
