"""Wallet rules that need no database: movement reasons, the house's refill policy, grants.

Chips are points: they are granted, moved between wallet and table, and corrected by admins,
never bought or sold. Time is always passed in (``now``, seconds since the epoch).

A refill is owed, never asked for: whenever the application reads a member's wallet for a
buy-in or for the member's own balance it grants :func:`refill_due` chips, as a ledger row of
reason ``refill`` (another member looking at the wallet pays nothing).
Applying it again at once grants nothing, so reading twice never pays twice.

>>> from engine import HouseRules, Refill
>>> daily = HouseRules(refill=Refill.DAILY, refill_to=1000)
>>> refill_due(daily, chips=150, last_refill=None, emptied_at=None, now=0.0)
850
>>> refill_due(daily, chips=150, last_refill=0.0, emptied_at=None, now=3600.0)
0
"""

from __future__ import annotations

from enum import Enum

from engine import HouseRules, Refill

__all__ = [
    "GRANT_NOTE_MAX",
    "OUTSIDE_SERVERS",
    "REFILL_INTERVAL",
    "Reason",
    "grant_ref",
    "outside_servers",
    "refill_due",
]

OUTSIDE_SERVERS = 0
"""The scope of every table and wallet outside servers (DMs and group DMs where a member
installed the app for themselves): a guild id no server has (Discord's ids are never 0). A
member's wallet there is their own, kept by the same ledger rules as a server's and never
mixed with any server's: each wallet is one (scope, member) pair."""

REFILL_INTERVAL = 24 * 60 * 60.0
"""The daily policy allows one refill per rolling 24 hours (not per calendar day: no time zone
to argue about)."""

GRANT_NOTE_MAX = 200
"""The longest reason an admin may give for a grant (it is stored on the ledger row)."""


class Reason(Enum):
    """Why a balance moved; stored as the value in every ledger row."""

    GRANT = "grant"
    BUY_IN = "buy_in"
    CASH_OUT = "cash_out"
    HAND_RESULT = "hand_result"
    REFUND = "refund"
    CORRECTION = "correction"
    REFILL = "refill"
    ENTRY = "entry"
    """A tournament's buy-in, wallet to event (its ledger reference: ``event:<id>``)."""
    PRIZE = "prize"
    """A tournament place paid, event to wallet (``event:<id>:place:<n>``)."""


def refill_due(
    rules: HouseRules,
    *,
    chips: int,
    last_refill: float | None,
    emptied_at: float | None,
    now: float,
) -> int:
    """The chips the house's :class:`~engine.rules.Refill` policy owes a member now (0: none).

    ``chips`` counts the wallet and the member's stacks on open tables, so nobody is topped
    up while their chips sit at a table. ``DAILY`` tops up to ``refill_to`` at most once per
    :data:`REFILL_INTERVAL` since ``last_refill``; ``WHEN_EMPTY`` refills to ``refill_to`` a
    member with no chips at all once ``refill_wait_hours`` have passed since ``emptied_at``
    (their last wallet movement or hand; ``None``: never, so at once).
    """
    if rules.refill is Refill.NONE or chips >= rules.refill_to:
        return 0
    if rules.refill is Refill.DAILY:
        if last_refill is not None and now < last_refill + REFILL_INTERVAL:
            return 0
    else:
        if chips > 0:
            return 0
        if emptied_at is not None and now < emptied_at + rules.refill_wait_hours * 3600.0:
            return 0
    return rules.refill_to - chips


def outside_servers(guild_id: int) -> bool:
    """Whether a guild id is the scope outside servers.

    >>> outside_servers(OUTSIDE_SERVERS), outside_servers(1_200_000_000_000_000_001)
    (True, False)
    """
    return guild_id == OUTSIDE_SERVERS


def grant_ref(admin: int, note: str) -> str:
    """The ledger ``ref`` of an admin's grant: who gave it and why, in one line.

    >>> grant_ref(42, "  won the\\nquiz ")
    'admin:42 won the quiz'
    """
    return f"admin:{admin} {' '.join(note.split())}"
