"""A stand-in for the bot's process in the render-pool tests: it starts the render workers
(as many as its one argument says), has each draw an image at the same time, says ``ready``
and waits to be killed or interrupted.

On Ctrl-C (``SIGINT``) it shuts the pool down as the bot does on a clean exit and exits 0.
"""

from __future__ import annotations

import asyncio
import sys

from bot.pictures import render_table
from bot.pictures.pool import RenderPool
from bot.pictures.views import SeatView, TableView

VIEW = TableView(seats=(SeatView(name="alice", stack=100), SeatView(name="bob", stack=90)))


async def _serve(workers: int) -> None:
    pool = RenderPool(in_process=True, workers=workers)
    try:
        # Asked at once, before any worker is idle: the pool starts a worker for each.
        pngs = await asyncio.gather(*(pool.run(render_table, VIEW) for _ in range(workers)))
        print(f"ready {len(pngs[0])}", flush=True)
        await asyncio.sleep(3600)
    finally:
        pool.close(wait=True)


def main() -> int:
    try:
        asyncio.run(_serve(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
    except KeyboardInterrupt:
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
