"""Pictures as Discord attachments, drawn off the event loop.

The renderers are pure functions of the views in :mod:`bot.pictures.views`; here they run in one
worker (a process of its own in production, so drawing never competes with the event loop
for the GIL; a thread in the offline tests), and every file carries its alt text.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import discord

from bot.i18n import Lang
from bot.pictures import render_hole_cards, render_runout, render_showdown, render_table
from bot.pictures.views import HoleCardsView, ShowdownView, TableView
from bot.pictures.worker import render_executor
from bot.present import ALT_TEXT_LIMIT, fit, hole_cards_alt, showdown_alt, table_alt

__all__ = ["Images"]

log = logging.getLogger("holdem.bot")

V = TypeVar("V")


class Images:
    def __init__(self, *, in_process: bool) -> None:
        self._in_process = in_process
        self._pool = render_executor(in_process=in_process)

    async def render(self, function: Callable[[V], bytes], view: V) -> bytes:
        """Draw in the worker; a worker that died is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, function, view)
        except BrokenProcessPool:
            log.warning("the render worker died; starting a new one")
            self._pool = render_executor(in_process=self._in_process)
            return await loop.run_in_executor(self._pool, function, view)

    async def _file(
        self, function: Callable[[Any], bytes], view: Any, name: str, alt: str
    ) -> discord.File:
        png = await self.render(function, view)
        return discord.File(io.BytesIO(png), name, description=fit(alt))

    async def table(
        self, view: TableView, lang: Lang, *, alt_tail: Sequence[str] = (), runout: bool = False
    ) -> tuple[str, discord.File]:
        """The table picture and its alt text (which the message also says); ``alt_tail``
        adds what the picture draws beyond the table (an all-in's odds). ``runout`` draws the
        run-out picture of the same view instead (only the hands in play, their odds large)."""
        alt = table_alt(lang, view)
        if alt_tail:  # kept whole: the table's own description is what gets shortened
            tail = " ".join(alt_tail)
            alt = f"{fit(alt, max(0, ALT_TEXT_LIMIT - len(tail) - 1))} {tail}"
        drawing = render_runout if runout else render_table
        return alt, await self._file(drawing, view, "table.png", alt)

    async def showdown(self, view: ShowdownView, lang: Lang) -> tuple[str, discord.File]:
        alt = showdown_alt(lang, view)
        return alt, await self._file(render_showdown, view, "showdown.png", alt)

    async def hole_cards(self, view: HoleCardsView, lang: Lang) -> tuple[str, discord.File]:
        alt = hole_cards_alt(lang, view)
        return alt, await self._file(render_hole_cards, view, "cards.png", alt)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
