"""Discord's REST budget: rate-limited calls per move, counted by route on the wire, for each
kind of move: a button press, a slash command, a computer player's move.

The real ``python -m bot`` plays whole hands against the stand-in Discord of ``tests/wire``
(127.0.0.1 only). Three tables, one after the other:

- **button**: three members open a table and join by command, the host deals, and every move
  is a press of the hand message's Check or Call button;
- **slash**: the same, every move a ``/check`` or ``/call``;
- **computer**: one member and two computer players on a practice table; the member presses
  Check or Fold (never going broke), the computers play on their own (two seconds each, as in
  production).
- **event**: a whole 14-player practice tournament, two members and twelve computer
  players, from ``/holdem tournament start`` to the results: three tables in threads, broken
  to two and to a final table. The members press Check or Fold in their threads; computers
  act after 0.3 s and hands follow each other after 1 s (``HOLDEM_COMPUTER_PAUSE``,
  ``HOLDEM_DEAL_PAUSE``), so that an event takes minutes, not an evening; edits coalesce over
  one second as in production. Counted: every REST call from the start to the results
  message, the event's own (threads, the event message, pings of moved players) included;
  the figure is per move of the whole event, and the event's total is printed with it,
  with a table of what each call was for (``tests/wire/budget.py``: the event message, a
  hand message, a ping, a seat line, a thread ...).
- **group-dm**: three members who installed the app for themselves play in a group DM the bot
  is not in (``tests/wire/anywhere.py``): join by command, deal, and moves by button and by
  command in turn. There the bot may not call the channel at all: the target is 0, and any
  call of its own to the group DM is an error.

Counted: every REST call from the first turn of the first hand to the first turn of hand
``N + 1`` (so each hand pays for its own end and the next deal), by route. Discord's global
limit counts channel messages, edits, deletes, DMs and every other route except interaction
callbacks and the interaction webhooks (follow-ups, their edits and deletes, original-response
edits); those are shown but not counted. Moves are the rows of the action log in the bot's
database after it exits; a computer table's rate-limited calls are divided by its computers'
moves (so the member's own moves, which cost nothing, do not dilute the figure). The targets
(at most 0.1 per button move, 1 per slash move, 0.5 per computer move, 0.2 per move of
an event) are
reported, not asserted; the script checks its answers (chips conserved, every hand finished,
no route the stand-in does not know) and exits non-zero when they are wrong. ``--smoke``: one
hand per table.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from _common import table

from tests.wire import books
from tests.wire.budget import purposes
from tests.wire.events import EventWatch, event_message, results_message
from tests.wire.game import Game, Turn, game
from tests.wire.members import Member
from tests.wire.payloads import Person
from tests.wire.process import APP_ID, GUILD_ID, BotProcess
from tests.wire.standin import Request, StandIn

TARGETS = {"button": 0.1, "slash": 1.0, "computer": 0.5, "event": 0.2, "group-dm": 0.0}
"""Rate-limited REST calls per move of each kind, averaged over whole hands."""


@dataclass(frozen=True)
class Run:
    kind: str
    players: int
    hands: int
    moves: int
    counted: int
    """The moves the figure is per (the computers' own, on the computer table)."""
    calls: list[Request]
    problems: list[str]
    purposes: Counter[str] | None = None
    """The rate-limited calls by what they were for (the event's)."""


async def _hands(
    g: Game, turn: Turn, hands: int, *, by_button: bool, cautious: bool = False,
    mixed: bool = False,
) -> tuple[int, int, int]:  # fmt: skip
    """Play ``hands`` whole hands from ``turn``, checking or calling (``cautious``: checking or
    folding, so that a member facing computers never goes broke and stops the count;
    ``mixed``: by button and by command in turn); the index of the first counted request, of
    the end, and the member's own moves."""
    first, start, own = turn.hand, len(g.standin.requests), 0
    while turn.hand < first + hands:
        if cautious:
            label = turn.label("Check") or turn.label("Fold")
            assert label is not None, turn.labels
            before = turn
            await g.member(turn.member).click(turn.message, label)
        else:
            _, before = await g.play(turn, by_button=by_button)
            by_button = not by_button if mixed else by_button
        own += 1
        turn = await g.next_turn(before, timeout=60)
    return start, len(g.standin.requests), own


async def _table(kind: str, hands: int) -> Run:
    players = 1 if kind == "computer" else 3
    with tempfile.TemporaryDirectory() as folder:
        async with game(Path(folder), players=players) as g:
            if kind == "computer":
                host = g.members[0]
                await host.slash("holdem start")
                for level in ("easy", "normal"):
                    await host.slash("holdem computer add", level=level)
                await host.slash("holdem deal")
                turn = await g.next_turn(timeout=60)
            else:
                turn = await g.open()
            start, end, own = await _hands(
                g, turn, hands, by_button=kind != "slash", cautious=kind == "computer"
            )
            calls = g.standin.requests[start:end]
            unknown = list(g.standin.unknown)
            code = await g.bot.stop()
        played = books.hands(g.db)
        moves = books.actions(g.db, hands_up_to=played[0][0] + hands - 1)
        chips = books.chips(g.db)
    problems = []
    if code != 0:
        problems.append(f"{kind}: the bot exited with {code}")
    if unknown:
        problems.append(f"{kind}: routes the stand-in does not know: {[r.key for r in unknown]}")
    if not chips.conserved and kind != "computer":  # practice chips come from no wallet
        problems.append(f"{kind}: chips not conserved: {chips}")
    if [finished for _, finished in played[:hands]] != [True] * hands:
        problems.append(f"{kind}: hands not finished: {played}")
    counted = moves - own if kind == "computer" else moves
    return Run(kind, players, hands, moves, max(1, counted), calls, problems)


async def _group_dm(hands: int) -> Run:
    """Three members with the app installed for themselves, at a table in a group DM."""
    people = [Person(id=1_300_000_000_000_000_200 + k, name=n, installed=True)
              for k, n in enumerate(("alice", "bob", "carol"))]  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
        await standin.start()
        dm = standin.group_dm(*people)
        bot = BotProcess(standin=standin, db=Path(folder) / "holdem.sqlite3")
        members = [Member(standin, p).at(dm.id) for p in people]
        g = Game(standin=standin, bot=bot, members=members, where=dm.id)
        try:
            await bot.start()
            turn = await g.open()
            start, end, _ = await _hands(g, turn, hands, by_button=True, mixed=True)
            calls = standin.requests[start:end]
            unknown, outside = list(standin.unknown), list(standin.outside)
            code = await bot.stop()
        finally:
            await bot.close()
            await standin.stop()
        played = books.hands(bot.db)
        moves = books.actions(bot.db, hands_up_to=played[0][0] + hands - 1)
        chips = books.chips(bot.db)
    problems = []
    if code != 0:
        problems.append(f"group-dm: the bot exited with {code}")
    if unknown:
        problems.append(f"group-dm: routes the stand-in does not know: {[r.key for r in unknown]}")
    if outside or any(r.limited for r in calls):
        problems.append(f"group-dm: the bot's own calls: {[r.key for r in calls if r.limited]}")
    if not chips.conserved:
        problems.append(f"group-dm: chips not conserved: {chips}")
    if [finished for _, finished in played[:hands]] != [True] * hands:
        problems.append(f"group-dm: hands not finished: {played}")
    return Run("group-dm", 3, hands, moves, max(1, moves), calls, problems)


async def _event(computers: int = 12) -> Run:
    """A whole practice event of two members and ``computers`` computer players (see the
    module docstring; ``--smoke``: two computers on one table, a few hands)."""
    people = [Person(id=1_300_000_000_000_000_100 + k, name=n, admin=k == 0)
              for k, n in enumerate(("alice", "bob"))]  # fmt: skip
    env = {"HOLDEM_DEAL_PAUSE": "1", "HOLDEM_COMPUTER_PAUSE": "0.3"}
    with tempfile.TemporaryDirectory() as folder:
        standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
        await standin.start()
        db = Path(folder) / "holdem.sqlite3"
        bot = BotProcess(standin=standin, db=db, env=env)
        alice, bob = (Member(standin, p) for p in people)
        # The smoke's members push every hand, so that its event ends in a few hands.
        moves = ("All-in", "Call", "Check") if computers < 12 else ("Check", "Fold")
        watch = EventWatch(standin, [alice, bob], moves=moves)
        watching = asyncio.create_task(watch.run())
        try:
            await bot.start()
            small = computers < 12
            await alice.slash(
                "holdem tournament create", name="Bench", seats=5, chips=300 if small else 1000,
                big_blind=100, level_minutes=1, payouts="50/30/20", computers=computers,
            )  # fmt: skip
            message = event_message(standin)
            assert message is not None
            await alice.click(message, "Register")
            await bob.click(message, "Register")
            start = len(standin.requests)
            await alice.slash("holdem tournament start")
            await standin.wait_for(lambda: results_message(standin) is not None, 1800)
            await asyncio.sleep(2.0)  # the last coalesced edit of the event message
            calls = standin.requests[start:]
            unknown = list(standin.unknown)
            code = await bot.stop()
            why = purposes(standin, calls)
        finally:
            watching.cancel()
            await bot.close()
            await standin.stop()
        played = books.hands(db)
        moves = books.actions(db)
    problems = []
    if code != 0:
        problems.append(f"event: the bot exited with {code}")
    if unknown:
        problems.append(f"event: routes the stand-in does not know: {[r.key for r in unknown]}")
    if not all(finished for _, finished in played):
        problems.append(f"event: hands not finished: {played}")
    return Run(
        "event", 2 + computers, len(played), moves, max(1, moves), calls, problems, purposes=why
    )


def report(run: Run) -> str:
    limited = Counter(r.key for r in run.calls if r.limited)
    free = Counter(r.key for r in run.calls if not r.limited)
    per = run.counted
    rows: list[list[object]] = [
        [key, count, f"{count / per:.2f}", "yes"] for key, count in limited.most_common()
    ]
    rows += [[key, count, f"{count / per:.2f}", "no"] for key, count in free.most_common()]
    total = sum(limited.values())
    per_move = total / per
    target = TARGETS[run.kind]
    verdict = "met" if per_move <= target else "not met"
    who = "computer moves" if run.kind == "computer" else "moves"
    why = [
        [what, count, f"{count / per:.3f}"] for what, count in sorted((run.purposes or {}).items())
    ]
    return "\n".join(
        [
            f"{run.kind}: {run.hands} hand(s), {run.players} member(s), {run.moves} moves "
            f"({run.counted} {who} counted)",
            table(["route", "calls", f"per {who[:-1]}", "rate-limited"], rows),
            *([table(["rate-limited call for", "calls", f"per {who[:-1]}"], why)] if why else []),
            f"{run.kind}: rate-limited calls {total}, per {who[:-1]}: {per_move:.2f} "
            f"(target at most {target}: {verdict}); per hand: {total / run.hands:.1f}",
            "",
        ]
    )


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="one hand per table")
    parser.add_argument("--hands", type=int, default=3, help="whole hands per table (3)")
    parser.add_argument(
        "--only", choices=sorted(TARGETS), action="append", help="only these tables"
    )
    args = parser.parse_args()
    hands = 1 if args.smoke else args.hands
    problems = []
    for kind in args.only or ("button", "slash", "computer", "event", "group-dm"):
        if kind == "event":
            run = await _event(1 if args.smoke else 12)
        elif kind == "group-dm":
            run = await _group_dm(hands)
        else:
            run = await _table(kind, hands)
        print(report(run), flush=True)
        problems += run.problems
    for problem in problems:
        print("error:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
