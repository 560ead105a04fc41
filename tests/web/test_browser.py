"""The pages in a real browser (headless Chromium, one for the session): the replayer shows the
engine's state at every step, the fair deck checks in the page and a tampered one fails, a
live view's own network traffic carries no card before it is shown, and the pages look as
their references at phone and desktop widths."""

from __future__ import annotations

import asyncio
import io
import json
import os
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from bot.store.records import HandRecord
from engine import Hand
from engine.events import PotAwarded
from tests.web.browser import Browser, Tab
from tests.web.conftest import TABLE, Site, start_site
from tests.web.hands import GUILD, MEMBERS, store_hand

REFERENCE = Path(__file__).parent / "reference"
DOCS = Path(__file__).resolve().parents[2] / "docs"
UPDATE = os.environ.get("HOLDEM_UPDATE_WEB_REFERENCES") == "1"

_SHOWN = """(() => {
  const cards = (sel) =>
    [...document.querySelectorAll(sel + ' [data-card]')].map(c => c.dataset.card);
  return {
    step: Number(document.body.dataset.step),
    board: cards('#board'), board2: cards('#board2'),
    twice: !document.getElementById('board2-row').hidden,
    pot: document.getElementById('pot').textContent,
    seats: [...document.querySelectorAll('#seats > li')].map(r => ({
      stack: r.querySelector('.stack').textContent, bet: r.querySelector('.bet').textContent,
      cards: [...r.querySelectorAll('[data-card]')].map(c => c.dataset.card),
      status: r.querySelector('.status').textContent})),
  };
})()"""


_MOTION = """[...document.querySelectorAll('#board [data-card]')]
  .map(c => [c.textContent, getComputedStyle(c).animationName])"""


def _engine_states(record: HandRecord) -> list[Hand]:
    """The engine's own hand after the deal and after each action (a copy each time)."""
    hands: list[Hand] = []
    for count in range(len(record.actions) + 1):
        hand = Hand(record.config, record.deck)
        hand.hold_run_out = record.run_count is not None
        for action in record.actions[:count]:
            hand.apply(action)
        hands.append(hand)
    if record.run_count and hands[-1].held:
        last = Hand(record.config, record.deck)
        last.hold_run_out = True
        for action in record.actions:
            last.apply(action)
        last.run_out(record.run_count)
        hands.append(last)
    return hands


def pot_text(hand: Hand) -> str:
    """The pot as the page should show it: while the hand plays, the total and, with more
    than one pot, the pots and the bets in front, which add up to it; once it is over, what
    the pots paid (the engine's awards, both halves of a pot run twice together)."""
    if hand.is_over:
        paid: dict[int, int] = {}
        for event in hand.events:
            if isinstance(event, PotAwarded):
                paid[event.pot] = paid.get(event.pot, 0) + event.amount
        parts, total, bets = [paid[k] for k in sorted(paid)], sum(paid.values()), 0
    else:
        parts, total, bets = [p.amount for p in hand.pots()], hand.pot_total, sum(hand.bets)
        assert sum(parts) + bets == total or len(parts) < 2
    if len(parts) < 2:
        return f"{total:,}"
    shown = [f"{part:,}" for part in parts] + ([f"{bets:,} in bets"] if bets else [])
    return f"{total:,} ({' + '.join(shown)})"


def _expected(hand: Hand, shown: set[int]) -> dict[str, Any]:
    over = hand.is_over
    return {
        "board": [str(c) for c in hand.board],
        "board2": [str(c) for c in hand.second_board],
        "pot": pot_text(hand),
        "stacks": [f"{s:,}" for s in hand.stacks],
        "bets": ["–" if over or not b else f"{b:,}" for b in hand.bets],
        "cards": [
            [str(c) for c in hand.hole[p]] if p in shown else [] for p in range(len(hand.stacks))
        ],
    }


async def _walk(tab: Tab, site: Site, hand_id: int) -> None:
    """Step through the replay by keyboard, comparing every step with the engine."""
    record = await site.store.load_hand(hand_id)
    await tab.open(site.url(f"hand/{hand_id}"))
    shown: set[int] = set()
    for index, hand in enumerate(_engine_states(record)):
        if index:
            await tab.key("ArrowRight", "ArrowRight", 39)
        page = await tab.js(_SHOWN)
        assert page["step"] == index
        for event in hand.events:
            if type(event).__name__ == "CardsShown":
                shown.add(event.player)  # type: ignore[attr-defined]
        want = _expected(hand, shown)
        got = {
            "board": page["board"], "board2": page["board2"], "pot": page["pot"],
            "stacks": [s["stack"] for s in page["seats"]],
            "bets": [s["bet"] for s in page["seats"]],
            "cards": [s["cards"] for s in page["seats"]],
        }  # fmt: skip
        if not hand.second_board:
            got["board2"] = []
        assert got == want, f"hand {hand_id}, step {index}"
    # the keys to the ends and to a street, and the street buttons, land where they say
    await tab.key("Home", "Home", 36)
    assert await tab.js("document.body.dataset.step") == "0"
    await tab.key("End", "End", 35)
    assert int(await tab.js("document.body.dataset.step")) == len(_engine_states(record)) - 1


async def test_the_replayer_shows_the_engines_state_at_every_step(
    site: Site, browser: Browser
) -> None:
    async with Tab(browser) as tab:
        await _walk(tab, site, site.hand)
        await _walk(tab, site, site.twice)  # run twice: both boards at the end
        assert await tab.js("document.getElementById('board2-row').hidden") is False
        await tab.key("2", "Digit2", 50)  # 2: the flop of hand 1
        await tab.open(site.url(f"hand/{site.hand}"))
        await tab.key("2", "Digit2", 50)
        assert await tab.js("document.getElementById('where').textContent.startsWith('Flop')")
        assert await tab.js("document.querySelectorAll('#board [data-card]').length") == 3
        # the flop arrives moving, each card's face there from the first frame; with reduced
        # motion it is simply there
        dealt = await tab.js(_MOTION)
        assert [d[1] for d in dealt] == ["holdem-deal"] * 3 and all(d[0] for d in dealt), dealt
        reduce = [{"name": "prefers-reduced-motion", "value": "reduce"}]
        await tab.send("Emulation.setEmulatedMedia", features=reduce)
        await tab.key("Home", "Home", 36)
        await tab.key("2", "Digit2", 50)
        assert [d[1] for d in await tab.js(_MOTION)] == ["none"] * 3


async def test_the_space_bar_plays_the_replay_but_opens_the_odds_when_they_have_focus(
    site: Site, browser: Browser
) -> None:
    """The space bar starts the replay from anywhere on the page, but on a focused control it
    does what that control does: it opens the folded all-in odds."""
    playing = "document.getElementById('play').getAttribute('aria-pressed')"
    async with Tab(browser) as tab:
        await tab.open(site.url(f"hand/{site.twice}"))
        await tab.js("document.querySelector('summary').focus()")
        await tab.key(" ", "Space", 32, text=" ")
        assert await tab.js("document.querySelector('details').open") is True
        assert await tab.js(playing) != "true"
        await tab.js("document.activeElement.blur()")
        await tab.key(" ", "Space", 32, text=" ")
        assert await tab.js(playing) == "true"


async def test_the_fair_deck_checks_in_the_page_and_a_tampered_one_fails(
    site: Site, browser: Browser
) -> None:
    verdict = "document.getElementById('fair-result').dataset.verdict"
    async with Tab(browser) as tab:
        await tab.open(site.url(f"hand/{site.hand}"))
        await tab.js("document.getElementById('fair-check').click()")
        assert await tab.until(verdict) == "ok"
        # two cards swapped: the same 52 cards, another order
        await tab.js(
            "(() => { const d = document.getElementById('fair-deck');"
            " d.value = d.value.slice(2, 4) + d.value.slice(0, 2) + d.value.slice(4); })()"
        )
        await tab.js("document.getElementById('fair-result').removeAttribute('data-verdict')")
        await tab.js("document.getElementById('fair-check').click()")
        assert await tab.until(verdict) == "bad"
        # the deck as it was, a salt changed by one digit: fails too
        await tab.open(site.url(f"hand/{site.hand}"))
        await tab.js(
            "(() => { const s = document.getElementById('fair-salt');"
            " s.value = s.value.slice(0, -1) + (s.value.endsWith('0') ? '1' : '0'); })()"
        )
        await tab.js("document.getElementById('fair-check').click()")
        assert await tab.until(verdict) == "bad"


async def test_a_live_view_carries_no_card_before_it_is_shown(
    tmp_path: Path, browser: Browser
) -> None:
    """A hand is played into the store, action by action, while the page watches; everything
    the page received (the page, its script, every server-sent event) is read from the
    browser's own network log and checked against the hand at that point."""
    site, runner = await start_site(tmp_path, delay=0.2)
    try:
        async with Tab(browser) as tab:
            await tab.send("Network.enable")
            await tab.open(site.url("table/5"))
            await tab.until("document.body.dataset.hand")
            hand_id, _ = await store_hand(site.store, TABLE, 3, pause=0.15)
            await tab.until(
                f"document.body.dataset.hand === '{hand_id}'"
                " && !document.getElementById('live-replay').hidden",
                timeout=20,
            )
            drawn = await tab.js(
                "[...document.querySelectorAll('#seats > li')].map(s => [s.querySelector("
                "'.stack').textContent, [...s.querySelectorAll('[data-card]')].length])"
            )
            received = [
                e["params"]["data"]
                for e in tab.events
                if e["method"] == "Network.eventSourceMessageReceived"
            ]
            bodies = [
                (await tab.send("Network.getResponseBody", requestId=e["params"]["requestId"]))[
                    "body"
                ]
                for e in tab.events
                if e["method"] == "Network.loadingFinished"
                and e["params"]["requestId"] in _non_stream(tab.events)
            ]
        record = await site.store.load_hand(hand_id)
    finally:
        await runner.cleanup()
        await site.store.close()
    assert record.deck_salt is not None
    salt = record.deck_salt.hex()
    deck = "".join(str(c) for c in record.replay().deck)
    views = [json.loads(m) for m in received]
    during = [v for v in views if v["hand"] == hand_id and not v["finished"]]
    assert len(during) >= 3, "the page saw too few states of the hand in play"
    for text in [*bodies, *received]:
        assert salt not in text and deck not in text
    for view in (v for v in views if v["hand"] == hand_id):
        played = HandRecord(
            **{**{n: getattr(record, n) for n in HandRecord.__slots__},
               "actions": record.actions[: view["actions"]]}
        ).replay()  # fmt: skip
        message = json.dumps(view)
        for p in range(played.player_count):
            for card in played.hole[p]:
                if not played.shown[p]:
                    assert f'"code": "{card}"' not in message, (view["actions"], p, card)
    final = record.replay()
    assert any(not final.shown[p] for p in range(final.player_count))  # cards stayed hidden
    # the live page draws the same table as the replayer: the hand's end, as shown
    assert drawn == [
        [f"{final.stacks[p]:,}", 2 if final.shown[p] else 0] for p in range(final.player_count)
    ], drawn


def _non_stream(events: list[dict[str, Any]]) -> set[str]:
    """The requests whose answers were whole bodies (not the event stream)."""
    return {
        e["params"]["requestId"]
        for e in events
        if e["method"] == "Network.responseReceived"
        and "event-stream" not in e["params"]["response"]["mimeType"]
    }


async def _shot(
    tab: Tab, name: str, width: int, height: int, *, mobile: bool, docs: str = ""
) -> None:
    """The page against its reference; ``docs``: its first screen kept in docs/ too."""
    await tab.size(width, height, mobile=mobile)
    await asyncio.sleep(0.1)
    picture = Image.open(io.BytesIO(await tab.screenshot())).convert("RGB")
    if docs:
        picture.crop((0, 0, width, height)).save(DOCS / docs, optimize=True)
    reference = REFERENCE / f"{name}.png"
    if UPDATE:
        REFERENCE.mkdir(exist_ok=True)
        picture.save(reference, optimize=True)
    expected = Image.open(reference).convert("RGB")
    assert picture.size == expected.size, (name, picture.size, expected.size)
    diff = ImageChops.difference(picture, expected)
    changed = sum(diff.convert("L").histogram()[49:])
    assert changed <= 0.002 * picture.size[0] * picture.size[1], (name, changed)


async def test_the_pages_look_as_their_references_on_a_phone_and_a_desktop(
    site: Site, browser: Browser
) -> None:
    async with Tab(browser) as tab:
        # still pictures: no card or seat caught half way through its movement
        reduce = [{"name": "prefers-reduced-motion", "value": "reduce"}]
        await tab.send("Emulation.setEmulatedMedia", features=reduce)
        await tab.open(site.url(f"hand/{site.twice}"))
        await tab.key("End", "End", 35)
        await _shot(tab, "replay-phone", 390, 844, mobile=True)
        await _shot(tab, "replay-desktop", 1280, 800, mobile=False, docs="replay-1280x800.png")
        await tab.open(site.url("leaderboard"))
        await _shot(tab, "leaderboard-phone", 390, 844, mobile=True)
    assert GUILD


_CONTRAST = """(() => {
  const lum = (rgb) => {
    const [r, g, b] = rgb.map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const parse = (c) => c.match(/[\\d.]+/g).map(Number);
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = parse(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const low = [];
  let checked = 0;
  for (const el of document.querySelectorAll('body *')) {
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const style = getComputedStyle(el);
    const hidden = style.display === 'none' || style.visibility === 'hidden';
    if (!text || hidden || !el.getClientRects().length) continue;
    const fg = lum(parse(style.color).slice(0, 3)), bg = lum(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    checked += 1;
    if (ratio < (large ? 3 : 4.5)) low.push([el.tagName, el.textContent.slice(0, 30), ratio]);
  }
  return {checked, low};
})()"""


async def test_every_text_passes_wcag_aa_contrast_and_every_control_has_a_name(
    site: Site, browser: Browser
) -> None:
    async with Tab(browser) as tab:
        member = f"member/{MEMBERS[1]}"
        for path in (f"hand/{site.twice}", "leaderboard", "", "table/5", member, "hand/99"):
            await tab.open(site.url(path))
            await tab.key("End", "End", 35)
            found = await tab.js(_CONTRAST)
            assert found["checked"] >= 2 and found["low"] == [], (path, found["low"])
            unnamed = await tab.js(
                "[...document.querySelectorAll('button, a, input, textarea')]"
                ".filter(e => !(e.textContent.trim() || e.labels?.length"
                " || e.getAttribute('aria-label'))).length"
            )
            assert unnamed == 0, path
            assert await tab.js("document.documentElement.lang") == "en"
            assert await tab.js("document.querySelectorAll('h1').length") == 1
