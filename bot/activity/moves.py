"""A move of the Activity's page as a value, and the table service's call that makes it.

The page's body becomes a :class:`Move` (checked here: :func:`parse` raises ``ValueError``
for one that names no move or carries a malformed number) together with what the session
says about the member; :func:`make` is the one place a move reaches the table service (the
same calls the channel's commands make, under the table's lock, committed before they
return). A move is plain data, so a process that does not drive the table can write it down
for the one that does (:mod:`bot.activity.relay`), which makes it by the same :func:`make`.

>>> move = parse({"do": "act", "kind": "raise", "amount": 60, "hand": 7, "seq": 3},
...              guild=1, channel=2, member=3, name="Ann", lang="nb")
>>> move.kind, move.amount, parse(move.as_dict(), **move.who()) == move
('raise', 60, True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bot.guilds.house import guild_rules
from bot.i18n import Lang, resolve_locale
from bot.store.store import Store
from bot.tables.outcomes import Outcome
from bot.tables.service import TableService, table_id_for
from engine import ActionKind

__all__ = ["MOVES", "Move", "make", "parse"]

MOVES = frozenset({"open", "act", "join", "leave", "sit_out", "sit_in", "deal", "run_twice"})


@dataclass(frozen=True, kw_only=True, slots=True)
class Move:
    """What the member asked (``do``: one of :data:`MOVES`), where and in which language."""

    do: str
    guild: int
    channel: int
    member: int
    name: str
    lang: Lang
    kind: str | None = None
    amount: int | None = None
    hand: int | None = None
    seq: int | None = None

    @property
    def table_id(self) -> str:
        return table_id_for(self.guild, self.channel)

    def as_dict(self) -> dict[str, Any]:
        """The page's words for the move (what :func:`parse` reads back)."""
        return {k: v for k, v in asdict(self).items() if k in _BODY and v is not None}

    def who(self) -> dict[str, Any]:
        """The session's part: :func:`parse`'s keywords."""
        return {k: getattr(self, k) for k in ("guild", "channel", "member", "name", "lang")}


_BODY = ("do", "kind", "amount", "hand", "seq")


def _number(value: Any) -> int | None:
    if value is not None and (type(value) is not int or value < 0):
        raise ValueError(value)
    return value


def parse(
    body: dict[str, Any], *, guild: int, channel: int, member: int, name: str, lang: str
) -> Move:
    """The move ``body`` names, made by the session's member (``ValueError`` for none)."""
    do = body.get("do")
    if do not in MOVES:
        raise ValueError(do)
    kind = None
    if do == "act":
        kind = ActionKind(body.get("kind")).value
    hand = _number(body.get("hand"))
    if do == "run_twice" and hand is None:
        raise ValueError(hand)
    return Move(
        do=str(do), guild=guild, channel=channel, member=member, name=name,
        lang=resolve_locale(lang), kind=kind, amount=_number(body.get("amount")), hand=hand,
        seq=_number(body.get("seq")),
    )  # fmt: skip


async def make(service: TableService, store: Store, move: Move) -> Outcome:
    """Make ``move`` through the table service (raises its refusal)."""
    guild, channel, member = move.guild, move.channel, move.member
    seats, hands = service.seats, service.hands
    if move.do == "open":  # the lobby: a table by the server's house rules, as /holdem start
        house = guild_rules(await store.get_guild_rules(guild))
        return await seats.open_table(
            guild, channel, member, house.rules, None, preset=house.preset, name=move.name
        )
    if move.do == "act":
        assert move.kind is not None
        return await hands.act(
            guild, channel, member, ActionKind(move.kind), move.amount, hand_id=move.hand,
            seq=move.seq,
        )  # fmt: skip
    if move.do == "join":
        return await seats.join(guild, channel, member, None, name=move.name)
    if move.do == "run_twice":
        assert move.hand is not None
        return await hands.agree_run_twice(guild, channel, member, hand_id=move.hand)
    if move.do == "deal":
        return await hands.deal(guild, channel, actor=member)
    if move.do == "leave":
        return await seats.leave(guild, channel, member)
    if move.do == "sit_out":
        return await seats.sit_out(guild, channel, member)
    return await seats.sit_in(guild, channel, member)
