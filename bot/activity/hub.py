"""The Activity's open pages, by table: each outcome of the table service reaches every page
of its table as it happens (players), or the house delay later (spectators).

:meth:`Hub.receive` is a table service listener: it runs under the table's lock, so it only
builds the views and queues them (a page's queue keeps its newest views; each view is
whole). A player's view carries their own hole cards and, on their turn, their legal
actions; a spectator's carries neither, and no view carries the deck or its salt.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.activity.sessions import Session
from bot.activity.views import View, lobby_view, member_part, public_view
from bot.i18n import Lang, t
from bot.tables.errors import TableResuming
from bot.tables.outcomes import Outcome, OutcomeKind, PrivateCards, TableState
from bot.tables.service import TableService, table_id_for

if TYPE_CHECKING:
    from bot.tables.remote import RemoteTables

__all__ = ["END", "QUEUE", "Hub", "Page"]

QUEUE = 16
END = ""
"""Put in a page's queue when the server stops: its stream ends."""


@dataclass(eq=False)
class Page:
    """One open page: its member's session and the views waiting to be sent."""

    session: Session
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    serial: int = -1
    """The table's outcome number of the newest view queued: an older one that arrives
    later (held by the house delay while the member was watching, then seated) is dropped,
    so a page never steps back."""

    @property
    def table_id(self) -> str:
        return table_id_for(self.session.guild, self.session.channel)

    def put(self, view: str, serial: int) -> None:
        if serial < self.serial:
            return
        self.serial = serial
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(view)

    def end(self) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(END)


class Hub:
    """Every open page of this process; ``delay`` is the spectators' house delay."""

    def __init__(self, service: TableService, *, delay: float, clock: Callable[[], float]) -> None:
        self.service = service
        self.delay = delay
        self.clock = clock
        self._pages: dict[str, set[Page]] = {}
        self._commitments: dict[str, str] = {}
        self._serials: dict[str, int] = {}
        self.remote: RemoteTables | None = None
        """Where the tables another process drives come from (several processes on
        PostgreSQL: :mod:`bot.tables.remote`), handed to :meth:`receive` like outcomes."""

    def pages(self, table_id: str) -> int:
        return len(self._pages.get(table_id, ()))

    async def open(self, session: Session) -> Page:
        """A new page of ``session``'s table, its first view queued: the table if this
        process drives it (one whose dead owner's lease expired is resumed here first, as a
        command would), else the lobby, or a word that another process deals it."""
        page = Page(session)
        table_id = page.table_id
        self._pages.setdefault(table_id, set()).add(page)
        missing = await self.service.tables.absent(table_id)
        serial = self._serials.get(table_id, 0)
        if missing is None:
            page.put(self._views(self.service.tables.state(table_id), serial)(page), serial)
        elif isinstance(missing, TableResuming) and self.remote is not None:
            self.remote.watch(table_id)
            found = await self.remote.outcome(table_id, fresh=False)
            if found is not None:
                if found.commitment is not None:
                    self._commitments[table_id] = found.commitment
                page.put(self._views(found.state, found.serial, found.private)(page), found.serial)
        elif isinstance(missing, TableResuming):
            elsewhere = {**lobby_view(table_id, session.lang), "lobby": False, "elsewhere": True}
            elsewhere["text"] = t(session.lang, "activity.elsewhere")
            page.put(json.dumps({"view": elsewhere}), serial)
        else:
            page.put(json.dumps({"view": lobby_view(table_id, session.lang)}), serial)
        return page

    def close(self, page: Page) -> None:
        pages = self._pages.get(page.table_id)
        if pages is not None:
            pages.discard(page)
            if not pages:
                del self._pages[page.table_id]

    def stop(self) -> None:
        for pages in self._pages.values():
            for page in pages:
                page.end()
        self._pages.clear()

    def receive(self, outcome: Outcome) -> None:
        """The table service's listener (under the table's lock: build and queue only)."""
        table_id = outcome.table_id
        if outcome.commitment is not None:
            self._commitments[table_id] = outcome.commitment
        self._serials[table_id] = outcome.serial
        pages = self._pages.get(table_id)
        if not pages:
            return
        serial = outcome.serial
        if outcome.closed:
            self._serials.pop(table_id, None)
            for page in pages:
                page.put(json.dumps({"view": lobby_view(table_id, page.session.lang)}), serial)
                page.serial = -1  # a table opened here again counts its outcomes from 1
            return
        if outcome.kind is OutcomeKind.RESTORED:
            for page in pages:  # rebuilt from the store (here or elsewhere): counted afresh
                page.serial = -1
        here = self.service.tables.has_table(table_id)
        views = self._views(outcome.state, serial, None if here else outcome.private)
        loop = asyncio.get_running_loop()
        for page in pages:
            view = views(page)
            if outcome.state.seat_of(page.session.member) is not None or self.delay <= 0:
                page.put(view, serial)
            else:
                loop.call_later(self.delay, page.put, view, serial)

    def _views(
        self, state: TableState, serial: int, private: tuple[PrivateCards, ...] | None = None
    ) -> Callable[[Page], str]:
        """Each page's view of ``state``: the public part encoded once per language; the
        hole cards from the table service, or ``private`` for a table driven elsewhere."""
        public: dict[Lang, str] = {}
        commitment = self._commitments.get(state.table_id)

        def view(page: Page) -> str:
            lang = page.session.lang
            if lang not in public:
                drawn: View = public_view(state, serial=serial, commitment=commitment, lang=lang)
                public[lang] = json.dumps(drawn, ensure_ascii=False)
            member = page.session.member
            seated = state.seat_of(member) is not None
            if private is not None:
                cards = next((p for p in private if p.member == member), None)
            else:
                cards = self.service.tables.cards_of(state.table_id, member) if seated else None
            mine = json.dumps(member_part(state, member, cards), ensure_ascii=False)
            return f'{{"view":{public[lang]},"you":{mine}}}'

        return view
