"""The relay's edges on a real PostgreSQL, without processes (the wire test plays the whole
story with them, tests/web/test_activity_relay.py): requests left in doubt by a dead
applier are made once or told so, a request sent again gets its first answer, a relayed
refusal reads as the driver's own, and a request nobody claims is answered 'not made'."""

from __future__ import annotations

from bot.activity.moves import Move, make
from bot.activity.relay import Relay
from bot.i18n import t
from bot.present.refusals import error_text
from bot.store import requests
from bot.store.store import Store
from bot.tables.service import table_id_for
from engine import HouseRules
from tests.bot.conftest import Clock, leased_process

GUILD, CHANNEL, OTHER = 4 << 22, 10, 11
A, B = 101, 102
TABLE = table_id_for(GUILD, CHANNEL)


def _move(
    member: int, do: str = "act", *, kind: str | None = None, hand: int | None = None,
    seq: int | None = None,
) -> Move:  # fmt: skip
    return Move(do=do, guild=GUILD, channel=CHANNEL, member=member, name=f"m{member}",
                lang="nb", kind=kind, hand=hand, seq=seq)  # fmt: skip


async def _in_doubt(store: Store, move: Move, key: str, clock: Clock) -> None:
    """A request a dead process claimed and never answered."""
    clock.now += 1
    await requests.send(
        store, request_id=f"{move.member}:{key}", table_id=TABLE, member=move.member,
        move={**move.as_dict(), **move.who()}, now=clock.now,
    )  # fmt: skip
    await store._execute(
        "UPDATE table_requests SET state = 'applying', applier = 'dead' WHERE request_id = ?",
        (f"{move.member}:{key}",),
    )


async def test_in_doubt_a_move_is_made_once_and_a_replay_gets_the_first_answer(
    pg_database: str,
) -> None:
    clock = Clock()
    keeper = await leased_process(pg_database, clock, "dealer")
    store, service = keeper.store, keeper.service
    relay = Relay(store, service, owner="dealer", wait=10.0, clock=clock, poll=0.05)
    try:
        await service.seats.open_table(GUILD, CHANNEL, A, HouseRules(turn_seconds=30), 100)
        await service.seats.join(GUILD, CHANNEL, B, 100)
        await service.hands.deal(GUILD, CHANNEL)
        live = service.tables.live(TABLE)
        hand = live.hand_id
        assert hand is not None and live.table.hand is not None
        first = live.players[live.table.hand.to_act or 0]
        second = B if first == A else A
        # the dead applier made the first move before it died; not the second; a seat move
        # in doubt cannot be told apart
        made = _move(first, kind="call", hand=hand, seq=0)
        await make(service, store, made)
        await _in_doubt(store, made, "made", clock)
        unmade = _move(second, kind="check", hand=hand, seq=1)
        await _in_doubt(store, unmade, "unmade", clock)
        seat = _move(first, do="sit_out")
        await _in_doubt(store, seat, "seat", clock)
        await relay.start()
        assert await relay.send(made, "made") == (200, {"ok": True})
        assert await relay.send(unmade, "unmade") == (200, {"ok": True})
        doubt = (409, {"error": t("nb", "activity.relay_in_doubt")})
        assert await relay.send(seat, "seat") == doubt
        record = await store.load_hand(hand)
        assert len(record.actions) == 2  # each made once
        # a request sent twice: made once, answered twice alike
        to_act = live.players[live.table.hand.to_act or 0]
        flop = _move(to_act, kind="check", hand=hand, seq=2)
        assert await relay.send(flop, "flop") == (200, {"ok": True})
        assert await relay.send(flop, "flop") == (200, {"ok": True})
        assert len((await store.load_hand(hand)).actions) == 3
        # a relayed refusal is the driver's own, in the member's language
        again = _move(to_act, kind="check")
        status, body = await relay.send(again, "again")
        try:
            await make(service, store, again)
        except Exception as error:
            assert (status, body) == (409, {"error": error_text("nb", error)})
        else:
            raise AssertionError("a move out of turn was made")
        assert len((await store.load_hand(hand)).actions) == 3
        answered = await store._read("SELECT state FROM table_requests")
        assert {row[0] for row in answered} == {"answered"}
    finally:
        await relay.stop()
        await store.close()


async def test_a_request_nobody_claims_is_answered_not_made(pg_database: str) -> None:
    clock = Clock()
    ghost = await leased_process(pg_database, clock, "ghost")  # drives the table, relays nothing
    mine = await leased_process(pg_database, clock, "mine")
    relay = Relay(mine.store, mine.service, owner="mine", wait=0.3, clock=clock, poll=0.05)
    try:
        await ghost.service.seats.open_table(GUILD, OTHER, A, HouseRules(), 100)
        await relay.start()
        other = table_id_for(GUILD, OTHER)
        assert await relay.elsewhere(other) and not await relay.elsewhere(TABLE)
        before = await mine.store.load_table(other)
        move = Move(do="sit_out", guild=GUILD, channel=OTHER, member=A, name="a", lang="da")
        gone = (409, {"error": t("da", "activity.relay_gone")})
        assert await relay.send(move, "k") == gone
        assert await relay.send(move, "k") == gone  # answered: the same answer again
        assert await mine.store.load_table(other) == before  # nothing was made
    finally:
        await relay.stop()
        await ghost.store.close()
        await mine.store.close()
