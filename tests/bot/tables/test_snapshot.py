"""The kept table state: after every move of random hands it equals one built from scratch.

:class:`~bot.tables.snapshot.KeptState` builds a table's public state again only where the
table changed (the hole cards once a hand), and
:meth:`~bot.tables.live_tables.LiveTables.state_of` hands out the state it
took last while the table's lock stayed free since. Both are checked here against
:func:`~bot.tables.snapshot.table_state`, the same record built from nothing: hands of every
betting structure the house rules offer, two to nine players, runs held for the choice of
boards, members sitting out, leaving in a hand and coming back, names and kept messages
changing, sessions ending and starting again. So is the save point every command takes
(:func:`~bot.tables.live.save_point`): rolled back after any of those changes, it is the table
as the codec saved it when it was taken.
"""

from __future__ import annotations

import copy
import random
from dataclasses import fields, replace
from typing import Any

import pytest

from bot.store.store import Store
from bot.tables.live import Live, Saved, rebuild, roll_back, save_point
from bot.tables.outcomes import BlindRole, RunTwiceAsk, SeatState, TableState
from bot.tables.service import TableService
from bot.tables.snapshot import KeptState, private_cards, seat_in_hand, table_state
from engine import EmptyStackPolicy, HouseRules, SeatStatus, SessionError, Table
from engine.codec import table_to_dict
from engine.rules import PRESETS, GameKind
from tests.bot.conftest import Clock
from tests.engine.simulate import random_deck, random_move

QUICK_HANDS = 400
ALL_HANDS = 10_000

# One preset per betting structure the house rules offer, so a new structure is not missed.
RULES = {
    kind: replace(
        next(r for r in PRESETS.values() if r.game is kind),
        empty_stack=EmptyStackPolicy.REBUY,
    )
    for kind in GameKind
}


class Watched:
    """One engine table played at random, its state taken after every change both ways."""

    def __init__(self, rules: HouseRules, players: int, rng: random.Random) -> None:
        self.rng = rng
        self.table = Table(replace(rules, max_seats=max(players, rules.max_seats)))
        self.members = [10_000 + k for k in range(players)]
        for m in self.members:
            self.table.sit(str(m), stack=rules.starting_stack)
        self.settings: dict[str, Any] = {
            "host": self.members[0], "preset": rules.game.value, "buy_in": 100,
            "names": {str(m): f"player {m}" for m in self.members[:-1]},
        }  # fmt: skip
        self.kept = KeptState()
        self.last: TableState | None = None
        self.hand_id: int | None = None
        self.players: tuple[int, ...] = ()
        self.ask: RunTwiceAsk | None = None
        self.now = 1_000_000.0
        self.checks = 0
        self.saved: tuple[Saved, dict[str, Any], dict[str, Any]] | None = None

    def check(self) -> None:
        """The kept state equals a fresh one; taken again with no change, it shares every
        seat record with the state before."""
        fields: dict[str, Any] = {
            "table_id": "1:2", "guild_id": 1, "channel_id": 2, "settings": self.settings,
            "hand_id": self.hand_id, "members": self.players, "deadline": self.now + 30,
            "ask": self.ask,
        }  # fmt: skip
        kept = self.kept.take(self.table, **fields)
        assert kept == table_state(self.table, **fields)
        hand, whose = self.table.hand, {"hand_id": self.hand_id, "members": self.players}
        assert self.kept.private(hand, **whose) == private_cards(hand, **whose)
        # The save point taken at the last check rolls back to the table as it stood then,
        # whatever changed since (checked at every third check: a roll back replays the hand);
        # a new one is taken of the table as it stands.
        if self.saved is not None and self.checks % 3 == 0:
            back = roll_back(self.saved[0], 0)
            assert table_to_dict(back.table) == self.saved[1]
            assert back.settings == self.saved[2]
        live = Live(
            table_id="1:2", guild_id=1, channel_id=2, table=self.table, settings=self.settings,
            hand_id=self.hand_id, players=self.players,
        )  # fmt: skip
        self.saved = (save_point(live), table_to_dict(self.table), copy.deepcopy(self.settings))
        again = self.kept.take(self.table, **fields)
        assert again == kept
        assert all(a is b for a, b in zip(again.seats, kept.seats, strict=True))
        self.checks += 1

    def between_hands(self) -> None:
        """What members do between hands, each now and then."""
        rng, table = self.rng, self.table
        seated = [s for s in table.seats if s is not None]
        roll = rng.random()
        if roll < 0.1 and seated:
            player = rng.choice(seated).player
            try:
                table.sit_out(player)
            except SessionError:
                table.sit_in(player)
        elif roll < 0.15:
            m = rng.choice(self.members)
            self.settings["names"][str(m)] = f"renamed {rng.randrange(1000)}"
        elif roll < 0.2:
            self.settings["messages"] = {"lobby": [2, rng.randrange(1, 10**6)]}
        elif roll < 0.25 and table.ended is not None:
            table.new_session()
        self.check()

    def play_hand(self) -> None:
        rng, table = self.rng, self.table
        self.now += 60
        try:
            hand = table.start_hand(random_deck(rng), self.now, rng=rng)
        except SessionError:
            if table.ended is not None:
                table.new_session()
            else:  # too few playing: everyone comes back
                for seat in table.seats:
                    if seat is not None and seat.status.value == "sitting-out":
                        table.sit_in(seat.player)
            self.check()
            return
        hand.hold_run_out = rng.random() < 0.3
        self.hand_id = (self.hand_id or 0) + 1
        self.players = tuple(
            int(s.player) for k in table.hand_seats if (s := table.seats[k]) is not None
        )
        self.check()
        while not hand.is_over:
            if hand.held:
                self.ask = RunTwiceAsk(
                    hand_id=self.hand_id, members=self.players[:2], agreed=(), deadline=self.now
                )
                self.check()
                self.ask = None
                hand.run_out(rng.choice((1, 2)))
            else:
                hand.act(random_move(hand.legal_actions(), rng))
                if rng.random() < 0.05:  # a member leaves during the hand
                    table.leave(str(rng.choice(self.players)))
                if rng.random() < 0.03:
                    self.settings["names"][str(rng.choice(self.players))] = "new name"
            self.check()
        table.finish_hand(self.now)  # the hand over but not settled was checked above
        self.hand_id, self.players = self.hand_id, ()
        for m in self.members:  # who left comes back
            if table.seat_of(str(m)) is None and None in table.seats:
                table.sit(str(m), stack=table.rules.starting_stack)
        self.between_hands()


def play(hands: int, seed: int) -> int:
    rng = random.Random(seed)
    checks = 0
    kinds = list(GameKind)
    for n in range(0, hands, 25):  # a table plays 25 hands
        watched = Watched(RULES[kinds[(n // 25) % len(kinds)]], rng.randint(2, 9), rng)
        for _ in range(min(25, hands - n)):
            watched.play_hand()
        checks += watched.checks
    return checks


def test_kept_state_equals_a_fresh_one_after_every_move() -> None:
    assert play(QUICK_HANDS, seed=20261206) > 10 * QUICK_HANDS


@pytest.mark.slow  # about 25 s
def test_kept_state_equals_a_fresh_one_over_ten_thousand_hands() -> None:
    assert play(ALL_HANDS, seed=43) > 10 * ALL_HANDS


async def fresh_state(store: Store, table_id: str) -> TableState:
    """The table's state built from nothing: read back from the database and replayed."""
    record = await store.load_table(table_id)
    assert record is not None
    hand = next((h for h in await store.open_hands() if h.table_id == table_id), None)
    live = rebuild(record, hand)
    return table_state(
        live.table, table_id=table_id, guild_id=live.guild_id, channel_id=live.channel_id,
        settings=live.settings, hand_id=live.hand_id, members=live.players,
        deadline=live.deadline,
    )  # fmt: skip


async def test_the_service_hands_out_the_table_as_it_stands(store: Store) -> None:
    """Through the service, where the state is kept between commands: after every deal,
    move, timeout and sit-out, what :meth:`LiveTables.state` says is the table as the
    database has it, built afresh; asked twice with nothing in between, the same record."""
    rng = random.Random(7)
    clock = Clock()
    service = TableService(store, clock=clock, deck_source=lambda: random_deck(rng), rng=rng)
    for t, kind in enumerate(GameKind):
        guild, channel, table_id = 1, 100 + t, f"1:{100 + t}"
        members = [1000 * (t + 1) + k for k in range(2 + t)]
        rules = replace(RULES[kind], turn_seconds=30)
        await service.seats.open_table(guild, channel, members[0], rules, 100, name="host")
        for m in members[1:]:
            await service.seats.join(guild, channel, m, 100, name=f"m{m}")
        for _ in range(5):
            await service.hands.deal(guild, channel)
            assert service.tables.state(table_id) == await fresh_state(store, table_id)
            while (turn := service.tables.state(table_id).turn) is not None:
                if rng.random() < 0.1:
                    clock.now += 60
                    await service.hands.timeout(table_id)
                else:
                    move = random_move(turn.legal, rng)
                    await service.hands.act(guild, channel, turn.member, move.kind, move.amount)
                assert service.tables.state(table_id) is service.tables.state(table_id)
                assert service.tables.state(table_id) == await fresh_state(store, table_id)
            if rng.random() < 0.3:
                await service.seats.sit_out(guild, channel, members[-1])
                assert service.tables.state(table_id) == await fresh_state(store, table_id)
                await service.seats.sit_in(guild, channel, members[-1])


def test_a_seat_in_a_hand_keeps_every_field_the_hand_does_not_say() -> None:
    """:func:`seat_in_hand` makes the record in one go: every field of the seat it is given
    that the hand does not set (a field added later included) is the seat's."""
    table = Table(RULES[GameKind.NO_LIMIT])
    for m in ("1", "2", "3"):
        table.sit(m, stack=100)
    hand = table.start_hand(random_deck(random.Random(3)), 1.0, rng=random.Random(3))
    from_hand = {"stack", "bet", "player", "folded", "all_in", "is_button", "blind", "shown"}
    odd: dict[str, Any] = {
        "seat": 7, "member": 5, "name": "x", "stack": 1, "seat_stack": 2, "bet": 3,
        "status": SeatStatus.SITTING_OUT, "player": 4, "folded": True, "all_in": True,
        "waiting": True, "leaving": True, "is_button": True, "blind": BlindRole.BIG,
        "shown": ("As",),
    }  # fmt: skip
    assert set(odd) == {f.name for f in fields(SeatState)}
    made = seat_in_hand(SeatState(**odd), hand, 1)
    for name, value in odd.items():
        assert (getattr(made, name) == value) is (name not in from_hand), name
