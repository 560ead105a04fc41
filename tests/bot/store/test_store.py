"""The store: start-up and migrations, clear start-up errors, tables, hands and history."""

from __future__ import annotations

import random
import sqlite3
import subprocess
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import pytest

from bot.guilds.wallets import Reason
from bot.store.errors import (
    DatabaseCorrupt,
    DatabaseLocked,
    DatabaseReadOnly,
    DatabaseUnavailable,
    HandStateError,
    InsufficientChips,
    SchemaTooNew,
)
from bot.store.migrations import LATEST, MIGRATIONS
from bot.store.records import HiddenCards, WalletMove
from bot.store.store import Store, database_path
from engine import Action, ActionKind, Hand, HandConfig, Structure
from engine.events import CardsMucked, PlayerActed
from engine.phh import parse_history, verify_history
from tests.engine.simulate import random_action, random_deck

GUILD = 1


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """On each backend in turn (the ``database`` fixture)."""
    s = await Store.open(database)
    await s.save_table("t1", guild_id=GUILD, channel_id=55, state={"seats": []}, now=0.0)
    yield s
    await s.close()


# ------------------------------------------------------------------ start-up


def test_database_path_comes_from_the_environment() -> None:
    assert database_path({}) == "./holdem.sqlite3"
    assert database_path({"HOLDEM_DB": "/data/poker.db"}) == "/data/poker.db"
    url = "postgresql://holdem@db/holdem"
    assert database_path({"HOLDEM_DATABASE_URL": url, "HOLDEM_DB": "/data/poker.db"}) == url


async def test_migrates_from_empty_and_reopens_idempotently(database: str) -> None:
    store = await Store.open(database)
    assert await store.schema_version() == LATEST
    await store.set_guild_rules(GUILD, {"preset": "home", "overrides": {"ante": 1}}, now=1.0)
    await store.close()
    store = await Store.open(database)
    try:
        assert await store.schema_version() == LATEST
        assert await store.get_guild_rules(GUILD) == {"preset": "home", "overrides": {"ante": 1}}
        [(applied,)] = await store._read("SELECT COUNT(*) FROM schema_version")
        assert applied == len(MIGRATIONS)
    finally:
        await store.close()


async def test_an_sqlite_url_names_the_file_and_it_is_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "holdem.sqlite3"
    await (await Store.open(f"sqlite:///{path}")).close()
    with closing(sqlite3.connect(path)) as db, db:
        assert db.execute("SELECT COUNT(*) FROM schema_version").fetchone() == (len(MIGRATIONS),)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_newer_schema_is_refused(path: str) -> None:
    await (await Store.open(path)).close()
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("INSERT INTO schema_version VALUES (?, 0)", (LATEST + 1,))
    message = f"schema version {LATEST + 1}, newer than this bot's {LATEST}"
    with pytest.raises(SchemaTooNew, match=message) as e:
        await Store.open(path)
    assert (e.value.found, e.value.known) == (LATEST + 1, LATEST)


async def test_second_store_on_the_same_file_is_locked_out(path: str) -> None:
    first = await Store.open(path)
    with pytest.raises(DatabaseLocked, match="locked by another process"):
        await Store.open(path, busy_timeout=0.05)
    await first.close()
    await (await Store.open(path)).close()


async def test_exclusive_transaction_elsewhere_is_locked(path: str) -> None:
    await (await Store.open(path)).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseLocked) as caught:
            await Store.open(path, busy_timeout=0.05)
        assert "\n" not in str(caught.value)
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_read_only_uri_is_reported(path: str) -> None:
    await (await Store.open(path)).close()
    with pytest.raises(DatabaseReadOnly, match="is read-only"):
        await Store.open(f"file:{path}?mode=ro")


async def test_immutable_file_is_read_only_even_for_root(path: str) -> None:
    # chmod does not stop root; the immutable attribute does (where the filesystem has it).
    await (await Store.open(path)).close()
    if subprocess.run(["chattr", "+i", path], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        with pytest.raises(DatabaseReadOnly):
            await Store.open(path)
    finally:
        subprocess.run(["chattr", "-i", path], check=True)


async def test_a_file_that_is_not_sqlite_is_corrupt(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("these are not the chips you are looking for\n" * 200)
    with pytest.raises(DatabaseCorrupt, match="not a usable SQLite database"):
        await Store.open(str(junk))


async def test_a_damaged_database_is_corrupt(path: str) -> None:
    store = await Store.open(path)
    await store.set_guild_rules(GUILD, {"x": 1}, now=0.0)
    await store.close()
    data = bytearray(Path(path).read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)  # every page after the first
    Path(path).write_bytes(bytes(data))
    with pytest.raises(DatabaseCorrupt):
        await Store.open(path)


async def test_missing_folder_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnavailable, match="cannot open"):
        await Store.open(str(tmp_path / "no" / "such" / "dir.sqlite3"))


# ------------------------------------------------------------------ guilds and tables


async def test_guild_settings(store: Store) -> None:
    assert await store.get_guild_rules(GUILD) is None
    assert await store.get_language(GUILD) is None
    await store.set_language(GUILD, "fr", now=1.0)
    await store.set_guild_rules(GUILD, {"preset": "casino"}, now=2.0)
    await store.set_language(GUILD, "de", now=3.0)
    assert await store.get_guild_rules(GUILD) == {"preset": "casino"}
    assert await store.get_language(GUILD) == "de"


async def test_a_change_of_some_guild_settings_keeps_the_others(store: Store) -> None:
    """Who reads the web pages is kept beside the rules: a new preset keeps it, and a choice
    made before any rule (the row not there yet) leaves the server's language alone."""
    await store.update_guild_rules(GUILD, {"web_pages": "public"}, now=1.0)
    assert await store.get_guild_rules(GUILD) == {"web_pages": "public"}
    await store.set_language(GUILD, "da", now=2.0)
    await store.update_guild_rules(GUILD, {"preset": "casino", "rules": {"ante": 1}}, now=3.0)
    await store.update_guild_rules(GUILD, {"preset": "home"}, now=4.0)
    assert await store.get_guild_rules(GUILD) == {
        "preset": "home", "rules": {"ante": 1}, "web_pages": "public"
    }  # fmt: skip
    assert await store.get_language(GUILD) == "da"
    assert await store.get_guild_rules(GUILD + 1) is None


async def test_tables_open_save_and_close(store: Store) -> None:
    await store.save_table(
        "t2", guild_id=GUILD, channel_id=56, state={"button": 3}, settings={"turn": 30}, now=1.0
    )
    await store.save_table("t2", guild_id=GUILD, channel_id=56, state={"button": 4}, now=2.0)
    tables = {t.table_id: t for t in await store.load_open_tables()}
    assert set(tables) == {"t1", "t2"}
    assert tables["t2"].state == {"button": 4}
    assert tables["t2"].settings == {"turn": 30}
    await store.close_table("t1", now=3.0, state={"seats": ["gone"]})
    assert [t.table_id for t in await store.load_open_tables()] == ["t2"]
    closed = await store.load_table("t1")
    assert closed is not None and not closed.open and closed.state == {"seats": ["gone"]}
    with pytest.raises(HandStateError):
        await store.close_table("nope", now=4.0)


async def test_buy_in_and_cash_out_commit_with_the_table(store: Store) -> None:
    await store.ensure_wallet(GUILD, 7, starting_grant=1000, now=0.0)
    await store.buy_in(GUILD, 7, 400, table_id="t1", now=1.0, table_state={"stacks": {"7": 400}})
    assert (await store.load_table("t1")).state == {"stacks": {"7": 400}}  # type: ignore[union-attr]
    with pytest.raises(HandStateError):  # no such table: the buy-in is rolled back too
        await store.buy_in(GUILD, 7, 100, table_id="zz", now=2.0, table_state={})
    assert await store.balance(GUILD, 7) == 600
    assert await store.cash_out(GUILD, 7, 450, table_id="t1", now=3.0, table_state={}) == 1050
    assert await store.cash_out(GUILD, 7, 0, table_id="t1", now=4.0) == 1050
    assert [r for _, r, _ in await store.ledger(GUILD, 7)] == ["grant", "buy_in", "cash_out"]


# ------------------------------------------------------------------ hands


def _config(rng: random.Random) -> HandConfig:
    n = rng.randint(2, 9)
    return HandConfig(
        stacks=tuple(rng.randint(10, 300) for _ in range(n)),
        button=rng.randrange(n),
        small_blind=1,
        big_blind=2,
        structure=rng.choice(list(Structure)),
    )


async def _play(store: Store, rng: random.Random, *, stop: int | None = None) -> tuple[int, Hand]:
    config = _config(rng)
    deck = random_deck(rng)
    players = [100 + p for p in range(config.player_count)]
    hand_id = await store.start_hand(
        table_id="t1", config=config, deck=deck, players=players, now=1.0, deadline=31.0
    )
    hand = Hand(config, deck)
    seq = 0
    while hand.to_act is not None and seq != stop:
        action = random_action(hand, rng)
        hand.act(action)
        await store.append_action(hand_id, seq, action, deadline=100.0 + seq)
        seq += 1
    return hand_id, hand


async def test_hands_round_trip_exactly(store: Store) -> None:
    rng = random.Random(2026)
    for _ in range(25):
        hand_id, hand = await _play(store, rng)
        record = await store.load_hand(hand_id)
        again = record.replay()
        assert again.events == hand.events
        assert again.stacks == hand.stacks
        assert record.players == tuple(100 + p for p in range(hand.player_count))


async def test_open_hand_resumes_at_the_same_decision(database: str, store: Store) -> None:
    rng = random.Random(5)
    live: dict[int, Hand] = {}
    for stop in (0, 1, 2, 3):
        hand_id, hand = await _play(store, rng, stop=stop)
        if hand.to_act is not None:
            live[hand_id] = hand
    await store.close()
    reopened = await Store.open(database)  # a restart
    try:
        records = await reopened.open_hands()
        assert {r.hand_id for r in records} == set(live)
        for record in records:
            original = live[record.hand_id]
            resumed = record.replay()
            assert resumed.events == original.events
            assert resumed.legal_actions() == original.legal_actions()
            assert [str(c) for c in resumed.hole[0]] == [str(c) for c in original.hole[0]]
            assert record.deadline == (31.0 if not record.actions else 99.0 + len(record.actions))
            await reopened.set_deadline(record.hand_id, 500.0)
            assert (await reopened.load_hand(record.hand_id)).deadline == 500.0
            # the hand goes on from where it stood
            action = Action(player=original.to_act or 0, kind=ActionKind.FOLD)
            resumed.act(action)
            await reopened.append_action(record.hand_id, len(record.actions), action)
    finally:
        await reopened.close()


async def test_actions_out_of_sequence_or_after_the_end_are_refused(store: Store) -> None:
    hand_id, hand = await _play(store, random.Random(3), stop=2)
    fold = Action(player=hand.to_act or 0, kind=ActionKind.FOLD)
    for bad_seq in (0, 1, 3):
        with pytest.raises(HandStateError, match="out of sequence"):
            await store.append_action(hand_id, bad_seq, fold)
    with pytest.raises(HandStateError, match="no such hand"):
        await store.append_action(9999, 0, fold)
    assert len((await store.load_hand(hand_id)).actions) == 2
    await store.finish_hand(hand_id, nets=[0] * hand.player_count, now=5.0, counted=False)
    with pytest.raises(HandStateError, match="finished"):
        await store.append_action(hand_id, 2, fold)
    with pytest.raises(HandStateError):
        await store.finish_hand(hand_id, nets=[0] * hand.player_count, now=6.0)
    assert await store.open_hands() == []


async def test_start_hand_needs_an_open_table(store: Store) -> None:
    config = HandConfig(stacks=(10, 10), button=0, small_blind=1, big_blind=2)
    with pytest.raises(HandStateError):
        await store.start_hand(
            table_id="nope", config=config, deck=random_deck(random.Random(1)),
            players=[1, 2], now=0.0,
        )  # fmt: skip


async def test_action_is_committed_before_append_returns(database: str) -> None:
    store = await Store.open(database, exclusive=False)
    try:
        await store.save_table("t1", guild_id=GUILD, channel_id=1, state={}, now=0.0)
        hand_id, _ = await _play(store, random.Random(11), stop=3)
        reader = await Store.open(database, exclusive=False)  # another connection sees it
        try:
            assert len((await reader.load_hand(hand_id)).actions) == 3
        finally:
            await reader.close()
    finally:
        await store.close()


async def test_finish_hand_commits_results_stacks_and_moves_together(store: Store) -> None:
    for user in (100, 101):
        await store.ensure_wallet(GUILD, user, starting_grant=50, now=0.0)
    hand_id, hand = await _play(store, random.Random(8), stop=1)
    n = hand.player_count
    nets = [5, -5] + [0] * (n - 2)
    too_much = WalletMove(user_id=101, delta=-999, reason=Reason.HAND_RESULT)
    with pytest.raises(InsufficientChips):
        await store.finish_hand(
            hand_id, nets=nets, now=9.0, table_state={"stacks": "new"}, moves=[too_much]
        )
    assert (await store.load_hand(hand_id)).finished is False  # all rolled back
    assert (await store.load_table("t1")).state == {"seats": []}  # type: ignore[union-attr]
    won = WalletMove(user_id=100, delta=5, reason=Reason.HAND_RESULT)
    lost = WalletMove(user_id=101, delta=-5, reason=Reason.HAND_RESULT)
    await store.finish_hand(
        hand_id, nets=nets, now=9.0, result={"winner": 0}, table_state={"s": 1}, moves=[won, lost]
    )
    record = await store.load_hand(hand_id)
    assert record.finished and record.result == {"winner": 0} and record.deadline is None
    assert (await store.load_table("t1")).state == {"s": 1}  # type: ignore[union-attr]
    assert await store.ledger(GUILD, 100) == [(50, "grant", None), (5, "hand_result", "hand:1")]
    board = {r.user_id: r for r in await store.leaderboard(GUILD, by="net")}
    assert (board[100].net, board[100].hands_played) == (5, 1)
    assert (board[101].net, board[101].hands_played) == (-5, 1)
    [last] = await store.last_hands(GUILD, 101)
    assert (last.hand_id, last.player, last.net) == (hand_id, 1, -5)


async def test_a_hand_ends_moves_are_each_guarded_in_their_order(store: Store) -> None:
    """A member's moves at a hand's end are one change of their balance, checked as if made
    one by one: a rebuy's buy-in is paid from the grant made just before it, and a move that
    would take a balance below zero is refused by name, with nothing written."""
    for user in (100, 101):
        await store.ensure_wallet(GUILD, user, starting_grant=50, now=0.0)
    hand_id, hand = await _play(store, random.Random(8), stop=1)
    nets = [0] * hand.player_count
    grant = WalletMove(user_id=101, delta=10, reason=Reason.GRANT, ref="table:t1")
    short = WalletMove(user_id=101, delta=-100, reason=Reason.BUY_IN, ref="table:t1")
    with pytest.raises(InsufficientChips) as refused:
        await store.finish_hand(hand_id, nets=nets, now=9.0, moves=[grant, short])
    assert (refused.value.balance, refused.value.delta) == (60, -100)
    assert await store.ledger(GUILD, 101) == [(50, "grant", None)]
    rebuy = [
        WalletMove(user_id=101, delta=200, reason=Reason.GRANT, ref="table:t1"),
        WalletMove(user_id=101, delta=-230, reason=Reason.BUY_IN, ref="table:t1"),
        WalletMove(user_id=100, delta=30, reason=Reason.CASH_OUT),
    ]
    await store.finish_hand(hand_id, nets=nets, now=9.0, moves=rebuy)
    assert (await store.balance(GUILD, 100), await store.balance(GUILD, 101)) == (80, 20)
    assert await store.ledger(GUILD, 101) == [
        (50, "grant", None), (200, "grant", "table:t1"), (-230, "buy_in", "table:t1"),
    ]  # fmt: skip
    assert await store.ledger(GUILD, 100) == [(50, "grant", None), (30, "cash_out", "hand:1")]
    assert await store.audit(GUILD) == []


async def test_last_hands_newest_first(store: Store) -> None:
    rng = random.Random(4)
    ids = []
    for _ in range(4):
        hand_id, hand = await _play(store, rng)
        nets = [s - s0 for s, s0 in zip(hand.stacks, hand.config.stacks)]
        await store.finish_hand(hand_id, nets=nets, now=10.0 + hand_id)
        ids.append(hand_id)
    await _play(store, rng, stop=1)  # unfinished: not history yet
    assert [h.hand_id for h in await store.last_hands(GUILD, 100, 3)] == ids[::-1][:3]
    assert await store.last_hands(GUILD, 999) == []


async def test_phh_export_hides_the_cards_nobody_showed(store: Store) -> None:
    rng = random.Random(99)
    checked_mucks = checked_folds = 0
    for _ in range(30):
        hand_id, hand = await _play(store, rng)
        text = await store.export_phh(hand_id, names={100: "alice"})
        history = parse_history(text)
        assert "alice" in (history.players or ())
        dealt = [a for a in history.actions if a.startswith("d dh")]
        hidden = sum(1 for a in dealt if a.endswith("????"))
        assert hidden == hand.player_count - sum(hand.shown)
        for p in range(hand.player_count):
            cards = "".join(str(c) for c in hand.hole[p])
            assert (cards in text) == hand.shown[p]
        checked_folds += any(
            isinstance(e, PlayerActed) and e.kind is ActionKind.FOLD for e in hand.events
        )
        checked_mucks += any(isinstance(e, CardsMucked) for e in hand.events)
        if not any(isinstance(e, CardsMucked) for e in hand.events):
            # only folded cards are unknown: the public history still replays to our stacks
            assert verify_history(history).stacks == [
                hand.stacks[(p + hand.config.button + 1) % hand.player_count]
                for p in range(hand.player_count)
            ]
        full = await store.export_phh(hand_id, HiddenCards.NONE)
        assert "????" not in "".join(a for a in parse_history(full).actions if "dh" in a)
    assert checked_folds and checked_mucks
