"""The live-table service's own errors (its results are :mod:`bot.tables.outcomes`).

The tree, each with a ``code`` and ``params`` like the engine's (the engine's own errors, e.g.
:class:`engine.NotYourTurn` and :class:`engine.SessionError`, pass through unchanged)::

    ServiceError
    ├── NoTable        no table is open in the channel
    ├── TableResuming  the channel's table is open but not driven here yet (a lease window)
    ├── TableExists    a table is already open in the channel
    ├── NotSeated      the member is not at the table
    ├── NoHand         no hand is in progress
    ├── StaleMove      a button or form made for a decision already taken
    ├── NotAtRisk      only the players with chips at risk choose to run it twice
    ├── EventSeats     a tournament table's seats are its director's, not the members'
    ├── CoachForbidden the house rules forbid the learning mode  (bot.guilds.service)
    ├── HandNotFound   no stored hand of that number here         (bot.stats.service)
    └── NoHandYet      the member has played no hand to show      (bot.stats.service)

The last three belong to the other application services, which raise them beside their own
work; they are drawn here so that the application layer has one tree, and the Discord layer
turns every one of them into a private reply in one place (:mod:`bot.discord.errors`). The
store's errors are their own tree (:mod:`bot.store.errors`): they say what is wrong with the
database, not with a member's request.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "EventSeats",
    "NoHand",
    "NoTable",
    "NotAtRisk",
    "NotSeated",
    "ServiceError",
    "StaleMove",
    "TableExists",
    "TableResuming",
]


# ----------------------------------------------------------------- errors


class ServiceError(Exception):
    """Base of the service's own errors: ``code`` names the message, ``params`` fill it in."""

    code = "service_error"

    def __init__(self, message: str, /, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params

    @property
    def message(self) -> str:
        return str(self.args[0])


class NoTable(ServiceError):
    code = "no_table"


class TableExists(ServiceError):
    code = "table_exists"


class TableResuming(ServiceError):
    """The channel's table is open in the database but this process does not drive it yet:
    another process holds its lease (the one that crashed, until its lease expires, or a
    second copy of the bot). The member is told to try again in a moment; nothing changed."""

    code = "table_resuming"


class NotSeated(ServiceError):
    code = "not_seated"


class EventSeats(ServiceError):
    """Joining, leaving, sitting out or stopping a tournament's table: the director seats
    and moves its players, and a player with chips is dealt every hand (the timer plays for
    one who is away)."""

    code = "event_seats"


class NoHand(ServiceError):
    code = "no_hand"


class StaleMove(ServiceError):
    """The move names a hand or an action number that is no longer current."""

    code = "stale_button"


class NotAtRisk(ServiceError):
    """Only the players with chips at risk in the hand choose to run it twice."""

    code = "not_at_risk"
