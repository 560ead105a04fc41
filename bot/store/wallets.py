"""Wallet SQL, run inside a transaction that :class:`~bot.store.store.Store` has opened.

Every balance change goes through :func:`move`, which writes the ledger row in the same
transaction, so a balance is always the sum of its ledger; the ``balance >= 0`` guard is in the
UPDATE (and a CHECK constraint behind it).
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import accumulate

from bot.guilds.wallets import Reason, refill_due
from bot.store.backend import Tx
from bot.store.errors import InsufficientChips, NoWallet
from bot.store.records import LeaderboardRow, Mismatch, WalletMove
from engine import HouseRules, Refill

__all__ = [
    "audit",
    "balance",
    "create_wallet",
    "ensure_wallet",
    "leaderboard",
    "ledger",
    "move",
    "move_all",
    "refill",
    "total_balance",
    "wallet_balance",
    "wallet_row",
]

_ORDER = {
    "chips": "balance DESC",
    "net": "net DESC",
    "hands": "hands_played DESC",
}


async def create_wallet(tx: Tx, guild_id: int, user_id: int, now: float) -> bool:
    """Insert an empty wallet; ``False`` when the member already has one."""
    created = await tx.execute(
        "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?,?,0,?) "
        "ON CONFLICT DO NOTHING",
        (guild_id, user_id, now),
    )
    return created == 1


async def ensure_wallet(
    tx: Tx, guild_id: int, user_id: int, *, starting_grant: int, now: float
) -> int:
    """The member's balance, creating the wallet with its one starting grant if new."""
    if await create_wallet(tx, guild_id, user_id, now) and starting_grant > 0:
        return await move(
            tx, guild_id=guild_id, user_id=user_id, delta=starting_grant,
            reason=Reason.GRANT, ref=None, now=now,
        )  # fmt: skip
    row = await wallet_row(tx, guild_id, user_id)
    assert row is not None
    return row[0]


async def wallet_row(
    tx: Tx, guild_id: int, user_id: int, *, lock: bool = False
) -> tuple[int, float | None] | None:
    """(balance, last_refill) or ``None``; ``lock`` holds the row until the transaction
    ends, for a transaction that changes the wallet by what it read."""
    row = await tx.fetchone(
        "SELECT balance, last_refill FROM wallets WHERE guild_id = ? AND user_id = ?"
        + (tx.dialect.for_update if lock else ""),
        (guild_id, user_id),
    )
    return None if row is None else (int(row[0]), row[1])


async def wallet_balance(tx: Tx, guild_id: int, user_id: int) -> int:
    """The member's balance; raises :class:`NoWallet` when they have no wallet."""
    row = await wallet_row(tx, guild_id, user_id)
    if row is None:
        raise NoWallet(f"member {user_id} has no wallet in guild {guild_id}")
    return row[0]


async def balance(tx: Tx, guild_id: int, user_id: int) -> int | None:
    """The member's balance, ``None`` when they have no wallet."""
    row = await tx.fetchone(
        "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    return None if row is None else int(row[0])


async def total_balance(tx: Tx, guild_id: int | None) -> int:
    """The sum of all wallets (of one guild, unless ``None``)."""
    if guild_id is None:
        row = await tx.fetchone("SELECT COALESCE(SUM(balance), 0) FROM wallets")
    else:
        row = await tx.fetchone(
            "SELECT COALESCE(SUM(balance), 0) FROM wallets WHERE guild_id = ?", (guild_id,)
        )
    assert row is not None
    return int(row[0])


async def ledger(tx: Tx, guild_id: int, user_id: int) -> list[tuple[int, str, str | None]]:
    """(delta, reason, ref) of every movement, oldest first."""
    rows = await tx.fetch(
        "SELECT delta, reason, ref FROM ledger WHERE guild_id = ? AND user_id = ? ORDER BY id",
        (guild_id, user_id),
    )
    return [(r[0], r[1], r[2]) for r in rows]


async def move(
    tx: Tx,
    *,
    guild_id: int,
    user_id: int,
    delta: int,
    reason: Reason,
    ref: str | None,
    now: float,
) -> int:
    """Change a balance and write its ledger row; returns the new balance."""
    row = await tx.fetchone(
        "UPDATE wallets SET balance = balance + ?1 "
        "WHERE guild_id = ?2 AND user_id = ?3 AND balance + ?1 >= 0 RETURNING balance",
        (delta, guild_id, user_id),
    )
    if row is None:
        found = await wallet_row(tx, guild_id, user_id)
        if found is None:
            raise NoWallet(f"member {user_id} has no wallet in guild {guild_id}")
        balance = found[0]
        raise InsufficientChips(
            f"not enough chips: the balance is {balance}, the movement is {delta}",
            balance=balance,
            delta=delta,
        )
    await tx.execute(
        "INSERT INTO ledger (guild_id, user_id, delta, reason, ref, created_at) "
        "VALUES (?,?,?,?,?,?)",
        (guild_id, user_id, delta, reason.value, ref, now),
    )
    return int(row[0])


async def move_all(
    tx: Tx, *, guild_id: int, moves: Collection[WalletMove], ref: str, now: float
) -> None:
    """:func:`move` for each of ``moves`` (``ref`` for those that name none), made as one
    change of each member's balance, in member-id order, and their ledger rows in one
    statement: a member who rebuys at a hand's end (a grant, then the buy-in it pays) is one
    UPDATE. The guard is each move's own: the balance may not go below zero after any of
    them (their lowest running sum), and a refusal names the first move that would."""
    rows = []
    members: dict[int, list[int]] = {}
    for m in sorted(moves, key=lambda move: move.user_id):
        members.setdefault(m.user_id, []).append(m.delta)
        rows.append((guild_id, m.user_id, m.delta, m.reason.value, m.ref or ref, now))
    for user_id, deltas in members.items():
        sums = list(accumulate(deltas))
        changed = await tx.fetchone(
            "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ? "
            "AND balance + ? >= 0 RETURNING balance",
            (sums[-1], guild_id, user_id, min(sums)),
        )
        if changed is None:
            found = await wallet_row(tx, guild_id, user_id)
            if found is None:
                raise NoWallet(f"member {user_id} has no wallet in guild {guild_id}")
            k = next((k for k, total in enumerate(sums) if found[0] + total < 0), 0)
            balance = found[0] + sums[k] - deltas[k]
            raise InsufficientChips(
                f"not enough chips: the balance is {balance}, the movement is {deltas[k]}",
                balance=balance,
                delta=deltas[k],
            )
    if rows:
        await tx.executemany(
            "INSERT INTO ledger (guild_id, user_id, delta, reason, ref, created_at) "
            "VALUES (?,?,?,?,?,?)",
            rows,
        )


async def last_activity(tx: Tx, guild_id: int, user_id: int) -> float | None:
    """When the member's chips last moved: their newest ledger row or finished hand (a
    member who busts at a table empties there, after their last wallet movement)."""
    row = await tx.fetchone(
        "SELECT MAX(t) FROM ("
        "SELECT MAX(created_at) AS t FROM ledger WHERE guild_id = ? AND user_id = ? "
        "UNION ALL "
        "SELECT MAX(h.finished_at) AS t FROM hand_players p "
        "JOIN hands h ON h.hand_id = p.hand_id "
        "WHERE p.guild_id = ? AND p.user_id = ? AND h.finished = 1"
        ") AS activity",
        (guild_id, user_id, guild_id, user_id),
    )
    return None if row is None or row[0] is None else float(row[0])


async def refill(
    tx: Tx,
    *,
    guild_id: int,
    user_id: int,
    rules: HouseRules,
    on_tables: int,
    now: float,
) -> int:
    """Grant what the house's refill policy owes now (:func:`~bot.guilds.wallets.refill_due`), as a
    ledger row of reason ``refill``; returns the chips granted (0 when nothing is owed). The
    wallet row is locked first, so two processes reading it at once pay once."""
    if rules.refill is Refill.NONE:
        return 0
    found = await wallet_row(tx, guild_id, user_id, lock=True)
    if found is None:
        raise NoWallet(f"member {user_id} has no wallet in guild {guild_id}")
    balance, last_refill = found
    emptied = None
    if rules.refill is Refill.WHEN_EMPTY and balance + on_tables == 0:
        emptied = await last_activity(tx, guild_id, user_id)
    amount = refill_due(
        rules, chips=balance + on_tables, last_refill=last_refill, emptied_at=emptied, now=now
    )
    if amount:
        await move(
            tx, guild_id=guild_id, user_id=user_id, delta=amount, reason=Reason.REFILL,
            ref=rules.refill.value, now=now,
        )  # fmt: skip
        await tx.execute(
            "UPDATE wallets SET last_refill = ? WHERE guild_id = ? AND user_id = ?",
            (now, guild_id, user_id),
        )
    return amount


async def leaderboard(tx: Tx, guild_id: int, by: str, limit: int) -> list[LeaderboardRow]:
    order = _ORDER.get(by)
    if order is None:
        raise ValueError(f"leaderboard by {by!r}: use one of {sorted(_ORDER)}")
    rows = await tx.fetch(
        # Wallets kept under an anonymous (negative) id after a removal are nobody's.
        "SELECT user_id, balance, net, hands_played FROM wallets WHERE guild_id = ? "
        f"AND user_id > 0 ORDER BY {order}, user_id LIMIT ?",
        (guild_id, limit),
    )
    return [LeaderboardRow(user_id=r[0], balance=r[1], net=r[2], hands_played=r[3]) for r in rows]


async def audit(tx: Tx, guild_id: int | None) -> list[Mismatch]:
    rows = await tx.fetch(
        "SELECT guild_id, user_id, balance, total FROM ("
        "  SELECT w.guild_id, w.user_id, w.balance, "
        "    (SELECT COALESCE(SUM(delta), 0) FROM ledger l "
        "     WHERE l.guild_id = w.guild_id AND l.user_id = w.user_id) AS total "
        "  FROM wallets w"
        + ("" if guild_id is None else " WHERE w.guild_id = ?")
        + ") AS sums WHERE balance != total OR balance < 0 ORDER BY guild_id, user_id",
        () if guild_id is None else (guild_id,),
    )
    return [Mismatch(guild_id=r[0], user_id=r[1], balance=r[2], ledger_sum=int(r[3])) for r in rows]
