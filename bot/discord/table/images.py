"""Pictures as Discord attachments, drawn off the event loop.

The renderers are pure functions of the views in :mod:`bot.pictures.views`; here they run in
render workers (processes of their own in production, so drawing never competes with the event
loop for the GIL, :mod:`bot.pictures.worker`; one thread in the offline tests), and every file
carries its alt text.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Any, TypeVar

import discord

from bot.i18n import Lang
from bot.pictures import render_hole_cards, render_runout, render_showdown, render_table
from bot.pictures.pool import RenderPool, WorkerLost
from bot.pictures.views import HoleCardsView, ShowdownView, TableView
from bot.pictures.worker import default_workers
from bot.present import ALT_TEXT_LIMIT, fit, hole_cards_alt, showdown_alt, table_alt

__all__ = ["HOLE_CARDS_KEPT", "TABLE_PICTURE", "Drawings", "Images", "TablePictures", "table_file"]

log = logging.getLogger("holdem.bot")

V = TypeVar("V")

TABLE_PICTURE = "table.png"
"""The file name of the table picture."""
HOLE_CARDS_KEPT = 64
"""Pictures of hole cards kept by :meth:`Images.hole_cards` (about 25 KB each), for all
tables: the same cards are asked for again within moments (the deal's direct message and
the cards asked for), or never."""


class Images:
    def __init__(self, *, in_process: bool, workers: int | None = None) -> None:
        """``workers``: how many render processes (``None``: :func:`default_workers`)."""
        self.pool = RenderPool(in_process=in_process, workers=workers or default_workers())
        self._hole_cards = Drawings(HOLE_CARDS_KEPT)

    async def render(self, function: Callable[[V], bytes], view: V) -> bytes:
        """Draw in a worker; a picture whose worker died is asked once more (of a new one)."""
        try:
            return await self.pool.run(function, view)
        except WorkerLost as lost:
            log.warning("%s; drawing the picture again", lost)
            return await self.pool.run(function, view)

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
        alt, png = await self.table_png(view, lang, alt_tail=alt_tail, runout=runout)
        return alt, table_file(alt, png)

    async def table_png(
        self, view: TableView, lang: Lang, *, alt_tail: Sequence[str] = (), runout: bool = False
    ) -> tuple[str, bytes]:
        """:meth:`table` as its alt text and the PNG's bytes."""
        alt = table_alt(lang, view)
        if alt_tail:  # kept whole: the table's own description is what gets shortened
            tail = " ".join(alt_tail)
            alt = f"{fit(alt, max(0, ALT_TEXT_LIMIT - len(tail) - 1))} {tail}"
        drawing = render_runout if runout else render_table
        return alt, await self.render(drawing, view)

    async def showdown(self, view: ShowdownView, lang: Lang) -> tuple[str, discord.File]:
        alt = showdown_alt(lang, view)
        return alt, await self._file(render_showdown, view, "showdown.png", alt)

    async def hole_cards(self, view: HoleCardsView, lang: Lang) -> tuple[str, discord.File]:
        """A member's cards: the last :data:`HOLE_CARDS_KEPT` drawn are kept, so the same
        cards at the same moment (the direct message at the deal, the cards asked for, a panel
        brought back to a call it showed before) are drawn once."""

        async def draw() -> tuple[str, bytes]:
            return hole_cards_alt(lang, view), await self.render(render_hole_cards, view)

        alt, png = await self._hole_cards.get((view, lang), draw)
        return alt, discord.File(io.BytesIO(png), "cards.png", description=fit(alt))

    def close(self) -> None:
        self.pool.close()


def table_file(alt: str, png: bytes) -> discord.File:
    """The table picture as an attachment described by ``alt``."""
    return discord.File(io.BytesIO(png), TABLE_PICTURE, description=fit(alt))


class Drawings:
    """Pictures drawn lately, each kept with everything it was drawn from (its key: the view,
    which holds every fact the picture shows, and what its alt text is made of), so that a
    picture asked for again with an equal key is the one kept and any other is drawn: a kept
    picture is never one of another state. The last ``kept`` are kept. A picture being drawn is
    shared too: a second ask while the first is in the worker waits for the same drawing."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        self._drawings: dict[Hashable, asyncio.Future[tuple[str, bytes]]] = {}

    async def get(
        self, key: Hashable, draw: Callable[[], Awaitable[tuple[str, bytes]]]
    ) -> tuple[str, bytes]:
        """The alt text and PNG kept under ``key``, or ``draw()``'s, then kept."""
        drawing = self._drawings.pop(key, None)  # put back below as the newest
        if drawing is None or _failed(drawing):
            drawing = asyncio.ensure_future(draw())
            drawing.add_done_callback(_failed)  # its error is read even when nobody waits
            while len(self._drawings) >= self._kept:
                del self._drawings[next(iter(self._drawings))]  # the oldest
        self._drawings[key] = drawing
        # Shielded: an ask cancelled (a coalesced edit overtaken) leaves the drawing to others.
        return await asyncio.shield(drawing)


class TablePictures:
    """The table pictures of one table, each state drawn once however many messages show it
    (the hand message and its edits, ``/holdem table``, the hand's summary): the last one
    drawn is kept (:class:`Drawings`). One, not more: its bytes are the ones the hand
    message's attachment holds anyway for a retry, so keeping it costs a table next to nothing;
    it goes with the table."""

    def __init__(self, images: Callable[[], Images]) -> None:
        self._images = images
        self._drawings = Drawings(1)

    async def table(
        self, view: TableView, lang: Lang, *, alt_tail: Sequence[str] = (), runout: bool = False
    ) -> tuple[str, discord.File]:
        """:meth:`Images.table`, drawn only when not the picture last drawn."""
        alt, png = await self._drawings.get(
            (view, lang, tuple(alt_tail), runout),
            lambda: self._images().table_png(view, lang, alt_tail=alt_tail, runout=runout),
        )
        return alt, table_file(alt, png)


def _failed(drawing: asyncio.Future[tuple[str, bytes]]) -> bool:
    """Whether the drawing ended without a picture (failed or cancelled): never kept."""
    return drawing.done() and (drawing.cancelled() or drawing.exception() is not None)
