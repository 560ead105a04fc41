"""The web companion without a browser: who may see what, the plain answers to bad input,
what a live view may carry, and each page's weight."""

from __future__ import annotations

import asyncio
import doctest
import json
import os
import random
import re
import subprocess
import sys
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

import bot.web.links
from bot.i18n import cards_text
from bot.i18n.television import odds_lines
from bot.settings import FAKE_TOKEN, ConfigError, WebSettings, load_web_settings
from bot.store.records import HandRecord
from bot.store.store import Store
from bot.web import create_app, pages
from bot.web.links import Access, check, link, sign
from bot.web.live import Watch
from bot.web.steps import fair_facts, hand_steps, live_state, player_names
from engine import Action, Hand, HandConfig, replay
from engine.actions import ActionKind
from engine.config import AnteMode, Structure
from engine.events import CardsShown
from engine.odds import street_odds
from engine.phh import History, parse_history
from engine.phh.pokerstars import read_pokerstars
from tests.web.conftest import NOW, OTHER_TABLE, SECRET, TABLE, Site
from tests.web.hands import (
    GUILD,
    MEMBERS,
    NAMES,
    OTHER_GUILD,
    choose,
    deal,
    open_table,
    store_hand,
)

PAGE_BUDGET = 100 * 1024


async def _get(url: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text(), dict(answer.headers)


def _plain(status: int, body: str) -> None:
    """A plain refusal: one heading, no script, no data, no traceback."""
    assert status in (403, 404)
    assert "Traceback" not in body and "page-data" not in body and "<script" not in body
    assert len(re.findall(r"<h1", body)) == 1


async def test_bad_input_gets_a_plain_page_and_nothing_else(site: Site) -> None:
    other_key = sign(SECRET, OTHER_GUILD, expires=int(NOW) + 60)
    wrong_key = sign(SECRET, GUILD, expires=int(NOW) + 60)  # this server's key, not the other's
    forged = sign(b"not-the-secret-not-the-secret!!", OTHER_GUILD, expires=int(NOW) + 60)
    expired = sign(SECRET, OTHER_GUILD, expires=int(NOW) - 1)
    cases = {
        site.url(f"hand/{site.other}"): 404,  # another server's hand under a public server
        site.url(f"hand/{site.other}", OTHER_GUILD): 403,  # link-only server, no key
        site.url(f"hand/{site.other}?k={wrong_key}", OTHER_GUILD): 403,
        site.url(f"hand/{site.other}?k={forged}", OTHER_GUILD): 403,
        site.url(f"hand/{site.other}?k={expired}", OTHER_GUILD): 403,
        site.url(f"hand/{site.hand}?k={other_key}", OTHER_GUILD): 404,  # key fine, hand not theirs
        site.url("hand/99999999999999999999999999"): 404,
        site.url("hand/18446744073709551616"): 404,
        site.url("hand/-1"): 404,
        site.url("hand/0"): 404,
        site.url("member/-5"): 404,
        site.url(f"member/{MEMBERS[0]}?before=x"): 404,
        site.url(f"member/{MEMBERS[0]}?before={2**63}"): 404,
        site.url(f"member/{MEMBERS[0]}", OTHER_GUILD): 403,
        site.url("table/99"): 404,
        site.url("leaderboard?by=nonsense"): 404,
        f"{site.root}/g/-1/": 404,
        f"{site.root}/g/99999999999999999999999/leaderboard": 404,
        f"{site.root}/static/../../settings.py": 404,
    }
    record = await site.store.load_hand(site.other)
    secret_bits = [record.deck_salt.hex()] if record.deck_salt else []
    for url, status in cases.items():
        got, body, _ = await _get(url)
        assert got == status, url
        _plain(got, body)
        assert not any(bit in body for bit in secret_bits), url
    unfinished, _ = await store_hand(site.store, TABLE, 13, finish=False)
    got, body, _ = await _get(site.url(f"hand/{unfinished}"))
    _plain(got, body)
    assert "still being played" in body
    got, body, _ = await _get(site.url(f"hand/{unfinished}.phh"))
    assert got == 404
    got, body, _ = await _get(site.url(f"hand/{site.other}?k={expired}", OTHER_GUILD))
    assert "expired" in body
    got, body, _ = await _get(site.url(f"hand/{site.other}?k={other_key}", OTHER_GUILD))
    assert got == 200 and f"#{site.other}" in body


async def test_pages_name_players_as_the_table_showed_them_in_each_language(site: Site) -> None:
    for lang, words in (("en", "Leaderboard"), ("nb", "Plass"), ("da", "Plads")):
        status, body, headers = await _get(site.url(f"leaderboard?lang={lang}"))
        assert status == 200 and f'<html lang="{lang}">' in body and words in body
        assert "Bjørn" in body and f"#{str(MEMBERS[3])[-4:]}" in body
        assert "script-src 'self'" in headers["Content-Security-Policy"]
    status, body, _ = await _get(site.url(f"member/{MEMBERS[1]}?lang=da"))
    assert status == 200 and "Bjørn" in body and f"hand/{site.hand}" in body


async def test_the_phh_download_hides_unshown_cards_and_reveals_the_deck(site: Site) -> None:
    status, text, headers = await _get(site.url(f"hand/{site.hand}.phh"))
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    record = await site.store.load_hand(site.hand)
    hand = record.replay()
    assert record.deck_salt is not None and record.deck_salt.hex() in text
    assert "Bjørn" in text and "????" in text  # unshown hands hidden
    shown = [p for p in range(hand.player_count) if hand.shown[p]]
    for p in shown:
        assert "".join(map(str, hand.hole[p])) in text


async def test_the_pokerstars_download_is_the_same_hand_for_trackers(site: Site) -> None:
    for number in (site.hand, site.twice):
        status, text, headers = await _get(site.url(f"hand/{number}.txt"))
        assert status == 200
        assert f'filename="hand-{number}-pokerstars.txt"' in headers["Content-Disposition"]
        _, phh, _ = await _get(site.url(f"hand/{number}.phh"))
        (read,) = read_pokerstars(text)
        assert isinstance(read, History), read
        assert read.actions == parse_history(phh).actions
        assert read.finishing_stacks == parse_history(phh).finishing_stacks
    _, page, _ = await _get(site.url(f"hand/{site.hand}"))
    assert re.search(rf'href="[^"]*hand/{site.hand}\.txt[^"]*" download>', page)


async def test_every_page_weighs_under_100_kb_with_its_style_and_script(site: Site) -> None:
    _, css, _ = await _get(f"{site.root}/static/web.css")
    _, js, _ = await _get(f"{site.root}/static/web.js")
    assets = len(css.encode()) + len(js.encode())
    for path in (f"hand/{site.hand}", f"hand/{site.twice}", "", "leaderboard",
                 f"member/{MEMBERS[0]}", "table/5"):  # fmt: skip
        status, body, _ = await _get(site.url(path))
        assert status == 200
        assert len(body.encode()) + assets < PAGE_BUDGET, path


def test_links_are_scoped_to_one_server_and_expire() -> None:
    url = link("https://poker.example.org/", SECRET, GUILD, "hand/12", now=1000.0, days=1)
    key = url.split("?k=")[1]
    assert url.startswith(f"https://poker.example.org/g/{GUILD}/hand/12?k=")
    assert check(SECRET, GUILD, key, now=1000.0 + 86399) is Access.GRANTED
    assert check(SECRET, GUILD, key, now=1000.0 + 86400) is Access.EXPIRED
    assert check(SECRET, OTHER_GUILD, key, now=1000.0) is Access.FORGED
    stretched = f"{int(key.split('.')[0]) + 10**6}.{key.split('.')[1]}"
    assert check(SECRET, GUILD, stretched, now=1000.0) is Access.FORGED
    assert check(b"", GUILD, key, now=1000.0) is Access.FORGED
    with pytest.raises(ConfigError, match="HOLDEM_WEB_SECRET"):
        load_web_settings({"HOLDEM_WEB_SECRET": "short"})
    with pytest.raises(ConfigError, match="HOLDEM_WEB_PORT"):
        load_web_settings({"HOLDEM_WEB_PORT": "-1"})


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


async def test_a_live_view_never_holds_a_hole_card_nor_the_deck(site: Site) -> None:
    """Every state of a hand in play, action by action: no unshown hole card, no deck, no
    salt, in any field or line of the view."""
    table = f"{GUILD}:6"
    await open_table(site.store, table)
    hand_id, actions = await store_hand(site.store, table, 11, finish=False)
    record = await site.store.load_hand(hand_id)
    assert record.deck_salt is not None
    for count in range(len(actions) + 1):
        partial = HandRecord(**{**_fields(record), "actions": actions[:count], "finished": False})
        view = live_state(partial, NAMES, "en")
        text = json.dumps(view, ensure_ascii=False)
        hand = partial.replay()
        for p in range(hand.player_count):
            if not hand.shown[p]:
                for card in hand.hole[p]:
                    assert str(card) not in _strings(view), (count, p, card)
                    assert f'"code": "{card}"' not in text
        assert record.deck_salt.hex() not in text
        assert "".join(str(c) for c in hand.deck[:10]) not in text.replace(" ", "")
        assert view["commitment"] and len(view["commitment"]) == 64


def _fields(record: HandRecord) -> dict[str, object]:
    return {name: getattr(record, name) for name in HandRecord.__slots__}


async def test_the_steps_are_the_engines_state_after_each_action(site: Site) -> None:
    record = await site.store.load_hand(site.hand)
    data = hand_steps(record, NAMES, "en")
    states: list[tuple[list[int], list[int], int]] = []

    def note(hand: Hand) -> None:
        states.append((list(hand.stacks), list(hand.bets), hand.pot_total))

    replay(record.config, record.deck, record.actions, watch=note)
    assert len(data["steps"]) == len(states)
    for step, (stacks, bets, total) in zip(data["steps"], states):
        assert [s["stack"] for s in step["seats"]] == stacks
        assert step["total"] == total
        if not step["over"]:
            assert [s.get("bet", 0) for s in step["seats"]] == bets


async def test_a_forgotten_member_is_named_no_more(site: Site) -> None:
    """``/holdem-admin forget`` (Store.erase_member) on a closed table: the pages that named
    the member name them no more, and their hands still replay."""
    await site.store.close_table(f"{GUILD}:5", now=NOW)
    await site.store.erase_member(GUILD, MEMBERS[1], now=NOW)
    for path in (f"hand/{site.hand}", "leaderboard", f"hand/{site.hand}.phh"):
        status, body, _ = await _get(site.url(path))
        assert status == 200 and "Bjørn" not in body and "Ada" in body, path


async def test_a_hand_run_out_shows_its_odds_at_each_street(site: Site) -> None:
    record = await site.store.load_hand(site.twice)
    expected = street_odds(record.replay(), seed=record.hand_id)
    assert expected  # the all-in hand was run out
    status, body, _ = await _get(site.url(f"hand/{site.twice}"))
    section = body.split("<details>")[1].split("</details>")[0]
    assert status == 200 and section.count("<strong>") == len(expected)
    labels = player_names(record, NAMES)
    live = {p: labels[p] for p in record.replay().live_players()}
    items = section.split("<strong>")[1:]
    for odds, item in zip(expected, items):  # each street's figures, in order
        assert cards_text(odds.board) in item
        for line in odds_lines("en", odds, live):
            assert escape(line) in item
    _, plain, _ = await _get(site.url(f"hand/{site.hand}"))
    assert "<details>" not in plain  # no run-out, no odds


async def test_a_members_page_charts_their_running_result(site: Site) -> None:
    hands = await site.store.last_hands(GUILD, MEMBERS[0], 50)
    assert len(hands) == 2
    status, body, _ = await _get(site.url(f"member/{MEMBERS[0]}"))
    points = re.search(r'<polyline points="([^"]+)"', body)
    assert status == 200 and points is not None
    assert len(points[1].split()) == len(hands) + 1  # the start, then after each hand
    total = sum(hand.net or 0 for hand in hands)
    assert f"ends at {'+' if total > 0 else ''}{total:,}" in body
    assert 'role="img"' in body and "<title>" in body


async def test_a_voided_hand_replays_without_revealing_its_deck(site: Site) -> None:
    """A hand voided half way (a player's seat voided it, every net 0): its page shows the
    moves made, and neither the deck nor the salt, which would give the unshown cards."""
    table = f"{GUILD}:6"
    await open_table(site.store, table)
    voided, _ = await store_hand(site.store, table, 12, finish=False, stop_after=3)
    await site.store.finish_hand(voided, nets=[0] * 4, now=NOW, result={"voided": "left"},
                                 counted=False)  # fmt: skip
    status, body, _ = await _get(site.url(f"hand/{voided}"))
    stored = await site.store.load_hand(voided)
    assert stored.deck_salt is not None and not stored.replay().is_over
    assert status == 200 and stored.deck_salt.hex() not in body and "fair-deck" not in body
    _, phh, _ = await _get(site.url(f"hand/{voided}.phh"))
    assert stored.deck_salt.hex() not in phh
    gone, _, _ = await _get(site.url(f"hand/{voided}.txt"))  # PokerStars has no voided hand
    assert gone == 404


async def test_the_pages_links_and_streams_keep_the_readers_language(site: Site) -> None:
    _, body, _ = await _get(site.url("table/5?lang=nb"))
    data = json.loads(body.split('id="page-data">')[1].split("</script>")[0])
    assert "lang=nb" in data["events"] and "lang=nb" in data["replay"]
    async with (
        aiohttp.ClientSession() as session,
        session.get(site.root + data["events"]) as stream,
    ):
        line = await stream.content.readline()
    view = json.loads(line.decode().removeprefix("data: "))
    assert any("vinner" in line for line in view["story"]), view["story"]
    _, body, _ = await _get(site.url(f"hand/{site.hand}?lang=da"))
    assert f'href="/g/{GUILD}/leaderboard?lang=da"' in body


def test_the_links_modules_examples_run() -> None:
    result = doctest.testmod(bot.web.links)
    assert result.attempted > 0 and result.failed == 0


async def test_an_id_past_what_the_database_holds_is_not_found(site: Site) -> None:
    """Every id column is a signed 64-bit integer: a number past 2**63 - 1 in any place of an
    address is a plain 404, never the database's overflow as a 500."""
    paths = [f"member/{2**63}", f"member/{2**64 - 1}", f"hand/{2**63}", f"table/{2**63}"]
    for path in paths:
        got, body, _ = await _get(site.url(path))
        assert got == 404, path
        _plain(got, body)
    for guild in (2**63, 2**64 - 1):  # no server has such an id
        got, body, _ = await _get(f"{site.root}/g/{guild}/leaderboard")
        assert got == 404, guild
        _plain(got, body)


async def test_a_member_forgotten_after_their_hand_was_viewed_is_named_no_more(
    site: Site,
) -> None:
    """The server keeps replays it has built; a name the table no longer shows (the member
    forgotten since) is not kept with them."""
    status, body, _ = await _get(site.url(f"hand/{site.hand}"))
    assert status == 200 and "Bjørn" in body
    await site.store.close_table(f"{GUILD}:5", now=NOW)
    await site.store.erase_member(GUILD, MEMBERS[1], now=NOW)
    status, body, _ = await _get(site.url(f"hand/{site.hand}"))
    assert status == 200 and "Bjørn" not in body and "Ada" in body


def test_the_server_refuses_to_start_with_no_secret_and_no_public_server(
    tmp_path: Path,
) -> None:
    """``python -m bot.web`` with neither a secret nor a public server would refuse every
    page: it says so and stops, before it opens the database or a port."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HOLDEM_", "DISCORD_"))}
    env |= {"HOLDEM_DB": str(tmp_path / "never.sqlite3"), "HOLDEM_WEB_PORT": "1"}
    for secret in ("", "   "):
        done = subprocess.run(
            [sys.executable, "-m", "bot.web"], cwd=tmp_path, capture_output=True, text=True,
            env={**env, "HOLDEM_WEB_SECRET": secret}, timeout=30,
        )  # fmt: skip
        assert done.returncode == 2, done.stderr
        assert "error: HOLDEM_WEB_SECRET is not set" in done.stderr
        assert "Traceback" not in done.stderr and not (tmp_path / "never.sqlite3").exists()
    with pytest.raises(ConfigError, match="HOLDEM_WEB_PUBLIC"):
        load_web_settings({}, serving=True)
    assert load_web_settings({"HOLDEM_WEB_PUBLIC": "7"}, serving=True).public == {7}
    assert load_web_settings({}).secret == b""  # the bot's links: none, and no error


async def test_a_spectator_who_arrives_as_the_last_one_leaves_still_sees_the_table(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's watch stops with its last spectator. One who arrived while that spectator
    was leaving (their stream not yet open) is counted already, so the watch goes on for them
    and they see the next hand, rather than a table frozen where it was."""
    left = asyncio.Event()
    leave = Watch.leave

    def noted(self: Watch, queue: asyncio.Queue[str]) -> None:
        leave(self, queue)
        left.set()

    prepare = web.StreamResponse.prepare
    opening = asyncio.Event()

    async def slow(self: web.StreamResponse, request: web.BaseRequest) -> object:
        if self.content_type == "text/event-stream" and not opening.is_set():
            opening.set()
            await left.wait()  # the first spectator leaves while this stream opens
        return await prepare(self, request)

    url = site.url("table/5/events")
    async with aiohttp.ClientSession() as first:
        answer = await first.get(url)
        assert (await answer.content.readline()).startswith(b"data: ")
        monkeypatch.setattr(Watch, "leave", noted)
        monkeypatch.setattr(web.StreamResponse, "prepare", slow)
        async with aiohttp.ClientSession() as second:
            arriving = asyncio.create_task(second.get(url))
            await asyncio.wait_for(opening.wait(), 5)
            answer.close()  # the first spectator goes; the table plays on
            await first.close()
            await store_hand(site.store, TABLE, 21)
            await asyncio.wait_for(left.wait(), 10)
            stream = await asyncio.wait_for(arriving, 5)
            last, _ = await store_hand(site.store, TABLE, 22)
            seen: set[int | None] = set()
            while last not in seen:
                line = await asyncio.wait_for(stream.content.readline(), 5)
                if line.startswith(b"data: "):
                    seen.add(json.loads(line[6:])["hand"])
            stream.close()


def _seeded_record(seed: int) -> HandRecord:
    """A finished hand of 2 to 6 players with uneven stacks (side pots), antes in every
    mode, all-ins often, and a run-out held for run it twice in half of them (then run once,
    twice, or, still to choose, not at all)."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    deck = list(range(52))
    rng.shuffle(deck)
    mode = list(AnteMode)[seed % len(AnteMode)]
    config = HandConfig(
        stacks=tuple(rng.randint(3, 300) for _ in range(players)), button=rng.randrange(players),
        small_blind=1, big_blind=2, ante=0 if mode is AnteMode.NONE else 1 + seed % 3,
        ante_mode=mode,
    )  # fmt: skip
    hand = Hand(config, deck)
    hand.hold_run_out = seed % 2 == 0
    actions: list[Action] = []
    while not hand.is_over and not hand.held:
        actions.append(choose(hand, rng, shove=rng.random() < 0.2))
        hand.apply(actions[-1])
    run_count = None if not hand.hold_run_out else (seed // 2) % 3 if hand.held else 0
    return HandRecord(
        hand_id=seed + 1, table_id=TABLE, guild_id=GUILD, config=config, deck=deck,
        players=MEMBERS[:players] + tuple(range(1, players - 3)), actions=actions,
        started_at=0.0, deadline=None, finished=run_count != 0, result=None,
        run_count=run_count,
    )  # fmt: skip


def test_every_step_is_the_engines_state_with_antes_side_pots_and_boards_run_twice() -> None:
    """Many hands: at each step the stacks, bets, pots, boards, street, who folded, who is to
    act and the cards shown are the engine's, a card shown only from the step that shows it."""
    kinds = {"side pots": 0, "antes": 0, "twice": 0, "held": 0}
    for seed in range(24):
        record = _seeded_record(seed)
        data = hand_steps(record, NAMES, "en")
        engine = Hand(record.config, record.deck)
        engine.hold_run_out = record.run_count is not None
        states = [_state_of(engine)]
        for action in record.actions:
            engine.apply(action)
            states.append(_state_of(engine))
        if record.run_count and engine.held:
            engine.run_out(record.run_count)
            states.append(_state_of(engine))
        assert [_shown_of(step) for step in data["steps"]] == states, seed
        kinds["side pots"] += any(len(step["pots"]) > 1 for step in data["steps"])
        kinds["antes"] += record.config.ante > 0
        kinds["twice"] += bool(engine.second_board)
        kinds["held"] += engine.held
    assert all(kinds.values()), kinds  # the seeds cover every case


def _state_of(hand: Hand) -> dict[str, object]:
    shown = {e.player: [str(c) for c in e.cards] for e in hand.events if isinstance(e, CardsShown)}
    return {
        "stacks": list(hand.stacks),
        "bets": [0] * len(hand.bets) if hand.is_over else list(hand.bets),
        "pots": [pot.amount for pot in hand.pots()], "total": hand.pot_total,
        "board": [str(c) for c in hand.board], "board2": [str(c) for c in hand.second_board],
        "street": int(hand.street), "folded": list(hand.folded),
        "toAct": None if hand.is_over or hand.held else hand.to_act,
        "cards": [shown.get(p) for p in range(hand.player_count)],
    }  # fmt: skip


def _shown_of(step: dict[str, Any]) -> dict[str, object]:
    seats = step["seats"]
    return {
        "stacks": [s["stack"] for s in seats], "bets": [s.get("bet", 0) for s in seats],
        "pots": step["pots"], "total": step["total"],
        "board": [c["code"] for c in step["board"]], "board2": [c["code"] for c in step["board2"]],
        "street": step["street"], "folded": [s.get("folded", False) for s in seats],
        "toAct": step["toAct"],
        "cards": [[c["code"] for c in s["cards"]] if "cards" in s else None for s in seats],
    }  # fmt: skip


def test_a_long_hand_at_a_full_table_weighs_under_100_kb() -> None:
    """Ten players of fixed-limit, raises to the cap: a hand of about a hundred moves, whose
    replayer page (with its style sheet and script) stays within the budget."""
    rng = random.Random(44)
    deck = list(range(52))
    rng.shuffle(deck)
    config = HandConfig(
        stacks=(500,) * 10, button=0, small_blind=1, big_blind=2,
        structure=Structure.FIXED_LIMIT, raise_cap=4,
    )  # fmt: skip
    hand = Hand(config, deck)
    actions: list[Action] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_raise and legal.min_raise_to is not None and rng.random() < 0.3:
            kind = ActionKind.BET if legal.is_bet else ActionKind.RAISE
            actions.append(Action(player=legal.player, kind=kind, amount=legal.min_raise_to))
        else:
            kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
            actions.append(Action(player=legal.player, kind=kind))
        hand.apply(actions[-1])
    assert len(actions) >= 100
    record = HandRecord(
        hand_id=2**40, table_id=TABLE, guild_id=GUILD, config=config, deck=deck,
        players=tuple(10**17 + k for k in range(10)), actions=actions, started_at=NOW,
        deadline=None, finished=True, result=None, deck_salt=bytes(range(32)),
    )  # fmt: skip
    names = {10**17 + k: f"Spiller nummer {k}" for k in range(10)}
    where = pages.Where(GUILD, "nb", sign(SECRET, GUILD, expires=int(NOW)), "/g/1/hand/1")
    built = pages.replay_page(where, hand_steps(record, names, "nb"), fair_facts(record), NOW)
    page = pages.setup(web.Application()).get_template(built.template).render(built.context)
    loaded = ("web.css", "web.js", "table.css", "table.js")  # the page's own and the drawing
    assets = sum(len((files("bot.web") / "static" / n).read_bytes()) for n in loaded)
    assert len(page.encode()) + assets < PAGE_BUDGET


async def _every_route(site: Site, hand_id: int, channel: int) -> list[tuple[int, str]]:
    """What every page, download and stream that takes a hand or its table answers."""
    answers = [await _get(site.url(path)) for path in (
        f"hand/{hand_id}", f"hand/{hand_id}.phh", f"table/{channel}", "", "leaderboard",
        f"member/{MEMBERS[0]}",
    )]  # fmt: skip
    async with (
        aiohttp.ClientSession() as session,
        session.get(site.url(f"table/{channel}/events")) as stream,
    ):
        first = await asyncio.wait_for(stream.content.readline(), 5)
    return [(status, body) for status, body, _ in answers] + [(stream.status, first.decode())]


async def test_a_held_run_out_reaches_no_page_before_it_is_dealt(site: Site) -> None:
    """All in before the river, the run-out held while the players choose to run it twice:
    the hands are face up at the table, the board to come is not. No page, download or
    stream holds a card of it, nor the deck or its salt; the replayer and PHH are not found."""
    table = f"{GUILD}:8"
    await open_table(site.store, table)
    config, deck, salt = deal(4)
    hand_id = await site.store.start_hand(
        table_id=table, config=config, deck=deck, players=MEMBERS, now=NOW, deck_salt=salt,
        hold_run_out=True,
    )  # fmt: skip
    hand = Hand(config, deck)
    hand.hold_run_out = True
    rng = random.Random(4)
    while not hand.held:
        action = choose(hand, rng, shove=True)
        await site.store.append_action(hand_id, len(hand.actions), action)
        hand.apply(action)
    shown = {str(c) for p in range(hand.player_count) for c in hand.hole[p]}
    answers = await _every_route(site, hand_id, 8)
    statuses = [status for status, _ in answers]
    assert statuses[:2] == [404, 404] and all(s == 200 for s in statuses[2:]), statuses
    stream = answers[-1][1]
    view = json.loads(stream.removeprefix("data: "))
    assert view["hand"] == hand_id and view["state"]["board"] == []
    assert set(re.findall(r'"code": ?"(\w\w)"', stream)) == shown  # face up, nothing more
    deck_text = "".join(str(c) for c in hand.deck)
    for _, body in answers:
        assert salt.hex() not in body and deck_text not in body.replace(" ", "")


async def test_a_folded_hand_is_in_no_step_of_its_replay(site: Site) -> None:
    """A finished hand where players folded without showing: the replayer's data and story
    never carry their cards (the fair-deck panel holds the whole deck, by design)."""
    record = await site.store.load_hand(site.hand)
    hand = record.replay()
    folded = [p for p in range(hand.player_count) if not hand.shown[p]]
    assert folded
    _, body, _ = await _get(site.url(f"hand/{site.hand}"))
    data = body.split('id="page-data">')[1].split("</script>")[0]
    story = body.split('id="story"')[1].split("</ol>")[0]
    for p in folded:
        for card in hand.hole[p]:
            assert f'"{card}"' not in data and cards_text([card]) not in story + data


def test_the_bot_checks_its_pages_settings_before_it_logs_in(tmp_path: Path) -> None:
    """``HOLDEM_WEB=1`` with settings the pages cannot start on: ``python -m bot`` says so
    and stops before it opens the database or reaches Discord."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HOLDEM_", "DISCORD_"))}
    env |= {
        "DISCORD_TOKEN": FAKE_TOKEN, "DISCORD_API_BASE": "http://127.0.0.1:9",
        "HOLDEM_DB": str(tmp_path / "never.sqlite3"), "HOLDEM_WEB": "1", "HOLDEM_FONT_DIRS": "",
    }  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, capture_output=True, text=True, env=env,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "error: HOLDEM_WEB_SECRET is not set" in done.stderr
    assert "Discord" not in done.stderr and not (tmp_path / "never.sqlite3").exists()


async def test_a_live_stream_ends_when_its_link_expires(tmp_path: Path) -> None:
    """A spectator of a server whose pages need a link is watching when the link expires:
    the stream ends there (the browser's reconnection then gets the "expired" page), rather
    than showing the table for as long as the connection lasts."""
    store = await Store.open(str(tmp_path / "expiry.sqlite3"))
    await open_table(store, OTHER_TABLE, guild=OTHER_GUILD)
    now = [NOW]
    settings = WebSettings(secret=SECRET, delay=0.0)
    runner = web.AppRunner(create_app(store, settings, clock=lambda: now[0]))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    key = sign(SECRET, OTHER_GUILD, expires=int(NOW) + 60)
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/g/{OTHER_GUILD}/table/7/events?k={key}"
    try:
        async with aiohttp.ClientSession() as session, session.get(url) as stream:
            first = await asyncio.wait_for(stream.content.readline(), 5)
            assert json.loads(first.removeprefix(b"data: "))["hand"] is None
            now[0] = NOW + 61
            await store_hand(store, OTHER_TABLE, 5)  # the table plays on
            rest = await asyncio.wait_for(stream.content.read(), 5)
        assert b"data: " not in rest
        async with aiohttp.ClientSession() as session, session.get(url) as again:
            assert again.status == 403 and "expired" in await again.text()
    finally:
        await runner.cleanup()
        await store.close()
