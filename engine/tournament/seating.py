"""The seat draw, breaking, balancing and redrawing: who goes where, as pure functions of the
tables (a ``dict`` of :class:`TableState` the caller owns and passes in to be changed) and a
random source the caller seeds.

The rules (numbers as in RULES.md, "Tournaments"):

- Seats are drawn at random (TDA 6); a late entry draws a seat at a table with the fewest
  players (TDA 7).
- A broken table's players draw their new tables and seats at random, each to a table with
  the fewest players, so the tables stay within one (TDA 9); when a newcomer is dealt in is
  decided at each hand (:func:`engine.tournament.tables.plan`).
- To balance, the table with the most players among those between hands sends the player who
  would be big blind next to the worst position of the table with the fewest (TDA 10A), never
  the small blind; ties between tables go by the published break order (TDA 10C): the source
  is the table that breaks soonest, the destination the one that breaks last. A table whose
  break waits for its hand counts its players as seated at the tables with the fewest, except
  for a table held short, which is balanced at once.
- Seats are drawn again at the final table, and at the table counts the event names.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import MutableMapping, Sequence
from dataclasses import replace

from engine.tournament.records import (
    MoveReason,
    PlayerMoved,
    PlayerSeated,
    SeatsRedrawn,
    TableBroken,
    TableOpened,
)
from engine.tournament.tables import TableState, plan, worst_seat

__all__ = ["balance_once", "break_table", "draw", "redraw", "seat_late"]

Tables = MutableMapping[int, TableState]


def _sizes(count: int, tables: int) -> list[int]:
    """``count`` players over ``tables`` tables, within one, the bigger tables first."""
    each, extra = divmod(count, tables)
    return [each + (1 if k < extra else 0) for k in range(tables)]


def draw(
    players: Sequence[str], numbers: Sequence[int], seats: int, chips: dict[str, int],
    rng: random.Random,
) -> tuple[dict[int, TableState], list[PlayerSeated | TableOpened]]:  # fmt: skip
    """Draw ``players`` onto tables ``numbers`` of ``seats`` seats, balanced within one, each
    table's occupied seats and button drawn too."""
    order = list(players)
    rng.shuffle(order)
    sizes = _sizes(len(order), len(numbers))
    rng.shuffle(sizes)
    tables: dict[int, TableState] = {}
    decisions: list[PlayerSeated | TableOpened] = []
    at = 0
    for number, size in zip(numbers, sizes, strict=True):
        used = sorted(rng.sample(range(seats), size))
        row: list[str | None] = [None] * seats
        for seat in used:
            row[seat] = order[at]
            at += 1
        button = rng.choice(used) if used else 0
        tables[number] = TableState(number=number, seats=tuple(row), button=button)
        decisions.append(TableOpened(table=number, button=button))
        for seat in used:
            player = row[seat]
            assert player is not None
            decisions.append(
                PlayerSeated(player=player, table=number, seat=seat, chips=chips[player])
            )
    return tables, decisions


def seat_late(tables: Tables, player: str, chips: int, rng: random.Random) -> PlayerSeated | None:
    """A late entry's seat: random, at a table with the fewest players that has a free seat;
    ``None`` when every seat is taken (the caller opens a table)."""
    open_tables = [t for t in tables.values() if t.empty_seats()]
    if not open_tables:
        return None
    fewest = min(t.count for t in open_tables)
    table = rng.choice(sorted((t for t in open_tables if t.count == fewest), key=_number))
    seat = rng.choice(table.empty_seats())
    tables[table.number] = table.with_player(seat, player)
    return PlayerSeated(player=player, table=table.number, seat=seat, chips=chips)


def _number(table: TableState) -> int:
    return table.number


def _move(
    tables: Tables, player: str, source: int, target: int, seat: int, reason: MoveReason
) -> PlayerMoved:
    """Move ``player`` from table ``source`` to ``seat`` of table ``target``."""
    src = tables[source]
    from_seat = src.seat_of(player)
    tables[source] = src.with_player(from_seat, None)
    tables[target] = tables[target].with_player(seat, player)
    return PlayerMoved(
        player=player, from_table=source, from_seat=from_seat, to_table=target, to_seat=seat,
        reason=reason,
    )  # fmt: skip


def break_table(tables: Tables, number: int, rng: random.Random) -> list[PlayerMoved | TableBroken]:
    """Break table ``number``: its players, in a random order, each to a random seat of a
    random table among those with the fewest players (TDA 9's two-step random draw)."""
    leaving = list(tables[number].players)
    rng.shuffle(leaving)
    out: list[PlayerMoved | TableBroken] = []
    counts = {n: t.count for n, t in tables.items() if n != number}
    seats = len(tables[number].seats)
    for player in leaving:
        fewest = min(c for c in counts.values() if c < seats)
        target = rng.choice(sorted(n for n, c in counts.items() if c == fewest))
        seat = rng.choice(tables[target].empty_seats())
        out.append(_move(tables, player, number, target, seat, MoveReason.BREAK))
        counts[target] += 1
    del tables[number]
    out.append(TableBroken(table=number))
    return out


def _spread(counts: dict[int, int], arrivals: int, seats: int) -> dict[int, int]:
    """``counts`` after ``arrivals`` players are seated one by one, each at a table with the
    fewest players (as :func:`break_table` seats a broken table's players)."""
    order = list(counts)
    fewest = [(c, k) for k, c in enumerate(counts.values())]  # ties: the first in the order
    heapq.heapify(fewest)
    after = dict(counts)
    for _ in range(arrivals):
        count, k = fewest[0]
        if count >= seats:
            break
        after[order[k]] = count + 1
        heapq.heapreplace(fewest, (count + 1, k))
    return after


def balance_once(
    tables: Tables, break_order: Sequence[int], leaving: Sequence[int] = (), halt: int = 0
) -> PlayerMoved | None:
    """One balancing move if a table between hands holds two or more players more than a
    table with the fewest: the next big blind of the fullest such table (the first in the
    break order among equals) to the worst seat of a table with the fewest (the last in the
    break order among equals). ``None`` when balanced.

    ``leaving``: tables about to break once their hand ends; their players are counted as
    already seated at the others, each at a table with the fewest (so nobody is moved to a
    table the break will fill anyway), except at a table ``halt`` or more players short of
    the fullest (``halt`` 0: none), which would not deal until they came: it is balanced
    as if no break were waiting."""
    staying = [n for n in break_order if n not in leaving]
    if len(staying) < 2:
        return None
    seats = len(tables[staying[0]].seats)
    counts = {n: tables[n].count for n in staying}
    arriving = sum(tables[n].count for n in leaving)
    projected = _spread(counts, arriving, seats) if arriving else counts
    move = _pick(tables, staying, projected, counts)
    if move is None and arriving and halt:
        most = max(t.count for t in tables.values())
        held = [n for n in staying if counts[n] <= most - halt]
        if held:
            move = _pick(tables, staying, counts, counts, among=held)
    if move is None:
        return None
    source, target = move
    nxt = plan(tables[source])
    assert nxt is not None  # the source has at least two players more than the target
    player = tables[source].seats[nxt.big_blind]
    assert player is not None
    seat = worst_seat(tables[target])
    return _move(tables, player, source, target, seat, MoveReason.BALANCE)


def _pick(
    tables: Tables, staying: Sequence[int], sizes: dict[int, int], counts: dict[int, int],
    among: Sequence[int] | None = None,
) -> tuple[int, int] | None:  # fmt: skip
    """The source and target of a move by table ``sizes`` (ties by ``counts``, then the
    break order), the target ``among`` those tables (or any)."""
    targets = staying if among is None else among
    target = min(reversed(targets), key=lambda n: (sizes[n], counts[n]))  # the last
    sources = [n for n in staying if sizes[n] >= sizes[target] + 2 and not tables[n].in_hand]
    if not sources:
        return None
    return max(sources, key=lambda n: sizes[n]), target  # the first in the order among equals


def redraw(
    tables: Tables, order: Sequence[int], keep: Sequence[int], seats: int, rng: random.Random
) -> list[PlayerMoved | TableBroken | TableOpened | SeatsRedrawn]:
    """Draw every seat again onto the tables ``keep`` (the others break, in ``order``, the
    published break order), each with a new
    drawn button and no hand history: everyone is dealt in at once."""
    where = {p: (t.number, t.seat_of(p)) for t in tables.values() for p in t.players}
    out: list[PlayerMoved | TableBroken | TableOpened | SeatsRedrawn] = []
    for number in order:
        if number not in keep:
            del tables[number]
            out.append(TableBroken(table=number))
    hands = {n: tables[n].hands for n in keep}
    # The draw's seatings become moves below; the chips it would announce are not used.
    drawn, opened = draw(sorted(where), keep, seats, dict.fromkeys(where, 0), rng)
    for number, table in drawn.items():
        tables[number] = replace(table, hands=hands[number])
    for decision in opened:
        if isinstance(decision, TableOpened):
            out.append(decision)
        else:
            from_table, from_seat = where[decision.player]
            out.append(
                PlayerMoved(
                    player=decision.player,
                    from_table=from_table,
                    from_seat=from_seat,
                    to_table=decision.table,
                    to_seat=decision.seat,
                    reason=MoveReason.REDRAW,
                )
            )
    out.append(SeatsRedrawn(tables=tuple(keep)))
    return out
