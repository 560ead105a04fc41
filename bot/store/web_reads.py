"""The reads the web companion (:mod:`bot.web`) makes and the bot does not: read-only, each
one statement or a snapshot, through the store's own transactions.

Names: a table keeps the display names it showed in its settings (``names``, member id as
text to name); the web pages show those, never a name looked up elsewhere, so a member the
server's admin has forgotten (:meth:`~bot.store.store.Store.erase_member`) is named no more
than the table's own rows name them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.store.backend import Tx
from bot.store.codec import loads
from bot.store.errors import HandStateError
from bot.store.hands import load_hand
from bot.store.records import HandRecord, HandSummary
from bot.store.store import Store

__all__ = [
    "GuildHand",
    "LiveMark",
    "Standing",
    "guild_hands",
    "guild_names",
    "guild_tables",
    "hand_in_guild",
    "latest_hand",
    "live_mark",
    "member_hands",
    "seated_chips",
    "standings",
    "table_names",
]

_MAX_ID = 2**63 - 1


@dataclass(frozen=True, kw_only=True, slots=True)
class LiveMark:
    """What changes as a table plays: its newest hand, how many actions it holds and whether
    it is over; a spectator's view is rebuilt only when this changes."""

    guild_id: int
    hand_id: int | None
    actions: int
    finished: bool
    run_count: int | None


@dataclass(frozen=True, kw_only=True, slots=True)
class GuildHand:
    hand_id: int
    table_id: str
    started_at: float


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """A member on the leaderboard: their wallet, their stacks at the server's open tables,
    their net result and hands played."""

    member: int
    wallet: int
    seated: int
    net: int
    hands_played: int

    @property
    def chips(self) -> int:
        """Every chip that is the member's: the wallet and the stacks at open tables."""
        return self.wallet + self.seated


def _names(settings_json: str) -> dict[int, str]:
    raw = loads(settings_json).get("names")
    if not isinstance(raw, dict):
        return {}
    return {int(k): str(v) for k, v in raw.items() if str(k).isdigit()}


async def table_names(store: Store, table_id: str) -> dict[int, str]:
    """The names the table showed, by member id."""
    rows = await store._read("SELECT settings_json FROM tables WHERE table_id = ?", (table_id,))
    return _names(rows[0][0]) if rows else {}


async def guild_names(store: Store, guild_id: int) -> dict[int, str]:
    """The names the server's tables showed, the newest table's winning."""
    rows = await store._read(
        "SELECT settings_json FROM tables WHERE guild_id = ? ORDER BY updated_at, table_id",
        (guild_id,),
    )
    names: dict[int, str] = {}
    for (settings_json,) in rows:
        names.update(_names(settings_json))
    return names


async def hand_in_guild(store: Store, guild_id: int, hand_id: int) -> HandRecord | None:
    """The hand if it is the server's (else ``None``: another server's hand is not found)."""
    if not 0 < hand_id <= _MAX_ID:
        return None
    async with store._snapshot() as tx:
        try:
            record = await load_hand(tx, hand_id)
        except HandStateError:
            return None
    return record if record.guild_id == guild_id else None


async def latest_hand(store: Store, table_id: str) -> HandRecord | None:
    """The table's newest hand, finished or not."""
    async with store._snapshot() as tx:
        row = await tx.fetchone("SELECT MAX(hand_id) FROM hands WHERE table_id = ?", (table_id,))
        if row is None or row[0] is None:
            return None
        return await load_hand(tx, int(row[0]))


async def live_mark(store: Store, table_id: str) -> LiveMark | None:
    """The table's :class:`LiveMark` in one query; ``None`` for no such table."""
    rows = await store._read(
        "SELECT t.guild_id, h.hand_id, h.finished, h.run_count, "
        "(SELECT COUNT(*) FROM hand_actions a WHERE a.hand_id = h.hand_id) "
        "FROM tables t LEFT JOIN hands h ON h.hand_id = "
        "(SELECT MAX(hand_id) FROM hands WHERE table_id = t.table_id) "
        "WHERE t.table_id = ?",
        (table_id,),
    )
    if not rows:
        return None
    guild_id, hand_id, finished, run_count, actions = rows[0]
    return LiveMark(
        guild_id=int(guild_id),
        hand_id=None if hand_id is None else int(hand_id),
        actions=int(actions or 0),
        finished=bool(finished),
        run_count=run_count,
    )


async def guild_tables(store: Store, guild_id: int) -> list[str]:
    """The server's open tables."""
    rows = await store._read(
        "SELECT table_id FROM tables WHERE guild_id = ? AND open = 1 ORDER BY table_id",
        (guild_id,),
    )
    return [str(r[0]) for r in rows]


async def guild_hands(store: Store, guild_id: int, limit: int = 20) -> list[GuildHand]:
    """The server's newest finished hands."""
    rows = await store._read(
        "SELECT hand_id, table_id, started_at FROM hands WHERE guild_id = ? AND finished = 1 "
        "ORDER BY hand_id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [GuildHand(hand_id=r[0], table_id=r[1], started_at=r[2]) for r in rows]


async def seated_chips(store: Store, guild_id: int) -> dict[int, int]:
    """Each member's stacks at the server's open tables, as the tables last saved them (a
    hand in play counts the stack it started with, as the bot's own leaderboard does).
    Practice and tournament chips are no one's: those tables are left out."""
    async with store._snapshot() as tx:
        return await _seated(tx, guild_id)


async def _seated(tx: Tx, guild_id: int) -> dict[int, int]:
    rows = await tx.fetch(
        "SELECT state_json, settings_json FROM tables WHERE guild_id = ? AND open = 1",
        (guild_id,),
    )
    seated: dict[int, int] = {}
    for state_json, settings_json in rows:
        settings = loads(settings_json)
        if settings.get("practice") or settings.get("event") is not None:
            continue
        for seat in loads(state_json).get("seats") or ():
            if isinstance(seat, dict) and str(seat.get("player", "")).isdigit():
                member = int(seat["player"])
                seated[member] = seated.get(member, 0) + int(seat.get("stack") or 0)
    return seated


_ORDER = {"chips": "balance DESC", "net": "net DESC", "hands": "hands_played DESC"}
_WALLETS = "SELECT user_id, balance, net, hands_played FROM wallets WHERE guild_id = ? "


async def standings(store: Store, guild_id: int, *, by: str, limit: int) -> list[Standing]:
    """The leaderboard, best first by chips (wallet and seated stacks), net result or hands
    played; ties by id. By chips, the best ``limit`` are among the best ``limit`` wallets and
    the seated members, so those are all that is read (in one snapshot: a member standing up
    meanwhile is counted once)."""
    async with store._snapshot() as tx:
        seated = await _seated(tx, guild_id)
        # Wallets kept under an anonymous (negative) id after a removal are nobody's.
        rows = await tx.fetch(
            f"{_WALLETS}AND user_id > 0 ORDER BY {_ORDER[by]}, user_id LIMIT ?", (guild_id, limit)
        )
        if by == "chips" and seated:
            members = sorted(seated)
            marks = ", ".join("?" for _ in members)
            rows += await tx.fetch(f"{_WALLETS}AND user_id IN ({marks})", (guild_id, *members))
    found = {
        int(r[0]): Standing(
            member=int(r[0]),
            wallet=int(r[1]),
            seated=seated.get(int(r[0]), 0),
            net=int(r[2]),
            hands_played=int(r[3]),
        )
        for r in rows
        if int(r[0]) > 0
    }
    rank: dict[str, Callable[[Standing], int]] = {
        "chips": lambda s: -s.chips,
        "net": lambda s: -s.net,
        "hands": lambda s: -s.hands_played,
    }
    return sorted(found.values(), key=lambda s: (rank[by](s), s.member))[:limit]


async def member_hands(
    store: Store, guild_id: int, member: int, *, before: int | None, count: int
) -> list[HandSummary]:
    """The member's finished hands, newest first, ``count`` of them from before the hand
    ``before`` (``None``: from the newest): one page of their hands, the next page read from
    the last hand of this one."""
    rows = await store._read(
        "SELECT h.hand_id, h.table_id, p.player, p.net, h.started_at, h.finished_at "
        "FROM hand_players p JOIN hands h ON h.hand_id = p.hand_id "
        "WHERE p.guild_id = ? AND p.user_id = ? AND h.finished = 1 AND p.hand_id < ? "
        "ORDER BY p.hand_id DESC LIMIT ?",
        (guild_id, member, _MAX_ID if before is None else before, count),
    )
    return [
        HandSummary(hand_id=r[0], table_id=r[1], player=r[2], net=r[3], started_at=r[4],
                    finished_at=r[5])
        for r in rows
    ]  # fmt: skip
