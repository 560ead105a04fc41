"""A realistic stream of pictures: the views ``bench_load.py`` asks the render workers for, in
the order it asks for them, recorded without drawing them.

``tables`` six-handed tables of the load benchmark (the same seats, rules, names and seeded
random moves) each deal their first hand, then random tables move one at a time, so the
stream holds every table's deal, flop, turn, river and showdown pictures interleaved with the
other tables' as in a realistic run (whose first seconds are the same burst of deals). Each
item is ``("table" | "showdown", view)``.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_load import SEED, Bench, Stats, open_tables, seat_ids

from bot.store.store import Store
from bot.tables.service import TableService
from tests.engine.simulate import random_deck

__all__ = ["picture_stream"]


def picture_stream(tables: int, pictures: int, seed: int = SEED) -> list[tuple[str, Any]]:
    """The first ``pictures`` pictures of ``tables`` tables playing (at least every deal)."""
    return asyncio.run(_record(tables, pictures, seed))


async def _record(tables: int, pictures: int, seed: int) -> list[tuple[str, Any]]:
    stream: list[tuple[str, Any]] = []
    with tempfile.TemporaryDirectory(
        prefix=".bench-stream-", dir=Path(__file__).resolve().parent
    ) as tmp:
        store = await Store.open(str(Path(tmp) / "stream.sqlite3"))
        deck_rng = random.Random(seed)
        service = TableService(
            store,
            clock=time.time,
            deck_source=lambda: random_deck(deck_rng),
            rng=random.Random(seed),
        )
        bench = Bench(service, Stats(), workers=1)
        bench.pool.shutdown()

        async def record(function: Callable[[Any], bytes], view: Any) -> bytes:
            stream.append(("table" if function is bench.render_table else "showdown", view))
            return b""

        bench.render = record  # type: ignore[method-assign]
        await open_tables(service, tables)
        rng = random.Random(seed)
        for t in range(tables):
            await bench.deal(*seat_ids(t)[:2])
        while len(stream) < pictures:
            guild, channel, _ = seat_ids(rng.randrange(tables))
            if service.tables.state(f"{guild}:{channel}").in_hand:
                await bench.act(guild, channel, rng)
            else:
                await bench.deal(guild, channel)
        await store.close()
    return stream[: max(pictures, tables)]
