"""Balancing by hand (TDA 10A, WSOP 67): which table gives up a player and which receives
them, with the fullest tables in a hand and with a table's break waiting for its hand."""

from __future__ import annotations

from engine.tournament import MoveReason, TableState
from engine.tournament.seating import balance_once


def room(*sizes: tuple[int, bool]) -> dict[int, TableState]:
    """Tables 1, 2, ... of nine seats with ``(players, in a hand)`` each."""
    tables: dict[int, TableState] = {}
    for number, (count, in_hand) in enumerate(sizes, 1):
        seats = tuple(f"t{number}s{k}" if k < count else None for k in range(9))
        tables[number] = TableState(number=number, seats=seats, button=0, in_hand=in_hand)
    return tables


def moves(
    tables: dict[int, TableState], leaving: tuple[int, ...] = (), halt: int = 0
) -> list[tuple[int, int]]:
    order = sorted(tables, reverse=True)  # the highest number breaks first
    out: list[tuple[int, int]] = []
    while (move := balance_once(tables, order, leaving, halt)) is not None:
        assert move.reason is MoveReason.BALANCE
        out.append((move.from_table, move.to_table))
    return out


def test_a_table_between_hands_sends_a_player_when_the_fullest_are_in_a_hand() -> None:
    tables = room((9, True), (9, True), (8, False), (5, False))
    assert moves(tables) == [(3, 4)]
    assert [t.count for t in tables.values()] == [9, 9, 7, 6]


def test_nobody_moves_to_a_table_a_waiting_break_fills() -> None:
    # Table 5 breaks when its hand ends: its three players go to the tables with the fewest,
    # table 4 first (6 to 8) and then 3 or 4; nobody is moved there meanwhile.
    tables = room((9, False), (9, False), (8, False), (6, False), (3, True))
    assert moves(tables, leaving=(5,)) == []


def test_a_table_held_short_is_balanced_at_once_while_a_break_waits() -> None:
    # Table 4, three short of the fullest, would not deal until the break's players came: it
    # takes one player now from the fullest table between hands (the first to break of the two).
    tables = room((9, False), (9, False), (8, False), (6, False), (3, True))
    assert moves(tables, leaving=(5,), halt=3) == [(2, 4)]
    assert [t.count for t in tables.values()] == [9, 8, 8, 7, 3]
