"""``bench_activity.py --cpu``: the CPU time of a fan-out, the hub of ``OLD_COMMIT`` against
today's, alternately in one run (see ``bench_activity.py``'s docstring).

``--cpu [--tables N] [--hands H] [--rounds R] [--seconds S]``: N four-handed tables played
H hands each by random legal moves for the hub alone; R rounds of the server run (old, then
today's) at 100 tables for S seconds each (``--rounds 0`` skips them).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from _common import table  # first: puts the repository on sys.path
from bench_activity import OLD_COMMIT, SEATS, old_module

from bot.activity.hub import Hub
from bot.activity.sessions import Session
from bot.store.store import Store
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService
from engine import EmptyStackPolicy, preset
from tests.engine.simulate import random_deck, random_move

GUILD = 77


async def hub_alone(tables: int, hands: int) -> dict[str, list[int]]:
    """CPU ns of each hub's ``receive`` per outcome, both hubs fed every outcome by turns."""
    old = old_module("old_activity_hub", "bot/activity/hub.py")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "cpu.sqlite3"))
        rng = random.Random(20261206)
        service = TableService(store, clock=time.time, deck_source=lambda: random_deck(rng),
                               rng=random.Random(1))  # fmt: skip
        hubs: dict[str, Any] = {
            "old": old.Hub(service, delay=0.0, clock=time.time),
            "new": Hub(service, delay=0.0, clock=time.time),
        }
        cpu: dict[str, list[int]] = {name: [] for name in hubs}
        order = [list(hubs.items()), list(reversed(hubs.items()))]
        turn = 0

        def receive(outcome: Outcome) -> None:
            nonlocal turn
            turn += 1
            for name, hub in order[turn % 2]:
                start = time.process_time_ns()
                hub.receive(outcome)
                cpu[name].append(time.process_time_ns() - start)

        rules = replace(preset("no-limit"), empty_stack=EmptyStackPolicy.REBUY)
        pages = []
        for n in range(tables):
            members = [10_000 + 10 * n + s for s in range(SEATS)]
            await service.seats.open_table(GUILD, n, members[0], rules, 100, preset="no-limit")
            for member in members[1:]:
                await service.seats.join(GUILD, n, member, 100)
            for hub in hubs.values():
                for member in members:
                    session = Session(member=member, name=str(member), guild=GUILD, channel=n,
                                      instance=f"i-{n}", lang="en", until=9e9)  # fmt: skip
                    pages.append(await hub.open(session))
        service.tables.subscribe(receive)
        for _ in range(hands):
            for n in range(tables):
                await service.hands.deal(GUILD, n)
            busy = True
            while busy:
                busy = False
                for n in range(tables):
                    state = service.tables.state(f"{GUILD}:{n}")
                    if state.turn is not None:
                        busy = True
                        move = random_move(state.turn.legal, rng)
                        await service.hands.act(GUILD, n, state.turn.member, move.kind, move.amount)
                for page in pages:
                    while not page.queue.empty():
                        page.queue.get_nowait()
        await store.close()
    return cpu


def compare(argv: list[str], fan_out: Callable[..., Awaitable[tuple[Any, Any, float]]]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args(argv)
    cpu = asyncio.run(hub_alone(args.tables, args.hands))
    rows = []
    for name, values in cpu.items():
        us = [v / 1000 for v in values]
        rows.append([f"{name} ({OLD_COMMIT})" if name == "old" else name, f"{len(us):,}",
                     f"{statistics.mean(us):.1f}", f"{statistics.median(us):.1f}"])  # fmt: skip
    print(f"the hub alone: {args.tables} tables x {SEATS} pages, {args.hands} hands each")
    print(table(["hub", "outcomes", "CPU µs per fan-out (mean)", "median"], rows))
    print(f"new / old (mean): {statistics.mean(cpu['new']) / statistics.mean(cpu['old']):.2f}")
    server: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for name in ("old", "new"):
            _, _, ms = asyncio.run(fan_out(100, args.seconds, old=name == "old"))
            server[name].append(ms)
            print(f"server, {name}: {ms:.2f} CPU ms per move", flush=True)
    if args.rounds:
        rows = [[name, " ".join(f"{ms:.2f}" for ms in values), f"{statistics.median(values):.2f}"]
                for name, values in server.items()]  # fmt: skip
        print(table(["server code", "CPU ms per move, each round", "median"], rows))
    return 0
