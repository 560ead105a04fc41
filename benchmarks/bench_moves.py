"""The event loop's CPU per move: today's code against an earlier commit's, in one run.

What a busy process spends on its event loop for each move and deal, without drawing: N
six-handed no-limit tables in one :class:`bot.tables.service.TableService` on one SQLite file,
played in turns, a seeded random legal move for whoever is to act (the same moves on both
sides: the seeds are fixed), each outcome's log lines (``bot.present.outcome_lines``) and, when
a street is dealt, the table's view and alt text (``table_view``, ``table_alt``), and the state
asked for twice a move, as ``benchmarks/bench_load.py`` asks. Timed is the CPU time of the loop's
thread (``time.thread_time``), which moves far less than wall time on a shared machine; the
SQLite thread's own work is not in it, but is in the process's CPU time, reported beside it
(it holds the same interpreter lock). Moves, deals and hands' ends (the move that ends a hand,
with the showdown's view and alt text as ``bench_load.py`` builds them) are also timed apart
(each with its log lines and, for a deal or a new street, the table's view and alt text), the
hand-offs to the database's thread counted, a move's and a deal's (a hand's end is in the move
that ends it), and the statements a deal's and a hand end's job run (calls into its ``Tx``).

``--calls`` runs each side once more under :mod:`cProfile` and counts the Python function
calls of its play per move or deal: a figure the machine's load does not move (the same hands
make the same calls), for a machine too busy for the times to compare.

``--against COMMIT`` (default: the commit before the kept table state) is taken from git at run
time (``git archive``, into a temporary folder) and run in a process of its own with that folder
first on ``sys.path``; the two sides alternate, ``--rounds`` each, and the report gives every
round and the ratio of the medians. Where the commit is missing (a shallow clone) the run says
so and measures today's code alone. ``--smoke``: 10 tables, 200 moves, one round.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "d1cbe3b~1"
"""The code before the kept table state (its parent commit)."""


async def child(tables: int, moves: int, *, calls: bool = False) -> dict[str, Any]:
    """Play ``moves`` moves over ``tables`` tables with the code on ``sys.path``; with
    ``calls``, count the Python function calls of the play (``cProfile``: the times are then
    not the code's own)."""
    import bot
    from bot.present import outcome_lines, showdown_alt, showdown_view, table_alt, table_view
    from bot.store.store import Store
    from bot.tables.service import TableService
    from engine import EmptyStackPolicy, preset
    from engine.events import BoardDealt
    from tests.engine.simulate import random_deck, random_move

    # As bench_load.py's tables: six seats, buy-in 100, rebuys keep every table dealing.
    rules = replace(preset("no-limit"), empty_stack=EmptyStackPolicy.REBUY)

    with tempfile.TemporaryDirectory(prefix=".bench-moves-", dir=HERE) as folder:
        store = await Store.open(str(Path(folder) / "moves.sqlite3"))
        deck_rng = random.Random(20261206)
        service = TableService(
            store, clock=time.time, deck_source=lambda: random_deck(deck_rng),
            rng=random.Random(20261206),
        )  # fmt: skip
        # The compared commit's service forwarded these calls; today's code holds its parts.
        seats = getattr(service, "seats", service)
        hands = getattr(service, "hands", service)
        live = getattr(service, "tables", service)
        for t in range(tables):
            guild, channel = 1000 + t % 10, 10_000 + t
            users = [100 * (t + 100) + k for k in range(6)]
            await seats.open_table(guild, channel, users[0], rules, 100, preset="no-limit")
            for user in users[1:]:
                await seats.join(guild, channel, user, 100)
        rng = random.Random(43)
        done = deals = ends = 0
        deal_cpu = act_cpu = end_cpu = 0.0
        hand_offs = counter()
        statements = statement_counter()
        deal_hand_offs = act_hand_offs = deal_statements = end_statements = 0
        profiler = cProfile.Profile() if calls else None
        if profiler is not None:
            profiler.enable()
        start, process_start = time.thread_time(), time.process_time()
        while done < moves:
            for t in range(tables):
                guild, channel = 1000 + t % 10, 10_000 + t
                table_id = f"{guild}:{channel}"
                began, counted, ran = time.thread_time(), hand_offs[0], statements[0]
                if not live.state(table_id).in_hand:
                    outcome = await hands.deal(guild, channel)
                    deals += 1
                    outcome_lines("en", outcome)
                    table_alt("en", table_view(outcome.state, "en"))
                    deal_cpu += time.thread_time() - began
                    deal_hand_offs += hand_offs[0] - counted
                    deal_statements += statements[0] - ran
                    continue
                turn = live.state(table_id).turn
                assert turn is not None
                move = random_move(turn.legal, rng)
                outcome = await hands.act(guild, channel, turn.member, move.kind, move.amount)
                outcome_lines("en", outcome)
                if outcome.hand_over:
                    if outcome.showdown is not None:
                        showdown_alt("en", showdown_view(outcome.showdown, "en"))
                elif any(isinstance(e, BoardDealt) for e in outcome.events):
                    table_alt("en", table_view(outcome.state, "en"))
                done += 1
                spent = time.thread_time() - began
                act_cpu += spent
                act_hand_offs += hand_offs[0] - counted
                if outcome.hand_over:
                    ends += 1
                    end_cpu += spent
                    end_statements += statements[0] - ran - 1  # its action's own INSERT
        cpu = time.thread_time() - start
        process = time.process_time() - process_start
        counted_calls = 0
        if profiler is not None:
            profiler.disable()
            counted_calls = sum(row[1] for row in pstats.Stats(profiler).stats.values())  # type: ignore[attr-defined]
        await store.close()
    tree = str(Path(bot.__file__).resolve().parent.parent)
    return {
        "moves": done, "deals": deals, "us_per_op": 1e6 * cpu / (done + deals),
        "us_per_move": 1e6 * act_cpu / done, "us_per_deal": 1e6 * deal_cpu / deals,
        "process_us_per_op": 1e6 * process / (done + deals),
        "hand_offs_per_move": act_hand_offs / done, "hand_offs_per_deal": deal_hand_offs / deals,
        "us_per_hand_end": 1e6 * end_cpu / ends, "statements_per_deal": deal_statements / deals,
        "statements_per_hand_end": end_statements / ends,
        "calls_per_op": counted_calls / (done + deals), "tree": tree,
    }  # fmt: skip


def counter() -> list[int]:
    """Count the hand-offs to the database's thread from now on, whichever way the code on
    ``sys.path`` makes them (its own thread, or aiosqlite's before it): ``[count]``."""
    count = [0]
    from bot.store import sqlite

    thread = getattr(sqlite, "_Thread", None)
    if thread is not None:
        submit = thread.submit

        def counted_submit(self: Any, function: Any) -> Any:
            count[0] += 1
            return submit(self, function)

        thread.submit = counted_submit
        return count
    import aiosqlite.core

    execute: Any = aiosqlite.core.Connection._execute

    async def counted_execute(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return await execute(self, fn, *args, **kwargs)

    aiosqlite.core.Connection._execute = counted_execute  # type: ignore[method-assign]
    return count


def statement_counter() -> list[int]:
    """Count the statements the database thread's jobs run from now on (calls into a job's
    ``Tx``: an ``executemany`` is one), where the code on ``sys.path`` runs jobs: ``[count]``."""
    count = [0]
    from bot.store import sqlite

    job_tx = getattr(sqlite, "_JobTx", None)
    if job_tx is None:
        return count
    for name in ("execute", "executemany", "fetch"):
        method = getattr(job_tx, name)

        def counted(self: Any, *args: Any, _method: Any = method, **kwargs: Any) -> Any:
            count[0] += 1
            return _method(self, *args, **kwargs)

        setattr(job_tx, name, counted)
    return count


def run_side(tree: Path, tables: int, moves: int, *, calls: bool = False) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, "-P", str(HERE / "bench_moves.py"), "--child", str(tables)]
    done = subprocess.run(
        [*command, str(moves), *(["--child-calls"] if calls else [])],
        cwd=tree, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(str(result.pop("tree"))) != tree.resolve():
        raise SystemExit(f"the side of {tree} ran other code")
    return result


def old_tree(commit: str, folder: Path) -> Path | None:
    """The commit's ``bot``, ``engine``, ``benchmarks`` and ``tests`` in ``folder``."""
    archive = subprocess.run(
        ["git", "archive", commit, "bot", "engine", "benchmarks", "tests", "assets"],
        cwd=ROOT, capture_output=True,
    )  # fmt: skip
    if archive.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="10 tables, 200 moves, one round")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=8000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", default=BEFORE, help="the commit to compare with")
    parser.add_argument(
        "--calls", action="store_true",
        help="also count each side's Python function calls per move or deal (one more run "
        "each, under cProfile): a figure the machine's load does not move",
    )  # fmt: skip
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-calls", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(child(*args.child, calls=args.child_calls))))
        return 0
    tables, moves, rounds = (10, 200, 1) if args.smoke else (args.tables, args.moves, args.rounds)
    with tempfile.TemporaryDirectory(prefix="bench-moves-") as folder:
        before = old_tree(args.against, Path(folder))
        if before is None:
            print(f"commit {args.against} is not in this clone: today's code alone")
        sides = {"today": ROOT} | ({args.against: before} if before is not None else {})
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
        for _ in range(rounds):
            for name, tree in sides.items():
                runs[name].append(run_side(tree, tables, moves))
        counted = {
            name: run_side(tree, tables, moves, calls=True)["calls_per_op"]
            for name, tree in (sides.items() if args.calls else ())
        }
    load = os.getloadavg()[0]
    print(f"{tables} tables, {moves} moves a round, {rounds} round(s), load {load:.1f}")
    medians = {}
    for name, results in runs.items():
        figures = [r["us_per_op"] for r in results]
        medians[name] = statistics.median(figures)
        counts = {(r["moves"], r["deals"]) for r in results}
        shown = ", ".join(f"{f:.0f}" for f in figures)
        print(f"{name:>12}: loop CPU per move or deal {medians[name]:.0f} us (rounds: {shown}); "
              f"moves, deals {sorted(counts)}")  # fmt: skip

        def median(key: str, rs: list[dict[str, float]] = results) -> float:
            return statistics.median(r[key] for r in rs)

        print(f"{'':>12}  loop CPU per move {median('us_per_move'):.0f} us, per deal "
              f"{median('us_per_deal'):.0f} us, per hand's end {median('us_per_hand_end'):.0f} us "
              f"(the move that ends it, with the showdown's view and alt text); process CPU per "
              f"move or deal {median('process_us_per_op'):.0f} us; hand-offs to the database "
              f"thread per move {median('hand_offs_per_move'):.2f}, per deal "
              f"{median('hand_offs_per_deal'):.2f}; statements of a deal's job "
              f"{median('statements_per_deal'):.2f}, of a hand end's "
              f"{median('statements_per_hand_end'):.2f}")  # fmt: skip
        if name in counted:
            print(f"{'':>12}  Python function calls per move or deal {counted[name]:.0f}")
    if len(medians) == 2:
        today, earlier = medians["today"], medians[args.against]
        print(f"today / {args.against}: {today / earlier:.2f}")
        if counted:
            print(f"function calls, today / {args.against}: "
                  f"{counted['today'] / counted[args.against]:.2f}")  # fmt: skip
        same = {(r["moves"], r["deals"]) for rs in runs.values() for r in rs}
        if len(same) != 1:
            print("the two sides played different hands")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
