"""What a reader met on the pages, each seen in headless Chromium where it showed: the
leaderboard's chips, the replayer's pot and winners, the live page's delay and commitment,
the member's chart and their older hands."""

from __future__ import annotations

from pathlib import Path

from aiohttp import ClientSession

from bot.guilds.wallets import Reason
from bot.stats.counters import hand_facts
from engine import Action, Hand, HandConfig, HouseRules, Table, replay
from engine.actions import ActionKind, Street
from engine.codec import table_to_dict
from engine.events import PotAwarded
from engine.fair import commit
from tests.web.browser import Browser, Tab
from tests.web.conftest import TABLE, Site, start_site
from tests.web.hands import GUILD, MEMBERS, NAMES, deal, store_hand
from tests.web.test_browser import pot_text

_ROWS = """[...document.querySelectorAll('main tbody tr')].map(r => ({
  name: r.querySelector('th').textContent, chips: r.querySelectorAll('td')[1].textContent}))"""


async def test_the_leaderboard_counts_a_seated_members_stack_and_says_so(
    site: Site, browser: Browser
) -> None:
    """Cæcilie bought in with her whole wallet and sits with 5,000: she leads the chips with
    5,000 and a wallet of 0. Chips at a practice table are no one's and count for nobody."""
    names = {str(m): n for m, n in NAMES.items()}
    table = Table(HouseRules())
    table.sit(str(MEMBERS[2]), stack=5000)
    table.sit(str(MEMBERS[0]), stack=40)
    await site.store.move(GUILD, MEMBERS[2], -1000, Reason.BUY_IN, now=1.0e9)
    await site.store.save_table(TABLE, guild_id=GUILD, channel_id=5, state=table_to_dict(table),
                                now=1.0e9, settings={"names": names})  # fmt: skip
    practice = Table(HouseRules())
    practice.sit(str(MEMBERS[3]), stack=9000)
    await site.store.save_table(f"{GUILD}:9", guild_id=GUILD, channel_id=9,
                                state=table_to_dict(practice), now=1.0e9,
                                settings={"names": names, "practice": True})  # fmt: skip
    async with Tab(browser) as tab:
        await tab.open(site.url("leaderboard"))
        rows = await tab.js(_ROWS)
        assert rows[0] == {"name": "Cæcilie", "chips": "5,000"}, rows
        assert rows[1] == {"name": "Ada", "chips": "1,040"}, rows
        assert {"name": "#0004", "chips": "1,000"} in rows, rows
        note = await tab.js("document.getElementById('chips-note').textContent")
        assert "wallet" in note and "open tables" in note
        described = "document.querySelector('[aria-describedby=chips-note]').textContent"
        assert await tab.js(described) == "Chips"
        await tab.open(site.url("leaderboard?by=net"))
        by_net = {row["name"]: row["chips"] for row in await tab.js(_ROWS)}
        assert by_net["Cæcilie"] == "5,000" and by_net["Ada"] == "1,040"


async def _side_pot_hand(site: Site) -> tuple[int, list[Hand]]:
    """Four players, two of them short: both all in before the flop (a main pot and a side
    pot), then a bet on the flop stands in front while the others act; checked and called to
    a showdown. The hand's id and the engine's hand after the deal and after each move."""
    _, deck, salt = deal(7)
    config = HandConfig(stacks=(300, 50, 100, 300), button=0, small_blind=1, big_blind=2)
    hand_id = await site.store.start_hand(table_id=TABLE, config=config, deck=deck,
                                          players=MEMBERS, now=1.0e9, deck_salt=salt)  # fmt: skip
    hand = Hand(config, deck)
    states = [Hand(config, deck)]
    while not hand.is_over:
        legal = hand.legal_actions()
        p = legal.player
        if hand.street is Street.PREFLOP and hand.stacks[p] <= 100 and legal.can_all_in:
            action = Action(player=p, kind=ActionKind.ALL_IN)
        elif hand.street is Street.FLOP and legal.is_bet and legal.min_raise_to is not None:
            action = Action(player=p, kind=ActionKind.BET, amount=legal.min_raise_to)
        else:
            action = Action(player=p, kind=ActionKind.CHECK if legal.can_check else ActionKind.CALL)
        await site.store.append_action(hand_id, len(hand.actions), action)
        hand.apply(action)
        states.append(replay(config, deck, hand.actions))
    nets = [hand.stacks[p] - config.stacks[p] for p in range(4)]
    await site.store.finish_hand(hand_id, nets=nets, now=1.0e9 + 60, facts=hand_facts(hand))
    return hand_id, states


_POT = """({pot: document.getElementById('pot').textContent,
  rows: [...document.querySelectorAll('#seats > li')].map(r => ({
    winner: r.classList.contains('winner'), status: r.querySelector('.status').textContent}))})"""


async def test_the_pot_adds_up_at_every_step_and_the_showdown_names_its_winners(
    site: Site, browser: Browser
) -> None:
    """With a side pot and a bet in front, the pot's parts add up to its total; at the
    showdown the pot is what was paid, not 0, and each winner's row says what they won."""
    hand_id, states = await _side_pot_hand(site)
    assert any(len(h.pots()) > 1 and any(h.bets) for h in states)  # the case at issue
    async with Tab(browser) as tab:
        await tab.open(site.url(f"hand/{hand_id}"))
        pots = []
        for index, hand in enumerate(states):
            if index:
                await tab.key("ArrowRight", "ArrowRight", 39)
            shown = await tab.js(_POT)
            assert shown["pot"] == pot_text(hand), index
            pots.append(shown["pot"])
        assert any("in bets" in pot for pot in pots), pots
    final = states[-1]
    won: dict[int, int] = {}
    for event in final.events:
        if isinstance(event, PotAwarded):
            for player, share in zip(event.winners, event.shares):
                won[player] = won.get(player, 0) + share
    assert shown["pot"] == pot_text(final) != "0"
    assert int(shown["pot"].split()[0].replace(",", "")) == sum(won.values())
    for p, row in enumerate(shown["rows"]):
        assert row["winner"] == (p in won), (p, row)
        if p in won:
            assert row["status"] == f"wins {won[p]:,}", (p, row)


_OVERFLOW = """(() => {
  const box = document.querySelector('#seats').parentElement;
  const cells = [...document.querySelectorAll('#seats > li, #seats > li *')];
  const right = Math.max(...cells.map(c => c.getBoundingClientRect().right));
  return {scroll: box.scrollWidth - box.clientWidth, right, width: window.innerWidth,
          statuses: [...document.querySelectorAll('#seats .status')]
            .map(s => s.getBoundingClientRect().width > 0 && s.textContent)};
})()"""


async def test_the_players_table_fits_a_phone_in_every_language(
    site: Site, browser: Browser
) -> None:
    """At 390 pixels, in the longest of the languages (bokmål), every column of the players'
    table is on the screen, the status too, at the showdown with its longest words."""
    async with Tab(browser) as tab:
        await tab.size(390, 844, mobile=True)
        for lang in ("nb", "da"):
            for hand in (site.hand, site.twice):
                await tab.open(site.url(f"hand/{hand}?lang={lang}"))
                for key in ("Home", "End"):
                    await tab.key(key, key, {"Home": 36, "End": 35}[key])
                    seen = await tab.js(_OVERFLOW)
                    assert seen["scroll"] <= 0 and seen["right"] <= seen["width"], (lang, seen)
                    assert all(s is not False for s in seen["statuses"]), (lang, seen)
        # the drawing itself, with every seat of a ten-seat table taken: on a phone and on a
        # desktop, every seat and bet on the screen, none over another (where they settle:
        # no movement to wait for)
        reduce = [{"name": "prefers-reduced-motion", "value": "reduce"}]
        await tab.send("Emulation.setEmulatedMedia", features=reduce)
        for width, height, mobile in ((390, 844, True), (1280, 800, False)):
            await tab.size(width, height, mobile=mobile)
            seen = await tab.js(_FULL_TABLE)
            assert seen["apart"] and seen["left"] >= 0 and seen["right"] <= width, seen
            assert seen["board"] <= seen["felt"], seen


_FULL_TABLE = """(async () => {
  const { drawTable } = await import('/static/table.js');
  const words = JSON.parse(document.getElementById('page-data').textContent).labels;
  const root = document.getElementById('table');
  const seats = Array.from({length: 10}, (_, i) => ({
    key: 'x' + i, name: 'Spiller nummer ' + (i + 1), marks: i ? '' : 'D', stack: 123456,
    bet: 12345, cards: ['Ah', 'Td'], backs: false, turn: i === 3, won: i === 5 ? 99999 : 0}));
  drawTable(root, {seats, board: ['Tc', 'Td', 'Th', 'Ts', 'Ac'], board2: ['2c', '3d', '4h',
    '5s', '6c'], pots: [1000, 500], total: 1500, inBets: 0, street: 'Turn', timer: null}, words);
  const box = (e) => e.getBoundingClientRect();
  const places = [...root.querySelectorAll('#seats > li')].map(box);
  const all = [...places, ...[...root.querySelectorAll('.chips')].map(box)];
  const apart = all.every((a, i) => all.every((b, j) => i === j || a.right <= b.left
    || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top));
  const rows = [...root.querySelectorAll('.felt .cards')].map(box);
  return {apart, left: Math.min(...all.map(r => r.left)), right: Math.max(...all.map(r => r.right)),
          board: Math.max(...rows.map(r => r.width)), felt: box(root.querySelector('.felt')).width};
})()"""


async def test_the_live_page_counts_its_seconds_and_shows_the_decks_commitment(
    tmp_path: Path, browser: Browser
) -> None:
    """One second behind is "1 second"; the commitment the stream carries is on the page,
    the same the hand's replay will check once it is over."""
    site, runner = await start_site(tmp_path, delay=1.0)
    try:
        hand_id, _ = await store_hand(site.store, TABLE, 9, finish=False, stop_after=2)
        record = await site.store.load_hand(hand_id)
        assert record.deck_salt is not None
        async with Tab(browser) as tab:
            await tab.open(site.url("table/5"))
            assert "Shown 1 second behind the table." in await tab.js("document.body.innerText")
            await tab.until(f"document.body.dataset.hand === '{hand_id}'")
            shown = await tab.js(
                "(() => { const row = document.getElementById('live-commitment-row');"
                " return !row.hidden && row.getBoundingClientRect().height > 0"
                " && document.getElementById('live-commitment').textContent; })()"
            )
        assert shown == commit(record.deck, record.deck_salt)
        for lang, words in (("nb", "1 sekund etter"), ("da", "1 sekund efter")):
            async with (
                ClientSession() as session,
                session.get(site.url(f"table/5?lang={lang}")) as got,
            ):
                assert words in await got.text()
    finally:
        await runner.cleanup()
        await site.store.close()


_LISTED = """({hands: [...document.querySelectorAll('main ul a[href*="/hand/"]')]
    .map(a => Number(a.getAttribute('href').split('/hand/')[1].split('?')[0])),
  older: document.getElementById('older')?.getAttribute('href') || null,
  newest: document.getElementById('newest')?.getAttribute('href') || null})"""

_AXES = """[...document.querySelectorAll('svg.chart text')].map(t => ({
  cls: t.getAttribute('class'), text: t.textContent,
  shown: t.getBoundingClientRect().width > 0}))"""


async def test_a_members_page_pages_through_all_their_hands_and_charts_them_on_axes(
    site: Site, browser: Browser
) -> None:
    """23 hands: the page lists the newest 10 and links to the older ones, 10 a page, to the
    first; the chart's axes carry the lowest, zero and highest result and the hands
    counted, with their titles."""
    for seed in range(30, 51):
        await store_hand(site.store, TABLE, seed)
    every = [hand.hand_id for hand in await site.store.last_hands(GUILD, MEMBERS[0], 100)]
    assert len(every) == 23
    async with Tab(browser) as tab:
        await tab.open(site.url(f"member/{MEMBERS[0]}"))
        axes = await tab.js(_AXES)
        running = [0]
        for hand in reversed(await site.store.last_hands(GUILD, MEMBERS[0], 50)):
            running.append(running[-1] + (hand.net or 0))
        values = {a["text"] for a in axes if a["cls"] == "value"}
        low, high = min(running), max(running)
        assert {_signed(low), _signed(high)} <= values <= {_signed(low), "0", _signed(high)}
        assert "0" in values or min(abs(low), high) * 10 < high - low, axes  # clear of both
        assert {a["text"] for a in axes if a["cls"] == "hand"} == {"0", "11", "23"}, axes
        titles = [a["text"] for a in axes if a["cls"] == "title"]
        assert titles == ["Hands, oldest first", "Chips won"], axes
        assert all(a["shown"] for a in axes)
        listed: list[int] = []
        pages = 0
        while True:
            seen = await tab.js(_LISTED)
            assert (seen["newest"] is None) == (pages == 0), seen
            listed += seen["hands"]
            pages += 1
            if seen["older"] is None:
                break
            await tab.open(site.root + seen["older"])
        assert listed == every and pages == 3
        await tab.open(site.root + seen["newest"])
        assert (await tab.js(_LISTED))["hands"] == every[:10]


def _signed(value: int) -> str:
    return f"+{value:,}" if value > 0 else f"{value:,}"
