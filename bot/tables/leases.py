"""Which process drives which table, when several bot processes share one database.

Two rules, each enough on its own in a healthy deployment, together safe in a broken one:

- **Shards.** Discord sends a guild's events to one gateway shard, ``(guild_id >> 22) %
  shard_count``; a process restores and drives only the tables of guilds on its own shards
  (:class:`Shards`). Interactions for a table reach only its shard's process.
- **Leases.** Every table a process drives has a lease row (``leases``: table, owner,
  epoch, expiry). The owner renews its leases every :attr:`LeaseTerms.renew_every` seconds;
  a process that dies stops renewing, and another process may take a lease over once it
  expired (:func:`judge`), which bumps the epoch. A process that finds a table leased by a
  live other process leaves it alone.

Safety does not rest on the clocks: every write of a hand (a new hand, an action, its end) is
*fenced*, refused inside its own transaction unless the table's lease row names the writer
(:mod:`bot.store.leases`). A process that was paused past its expiry and then taken over can
therefore never write again, even before it notices. Clocks only decide how soon a dead
process's tables move on. A lease released on a clean shutdown keeps its owner and expires at
once, so the fence still refuses the old owner after a new one takes it.

Everything here is a pure decision on values; :mod:`bot.tables.lease_keeper` runs them on a timer.

>>> shards = Shards(count=2, ids=(1,))
>>> shard_of(1_200_000_000_000_000_001, 2), shards.owns(1_200_000_000_000_000_001)
(1, True)
"""

from __future__ import annotations

import os
import re
import secrets
import socket
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Lease",
    "LeaseTerms",
    "Plan",
    "Shards",
    "Verdict",
    "judge",
    "new_owner",
    "plan",
    "shard_of",
]


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends the guild's events to (its documented formula)."""
    if shard_count < 1:
        raise ValueError("a shard count is at least 1")
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, kw_only=True)
class Shards:
    """The shards this process runs: ``count`` in all (``None``: unsharded, or Discord's
    recommendation, which this process cannot know in advance: every guild), of which it runs
    ``ids`` (``None``: all of them)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def owns(self, guild_id: int) -> bool:
        """Whether this process receives the guild's events, so may drive its tables."""
        if not self.count or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids


@dataclass(frozen=True, kw_only=True)
class LeaseTerms:
    """How long a lease lasts and how often its owner renews it. Three renewals fit in one
    lease, so one slow or failed renewal (a busy database, a reconnect) loses nothing."""

    ttl: float = 30.0
    renew_every: float = 10.0

    def __post_init__(self) -> None:
        if not 0 < self.renew_every < self.ttl:
            raise ValueError("a lease must be renewed (renew_every > 0) before it expires (ttl)")


@dataclass(frozen=True, kw_only=True)
class Lease:
    """One table's lease row: ``epoch`` counts the owners it has had (fencing token)."""

    table_id: str
    owner: str
    epoch: int
    expires_at: float


class Verdict(Enum):
    """What a claim on a table's lease finds."""

    FREE = "free"
    """No lease yet: take it (epoch 1)."""
    OURS = "ours"
    """Held by this process (even if expired, nobody took it meanwhile): renew it."""
    EXPIRED = "expired"
    """Its owner stopped renewing: take it over (the epoch moves on)."""
    HELD = "held"
    """A live other process drives the table: leave it alone."""

    @property
    def granted(self) -> bool:
        return self is not Verdict.HELD


def judge(current: Lease | None, *, owner: str, now: float) -> Verdict:
    """Whether ``owner`` may hold the lease ``current`` at ``now``. The store's claim runs the
    same decision inside one statement (:func:`bot.store.leases.claim`), so two processes
    racing for an expired lease cannot both win.

    >>> lease = Lease(table_id="1:2", owner="a", epoch=3, expires_at=100.0)
    >>> [judge(lease, owner=o, now=t).value for o, t in (("a", 200), ("b", 99), ("b", 100))]
    ['ours', 'held', 'expired']
    """
    if current is None:
        return Verdict.FREE
    if current.owner == owner:
        return Verdict.OURS
    return Verdict.EXPIRED if current.expires_at <= now else Verdict.HELD


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def new_owner(host: str | None = None, pid: int | None = None, token: str | None = None) -> str:
    """A lease owner id unique to this process: ``host:pid:random``. A restarted process is
    a new owner (its pid and token differ): it waits, like anyone, for the dead one's leases
    to expire, so two copies started with the same shards by mistake never both drive.

    >>> new_owner("bot-1", 42, "ab12")
    'bot-1:42:ab12'
    """
    name = _UNSAFE.sub("-", host if host is not None else socket.gethostname()) or "host"
    return f"{name}:{os.getpid() if pid is None else pid}:{token or secrets.token_hex(4)}"


@dataclass(frozen=True, kw_only=True)
class Plan:
    """What one round of the lease timer does after renewing."""

    drop: tuple[str, ...]
    """Tables driven here whose lease was not renewed: another process took them over."""
    claim: tuple[str, ...]
    """Open tables of this process's guilds that nobody drives here yet, and tables driven
    here that have no lease yet (just opened): claim their leases."""


def plan(
    *,
    open_tables: Mapping[str, int],
    live: Collection[str],
    held: Collection[str],
    renewed: Collection[str],
    shards: Shards,
) -> Plan:
    """``open_tables`` maps every open table to its guild; ``live`` are the tables this
    process drives, ``held`` those it held a lease on before the renewal and ``renewed``
    those the renewal kept.

    >>> p = plan(open_tables={"a": 0, "b": 0, "c": 1 << 22}, live={"a", "b"}, held={"a", "b"},
    ...          renewed={"a"}, shards=Shards(count=2, ids=(0,)))
    >>> p.drop, p.claim
    (('b',), ())
    """
    lost = {t for t in held if t not in renewed}
    drop = tuple(sorted(lost & set(live)))
    unleased = {t for t in live if t not in held and t in open_tables}
    waiting = {
        t
        for t, guild in open_tables.items()
        if t not in live and t not in lost and shards.owns(guild)
    }
    return Plan(drop=drop, claim=tuple(sorted(unleased | waiting)))
