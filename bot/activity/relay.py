"""How a move reaches the process that drives its table, when several bot processes share one
PostgreSQL database (with SQLite there is one process, which drives every table: no relay).

A member's page may be served by any process, but only the holder of the table's lease
(:mod:`bot.tables.leases`) may change the table. A move for a table this process does not
hold is relayed:

1. **Written.** The process the page reached writes the move as a request row
   (:mod:`bot.store.requests`): keyed by the member and the page's request id, so a request
   sent again finds its row and is answered with its first answer, never made twice. The
   row's transaction notifies ``holdem_requests`` (payload: the table).
2. **Claimed.** Every process listens on its own connection; the lease holder's, hearing of
   a request for a table it holds (or finding one by its poll, every :data:`POLL` seconds:
   a lost notification, or a table it has just taken over), claims the row: written only
   while the table's lease names it, alive, in the same transaction.
3. **Made.** The claimed move is made by :func:`bot.activity.moves.make`, the table service's
   own call under the table's lock, as if the page were served here; its answer (ok, or the
   refusal in the member's language, the very text the owner's own page gets) is written
   back to the row, again only while the lease names the writer, notifying
   ``holdem_answers``.
4. **Answered.** The waiting process wakes on the notification (or its poll), reads the
   answer and gives it to the page.

When the owner dies (SIGKILL), a waiting request stays ``waiting`` until the table's lease
moves (its expiry, then the successor's claim, :mod:`bot.tables.lease_keeper`); the new
holder's poll finds it and makes it. A request the dead owner had claimed but not answered
is *in doubt*: its move may have been written. The new holder looks: a move at the table
carries the decision it was made for (hand and action number), so if the stored hand holds
that member's move of that kind at that number, the answer is "made" (made once); if not,
the move is made now, and the decision's number refuses it if the hand moved on. A move
without such a number (a deal, a seat) is answered that it may have been made. A request
nobody claims within :attr:`Relay.wait` seconds is answered by its sender (only if still
unclaimed, in the same statement): not made, try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Callable
from typing import Any

from bot.activity.moves import Move, make, parse
from bot.i18n import t
from bot.present.refusals import error_text
from bot.store import requests
from bot.store.errors import HandStateError, MemberSeated, StoreUnavailable, WalletError
from bot.store.store import Store
from bot.tables.errors import ServiceError, TableResuming
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.service import TableService
from engine import EngineError

__all__ = ["KEEP_SECONDS", "POLL", "Relay", "request_key"]

log = logging.getLogger("holdem.activity")

POLL = 1.0
"""Seconds between two looks at the rows, beside the notifications (which can be lost)."""
KEEP_SECONDS = 3600.0
"""How long an answered request is kept, to answer a replay of it."""

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")

Answer = tuple[int, dict[str, Any]]
"""An HTTP status and the JSON body the page gets."""


def request_key(given: object) -> str:
    """The page's request id (a short token it made, to send the same move again safely),
    or a new one; ``ValueError`` for a malformed one."""
    if given is None:
        return secrets.token_hex(8)
    if not isinstance(given, str) or not _KEY.fullmatch(given):
        raise ValueError(given)
    return given


def _refusal(error: BaseException) -> bool:
    """Whether the table service refused the move (an answer), rather than failed to make
    it (the database, or the table no longer held here: the request stays to be made)."""
    if isinstance(error, TableResuming):
        return False
    return isinstance(error, ServiceError | EngineError | WalletError | MemberSeated)


class Relay:
    """This process's side of the relay: it sends the moves for tables held elsewhere and
    makes those sent for the tables it holds. ``owner`` is this process's lease owner id;
    ``wait`` how long a sender waits for an answer; ``on_table`` hears ``holdem_tables``."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        *,
        owner: str,
        wait: float,
        clock: Callable[[], float],
        on_table: Callable[[str], None] | None = None,
        poll: float = POLL,
    ) -> None:
        self.store = store
        self.service = service
        self.owner = owner
        self.wait = wait
        self.clock = clock
        self.on_table = on_table
        self.poll = poll
        self._listening: requests.Listening | None = None
        self._answered: dict[str, asyncio.Event] = {}
        self._busy: dict[str, asyncio.Task[None]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pruned = 0.0

    # ------------------------------------------------------------- life

    async def start(self) -> None:
        await self._listen()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._busy.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._listening is not None:
            await self._listening.close()

    async def _listen(self) -> None:
        channels = (requests.REQUESTS, requests.ANSWERS, requests.TABLES)
        try:
            self._listening = await requests.listen(self.store, channels, self._heard)
        except StoreUnavailable as error:  # polled meanwhile; listened again next round
            log.warning("activity: cannot listen for relayed moves", extra={"error": error})

    def restored(self, outcome: Outcome) -> None:
        """A table service listener: a table just taken over here may have requests waiting
        for it since its old driver died; look at once rather than at the next poll."""
        if outcome.kind is OutcomeKind.RESTORED:
            self._wake.set()

    def _heard(self, channel: str, payload: str) -> None:
        if channel == requests.ANSWERS:
            waiting = self._answered.get(payload)
            if waiting is not None:
                waiting.set()
        elif channel == requests.REQUESTS:
            if self.service.tables.has_table(payload):
                self._wake.set()
        elif self.on_table is not None:
            self.on_table(payload)

    # ------------------------------------------------------------- sending

    async def elsewhere(self, table_id: str) -> bool:
        """Whether ``table_id`` is open but driven by another process (its moves relayed)."""
        if self.service.tables.has_table(table_id):
            return False
        record = await self.store.load_table(table_id)
        return record is not None and record.open

    async def send(self, move: Move, key: str) -> Answer:
        """Relay ``move`` (request id ``key``) to its table's driver and wait for the answer."""
        request_id = f"{move.member}:{key}"
        waiting = self._answered.setdefault(request_id, asyncio.Event())
        try:
            body = {**move.as_dict(), **move.who()}
            await requests.send(
                self.store, request_id=request_id, table_id=move.table_id, member=move.member,
                move=body, now=self.clock(),
            )  # fmt: skip
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.wait
            while (left := deadline - loop.time()) > 0:
                found = await requests.answer_of(self.store, request_id)
                if found is not None and found[1] is not None:
                    return int(found[1]["status"]), dict(found[1]["body"])
                waiting.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(waiting.wait(), min(self.poll, left))
            return await self._give_up(move, request_id)
        finally:
            self._answered.pop(request_id, None)

    async def _give_up(self, move: Move, request_id: str) -> Answer:
        gone: Answer = (409, {"error": t(move.lang, "activity.relay_gone")})
        status, body = gone
        if await requests.give_up(
            self.store, request_id, {"status": status, "body": body}, now=self.clock()
        ):
            log.warning("activity: a relayed move was not claimed", extra={"table": move.table_id})
            return gone
        found = await requests.answer_of(self.store, request_id)
        if found is not None and found[1] is not None:
            return int(found[1]["status"]), dict(found[1]["body"])
        return 409, {"error": t(move.lang, "activity.relay_in_doubt")}

    # ------------------------------------------------------------- making

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            try:
                if self._listening is None or not self._listening.alive:
                    await self._listen()
                await self._take_pending()
                now = self.clock()
                if now - self._pruned > KEEP_SECONDS / 10:
                    self._pruned = now
                    await requests.prune(self.store, before=now - KEEP_SECONDS)
            except StoreUnavailable as error:
                log.warning("activity: relayed moves not read", extra={"error": error})
            except Exception:
                log.exception("activity: relayed moves not read")

    async def _take_pending(self) -> None:
        """Start making the requests for the tables held here, each table's in order."""
        mine: dict[str, list[requests.Request]] = {}
        for request in await requests.pending(self.store):
            if self.service.tables.has_table(request.table_id):
                mine.setdefault(request.table_id, []).append(request)
        loop = asyncio.get_running_loop()
        for table_id, found in mine.items():
            if table_id not in self._busy:
                self._busy[table_id] = loop.create_task(self._make_all(table_id, found))

    async def _make_all(self, table_id: str, found: list[requests.Request]) -> None:
        settled = False
        try:
            for request in found:
                await self._make(request)
            settled = True
        except StoreUnavailable as error:
            log.warning("activity: a relayed move waits", extra={"error": error})
        except Exception:
            log.exception("activity: a relayed move failed", extra={"table": table_id})
        finally:
            self._busy.pop(table_id, None)
            if settled:  # requests that came meanwhile: at once, not at the next poll
                self._wake.set()

    async def _make(self, request: requests.Request) -> None:
        """Claim, make and answer one request; a failure that is not a refusal leaves it
        claimed, in doubt, for the next round, which answers it whatever happens."""
        claim = await requests.claim(self.store, request.request_id, owner=self.owner,
                                     now=self.clock())  # fmt: skip
        if claim is None:
            return
        move = parse(request.move, **{k: request.move[k] for k in _WHO})
        answer: Answer | None = None
        if claim.in_doubt:
            answer = await self._settled(move)
        if answer is None:
            try:
                await make(self.service, self.store, move)
                answer = (200, {"ok": True})
            except Exception as error:
                if _refusal(error):
                    answer = (409, {"error": error_text(move.lang, error)})
                elif claim.in_doubt:  # failed twice: told, not tried for ever
                    log.warning("activity: a relayed move failed again", exc_info=error)
                    answer = (409, {"error": t(move.lang, "activity.relay_in_doubt")})
                else:
                    log.warning(
                        "activity: a relayed move was not made",
                        extra={"table": move.table_id, "error": repr(error)},
                    )
                    return  # left claimed: in doubt, looked at again by the next round
        status, body = answer
        await requests.answer(
            self.store, claim.request, {"status": status, "body": body}, owner=self.owner,
            now=self.clock(),
        )  # fmt: skip
        log.info(
            "activity: relayed move answered",
            extra={"table": move.table_id, "status": status, "in_doubt": claim.in_doubt},
        )

    async def _settled(self, move: Move) -> Answer | None:
        """The answer of a move in doubt that was made already (or cannot be told apart),
        ``None`` when it is to be made now (see the module docstring)."""
        if move.do != "act" or move.hand is None or move.seq is None:
            return 409, {"error": t(move.lang, "activity.relay_in_doubt")}
        try:
            record = await self.store.load_hand(move.hand)
        except HandStateError:  # no such hand: made now, the table service refuses it
            return None
        if move.member not in record.players or len(record.actions) <= move.seq:
            return None
        made = record.actions[move.seq]
        mine = made.player == record.players.index(move.member) and made.kind.value == move.kind
        return (200, {"ok": True}) if mine else None


_WHO = ("guild", "channel", "member", "name", "lang")
