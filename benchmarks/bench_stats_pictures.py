"""The stats pictures: a session chart of 10 players x 500 hands, and a hand's replay.

Both are drawn in the render worker, off the event loop, so what matters is that they do not
hold it long: each is timed (median) against the picture the worker draws most, a ten-seat
table (``bot.pictures.render_table``), in the same run. The replay is the longest of 300 seeded
random ten-handed hands, built from a stored hand record the way ``/holdem replay`` builds it;
its size is checked against :data:`bot.pictures.replay.LIMIT` (a third of Discord's 25 MiB).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from _common import parse_args, table  # first: puts the repository on sys.path

from bot.pictures import render_table
from bot.pictures.chart import render_chart
from bot.pictures.replay import LIMIT, render_replay
from bot.pictures.stats_views import ChartLabels, ChartLine, ChartView, Standing
from bot.present.stats import replay_view
from bot.store.records import HandRecord
from engine import HandConfig
from tests.bot.pictures.examples import example_table
from tests.engine.simulate import play_random_hand

SEED = 20261201


def chart_view(players: int, hands: int, rng: random.Random) -> ChartView:
    lines = []
    for i in range(players):
        stack, stacks = 1000, [1000]
        for _ in range(hands):
            stack = max(0, stack + rng.randint(-60, 60))
            stacks.append(stack)
        lines.append(ChartLine(name=f"Player {i + 1}", stacks=tuple(stacks)))
    ranked = sorted(range(players), key=lambda i: -(lines[i].stacks[-1] or 0))
    return ChartView(
        lines=tuple(lines),
        standings=tuple(
            Standing(place=k + 1, name=lines[i].name, chips=lines[i].stacks[-1] or 0, line=i)
            for k, i in enumerate(ranked)
        ),
        labels=ChartLabels(title=f"Session 1: {hands} hands"),
    )


def longest_hand(rng: random.Random, tries: int) -> HandRecord:
    best = None
    for _ in range(tries):
        config = HandConfig(
            stacks=tuple(rng.randint(200, 2000) for _ in range(10)), button=rng.randrange(10),
            small_blind=5, big_blind=10,
        )  # fmt: skip
        hand = play_random_hand(config, rng)
        if best is None or len(hand.actions) > len(best.actions):
            best = hand
    assert best is not None
    return HandRecord(
        hand_id=1, table_id="bench", guild_id=1, config=best.config,
        deck=[int(c) for c in best.deck], players=tuple(range(1, 11)), actions=list(best.actions),
        started_at=0.0, deadline=None, finished=True, result=None,
    )  # fmt: skip


def median_ms(run: Callable[[], bytes], repeats: int) -> tuple[float, bytes]:
    times, out = [], b""
    for _ in range(repeats):
        start = time.perf_counter()
        out = run()
        times.append(1000 * (time.perf_counter() - start))
    return statistics.median(times), out


def main() -> None:
    args = parse_args(__doc__ or "")
    hands, tries, repeats = (100, 30, 1) if args.smoke else (500, 300, 7)
    rng = random.Random(SEED)
    chart = chart_view(10, hands, rng)
    record = longest_hand(rng, tries)
    names = {m: f"Player {m}" for m in record.players}
    peer = example_table(10, board=("As", "Kh", "7c", "Td"))
    render_table(peer)  # warm the caches, as a running worker has them
    table_ms, _ = median_ms(lambda: render_table(peer), 3 * repeats)
    chart_ms, png = median_ms(lambda: render_chart(chart), repeats)
    view = replay_view(record, names, "en")
    replay_ms, gif = median_ms(lambda: render_replay(replay_view(record, names, "en")), repeats)
    frames = len(view.frames)
    print(
        table(
            ["picture", "median ms", "x a 10-seat table", "bytes"],
            [
                ["10-seat table (peer)", f"{table_ms:.1f}", "1.0", ""],
                [
                    f"chart, 10 players x {hands} hands",
                    f"{chart_ms:.1f}",
                    f"{chart_ms / table_ms:.1f}",
                    f"{len(png):,}",
                ],
                [
                    f"replay, {len(record.actions)} actions, {frames} frames",
                    f"{replay_ms:.1f}",
                    f"{replay_ms / table_ms:.1f}",
                    f"{len(gif):,}",
                ],
                [
                    "replay, per frame",
                    f"{replay_ms / frames:.1f}",
                    f"{replay_ms / frames / table_ms:.1f}",
                    f"{len(gif) // frames:,}",
                ],
            ],
        )
    )
    if len(gif) >= LIMIT:
        raise SystemExit(f"the replay takes {len(gif):,} bytes, over {LIMIT:,}")
    if not png.startswith(b"\x89PNG") or not gif.startswith(b"GIF89a"):
        raise SystemExit("a picture is not the format it claims")
    print(f"\nthe replay is {100 * len(gif) / (25 * 1024 * 1024):.1f}% of Discord's 25 MiB")


if __name__ == "__main__":
    main()
