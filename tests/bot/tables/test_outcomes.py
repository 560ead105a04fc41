"""What leaves the application: every outcome of every kind of command is made of frozen
values only (no live engine object), it reaches the listener in order, and hole cards travel
only in ``Outcome.private``."""

from __future__ import annotations

import dataclasses
import enum
import random

from bot.store.store import Store
from bot.tables.outcomes import Outcome, OutcomeKind
from bot.tables.service import TableService, table_id_for
from engine import HouseRules
from tests.bot.conftest import Clock
from tests.engine.simulate import random_deck, random_move

G, C = 1, 10
TID = table_id_for(G, C)
A, B, D = 101, 102, 103


def frozen_values_only(value: object, path: str = "outcome") -> None:
    """Walk the value: frozen dataclasses, enums, tuples and plain scalars, nothing else."""
    if value is None or isinstance(value, (str, int, float, bool, enum.Enum)):
        return
    if isinstance(value, tuple):
        for k, item in enumerate(value):
            frozen_values_only(item, f"{path}[{k}]")
        return
    assert dataclasses.is_dataclass(value) and not isinstance(value, type), (path, value)
    assert type(value).__dataclass_params__.frozen, f"{path} is not frozen: {type(value)}"  # type: ignore[attr-defined]
    for field in dataclasses.fields(value):
        frozen_values_only(getattr(value, field.name), f"{path}.{field.name}")


async def test_every_outcome_is_frozen_values_in_order(path: str) -> None:
    rng = random.Random(3)
    clock = Clock()
    store = await Store.open(path)
    seen: list[Outcome] = []
    try:
        service = TableService(store, clock=clock, deck_source=lambda: random_deck(rng), rng=rng)
        service.tables.subscribe(seen.append)
        opened = await service.seats.open_table(G, C, A, HouseRules(turn_seconds=30), 100, name="a")
        await service.seats.join(G, C, B, 100, name="b")
        await service.seats.join(G, C, D, 100, name="d")
        await service.seats.sit_out(G, C, D)
        await service.seats.sit_in(G, C, D)
        for hand in range(2):
            dealt = await service.hands.deal(G, C)
            assert dealt.private and all(p.member in dealt.hand_members for p in dealt.private)
            if hand == 0:  # one timeout: a second in a row would sit the member out
                clock.now += 31
                await service.hands.timeout(TID)
            while (turn := service.tables.state(TID).turn) is not None:
                await service.hands.act(G, C, turn.member, *_move(random_move(turn.legal, rng)))
        await service.seats.leave(G, C, B)
        await service.seats.stop(G, C, A)
        first_table = list(seen)
        await store.close()
        store = await Store.open(path)
        service = TableService(store, clock=clock, deck_source=lambda: random_deck(rng), rng=rng)
        await service.seats.open_table(G, C, 104, HouseRules(), 100)  # a table left open
        await store.close()
        store = await Store.open(path)
        service = TableService(store, clock=clock, deck_source=lambda: random_deck(rng), rng=rng)
        service.tables.subscribe(seen.append)
        restored = await service.tables.restore()
        assert [o.kind for o in restored] == [OutcomeKind.RESTORED]
    finally:
        await store.close()
    assert opened is seen[0]
    kinds = {o.kind for o in seen}
    assert {OutcomeKind.OPENED, OutcomeKind.JOINED, OutcomeKind.SAT_OUT, OutcomeKind.SAT_IN,
            OutcomeKind.DEALT, OutcomeKind.ACTED, OutcomeKind.TIMED_OUT, OutcomeKind.LEFT,
            OutcomeKind.STOPPED, OutcomeKind.RESTORED} <= kinds  # fmt: skip
    serials = [o.serial for o in first_table]
    assert serials == list(range(1, len(serials) + 1))  # in order, none missing
    for outcome in seen:
        frozen_values_only(outcome)
        for seat in outcome.state.occupied():  # hole cards only once tabled at the showdown
            assert seat.shown is None or outcome.showdown is not None or not outcome.state.in_hand


def _move(action: object) -> tuple[object, object]:
    return action.kind, action.amount  # type: ignore[attr-defined]
