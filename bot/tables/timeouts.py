"""The turn timer's rule for absent members: two timeouts in a row sit a player out.

When the timer plays a member's turn (check if free, else fold), :class:`Timeouts` counts it;
the member's own move, sitting back in and leaving reset the count. On the
:data:`SIT_OUT_AFTER`-th timeout in a row the member is sat out (:func:`sits_out`), so a
table does not wait a whole turn for someone who walked away, hand after hand. The counts are
kept in memory only: a restart resets them to 0.
"""

from __future__ import annotations

from engine import SeatStatus, Table

__all__ = ["SIT_OUT_AFTER", "Timeouts", "sit_out_quietly", "sits_out"]

SIT_OUT_AFTER = 2
"""Timeouts in a row after which the timer sits the member out."""


def sits_out(timeouts_in_a_row: int) -> bool:
    """Whether that many timeouts in a row sit the member out.

    >>> sits_out(1), sits_out(2)
    (False, True)
    """
    return timeouts_in_a_row >= SIT_OUT_AFTER


def sit_out_quietly(table: Table, member: int) -> bool:
    """Sit a timed-out member out if they are still seated and playing; whether it did (a
    member who left, busted or already sat out is left alone)."""
    seat = table.seat_of(str(member))
    state = None if seat is None else table.seats[seat]
    if state is None or state.status is not SeatStatus.ACTIVE:
        return False
    table.sit_out(str(member))
    return True


class Timeouts:
    """How many turns in a row the timer has played for each member at each table."""

    def __init__(self) -> None:
        self._counts: dict[tuple[str, int], int] = {}

    def count(self, table_id: str, member: int) -> int:
        """The member's timeouts in a row at the table (0 if none)."""
        return self._counts.get((table_id, member), 0)

    def record(self, table_id: str, member: int) -> int:
        """Count one more timeout for the member; the count in a row, this one included."""
        key = (table_id, member)
        self._counts[key] = self._counts.get(key, 0) + 1
        return self._counts[key]

    def reset(self, table_id: str, member: int) -> None:
        """The member was back (moved, sat in) or left: the count starts again."""
        self._counts.pop((table_id, member), None)

    def forget_table(self, table_id: str) -> None:
        """The table closed: drop every count kept for it."""
        for key in [k for k in self._counts if k[0] == table_id]:
            del self._counts[key]
