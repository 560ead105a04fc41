"""An event's settings and the director's inputs as JSON values, for the store.

The event's truth is its :class:`~engine.tournament.EventConfig` and the list of its inputs
(:func:`engine.tournament.replay` rebuilds everything else), so these two are all that is
written; each input is one row, written before its decisions are acted on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tournament import (
    Break,
    BreakOrder,
    Clock,
    ClockTicked,
    CorrectStack,
    EditEvent,
    EventConfig,
    HandFinished,
    HandStarting,
    Input,
    Level,
    MovePlayer,
    Pause,
    PayoutStructure,
    Registered,
    Remove,
    Resume,
    Settlement,
    Start,
    Stop,
    Unregistered,
)

__all__ = ["config_from_dict", "config_to_dict", "input_from_dict", "input_to_dict"]


def config_to_dict(config: EventConfig) -> dict[str, Any]:
    return {
        "seats_per_table": config.seats_per_table,
        "starting_chips": config.starting_chips,
        "levels": [[lv.small_blind, lv.big_blind, lv.ante, lv.length] for lv in config.levels],
        "clock": config.clock.value,
        "breaks": [[b.after_level, b.minutes] for b in config.breaks],
        "start_when": config.start_when,
        "max_entries": config.max_entries,
        "min_entries": config.min_entries,
        "late_registration_until": config.late_registration_until,
        "re_entries": config.re_entries,
        "buy_in": config.buy_in,
        "payouts": list(config.payouts),
        "structure": config.structure.value,
        "redraw_at": list(config.redraw_at),
        "break_order": config.break_order.value,
        "halt_short": config.halt_short,
        "hand_for_hand_margin": config.hand_for_hand_margin,
        "seed": config.seed,
    }


def config_from_dict(data: Mapping[str, Any]) -> EventConfig:
    """The inverse of :func:`config_to_dict` (validated again by :class:`EventConfig`)."""
    return EventConfig(
        seats_per_table=int(data["seats_per_table"]),
        starting_chips=int(data["starting_chips"]),
        levels=tuple(
            Level(small_blind=int(s), big_blind=int(b), ante=int(a), length=int(n))
            for s, b, a, n in data["levels"]
        ),
        clock=Clock(data["clock"]),
        breaks=tuple(Break(after_level=int(a), minutes=int(m)) for a, m in data["breaks"]),
        start_when=None if data["start_when"] is None else int(data["start_when"]),
        max_entries=None if data.get("max_entries") is None else int(data["max_entries"]),
        min_entries=int(data.get("min_entries", 2)),  # events stored before the field's limits
        late_registration_until=int(data["late_registration_until"]),
        re_entries=int(data["re_entries"]),
        buy_in=int(data["buy_in"]),
        payouts=tuple(int(p) for p in data["payouts"]),
        structure=PayoutStructure(data["structure"]),
        redraw_at=tuple(int(n) for n in data["redraw_at"]),
        break_order=BreakOrder(data["break_order"]),
        halt_short=int(data["halt_short"]),
        hand_for_hand_margin=int(data["hand_for_hand_margin"]),
        seed=str(data["seed"]),
    )


def input_to_dict(item: Input) -> dict[str, Any]:
    if isinstance(item, Registered):
        return {"kind": "registered", "player": item.player}
    if isinstance(item, Unregistered):
        return {"kind": "unregistered", "player": item.player}
    if isinstance(item, Start):
        return {"kind": "start"}
    if isinstance(item, HandStarting):
        return {"kind": "hand-starting", "table": item.table}
    if isinstance(item, HandFinished):
        return {
            "kind": "hand-finished",
            "table": item.table,
            "stacks": [list(s) for s in item.stacks],
        }
    if isinstance(item, ClockTicked):
        return {"kind": "clock", "seconds": item.seconds}
    if isinstance(item, EditEvent):
        return {"kind": "edit", "config": config_to_dict(item.config)}
    return _ruling_to_dict(item)


def _ruling_to_dict(
    item: Pause | Resume | Remove | CorrectStack | MovePlayer | Stop,
) -> dict[str, Any]:
    """The director's rulings, as written to the event's log."""
    if isinstance(item, Pause):
        return {"kind": "pause", "seconds": item.seconds}
    if isinstance(item, Resume):
        return {"kind": "resume"}
    if isinstance(item, Remove):
        return {"kind": "remove", "player": item.player, "reason": item.reason}
    if isinstance(item, MovePlayer):
        return {"kind": "move", "player": item.player, "table": item.table, "seat": item.seat}
    if isinstance(item, CorrectStack):
        return {
            "kind": "correct",
            "player": item.player,
            "chips": item.chips,
            "reason": item.reason,
        }
    return {"kind": "stop", "settlement": item.settlement.value}


def input_from_dict(data: Mapping[str, Any]) -> Input:
    kind = data["kind"]
    if kind == "registered":
        return Registered(player=str(data["player"]))
    if kind == "unregistered":
        return Unregistered(player=str(data["player"]))
    if kind == "start":
        return Start()
    if kind == "hand-starting":
        return HandStarting(table=int(data["table"]))
    if kind == "hand-finished":
        return HandFinished(
            table=int(data["table"]),
            stacks=tuple((str(p), int(c)) for p, c in data["stacks"]),
        )
    if kind == "clock":
        return ClockTicked(seconds=float(data["seconds"]))
    if kind == "pause":
        return Pause(seconds=float(data["seconds"]))
    if kind == "resume":
        return Resume()
    if kind == "remove":
        return Remove(player=str(data["player"]), reason=str(data["reason"]))
    if kind == "correct":
        return CorrectStack(
            player=str(data["player"]), chips=int(data["chips"]), reason=str(data["reason"])
        )
    if kind == "move":
        return MovePlayer(
            player=str(data["player"]), table=int(data["table"]), seat=int(data["seat"])
        )
    if kind == "edit":
        return EditEvent(config=config_from_dict(data["config"]))
    if kind == "stop":
        return Stop(settlement=Settlement(data["settlement"]))
    raise ValueError(f"unknown tournament input {kind!r}")
