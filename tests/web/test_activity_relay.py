"""The Activity with two bot processes on one PostgreSQL: the page is served by the process
that does not deal its table, and the dealer is killed mid-hand.

Three real ``python -m bot`` processes behind a sharded stand-in Discord (the guild on the
dealer's shard): the dealer, the process serving the page (the other shard: it never holds
the table), and the dealer's successor, started after the SIGKILL. Alice plays in a page in
real headless Chromium (the stand-in Discord client framing the page served by the second
process); Bob plays by slash commands in the channel, which reach the dealer. Every move of
Alice's is relayed to the table's lease holder (:mod:`bot.activity.relay`) and her page is
drawn from the store (:mod:`bot.activity.remote`).

One story: Alice joins and plays from the page; a relayed move out of turn or with an amount
outside the legal set is refused with the very text the dealer's own Activity gives, and
changes nothing; a request sent twice with the same id is answered twice and made once; the
dealer is killed on Alice's turn and her click waits for the lease to move, then lands on the
successor; the hand completes. Then the store: every action once, in order; every request
answered; the lease moved once; the audit clean and the chips conserved; and the page saw
every state of the hand, its own hole cards only, never the deck or its salt.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.store import leases
from bot.store.store import Store
from bot.tables.leases import shard_of
from tests.postgres import new_database
from tests.web.activity_client import client_url, discord_client
from tests.web.browser import Browser, Tab
from tests.web.test_activity import (
    INSTANCE,
    _check,
    _free_port,
    _in_frame,
    _raw,
    _replayed,
    _same,
    _session,
    _until,
    _views,
)
from tests.wire.game import NAMES, Turn
from tests.wire.members import Member
from tests.wire.payloads import Person
from tests.wire.process import APP_ID, GUILD_ID, BotProcess
from tests.wire.rest_oauth import CLIENT_SECRET, ActivityInstance
from tests.wire.shards import ShardedStandIn, Tables
from tests.wire.test_wire_lease import books, logged

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals"),
    pytest.mark.slow,
]

SHARD = shard_of(GUILD_ID, 2)
LEASE_SECONDS = 8
"""Short, so the takeover comes soon; a relayed move waits two of them (bot.activity.setup)."""


async def _post(port: int, session: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The page's HTTP API on the process at ``port``, as the page calls it."""
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"http://127.0.0.1:{port}/activity/api/move",
            json={**body, "instance": INSTANCE},
            headers={"Authorization": f"Bearer {session}"},
        ) as response,
    ):
        return response.status, await response.json()


async def test_a_page_on_the_other_process_plays_on_through_a_kill_of_the_dealer(
    tmp_path: Path, browser: Browser
) -> None:
    url = await new_database()
    alice, bob = people = [
        Person(id=1_200_000_000_000_000_100 + k, name=NAMES[k], locale=("nb", "en-US")[k])
        for k in range(2)
    ]
    standin = ShardedStandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    standin.oauth.open_instance(
        ActivityInstance(INSTANCE, GUILD_ID, standin.channel_id, [alice.id])
    )
    ports = {"dealer": _free_port(), "pages": _free_port(), "successor": _free_port()}

    def process(name: str, shard: int) -> BotProcess:
        (tmp_path / name).mkdir()
        env = {
            "HOLDEM_DATABASE_URL": url, "SHARD_COUNT": "2", "SHARD_IDS": str(shard),
            "HOLDEM_LEASE_SECONDS": str(LEASE_SECONDS), "HOLDEM_WEB": "1",
            "HOLDEM_WEB_PORT": str(ports[name]), "HOLDEM_WEB_DELAY": "0.3",
            "HOLDEM_WEB_PUBLIC": str(GUILD_ID), "HOLDEM_ACTIVITY": "1",
            "DISCORD_CLIENT_ID": str(APP_ID), "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
            "HOLDEM_DEAL_PAUSE": "60",
        }  # fmt: skip
        return BotProcess(standin=standin, db=tmp_path / name / "holdem.sqlite3", env=env)

    dealer, pages, successor = process("dealer", SHARD), process("pages", 1 - SHARD), None
    members = [Member(standin, p) for p in people]
    table = Tables(standin, standin.channel_id, members)
    moves = 0
    try:
        await dealer.start()
        await pages.start(settle=False)  # it gets no interaction: the guild is not on its shard
        assert not (await members[1].slash("holdem start")).ephemeral
        async with (
            discord_client(standin, f"http://127.0.0.1:{ports['pages']}/activity") as client,
            Tab(browser) as tab,
        ):
            await tab.send("Network.enable")
            member = {"id": str(alice.id), "username": alice.name, "locale": alice.locale}
            await tab.open(
                client_url(client, member=member, instance=INSTANCE, guild=GUILD_ID,
                           channel=standin.channel_id, client_id=APP_ID)
            )  # fmt: skip
            # the table another process deals, drawn from the store; Alice joins from here
            await _until(tab, "doc.body.dataset.phase === 'table'")
            await _until(tab, "!doc.querySelector('[data-do=join]').hidden")
            await _in_frame(tab, "doc.querySelector('[data-do=join]').click()")
            await _until(tab, "doc.querySelectorAll('#seats li').length === 2")
            assert not (await members[1].slash("holdem deal")).ephemeral
            await _until(tab, "doc.body.dataset.hand !== ''")
            hand = int(await _in_frame(tab, "doc.body.dataset.hand"))
            session = await _session(tab)
            last: tuple[int, int] = (0, -1)
            checked = replayed = False
            while True:
                shown = await _in_frame(
                    tab, "[doc.body.dataset.hand, doc.body.dataset.turn, doc.body.dataset.serial]"
                )
                if shown[0] != str(hand):
                    break
                turn, serial = int(shown[1]), shown[2]
                if turn == bob.id:
                    if not checked:
                        await _refused_alike(ports, session, {"do": "act", "kind": "call"})
                        await _unchanged(tab, serial)
                        checked = True

                    def his(after: tuple[int, int] = last) -> Turn | None:
                        found = table.turn()
                        fresh = found is not None and (found.hand, found.seq) > after
                        return (
                            found
                            if fresh and found is not None and found.member == bob.id
                            else None
                        )

                    found = await standin.wait_for(his, 20)
                    last = (found.hand, found.seq)
                    command = "check" if found.label("Check") else "call"
                    answer = await members[1].slash(command)
                    assert "resuming" not in answer.content, answer.content
                else:
                    await _until(tab, "!doc.getElementById('act').hidden")
                    decision = await _in_frame(tab, "doc.getElementById('act').dataset.decision")
                    at_hand, seq = map(int, decision.split(":"))
                    kind = await _in_frame(
                        tab,
                        "(b => (b.hidden ? doc.querySelector('[data-kind=call]') : b))"
                        "(doc.querySelector('[data-kind=check]')).dataset.kind",
                    )
                    move = {"do": "act", "kind": kind, "hand": at_hand, "seq": seq}
                    if not replayed:
                        too_much = {**move, "kind": "raise", "amount": 10**9}
                        await _refused_alike(ports, session, too_much)
                        await _unchanged(tab, serial)
                        # sent twice with one request id: answered twice, made once
                        for _ in range(2):
                            status, body = await _post(
                                ports["pages"], session, {**move, "request": "once-1"}
                            )
                            assert (status, body) == (200, {"ok": True}), body
                        replayed = True
                    elif successor is None:
                        # the dealer dies on Alice's turn; her click waits for the lease
                        await dealer.kill()
                        await _in_frame(tab, f"doc.querySelector('[data-kind={kind}]').click()")
                        successor = process("successor", SHARD)
                        await successor.start()
                        await logged(successor, "lease won", timeout=2 * LEASE_SECONDS)
                        await logged(successor, "relayed move answered", timeout=LEASE_SECONDS)
                    else:
                        await _in_frame(tab, f"doc.querySelector('[data-kind={kind}]').click()")
                moves += 1
                try:
                    await _until(tab, f"doc.body.dataset.serial !== '{serial}'", 4 * LEASE_SECONDS)
                except TimeoutError:
                    refusal = await _in_frame(tab, "doc.getElementById('refusal').textContent")
                    report = (successor or dealer).report()
                    raise AssertionError(f"stuck after {turn}: {refusal}\n{report}") from None
            assert await _in_frame(tab, "doc.getElementById('refusal').hidden")
        assert successor is not None
        for bot in (pages, successor):
            assert await bot.stop() == 0, bot.report()
    finally:
        for bot in (dealer, pages, successor):
            if bot is not None:
                await bot.close()
        await standin.stop()

    store = await Store.open(url)
    try:
        record = await store.load_hand(hand)
        assert record.finished and len(record.actions) == moves, (len(record.actions), moves)
        seqs = await store._read(
            "SELECT seq FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand,)
        )
        assert [int(r[0]) for r in seqs] == list(range(moves))
        states = await store._read("SELECT state, answer_json FROM table_requests")
        assert states and all(state == "answered" for state, _ in states), states
        (lease,) = await leases.leases(store)
        assert lease.epoch == 2  # taken over once, by the successor
    finally:
        await store.close()
    created, wallets, stacks = await books(url, people)
    assert created > 0 and wallets + stacks == created
    views, raw = _views(tab), _raw(tab)
    _check(record, alice.id, views, raw)
    steps = [_replayed(record, k) for k in range(len(record.actions))]
    drawn = [v["view"] for v in views if v["view"].get("hand") == hand]
    for k, step in enumerate(steps):  # every state of the hand, up to its last move
        assert any(_same(view, step, record) for view in drawn), f"the page missed step {k}"


async def _refused_alike(ports: dict[str, int], session: str, move: dict[str, Any]) -> None:
    """The move, relayed by the page's process and made by the dealer's own Activity: the
    same refusal (status and text, in the member's language) both ways."""
    relayed = await _post(ports["pages"], session, move)
    direct = await _post(ports["dealer"], session, move)
    assert relayed[0] == 409 and relayed[1].get("error"), relayed
    assert relayed == direct, (relayed, direct)


async def _unchanged(tab: Tab, serial: str) -> None:
    """Nothing moved at the table: the page still shows the state it had."""
    await asyncio.sleep(0.5)
    assert await _in_frame(tab, "doc.body.dataset.serial") == serial
