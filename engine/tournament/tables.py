"""One tournament table as the director sees it: who sits where, where the button was, who
waits for the big blind; and the positions that follow from it.

The next hand's button and blinds are worked out by :func:`engine.blinds.next_plan`, the same
function every live :class:`~engine.table.Table` asks (moving button, newcomers wait for the big
blind), so the director's "who is big blind next" is the table's. A table that has dealt no
hand yet starts from its drawn button with everyone dealt in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.blinds import Plan, Roles, after, from_button, next_plan
from engine.rules import HouseRules

__all__ = ["TablePlan", "TableState", "dealt", "plan", "waits_if_seated", "worst_seat"]

_RULES = HouseRules()  # moving button, newcomers wait for the big blind: the tables' defaults


@dataclass(frozen=True, kw_only=True, slots=True)
class TableState:
    """A table of the event. ``seats[k]`` is the player in seat ``k`` or ``None``; ``button``
    is the drawn button before the first hand, then the last hand's; ``roles`` is the last
    hand's (``None`` before the first); ``waiting`` are players who wait for the big blind;
    ``hands`` counts the hands dealt here; ``in_hand`` says a hand is being played, and
    ``hand_players`` who was dealt in; ``opener``: at a table opened for a late entry, that
    entrant, who posts its first small blind (so that no player moved in to balance before
    its first hand does, WSOP 2024 rule 67a)."""

    number: int
    seats: tuple[str | None, ...]
    button: int
    roles: Roles | None = None
    waiting: frozenset[str] = frozenset()
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

    def with_player(self, seat: int, player: str | None, *, waits: bool = False) -> TableState:
        """This table with ``seat`` taken by ``player`` (or emptied)."""
        old = self.seats[seat]
        seats = self.seats[:seat] + (player,) + self.seats[seat + 1 :]
        waiting = self.waiting - {old} if old is not None else self.waiting
        if player is not None and waits:
            waiting = waiting | {player}
        return TableState(
            number=self.number, seats=seats, button=self.button, roles=self.roles,
            waiting=waiting, hands=self.hands, in_hand=self.in_hand,
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
    """The next hand at ``table`` as things stand, or ``None`` with fewer than two players."""
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
        raw: Plan = from_button(occupied, button)
    else:
        live = tuple(k for k in occupied if table.seats[k] not in table.waiting)
        players = {k: p for k, p in enumerate(table.seats) if p is not None}
        raw = next_plan(
            candidates=occupied, live=live, players=players, roles=table.roles, rules=_RULES,
            size=size,
        )  # fmt: skip
    seats = raw.seats
    if len(seats) == 2:
        small = raw.button
    else:
        small = after(raw.button, seats, size)
    return TablePlan(seats=seats, button=raw.button, small_blind=small, big_blind=raw.big_blind)


_NEWCOMER = "\x00newcomer"  # a name no player has: the newcomer of the what-if plans


def waits_if_seated(table: TableState, seat: int) -> bool:
    """Whether a newcomer in empty ``seat`` waits for the big blind: at a table that has dealt,
    where being dealt in at once would give them the moving button or the small blind without
    having paid the blinds of the orbit (with three or more players and nobody waiting: a
    seat after the last hand's button and before the next small blind). As TDA rules 7 and 9
    and WSOP rule 66 say, they are never dealt in between the small blind and the button."""
    if table.roles is None:
        return False
    nxt = plan(table.with_player(seat, _NEWCOMER))
    return nxt is not None and seat in (nxt.button, nxt.small_blind) and seat != nxt.big_blind


def _role(table: TableState, seat: int) -> int:
    """What a newcomer seated in empty ``seat`` (waiting or not, by
    :func:`waits_if_seated`) is next hand: 0 the big blind, 1 dealt in elsewhere, 2 waiting
    for the big blind."""
    waits = waits_if_seated(table, seat)
    nxt = plan(table.with_player(seat, _NEWCOMER, waits=waits))
    if nxt is not None and nxt.big_blind == seat:
        return 0
    return 2 if waits else 1


def worst_seat(table: TableState) -> int:
    """TDA rule 10A's "worst position" at ``table`` for a player moved in to balance: the empty
    seat that pays the big blind soonest. A seat where the player posts the next big blind
    comes first, then the seats they are dealt in from at once, nearest after the big blind
    first; the seats where they wait for the big blind (those that would give them the button
    or the small blind) come last, so the player is never moved into the small blind.
    With three or more players and nobody waiting, this is the first empty seat clockwise
    after the next hand's small blind."""
    nxt = plan(table)
    anchor = table.button if nxt is None else nxt.small_blind
    size = len(table.seats)
    return min(table.empty_seats(), key=lambda k: (_role(table, k), (k - anchor - 1) % size))


def dealt(table: TableState, hand: TablePlan) -> TableState:
    """``table`` after dealing ``hand``: its roles move on, dealt-in waiters stop waiting."""
    players = {k: p for k, p in enumerate(table.seats) if p is not None}
    small_player = players[hand.small_blind]
    big_player = players[hand.big_blind]
    dealt_in = {players[k] for k in hand.seats}
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
        waiting=table.waiting - dealt_in,
        hands=table.hands + 1,
        in_hand=True,
        hand_players=tuple(players[k] for k in hand.seats),
    )
