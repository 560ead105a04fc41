"""The hub builds what it can once per outcome (the public part once per language, each
member's hole cards once per hand, a member's own part kept off their turn): after every
outcome of many random hands at tables of each betting structure, every page's view is the
very string a fresh build for that page gives (the public view and the member's part made
anew from the state, the hole cards read from the table at that moment, or for a table
another process drives, taken from the outcome as the relay hands it over)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from bot.activity.hub import Hub, Page
from bot.activity.sessions import Session
from bot.activity.views import member_part, public_view
from bot.i18n import Lang
from bot.store.store import Store
from bot.tables.outcomes import Outcome, OutcomeKind, PrivateCards, Showdown
from bot.tables.service import TableService
from engine import EmptyStackPolicy, preset
from tests.engine.simulate import random_deck, random_move

GUILD = 31
TABLES = {41: "no-limit", 42: "pot-limit", 43: "fixed-limit"}
PLAYERS, LATE, WATCHER = (1, 2, 3, 4), 5, 9
"""Seats at each table (a member's id is ``channel * 100 + seat``); LATE sits down in the
middle of a hand and leaves later; WATCHER only watches."""
HANDS = 12
SOURCE, ELSEWHERE = 41, 49
"""The table mirrored as one another process drives, and the channel it is shown in."""


def _session(channel: int, member: int, lang: Lang) -> Session:
    return Session(member=member, name=f"m{member}", guild=GUILD, channel=channel,
                   instance=f"i-{channel}", lang=lang, until=9e9)  # fmt: skip


class FreshBuild:
    """The views as they were built before anything was kept: everything anew, per page."""

    def __init__(self, service: TableService, pages: list[Page]) -> None:
        self.service = service
        self.pages = pages
        self.commitments: dict[str, str] = {}
        self.ends: dict[str, Showdown | None] = {}
        self.ends_shown = 0
        self.expected: dict[int, list[str]] = {id(page): [] for page in pages}

    def view(self, page: Page, outcome: Outcome, remote: bool = False) -> str:
        state, member, lang = outcome.state, page.session.member, page.session.lang
        commitment = self.commitments.get(state.table_id)
        end = self.ends.get(state.table_id)
        drawn = public_view(
            state, serial=outcome.serial, commitment=commitment, lang=lang, showdown=end
        )
        seated = state.seat_of(member) is not None
        if remote:
            cards = outcome.cards_of(member)
        else:
            cards = self.service.tables.cards_of(state.table_id, member) if seated else None
        mine = member_part(state, member, cards)
        public = json.dumps(drawn, ensure_ascii=False)
        return f'{{"view":{public},"you":{json.dumps(mine, ensure_ascii=False)}}}'

    def receive(self, outcome: Outcome, remote: bool = False) -> None:
        if outcome.commitment is not None:
            self.commitments[outcome.table_id] = outcome.commitment
        if (
            outcome.showdown is not None
            or outcome.hand_over
            or outcome.state.in_hand
            or outcome.closed
        ):
            self.ends[outcome.table_id] = outcome.showdown  # shown between hands, until a deal
        for page in self.pages:
            if page.table_id == outcome.table_id:
                self.expected[id(page)].append(self.view(page, outcome, remote))

    def check(self) -> int:
        """Every page's queue holds exactly the fresh views since the last check."""
        checked = 0
        for page in self.pages:
            sent = []
            while not page.queue.empty():
                sent.append(page.queue.get_nowait())
            assert sent == self.expected[id(page)]
            checked += len(sent)
            self.ends_shown += sum('"showdown": {"hand"' in view for view in sent)
            self.expected[id(page)] = []
        return checked


class Mirror:
    """Hands each outcome of the no-limit table to the hub again as the relay hands over a
    table another process drives: under another table's id, the hand's hole cards in
    ``private`` (kept after the hand ended, as a late record may carry them)."""

    def __init__(self, service: TableService, hub: Hub, fresh: FreshBuild) -> None:
        self.service, self.hub, self.fresh = service, hub, fresh
        self.private: tuple[PrivateCards, ...] = ()

    def receive(self, outcome: Outcome) -> None:
        if outcome.table_id != f"{GUILD}:{SOURCE}":
            return
        state = outcome.state
        if state.hand_id is not None:
            found = (self.service.tables.cards_of(outcome.table_id, m) for m in state.hand_members)
            self.private = tuple(cards for cards in found if cards is not None)
        there = replace(state, table_id=f"{GUILD}:{ELSEWHERE}", channel_id=ELSEWHERE)
        mirrored = replace(outcome, table_id=there.table_id, state=there, private=self.private)
        self.hub.receive(mirrored)
        self.fresh.receive(mirrored, remote=True)


async def test_every_view_equals_a_fresh_build_after_every_move(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "k.sqlite3"))
    try:
        rng = random.Random(20261206)
        service = TableService(store, clock=lambda: 1000.0, deck_source=lambda: random_deck(rng),
                               rng=random.Random(7))  # fmt: skip
        hub = Hub(service, delay=0.0, clock=lambda: 1000.0)
        service.tables.subscribe(hub.receive)
        for channel, name in TABLES.items():
            rules = replace(preset(name), empty_stack=EmptyStackPolicy.REBUY)
            host = channel * 100 + PLAYERS[0]
            await service.seats.open_table(GUILD, channel, host, rules, 100, preset=name)
            for seat in PLAYERS[1:]:
                await service.seats.join(GUILD, channel, channel * 100 + seat, 100)
        pages = []
        for channel in [*TABLES, ELSEWHERE]:  # each player's, a second page, three languages
            for seat, lang in [*((m, "en") for m in PLAYERS), (PLAYERS[0], "nb"),
                               (LATE, "da"), (WATCHER, "nb")]:  # fmt: skip
                member = (SOURCE if channel == ELSEWHERE else channel) * 100 + seat
                page = await hub.open(_session(channel, member, lang))
                pages.append(page)
        fresh = FreshBuild(service, pages)
        opened = {id(p): p.queue.get_nowait() for p in pages}
        for page in pages:  # a page's first view is the fresh build of the table as it is
            if page.session.channel == ELSEWHERE:  # no table here yet: the lobby
                assert json.loads(opened[id(page)])["view"]["lobby"] is True
                continue
            state = service.tables.state(page.table_id)
            outcome = Outcome(kind=OutcomeKind.OPENED, table_id=page.table_id,
                              serial=page.serial, state=state)  # fmt: skip
            assert opened[id(page)] == fresh.view(page, outcome)
        service.tables.subscribe(fresh.receive)
        service.tables.subscribe(Mirror(service, hub, fresh).receive)
        checked = 0
        for hand in range(HANDS):
            for channel in TABLES:
                await service.hands.deal(GUILD, channel)
                checked += fresh.check()
            moves = 0
            while True:
                busy = False
                for channel in TABLES:
                    turn = service.tables.state(f"{GUILD}:{channel}").turn
                    if turn is None:
                        continue
                    busy = True
                    action = random_move(turn.legal, rng)
                    await service.hands.act(GUILD, channel, turn.member, action.kind, action.amount)
                    checked += fresh.check()
                    moves += 1
                    if moves == 3 and hand % 3 == 1:  # a member sits down in the hand
                        await service.seats.join(GUILD, channel, channel * 100 + LATE, 100)
                        checked += fresh.check()
                if not busy:
                    break
            if hand % 3 == 2:  # ... and leaves between hands; another sits out and back in
                for channel in TABLES:
                    late, other = channel * 100 + LATE, channel * 100 + PLAYERS[1]
                    if service.tables.state(f"{GUILD}:{channel}").seat_of(late) is not None:
                        await service.seats.leave(GUILD, channel, late)
                        checked += fresh.check()
                    await service.seats.sit_out(GUILD, channel, other)
                    checked += fresh.check()
                    await service.seats.sit_in(GUILD, channel, other)
                    checked += fresh.check()
        assert checked > 2000
        assert fresh.ends_shown > 100  # the last hand's end, drawn between hands
    finally:
        await store.close()
