"""The seat draw, breaking, balancing and redrawing: who goes where, as pure functions of the
tables (a ``dict`` of :class:`TableState` the caller owns and passes in to be changed) and a
random source the caller seeds.

The rules (numbers as in RULES.md, "Tournaments"):

- Seats are drawn at random (TDA 6); a late entry draws a seat at a table with the fewest
  players (TDA 7).
- A broken table's players draw their new tables and seats at random, each to a table with
  the fewest players, so the tables stay within one (TDA 9); a player who lands between the
  next hand's button and small blind waits for the big blind.
- To balance, the table with the most players sends the player who would be big blind next
  to the worst position of the table with the fewest (TDA 10A), never the small blind; ties
  between tables go by the published break order (TDA 10C): the source is the table that
  breaks soonest, the destination the one that breaks last.
- Seats are drawn again at the final table, and at the table counts the event names.
"""

from __future__ import annotations

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
from engine.tournament.tables import TableState, plan, waits_if_seated, worst_seat

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
    waits = waits_if_seated(table, seat)
    tables[table.number] = table.with_player(seat, player, waits=waits)
    return PlayerSeated(player=player, table=table.number, seat=seat, chips=chips, waits=waits)


def _number(table: TableState) -> int:
    return table.number


def _move(
    tables: Tables, player: str, source: int, target: int, seat: int, reason: MoveReason
) -> PlayerMoved:
    """Move ``player`` from table ``source`` to ``seat`` of table ``target``."""
    src = tables[source]
    from_seat = src.seat_of(player)
    tables[source] = src.with_player(from_seat, None)
    dst = tables[target]
    waits = waits_if_seated(dst, seat)
    tables[target] = dst.with_player(seat, player, waits=waits)
    return PlayerMoved(
        player=player, from_table=source, from_seat=from_seat, to_table=target, to_seat=seat,
        reason=reason, waits=waits,
    )  # fmt: skip


def break_table(tables: Tables, number: int, rng: random.Random) -> list[PlayerMoved | TableBroken]:
    """Break table ``number``: its players, in a random order, each to a random seat of a
    random table among those with the fewest players (TDA 9's two-step random draw)."""
    leaving = list(tables[number].players)
    rng.shuffle(leaving)
    out: list[PlayerMoved | TableBroken] = []
    for player in leaving:
        others = [t for t in tables.values() if t.number != number and t.empty_seats()]
        fewest = min(t.count for t in others)
        target = rng.choice(sorted((t for t in others if t.count == fewest), key=_number))
        seat = rng.choice(target.empty_seats())
        out.append(_move(tables, player, number, target.number, seat, MoveReason.BREAK))
    del tables[number]
    out.append(TableBroken(table=number))
    return out


def balance_once(tables: Tables, break_order: Sequence[int]) -> PlayerMoved | None:
    """One balancing move if the tables differ by two or more and a table with the most
    players is between hands: its next big blind to the worst seat of a table with the
    fewest. ``None`` when balanced (or when every table with the most is in a hand)."""
    if len(tables) < 2:
        return None
    counts = {n: t.count for n, t in tables.items()}
    most, fewest = max(counts.values()), min(counts.values())
    if most - fewest < 2:
        return None
    rank = {n: k for k, n in enumerate(break_order)}
    sources = [n for n in break_order if counts[n] == most and not tables[n].in_hand]
    if not sources:
        return None
    source = sources[0]
    target = max((n for n in counts if counts[n] == fewest), key=lambda n: rank[n])
    nxt = plan(tables[source])
    assert nxt is not None  # the source has at least two players more than the target
    player = tables[source].seats[nxt.big_blind]
    assert player is not None
    seat = worst_seat(tables[target])
    return _move(tables, player, source, target, seat, MoveReason.BALANCE)


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
