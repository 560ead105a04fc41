"""The Activity's open pages, by table: each outcome of the table service reaches every page
of its table as it happens (players), or the house delay later (spectators).

:meth:`Hub.receive` is a table service listener: it runs under the table's lock, so it only
builds the views and queues them (a page's queue keeps its newest views; each view is
whole). A player's view carries their own hole cards and, on their turn, their legal
actions; a spectator's carries neither, and no view carries the deck or its salt.

What one outcome costs is paid once where it can be (hundreds of pages may watch): the
public part is drawn and encoded once per language, each member's hole cards are read from
the table once per hand, the spectators of a table wait on one timer, and one timer beats
for every idle stream (:data:`BEAT`) instead of one per stream.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.activity.mailbox import Mailbox
from bot.activity.sessions import Session
from bot.activity.views import View, lobby_view, member_part, public_view
from bot.i18n import Lang, t
from bot.tables.errors import TableResuming
from bot.tables.outcomes import Outcome, OutcomeKind, PrivateCards, Showdown, TableState
from bot.tables.service import TableService, table_id_for

if TYPE_CHECKING:
    from bot.tables.remote import RemoteTables

__all__ = ["BEAT", "BEAT_SECONDS", "END", "QUEUE", "Hub", "Page"]

QUEUE = 16
END = ""
"""Put in a page's queue when the server stops: its stream ends."""
BEAT = ":"
"""Put in the queue of a page that was sent nothing for a beat: its stream says it is still
there (a comment line), so no proxy between takes it for dead."""
BEAT_SECONDS = 15.0

_encode = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(..., ensure_ascii=False)`` without making an encoder at every call."""


@dataclass(eq=False)
class Page:
    """One open page: its member's session and the views waiting to be sent."""

    session: Session
    queue: Mailbox = field(default_factory=lambda: Mailbox(QUEUE))
    serial: int = -1
    """The table's outcome number of the newest view queued: an older one that arrives
    later (held by the house delay while the member was watching, then seated) is dropped,
    so a page never steps back."""
    sent: bool = False
    """Something was queued since the last beat."""
    mine: tuple[object, str] | None = None
    """The member's part last encoded off their turn, with what it was made from."""

    @property
    def table_id(self) -> str:
        return table_id_for(self.session.guild, self.session.channel)

    def put(self, view: str, serial: int) -> None:
        if serial < self.serial:
            return
        self.serial = serial
        self._queue(view)

    def end(self) -> None:
        self._queue(END)

    def _queue(self, item: str) -> None:
        self.sent = True
        self.queue.put_nowait(item)  # a full queue drops its oldest view


def _deliver(held: list[tuple[Page, str]], serial: int) -> None:
    """The spectators' views of one outcome, after the house delay."""
    for page, view in held:
        page.put(view, serial)


class Hub:
    """Every open page of this process; ``delay`` is the spectators' house delay."""

    def __init__(self, service: TableService, *, delay: float, clock: Callable[[], float]) -> None:
        self.service = service
        self.delay = delay
        self.clock = clock
        self._pages: dict[str, set[Page]] = {}
        self._commitments: dict[str, str] = {}
        self._showdowns: dict[str, Showdown] = {}
        """Each table's last hand's end, shown between hands until the next deal."""
        self._serials: dict[str, int] = {}
        self._cards: dict[str, tuple[int, dict[int, PrivateCards | None]]] = {}
        """By table: the hand in progress and its members' hole cards read so far."""
        self._beat: asyncio.TimerHandle | None = None
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
        if self._beat is None:
            self._beat = asyncio.get_running_loop().call_later(BEAT_SECONDS, self.beat)
        missing = await self.service.tables.absent(table_id)
        serial = self._serials.get(table_id, 0)
        if missing is None:
            state = self.service.tables.state(table_id)
            seated = state.seat_of(session.member) is not None
            page.put(self._views(state, serial)(page, seated), serial)
        elif isinstance(missing, TableResuming) and self.remote is not None:
            self.remote.watch(table_id)
            found = await self.remote.outcome(table_id, fresh=False)
            if found is not None:
                if found.commitment is not None:
                    self._commitments[table_id] = found.commitment
                seated = found.state.seat_of(session.member) is not None
                views = self._views(found.state, found.serial, found.private)
                page.put(views(page, seated), found.serial)
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
                self._cards.pop(page.table_id, None)

    def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            self._beat = None
        for pages in self._pages.values():
            for page in pages:
                page.end()
        self._pages.clear()

    def beat(self) -> None:
        """Every stream that was sent nothing since the last beat says it is still there
        (the hub's one timer runs this every :data:`BEAT_SECONDS` while pages are open)."""
        self._beat = None
        for pages in self._pages.values():
            for page in pages:
                if not page.sent and page.queue.empty():
                    page.queue.put_nowait(BEAT)
                page.sent = False
        if self._pages:
            self._beat = asyncio.get_running_loop().call_later(BEAT_SECONDS, self.beat)

    def receive(self, outcome: Outcome) -> None:
        """The table service's listener (under the table's lock: build and queue only)."""
        table_id = outcome.table_id
        if outcome.commitment is not None:
            self._commitments[table_id] = outcome.commitment
        if outcome.showdown is not None:
            self._showdowns[table_id] = outcome.showdown
        elif outcome.hand_over or outcome.state.in_hand or outcome.closed:
            self._showdowns.pop(table_id, None)  # a hand won unseen, or the next deal
        self._serials[table_id] = outcome.serial
        pages = self._pages.get(table_id)
        if not pages:
            return
        serial = outcome.serial
        if outcome.closed:
            self._serials.pop(table_id, None)
            self._cards.pop(table_id, None)
            for page in pages:
                page.put(json.dumps({"view": lobby_view(table_id, page.session.lang)}), serial)
                page.serial = -1  # a table opened here again counts its outcomes from 1
            return
        if outcome.kind is OutcomeKind.RESTORED:
            self._cards.pop(table_id, None)
            for page in pages:  # rebuilt from the store (here or elsewhere): counted afresh
                page.serial = -1
        state = outcome.state
        here = self.service.tables.has_table(table_id)
        views = self._views(state, serial, None if here else outcome.private)
        held: list[tuple[Page, str]] = []
        at_once = self.delay <= 0
        members = {seat.member for seat in state.seats if seat is not None}
        for page in pages:
            seated = page.session.member in members
            view = views(page, seated)
            if at_once or seated:
                page.put(view, serial)
            else:
                held.append((page, view))
        if held:
            asyncio.get_running_loop().call_later(self.delay, _deliver, held, serial)

    def _hole_cards(self, state: TableState, member: int) -> PrivateCards | None:
        """The member's hole cards in the hand in progress, read from the table once a hand
        (they do not change in a hand; the state names the hand and its members)."""
        hand_id = state.hand_id
        if hand_id is None or member not in state.hand_members:
            return None
        kept = self._cards.get(state.table_id)
        if kept is None or kept[0] != hand_id:
            kept = (hand_id, {})
            self._cards[state.table_id] = kept
        known = kept[1]
        if member not in known:
            known[member] = self.service.tables.cards_of(state.table_id, member)
        return known[member]

    def _views(
        self, state: TableState, serial: int, private: tuple[PrivateCards, ...] | None = None
    ) -> Callable[[Page, bool], str]:
        """Each page's view of ``state`` (given whether its member is seated): the public
        part encoded once per language; the hole cards from the table service, or
        ``private`` for a table driven elsewhere."""
        public: dict[Lang, str] = {}
        commitment = self._commitments.get(state.table_id)
        showdown = self._showdowns.get(state.table_id)
        turn = None if state.turn is None else state.turn.member

        def view(page: Page, seated: bool) -> str:
            lang = page.session.lang
            if lang not in public:
                drawn: View = public_view(
                    state, serial=serial, commitment=commitment, lang=lang, showdown=showdown
                )
                public[lang] = _encode(drawn)
            member = page.session.member
            if private is not None:
                cards = next((p for p in private if p.member == member), None)
            else:
                cards = self._hole_cards(state, member) if seated else None
            if member == turn:
                mine = _encode(member_part(state, member, cards))
            else:  # off their turn, a member's part changes only with their seat or cards
                made_of = (seated, cards, state.hand_id)  # the cards show in their hand
                if page.mine is None or page.mine[0] != made_of:
                    page.mine = (made_of, _encode(member_part(state, member, cards)))
                mine = page.mine[1]
            return f'{{"view":{public[lang]},"you":{mine}}}'

        return view
