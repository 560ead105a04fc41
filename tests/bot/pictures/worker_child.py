"""A stand-in for the bot's process in the render-pool tests: it starts the render worker,
draws one image, says ``ready`` and waits to be killed or interrupted.

On Ctrl-C (``SIGINT``) it shuts the pool down as the bot does on a clean exit and exits 0.
"""

from __future__ import annotations

import asyncio
import sys

from bot.pictures import render_table
from bot.pictures.views import SeatView, TableView
from bot.pictures.worker import render_executor

VIEW = TableView(seats=(SeatView(name="alice", stack=100), SeatView(name="bob", stack=90)))


async def _serve() -> None:
    executor = render_executor(in_process=True)
    try:
        png = await asyncio.get_running_loop().run_in_executor(executor, render_table, VIEW)
        print(f"ready {len(png)}", flush=True)
        await asyncio.sleep(3600)
    finally:
        executor.shutdown(wait=True)


def main() -> int:
    try:
        asyncio.run(_serve())
    except KeyboardInterrupt:
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
