"""A member's own settings, and removing a member's data from a server, run inside a
connection or transaction :class:`~bot.store.store.Store` has opened.

What the bot keeps about a member, per server: the wallet (balance, hands played, net result,
last refill, when it was made), every ledger row (each chip movement, its reason and time),
their seat and result in each hand (``hand_players``, and the seat-to-member map of the hand),
the seats, host and results saved with each table, their statistics per hour and session
(``stats_hours``), and their own settings (``member_settings``). Nothing else: no names, no
messages.

Removal keeps the chips honest. The wallet, its ledger rows and the hand rows stay, under an
anonymous id (``-n`` for the server's ``n``-th removal: a Discord id is never negative), so
every balance is still the sum of its ledger, every hand still adds up to zero, and the
server's total of chips does not change; the settings row is deleted. The member's own id is
not written anywhere, not even in the record of the removal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.backend import Tx
from bot.store.codec import dumps, loads
from bot.store.errors import MemberSeated
from bot.store.records import Erasure, MemberSettings

__all__ = ["REKEYED", "SETTINGS", "erase_member", "is_seated", "read_settings", "write_settings"]

SETTINGS = ("dm", "four_colour", "coach")
"""The member's switches, one column each, all off by default (no row: every default)."""
_COLUMNS = ", ".join(SETTINGS)

REKEYED = ("wallets", "ledger", "hand_players", "stats_hours")
"""The tables whose ``(guild_id, user_id)`` rows move to the anonymous id (the statistics
too: a server's totals stay whole, nobody's profile remains)."""


def _settings(row: Sequence[Any] | None) -> MemberSettings:
    if row is None:
        return MemberSettings()
    return MemberSettings(**{name: bool(value) for name, value in zip(SETTINGS, row, strict=True)})


async def read_settings(tx: Tx, guild_id: int, user_id: int) -> MemberSettings:
    """The member's settings in the guild; every default when never set."""
    return _settings(
        await tx.fetchone(
            f"SELECT {_COLUMNS} FROM member_settings WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
    )


async def write_settings(
    tx: Tx,
    guild_id: int,
    user_id: int,
    changes: dict[str, bool | None],
    now: float,
) -> MemberSettings:
    """Set the switches in ``changes`` (``None`` keeps a value; a name not in
    :data:`SETTINGS` is a ``ValueError``) and return all of them.

    Plain SQL that SQLite and PostgreSQL both read: an insert of the defaults, then an update
    of the columns given, in the caller's transaction."""
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ValueError(f"no such member setting: {sorted(unknown)}")
    await tx.execute(
        "INSERT INTO member_settings (guild_id, user_id, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id, user_id) DO NOTHING",
        (guild_id, user_id, now),
    )
    given = {name: int(value) for name, value in changes.items() if value is not None}
    assignments = "".join(f"{name} = ?, " for name in given)  # names from SETTINGS only
    await tx.execute(
        f"UPDATE member_settings SET {assignments}updated_at = ? "
        "WHERE guild_id = ? AND user_id = ?",
        (*given.values(), now, guild_id, user_id),
    )
    return await read_settings(tx, guild_id, user_id)


async def is_seated(tx: Tx, guild_id: int, user_id: int) -> bool:
    """Whether an open table of the server names the member (seated, its host, or in its
    session's results), or they are in a hand not finished."""
    rows = await tx.fetch(
        "SELECT 1 FROM hand_players p JOIN hands h ON h.hand_id = p.hand_id "
        "WHERE p.guild_id = ? AND p.user_id = ? AND h.finished = 0 LIMIT 1",
        (guild_id, user_id),
    )
    if rows:
        return True
    tables = await tx.fetch(
        "SELECT state_json, settings_json FROM tables WHERE open = 1 AND guild_id = ?",
        (guild_id,),
    )
    return any(_names(loads(text), user_id) for row in tables for text in row)


def _names(value: Any, member: int) -> bool:
    """Whether a JSON value holds the member id, as a number or a string, key or value."""
    if isinstance(value, dict):
        return any(_names(k, member) or _names(v, member) for k, v in value.items())
    if isinstance(value, list):
        return any(_names(v, member) for v in value)
    return (type(value) is int and value == member) or value == str(member)


def _renamed(value: Any, member: int, anonymous: int) -> Any:
    """The JSON value with every mention of the member (number or string) made anonymous."""
    if isinstance(value, dict):
        return {_renamed(k, member, anonymous): _renamed(v, member, anonymous)
                for k, v in value.items()}  # fmt: skip
    if isinstance(value, list):
        return [_renamed(v, member, anonymous) for v in value]
    if type(value) is int and value == member:
        return anonymous
    if value == str(member):
        return str(anonymous)
    return value


async def erase_member(tx: Tx, guild_id: int, user_id: int, now: float) -> Erasure:
    """Move the member's rows to a new anonymous id and delete their settings.

    Raises :class:`MemberSeated` (and changes nothing) while an open table names them: the
    live table would write their id back, and chips on it would come back to a wallet that
    no longer has an owner. Closed tables' saved seats, host and results are renamed too.
    """
    if await is_seated(tx, guild_id, user_id):
        raise MemberSeated(
            f"member {user_id} is seated at a table of guild {guild_id}: they leave first"
        )
    events = await _events_naming(tx, guild_id, user_id)
    if any(status in OPEN_EVENT for _, status, _, _ in events):
        raise MemberSeated(
            f"member {user_id} is in an open event of guild {guild_id}: it ends first",
            event=True,
        )
    counts = {table: await _count(tx, table, guild_id, user_id) for table in REKEYED}
    settings = await tx.execute(
        "DELETE FROM member_settings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    if not any(counts.values()) and not events:
        return Erasure(anonymous_id=None, wallet=False, ledger_rows=0, hands=0,
                       settings=bool(settings))  # fmt: skip
    erasure = await tx.fetchone(
        "INSERT INTO erasures (guild_id, erased_at) VALUES (?, ?) RETURNING id", (guild_id, now)
    )
    assert erasure is not None
    anonymous = -int(erasure[0])
    # The ledger refers to its wallet, so the wallet moves in three steps: a copy under the
    # anonymous id, the ledger over to it, the old row gone; every step keeps the reference.
    await tx.execute(
        "INSERT INTO wallets (guild_id, user_id, balance, hands_played, net, last_refill, "
        "created_at) SELECT guild_id, ?, balance, hands_played, net, last_refill, created_at "
        "FROM wallets WHERE guild_id = ? AND user_id = ?",
        (anonymous, guild_id, user_id),
    )
    for table in REKEYED:
        if table != "wallets":
            await tx.execute(
                f"UPDATE {table} SET user_id = ? WHERE guild_id = ? AND user_id = ?",
                (anonymous, guild_id, user_id),
            )
    await tx.execute("DELETE FROM wallets WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
    hands = await tx.fetch(
        "SELECT h.hand_id, h.players_json FROM hands h JOIN hand_players p "
        "ON p.hand_id = h.hand_id WHERE p.guild_id = ? AND p.user_id = ?",
        (guild_id, anonymous),
    )
    for hand_id, players_json in hands:
        players = _renamed(loads(players_json), user_id, anonymous)
        await tx.execute(
            "UPDATE hands SET players_json = ? WHERE hand_id = ?", (dumps(players), hand_id)
        )
    # Closed tables keep their last seats, host and results (open ones were refused above).
    tables = await tx.fetch(
        "SELECT table_id, state_json, settings_json FROM tables WHERE open = 0 AND guild_id = ?",
        (guild_id,),
    )
    for table_id, state, settings in tables:
        renamed = [dumps(_renamed(loads(text), user_id, anonymous)) for text in (state, settings)]
        if renamed != [state, settings]:
            await tx.execute(
                "UPDATE tables SET state_json = ?, settings_json = ? WHERE table_id = ?",
                (*renamed, table_id),
            )
    # Finished and cancelled events keep their log, renamed: it still replays the same.
    for event_id, _, settings_json, inputs in events:
        renamed_settings = dumps(_renamed(loads(settings_json), user_id, anonymous))
        await tx.execute(
            "UPDATE events SET settings_json = ? WHERE event_id = ?", (renamed_settings, event_id)
        )
        for seq, data in inputs:
            renamed_data = dumps(_renamed(loads(data), user_id, anonymous))
            if renamed_data != data:
                await tx.execute(
                    "UPDATE event_inputs SET data_json = ? WHERE event_id = ? AND seq = ?",
                    (renamed_data, event_id, seq),
                )
    return Erasure(
        anonymous_id=anonymous,
        wallet=counts["wallets"] > 0,
        ledger_rows=counts["ledger"],
        hands=counts["hand_players"],
        settings=bool(settings),
    )


OPEN_EVENT = ("registering", "running")


async def _events_naming(
    tx: Tx, guild_id: int, user_id: int
) -> list[tuple[int, str, str, list[tuple[int, str]]]]:
    """The guild's events whose log or settings name the member: ``(id, status, settings,
    [(seq, input)])`` (the inputs that name them)."""
    needle = f"%{user_id}%"  # a snowflake's 17 to 20 digits: named, quoted or not
    rows = await tx.fetch(
        "SELECT event_id, status, settings_json FROM events WHERE guild_id = ? AND "
        "(settings_json LIKE ? OR event_id IN "
        "(SELECT event_id FROM event_inputs WHERE data_json LIKE ?))",
        (guild_id, needle, needle),
    )
    found = []
    for event_id, status, settings_json in rows:
        inputs = await tx.fetch(
            "SELECT seq, data_json FROM event_inputs WHERE event_id = ? AND data_json LIKE ?",
            (event_id, needle),
        )
        found.append((int(event_id), str(status), str(settings_json),
                      [(int(q), str(d)) for q, d in inputs]))  # fmt: skip
    return found


async def _count(tx: Tx, table: str, guild_id: int, user_id: int) -> int:
    row = await tx.fetchone(
        f"SELECT COUNT(*) FROM {table} WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    assert row is not None
    return int(row[0])
