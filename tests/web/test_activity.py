"""The Activity: two members at the table inside Discord (two pages framed by a stand-in
Discord client that speaks the Embedded App SDK's postMessage protocol) and one in the
channel play a whole hand through the real ``python -m bot``: by buttons in the pages and
slash commands in the channel, signed in through the stand-in's OAuth2 endpoints.

One bot process, one browser, one hand: every view the pages received is a state of the
engine's replay of the stored hand, reached in order; a page's network log holds its own
member's hole cards and no one else's before they are shown, and never the deck or its
salt. Bad input (a forged or expired session, another instance's session, a member not in
the instance, a move out of turn, an amount outside the legal set, a replayed move) is
refused to that member alone, in their language, and changes nothing; so is a sign-in by a
member who is not in the instance, or with a code used already or made up. The screenshots in
docs/ are taken here, at 390 × 844 and 1280 × 800.
"""

from __future__ import annotations

import asyncio
import json
import socket
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from bot.activity.sessions import Session, Sessions
from bot.store.records import HandRecord
from bot.store.store import Store
from engine import Hand
from tests.web.activity_client import client_url, discord_client
from tests.web.browser import Browser, Tab
from tests.wire.game import NAMES, Game, Turn
from tests.wire.members import Member
from tests.wire.payloads import Person
from tests.wire.process import APP_ID, GUILD_ID, BotProcess
from tests.wire.rest_oauth import CLIENT_SECRET, ActivityInstance
from tests.wire.standin import StandIn

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[2] / "docs"
FRAME = "document.querySelector('iframe').contentDocument"
INSTANCE = "i-1300000000000000001-gc-activity"
OTHER_INSTANCE = "i-1300000000000000002-gc-elsewhere"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _in_frame(tab: Tab, expression: str) -> Any:
    return await tab.js(f"(() => {{ const doc = {FRAME}; return {expression}; }})()")


async def _until(tab: Tab, expression: str, timeout: float = 20) -> Any:
    return await tab.until(
        f"(() => {{ const doc = {FRAME}; return doc && doc.body && ({expression}); }})()",
        timeout=timeout,
    )


async def _fetch(tab: Tab, path: str, body: dict[str, Any], session: str) -> tuple[int, str]:
    """A request from inside the page (through the URL-mapping proxy); status and text."""
    script = (
        f"document.querySelector('iframe').contentWindow.fetch({json.dumps(path)}, "
        "{method: 'POST', headers: {'Content-Type': 'application/json', Authorization: "
        f"'Bearer ' + {json.dumps(session)}}}, body: {json.dumps(json.dumps(body))}}})"
        ".then(async r => [r.status, (await r.json()).error || ''])"
    )
    status, text = await tab.js(script)
    return int(status), str(text)


def _views(tab: Tab) -> list[dict[str, Any]]:
    return [
        json.loads(e["params"]["data"])
        for e in tab.events
        if e["method"] == "Network.eventSourceMessageReceived"
    ]


def _raw(tab: Tab) -> list[str]:
    return [
        e["params"]["data"]
        for e in tab.events
        if e["method"] == "Network.eventSourceMessageReceived"
    ]


async def test_two_pages_and_the_channel_play_a_hand_and_bad_input_changes_nothing(
    tmp_path: Path, browser: Browser
) -> None:
    locales = ("en-US", "nb", "en-GB", "da")
    people = [
        Person(id=1_300_000_000_000_000_100 + k, name=NAMES[k], admin=k == 0, locale=locales[k])
        for k in range(4)
    ]
    alice, bob, carol, dave = people
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    standin.oauth.open_instance(
        ActivityInstance(INSTANCE, GUILD_ID, standin.channel_id, [alice.id, bob.id, dave.id])
    )
    standin.oauth.open_instance(
        ActivityInstance(OTHER_INSTANCE, GUILD_ID + 1, 1_300_000_000_000_000_999, [alice.id])
    )
    port = _free_port()
    env = {
        "HOLDEM_WEB": "1", "HOLDEM_WEB_PORT": str(port), "HOLDEM_WEB_DELAY": "0.3",
        "HOLDEM_WEB_PUBLIC": str(GUILD_ID), "HOLDEM_ACTIVITY": "1",
        "DISCORD_CLIENT_ID": str(APP_ID), "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
        "HOLDEM_DEAL_PAUSE": "60",
    }  # fmt: skip
    bot = BotProcess(standin=standin, db=tmp_path / "holdem.sqlite3", env=env)
    members = [Member(standin, p) for p in people]
    game = Game(standin=standin, bot=bot, members=members)
    try:
        await bot.start()
        async with (
            discord_client(standin, f"http://127.0.0.1:{port}/activity") as client,
            Tab(browser) as tab_a,
            Tab(browser) as tab_b,
            Tab(browser) as tab_d,
        ):
            tabs = {alice.id: tab_a, bob.id: tab_b}
            await tab_a.size(390, 844, mobile=True)
            await tab_b.size(1280, 800)
            for person, tab in ((alice, tab_a), (bob, tab_b), (dave, tab_d)):
                await tab.send("Network.enable")
                member = {"id": str(person.id), "username": person.name, "locale": person.locale}
                await tab.open(
                    client_url(client, member=member, instance=INSTANCE, guild=GUILD_ID,
                               channel=standin.channel_id, client_id=APP_ID)
                )  # fmt: skip
                await _until(tab, "doc.body.dataset.phase === 'lobby'")
            # the SDK's handshake and commands, as the stand-in client saw them
            handshake = await tab_a.js("window.handshakes[0]")
            assert handshake["client_id"] == str(APP_ID) and handshake["v"] == 1
            assert (await tab_a.js("window.commands"))[:2] == ["AUTHORIZE", "AUTHENTICATE"]
            assert await _in_frame(tab_b, "doc.documentElement.lang") == "nb"
            assert await _in_frame(tab_d, "doc.documentElement.lang") == "da"
            sessions = {alice.id: await _session(tab_a), bob.id: await _session(tab_b)}
            # sign-in refused: Carol is not in the instance; a used code; a made-up code
            code = standin.oauth.grant(carol.id)
            signin = {"code": code, "instance": INSTANCE}
            status, text = await _fetch(tab_a, "api/token", signin, "")
            assert status == 403 and "not in this Activity" in text, (status, text)
            assert (await _fetch(tab_a, "api/token", signin, ""))[0] == 401
            made_up = {"code": "made-up", "instance": INSTANCE}
            assert (await _fetch(tab_a, "api/token", made_up, ""))[0] == 401
            # the lobby: Alice opens the channel's table from the page; Carol, in the
            # channel, sits down by command at the table the page opened
            await _in_frame(tab_a, "doc.querySelector('[data-do=open]').click()")
            for tab in (tab_a, tab_b):
                await _until(tab, "doc.body.dataset.phase === 'table'")
            words = "doc.getElementById('seats').getAttribute('aria-label')"
            assert await _in_frame(tab_b, words) == "Spillere ved bordet"  # Bob's bokmål
            await members[2].slash("holdem join")
            # Alice turns the learning mode on in the channel: the page shows its figures
            chosen = await members[0].slash("holdem settings", coach="on")
            assert "Learning mode: on." in chosen.content, chosen.content
            await _until(tab_a, "doc.querySelectorAll('#seats li').length === 2")
            await _join_and_deal(tab_a, tab_b)
            hand = int(await _in_frame(tab_a, "doc.body.dataset.hand"))
            await _play(game, tabs, sessions, carol.id, hand)
            # the hand's end stays drawn until the next deal: the pot's winners marked, each
            # with the hand they tabled (a loser may muck), on a member's page and a watcher's
            tabled = (
                "doc.querySelectorAll('#seats li.winner').length >= 1 && [...doc"
                ".querySelectorAll('#seats li.winner .hole .cards')].every((c) => c.children"
                ".length === 2)"
            )
            await _until(tab_b, tabled)
            await _until(tab_d, tabled)
            # between hands: Bob sits out, then leaves, by the page's buttons
            await _until(tab_b, "!doc.querySelector('[data-do=sit_out]').hidden")
            await _in_frame(tab_b, "doc.querySelector('[data-do=sit_out]').click()")
            await _until(tab_b, "!doc.querySelector('[data-do=sit_in]').hidden")
            await _in_frame(tab_b, "doc.querySelector('[data-do=leave]').click()")
            await _until(tab_a, "doc.querySelectorAll('#seats li').length === 2")
            await _until(tab_b, "!doc.querySelector('[data-do=join]').hidden")
    finally:
        await bot.close()
        await standin.stop()
    async with await Store.open(str(tmp_path / "holdem.sqlite3")) as store:
        record = await store.load_hand(hand)
    assert record is not None and record.finished
    for seated, tab in ((alice.id, tab_a), (bob.id, tab_b)):
        _check(record, seated, _views(tab), _raw(tab))
    _check(record, None, _views(tab_d), _raw(tab_d))  # Dave watches, in Danish


async def _session(tab: Tab) -> str:
    """The page's session token, as its own requests carry it (from its event stream)."""
    urls = [
        e["params"]["request"]["url"]
        for e in tab.events
        if e["method"] == "Network.requestWillBeSent"
        and "api/events" in e["params"]["request"]["url"]
    ]
    assert urls, "the page opened no event stream"
    return str(parse_qs(urlsplit(urls[-1]).query)["session"][0])


async def _join_and_deal(tab_a: Tab, tab_b: Tab) -> None:
    await _in_frame(tab_b, "doc.querySelector('[data-do=join]').click()")
    await _until(tab_a, "doc.querySelectorAll('#seats li').length === 3")
    await _until(tab_a, "!doc.querySelector('[data-do=deal]').hidden")
    await _in_frame(tab_a, "doc.querySelector('[data-do=deal]').click()")
    await _until(tab_a, "doc.body.dataset.hand !== ''")


async def _bad_input(tabs: dict[int, Tab], sessions: dict[int, str], turn: int) -> None:
    """On ``turn``'s move (a member in a page): each refused privately (to the requester, in
    their language), the table unchanged."""
    watcher = next(iter(tabs.values()))
    serial = await _in_frame(watcher, "doc.body.dataset.serial")
    hand = int(await _in_frame(watcher, "doc.body.dataset.hand"))
    waiting = next(m for m in tabs if m != turn)
    past = Session(member=waiting, name="bob", guild=GUILD_ID, channel=0, instance=INSTANCE,
                   lang="nb", until=1.0)  # fmt: skip
    expired = Sessions(CLIENT_SECRET).issue(past)
    forged = Sessions("not-the-secret").issue(replace(past, until=9e9))
    tab_turn, on_turn, not_turn = tabs[turn], sessions[turn], sessions[waiting]
    tab_wait = tabs[waiting]
    move = {"do": "act", "kind": "call", "instance": INSTANCE}
    assert (await _fetch(tab_wait, "api/move", move, forged))[0] == 401
    # the learning figures: for a signed-in member on their own turn only
    ask = {"instance": INSTANCE}
    assert (await _fetch(tab_wait, "api/coach", ask, forged))[0] == 401
    assert (await _fetch(tab_wait, "api/coach", {"instance": OTHER_INSTANCE}, not_turn))[0] == 403
    figures = (
        "document.querySelector('iframe').contentWindow.fetch('api/coach', {method: 'POST', "
        f"headers: {{Authorization: 'Bearer {not_turn}'}}, body: '{json.dumps(ask)}'}})"
        ".then(r => r.json())"
    )
    assert await tab_wait.js(figures) == {"lines": []}
    assert (await _fetch(tab_wait, "api/move", move, expired))[0] == 401
    status, text = await _fetch(
        tab_wait, "api/move", {**move, "instance": OTHER_INSTANCE}, not_turn
    )
    assert status == 403 and text
    status, text = await _fetch(tab_wait, "api/move", move, not_turn)
    assert status == 409 and text, text
    too_much = {**move, "kind": "raise", "amount": 10**9, "hand": hand}
    status, text = await _fetch(tab_turn, "api/move", too_much, on_turn)
    assert status == 409 and text, text
    stale = {**move, "hand": hand, "seq": 999}
    status, text = await _fetch(tab_turn, "api/move", stale, on_turn)
    assert status == 409 and text, text
    # the same refusal through the page's own keypad: an amount past the slider's maximum
    await _in_frame(
        tab_turn,
        "(doc.getElementById('amount').value = 1000000000, "
        "doc.querySelector('[data-kind=raise]').click(), true)",
    )
    try:
        await _until(tab_turn, "!doc.getElementById('refusal').hidden")
    except TimeoutError:
        seen = await _in_frame(
            tab_turn,
            "[doc.getElementById('act').hidden, doc.getElementById('raise-row').hidden, "
            "doc.getElementById('amount').min, doc.getElementById('amount').max, "
            "doc.getElementById('act').dataset.decision, doc.body.dataset.serial]",
        )
        raise AssertionError(f"no refusal on the page: {seen}") from None
    assert await _in_frame(tabs[waiting], "doc.getElementById('refusal').hidden")
    await asyncio.sleep(0.5)
    assert await _in_frame(watcher, "doc.body.dataset.serial") == serial


async def _play(
    game: Game, tabs: dict[int, Tab], sessions: dict[int, str], carol: int, hand: int
) -> None:
    """Check or call to the end: the pages' members by their buttons, Carol by command in
    the channel, whose turn message must be hers when the page says it is; the bad input
    on the first turn of a member in a page, screenshots on Alice's first turn."""
    watcher = next(iter(tabs.values()))
    shot = tried = replayed = quiet = False
    last = (0, -1)
    while True:
        state = await _in_frame(
            watcher, "[doc.body.dataset.hand, doc.body.dataset.turn, doc.body.dataset.serial]"
        )
        if state[0] != str(hand):
            return
        turn, serial = int(state[1]), state[2]
        if turn == carol:
            # the channel's turn message follows the page's view: wait for hers
            def hers(after: tuple[int, int] = last) -> Turn | None:
                turn = game.turn()
                fresh = turn is not None and (turn.hand, turn.seq) > after
                return turn if fresh and turn is not None and turn.member == carol else None

            found = await game.standin.wait_for(hers, 15)
            assert found.hand == hand
            last = (found.hand, found.seq)
            await game.play(found, by_button=False)
        else:
            tab = tabs[turn]
            await _until(tab, "!doc.getElementById('act').hidden")
            if not shot and tab is watcher:
                await _own_cards_drawn(tab)
                await _learning_figures(game, tab, turn)
                await _screenshots(tabs)
                shot = True
            elif tab is not watcher and not quiet:
                await asyncio.sleep(0.3)  # the page asked; Bob never turned the mode on
                assert await _in_frame(tab, "doc.getElementById('coach').hidden")
                quiet = True
            if not tried:
                await _bad_input(tabs, sessions, turn)
                tried = True
            decision = await _in_frame(tab, "doc.getElementById('act').dataset.decision")
            kind = await _in_frame(
                tab,
                "(b => (b.hidden ? doc.querySelector('[data-kind=call]') : b))"
                "(doc.querySelector('[data-kind=check]')).dataset.kind",
            )
            await _in_frame(tab, f"doc.querySelector('[data-kind={kind}]').click()")
        try:
            await _until(watcher, f"doc.body.dataset.serial !== '{serial}'")
        except TimeoutError:
            refusals = [
                await _in_frame(t, "doc.getElementById('refusal').textContent")
                for t in tabs.values()
            ]
            raise AssertionError(
                f"no move after {turn}'s turn: refusals {refusals}, channel "
                f"{game.texts()[-4:]}\n{game.bot.report()}"
            ) from None
        if turn != carol and not replayed:  # the same request again: refused, nothing moves
            hand_id, seq = map(int, decision.split(":"))
            again = {"do": "act", "kind": kind, "hand": hand_id, "seq": seq, "instance": INSTANCE}
            now = await _in_frame(watcher, "doc.body.dataset.serial")
            status, text = await _fetch(tab, "api/move", again, sessions[turn])
            assert status == 409 and text, text
            await asyncio.sleep(0.3)
            assert await _in_frame(watcher, "doc.body.dataset.serial") == now
            replayed = True


async def _own_cards_drawn(tab: Tab) -> None:
    """Before the flop, the drawing shows the member's own hole cards on their own seat,
    drawn first (at the bottom), and no other seat's; its text is in their language."""
    drawn = await _in_frame(
        tab,
        "[...doc.querySelectorAll('#seats > li')].map(s => [s.classList.contains('me'), "
        "[...s.querySelectorAll('[data-card]')].map(c => c.dataset.card)])",
    )
    mine = _views(tab)[-1]["you"]["cards"]
    assert drawn[0] == [True, mine] and all(not cards for _, cards in drawn[1:]), drawn
    label = await _in_frame(tab, "doc.getElementById('seats').getAttribute('aria-label')")
    assert label == "Players at the table", label


_COACH = (
    "[doc.querySelector('#coach h2').textContent, "
    "...[...doc.querySelectorAll('#coach li')].map(l => l.textContent), "
    "doc.querySelector('#coach p').textContent]"
)


async def _learning_figures(game: Game, tab: Tab, member: int) -> None:
    """On the turn of ``member``, who turned the learning mode on, the page shows the
    figures their cards panel in the channel gives for the same decision, word for word."""
    await _until(tab, "!doc.getElementById('coach').hidden")
    shown = [line for line in await _in_frame(tab, _COACH) if line]
    assert shown[0] == "Learning mode" and len(shown) >= 3, shown
    assert any(line.startswith("Against ") for line in shown), shown  # her equity

    def theirs() -> Turn | None:
        turn = game.turn()
        return turn if turn is not None and turn.member == member else None

    turn = await game.standin.wait_for(theirs, 15)
    panel = (await game.member(member).click(turn.message, "My cards")).content
    for line in shown:
        assert line in panel, (line, panel)


_PLACES = """(() => {
  const box = (e) => e.getBoundingClientRect();
  const seats = [...doc.querySelectorAll('#seats > li')].map(box);
  const all = [...seats, ...[...doc.querySelectorAll('#seats .chips:not(.none)')].map(box)];
  const apart = seats.every((a, i) => seats.every((b, j) => i === j || a.right <= b.left
    || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top));
  return [doc.documentElement.clientWidth, Math.min(...all.map(r => r.left)),
          Math.max(...all.map(r => r.right)), apart];
})()"""


async def _screenshots(tabs: dict[int, Tab]) -> None:
    """Both pages (390 and 1280 pixels wide): every seat and bet on the screen, no seat over
    another; then the pictures for docs/."""
    phone, desktop = tabs.values()
    reduce = [{"name": "prefers-reduced-motion", "value": "reduce"}]
    for tab in (phone, desktop):  # a page not in front plays no animation: show the states
        await tab.send("Emulation.setEmulatedMedia", features=reduce)
        width, left, right, apart = await _in_frame(tab, _PLACES)
        assert left >= 0 and right <= width and apart, (width, left, right, apart)
    await asyncio.sleep(0.5)
    (DOCS / "activity-390x844.png").write_bytes(await phone.screenshot())
    (DOCS / "activity-1280x800.png").write_bytes(await desktop.screenshot())


def _check(
    record: HandRecord, member: int | None, views: list[dict[str, Any]], raw: list[str]
) -> None:
    """``member``'s page (``None``: a spectator's) saw only states of the replay, in order,
    their own hole cards alone, no card before it was shown, and never the deck or salt."""
    played = record.replay()
    deck = "".join(str(c) for c in played.deck)
    assert record.deck_salt is not None
    for message in raw:
        assert record.deck_salt.hex() not in message and deck not in message
    mine = [v for v in views if v["view"].get("hand") == record.hand_id]
    assert len(mine) >= 5, f"the page saw too few states: {len(mine)}"
    steps = [_replayed(record, k) for k in range(len(record.actions) + 1)]
    at = 0
    for view in mine:
        drawn = view["view"]
        found = next((k for k in range(at, len(steps)) if _same(drawn, steps[k], record)), None)
        assert found is not None, (drawn, at)
        at = found
        you = view["you"]
        if member is None:
            assert "cards" not in you and "legal" not in you
        else:
            assert you["cards"] == [str(c) for c in played.hole[record.players.index(member)]]
        for seat in drawn["seats"]:
            if seat.get("shown"):
                p = record.players.index(int(seat["member"]))
                assert steps[found].shown[p]


def _replayed(record: HandRecord, count: int) -> Hand:
    fields = {n: getattr(record, n) for n in HandRecord.__slots__}
    return HandRecord(**{**fields, "actions": record.actions[:count]}).replay()


def _same(drawn: dict[str, Any], hand: Hand, record: HandRecord) -> bool:
    if drawn["board"] != [str(c) for c in hand.board]:
        return False
    for seat in drawn["seats"]:
        p = record.players.index(int(seat["member"]))
        if seat["stack"] != hand.stacks[p] or seat["bet"] != hand.bets[p]:
            return False
    return bool(drawn["total"] == hand.pot_total)
