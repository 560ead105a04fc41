"""Wallet rules that need no database: movement reasons and the refill policies.

Chips are points: they are granted, moved between wallet and table, and corrected by admins,
never bought or sold. Time is always passed in (``now``, seconds since the epoch).

>>> refill_amount(RefillPolicy.DAILY, balance=150, starting_stack=1000, last_refill=None,
...               now=0.0)
850
"""

from __future__ import annotations

from enum import Enum

from .store_errors import RefillRefused

__all__ = ["REFILL_INTERVAL", "Reason", "RefillPolicy", "refill_amount"]

REFILL_INTERVAL = 24 * 60 * 60.0
"""The daily policy allows one refill per rolling 24 hours (not per calendar day: no time zone
to argue about)."""


class Reason(Enum):
    """Why a balance moved; stored as the value in every ledger row."""

    GRANT = "grant"
    BUY_IN = "buy_in"
    CASH_OUT = "cash_out"
    HAND_RESULT = "hand_result"
    REFUND = "refund"
    CORRECTION = "correction"
    REFILL = "refill"


class RefillPolicy(Enum):
    """A house setting: how a member who is short of chips gets back to the starting stack."""

    NONE = "none"
    DAILY = "daily"
    ADMIN = "admin"


def refill_amount(
    policy: RefillPolicy,
    *,
    balance: int,
    starting_stack: int,
    last_refill: float | None,
    now: float,
    by_admin: bool = False,
) -> int:
    """Chips a refill grants now (back to ``starting_stack``), or :class:`RefillRefused`."""
    if balance >= starting_stack:
        raise RefillRefused(f"you already have {balance} chips; refills stop at {starting_stack}")
    if policy is RefillPolicy.NONE:
        raise RefillRefused("this server does not refill wallets")
    if policy is RefillPolicy.ADMIN and not by_admin:
        raise RefillRefused("on this server only an admin can refill a wallet")
    if policy is RefillPolicy.DAILY and not by_admin and last_refill is not None:
        wait = last_refill + REFILL_INTERVAL - now
        if wait > 0:
            hours, minutes = int(wait // 3600), int(wait % 3600 // 60)
            raise RefillRefused(f"your next refill is in {hours} h {minutes} min")
    return starting_stack - balance
