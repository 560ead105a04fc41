"""Every table event is one log line with its guild, channel and table, and no card."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.store.store import Store
from bot.tables.service import TableService
from engine import CARDS, preset
from tests.engine.simulate import random_move


async def test_logs_name_the_table_and_never_a_card(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(5)
    deck = list(CARDS)
    rng.shuffle(deck)
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    service = TableService(store, clock=lambda: 1000.0, deck_source=lambda: deck, rng=rng)
    caplog.set_level(logging.INFO, logger="holdem.table")
    try:
        await service.seats.open_table(1, 2, 10, preset("no-limit"), 100)
        await service.seats.join(1, 2, 11, 100)
        result = await service.hands.deal(1, 2)
        members = result.hand_members
        holes = [c for p in result.private for c in p.cards]
        while (turn := service.tables.state("1:2").turn) is not None:
            action = random_move(turn.legal, rng)
            member = members[action.player]
            await service.hands.act(1, 2, member, action.kind, action.amount)
        await service.seats.stop(1, 2, 10)
    finally:
        await store.close()
    records = [r for r in caplog.records if r.name == "holdem.table"]
    events = [r.getMessage() for r in records]
    assert events[:3] == ["table opened", "seated", "seated"]
    assert "hand dealt" in events and "action" in events and "hand finished" in events
    assert events[-1] == "table stopped"
    for record in records:
        assert (record.guild, record.channel, record.table) == (1, 2, "1:2")  # type: ignore[attr-defined]
        text = " ".join(f"{k}={v}" for k, v in vars(record).items())
        assert not any(str(card) in text.split() for card in holes)
    assert result.hand_id >= 1
