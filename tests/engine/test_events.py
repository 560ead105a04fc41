"""Event records: their quick ``__init__`` builds exactly what the dataclass's own would."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from engine import events
from engine.actions import ActionKind, Street
from engine.cards import CARDS

RECORDS = [
    getattr(events, name)
    for name in dir(events)
    if isinstance(getattr(events, name), type) and dataclasses.is_dataclass(getattr(events, name))
]

# One value of each field's annotated type, so that every record can be built.
SAMPLES: dict[str, Any] = {
    "int": 7,
    "bool": True,
    "str": "why",
    "ActionKind": ActionKind.RAISE,
    "Street": Street.TURN,
    "tuple[int, ...]": (1, 2, 3),
    "tuple[Card, ...]": (CARDS[0], CARDS[51]),
    "tuple[tuple[int, str, int], ...]": ((1, "a", 10),),
}


def _values(record: type) -> dict[str, Any]:
    return {f.name: SAMPLES[str(f.type)] for f in dataclasses.fields(record)}


def test_every_event_record_is_found() -> None:
    assert {r.__name__ for r in RECORDS} >= {"PlayerActed", "HandStarted", "SessionEnded"}


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_the_record_is_built_as_the_dataclass_builds_it(record: type) -> None:
    values = _values(record)
    built = record(**values)
    # the dataclass's own __init__, generated afresh for the same fields
    fields = dataclasses.fields(record)
    reference = dataclasses.make_dataclass(
        record.__name__,
        [(f.name, f.type, dataclasses.field(default=f.default)) for f in fields],
        frozen=True,
        kw_only=True,
        slots=True,
    )
    assert inspect.signature(record) == inspect.signature(reference)
    assert dataclasses.asdict(built) == values == dataclasses.asdict(reference(**values))
    assert built == record(**values) and hash(built) == hash(record(**values))
    assert repr(built) == repr(reference(**values))
    defaults = {f.name: f.default for f in fields}
    required = {k: v for k, v in values.items() if defaults[k] is dataclasses.MISSING}
    assert dataclasses.asdict(record(**required)) == dataclasses.asdict(reference(**required))
    assert copy.deepcopy(built) == built == pickle.loads(pickle.dumps(built))


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_the_record_stays_frozen_and_keyword_only(record: type) -> None:
    values = _values(record)
    built = record(**values)
    first = next(iter(values))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, first, values[first])
    with pytest.raises(TypeError):
        record(*values.values())
    with pytest.raises(TypeError):
        record(**{k: v for k, v in values.items() if k != first})  # every first field is required
    with pytest.raises(TypeError):
        record(**values, extra=1)
