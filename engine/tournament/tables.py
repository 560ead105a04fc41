"""One tournament table as the director sees it: who sits where, where the button was, who
still owes the table a big blind; and the positions that follow from it.

The next hand's button and blinds are worked out by :func:`engine.blinds.next_plan`, the same
moving button every live :class:`~engine.table.Table` follows, so the director's "who is big
blind next" is the table's. A newcomer (moved in, or a late entry, at a table that has dealt)
owes the table a big blind until they post one; the director decides afresh at every hand,
from the table's blinds at that moment, whether they are dealt in: they sit out exactly the
hands that would give them the button or the small blind (the button heads-up), and are dealt
in at every other hand (as the big blind, or in any seat after it). A table that has dealt no
hand yet starts from its drawn button with everyone dealt in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.blinds import Plan, Roles, after, from_button, next_plan
from engine.rules import HouseRules

__all__ = ["TablePlan", "TableState", "dealt", "plan", "worst_seat"]

_RULES = HouseRules()  # the moving button, the tables' default


@dataclass(frozen=True, kw_only=True, slots=True)
class TableState:
    """A table of the event. ``seats[k]`` is the player in seat ``k`` or ``None``; ``button``
    is the drawn button before the first hand, then the last hand's; ``roles`` is the last
    hand's (``None`` before the first); ``owing`` are newcomers who have not posted a big blind
    here yet (never dealt in as the button or the small blind, see :func:`plan`); ``hands``
    counts the hands dealt here; ``in_hand`` says a hand is being played, and
    ``hand_players`` who was dealt in; ``opener``: at a table opened for a late entry, that
    entrant, who posts its first small blind (so that no player moved in to balance before
    its first hand does, WSOP 2024 rule 67a)."""

    number: int
    seats: tuple[str | None, ...]
    button: int
    roles: Roles | None = None
    owing: frozenset[str] = frozenset()
    hands: int = 0
    in_hand: bool = False
    hand_players: tuple[str, ...] = ()
    opener: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p in self.seats if p is not None)

    @property
    def count(self) -> int:
        return len(self.seats) - self.seats.count(None)

    def seat_of(self, player: str) -> int:
        return self.seats.index(player)

    def empty_seats(self) -> tuple[int, ...]:
        return tuple(k for k, p in enumerate(self.seats) if p is None)

    def with_player(self, seat: int, player: str | None) -> TableState:
        """This table with ``seat`` taken by ``player`` (or emptied); a player seated at a table
        that has dealt owes it a big blind."""
        old = self.seats[seat]
        seats = self.seats[:seat] + (player,) + self.seats[seat + 1 :]
        owing = self.owing - {old} if old is not None else self.owing
        if player is not None and self.roles is not None:
            owing = owing | {player}
        return TableState(
            number=self.number, seats=seats, button=self.button, roles=self.roles,
            owing=owing, hands=self.hands, in_hand=self.in_hand,
            hand_players=self.hand_players, opener=self.opener,
        )  # fmt: skip


@dataclass(frozen=True, kw_only=True, slots=True)
class TablePlan:
    """The next hand at a table: the dealt-in seats, the button, the blinds' seats."""

    seats: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int


def plan(table: TableState) -> TablePlan | None:
    """The next hand at ``table`` as things stand, or ``None`` with fewer than two players.

    A player who owes the table a big blind sits the hand out when it would give them the
    button or the small blind, and only then (the moving button then passes them by: two
    hands running at most, three when the table grows from heads-up, unless players leave the
    table and shift the blinds onto them again); heads-up they take the big blind. When one player
    alone owes nothing, they deal heads-up against the newcomer after them, who posts the big
    blind; when nobody has paid a big blind here, the table deals on as if new."""
    occupied = tuple(k for k, p in enumerate(table.seats) if p is not None)
    if len(occupied) < 2:
        return None
    size = len(table.seats)
    if table.roles is None:
        button = table.button if table.button in occupied else after(table.button, occupied, size)
        if table.opener is not None and table.opener in table.seats:
            # The late entry who opened the table posts its first small blind: the button is
            # the player before them (heads-up, they have it themselves).
            small = table.seats.index(table.opener)
            before = min(occupied, key=lambda s: (small - s - 1) % size)
            button = small if len(occupied) == 2 else before
        return _table_plan(from_button(occupied, button), size)
    players = {k: p for k, p in enumerate(table.seats) if p is not None}
    owing = {k for k, p in players.items() if p in table.owing}
    live = occupied
    while True:
        hand = _table_plan(
            next_plan(
                candidates=occupied, live=live, players=players, roles=table.roles,
                rules=_RULES, size=size,
            ),
            size,
        )  # fmt: skip
        if len(hand.seats) == 2:
            if hand.button in owing and hand.big_blind not in owing:
                return replace(
                    hand, button=hand.big_blind, small_blind=hand.big_blind,
                    big_blind=hand.button,
                )  # fmt: skip
            return hand
        early = {hand.button, hand.small_blind} & owing
        if not early:
            return hand
        if len(live) - len(early) < 2:
            break  # everyone but one owes the table a big blind
        live = tuple(k for k in live if k not in early)
    paid = [k for k in occupied if k not in owing]
    if len(paid) != 1:
        return hand  # nobody has paid here: the table starts afresh
    # The one player who owes nothing has the button, heads-up against the next newcomer.
    (button,) = paid
    big = after(button, sorted(owing), size)
    return TablePlan(
        seats=tuple(sorted((button, big))), button=button, small_blind=button, big_blind=big
    )


def _table_plan(raw: Plan, size: int) -> TablePlan:
    seats = raw.seats
    small = raw.button if len(seats) == 2 else after(raw.button, seats, size)
    return TablePlan(seats=seats, button=raw.button, small_blind=small, big_blind=raw.big_blind)


_NEWCOMER = "\x00newcomer"  # a name no player has: the newcomer of the what-if plans


def _role(table: TableState, seat: int) -> int:
    """What a newcomer seated in empty ``seat`` is next hand: 0 the big blind, 1 dealt in
    elsewhere, 2 sitting out (the seat would give them the button or the small blind)."""
    nxt = plan(table.with_player(seat, _NEWCOMER))
    if nxt is not None and nxt.big_blind == seat:
        return 0
    return 1 if nxt is None or seat in nxt.seats else 2


def worst_seat(table: TableState) -> int:
    """TDA rule 10A's "worst position" at ``table`` for a player moved in to balance: the empty
    seat that pays the big blind soonest. A seat where the player posts the next big blind
    comes first, then the seats they are dealt in from at once, nearest after the big blind
    first; the seats where they would sit out (those that would give them the button or the
    small blind) come last, so the player is never moved into the small blind.
    With three or more players and nobody owing, this is the first empty seat clockwise
    after the next hand's small blind."""
    nxt = plan(table)
    anchor = table.button if nxt is None else nxt.small_blind
    size = len(table.seats)
    return min(table.empty_seats(), key=lambda k: (_role(table, k), (k - anchor - 1) % size))


def dealt(table: TableState, hand: TablePlan) -> TableState:
    """``table`` after dealing ``hand``: its roles move on, its big blind owes nothing."""
    players = {k: p for k, p in enumerate(table.seats) if p is not None}
    small_player = players[hand.small_blind]
    big_player = players[hand.big_blind]
    return replace(
        table,
        button=hand.button,
        roles=Roles(
            button=hand.button,
            big_blind=hand.big_blind,
            small_blind_player=small_player,
            big_blind_player=big_player,
            heads_up=len(hand.seats) == 2,
        ),
        owing=table.owing - {big_player},
        hands=table.hands + 1,
        in_hand=True,
        hand_players=tuple(players[k] for k in hand.seats),
    )
