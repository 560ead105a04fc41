"""Storing a :class:`~engine.table.Table`: a JSON-able snapshot that round-trips exactly.

The hand in progress is kept as its three defining facts (config, deck, actions) and replayed
on loading, so a stored table is never out of step with the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from engine.actions import Action, ActionKind
from engine.blinds import Plan, Roles
from engine.config import AnteMode, HandConfig, Structure
from engine.errors import InvalidSetup
from engine.events import (
    BlindLevelChanged,
    HandDealt,
    HandVoided,
    LeaderVoidedHand,
    PlayerLeft,
    PlayerSeated,
    Rebought,
    SessionEnded,
    SessionStarted,
    StackAdjusted,
    StatusChanged,
    TableEvent,
)
from engine.hand import replay
from engine.rules import HouseRules
from engine.seats import Seat, SeatStatus
from engine.table import Table

__all__ = ["config_from_dict", "config_to_dict", "table_from_dict", "table_to_dict"]

_EVENTS: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        PlayerSeated,
        PlayerLeft,
        StatusChanged,
        Rebought,
        BlindLevelChanged,
        HandDealt,
        LeaderVoidedHand,
        SessionStarted,
        StackAdjusted,
        SessionEnded,
        HandVoided,
    )
}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _event_to_dict(event: TableEvent) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in dataclasses.fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


def _event_from_dict(data: dict[str, Any]) -> TableEvent:
    fields = dict(data)
    cls = _EVENTS.get(fields.pop("type", ""))
    if cls is None:
        raise InvalidSetup("unknown table event in a snapshot", code="snapshot")
    event: TableEvent = cls(**{k: _tuples(v) for k, v in fields.items()})
    return event


def config_to_dict(config: HandConfig) -> dict[str, Any]:
    """Every field that defines a hand (``blinds`` is derived, so it is left out); plain
    JSON-able values, for table snapshots and the store alike."""
    return {
        "stacks": list(config.stacks),
        "button": config.button,
        "small_blind": config.small_blind,
        "big_blind": config.big_blind,
        "ante": config.ante,
        "ante_mode": config.ante_mode.value,
        "structure": config.structure.value,
        "small_bet": config.small_bet,
        "big_bet": config.big_bet,
        "raise_cap": config.raise_cap,
        "allow_all_in": config.allow_all_in,
        "burn": config.burn,
        "burn_hole": config.burn_hole,
        "posts": list(config.posts),
    }


def config_from_dict(data: Mapping[str, Any]) -> HandConfig:
    """The inverse of :func:`config_to_dict`; missing optional fields take their defaults,
    except ``burn_hole``: a hand stored without it was dealt before the burn before the hole
    cards existed, and must replay as it was dealt."""
    raise_cap = data.get("raise_cap")
    return HandConfig(
        stacks=tuple(int(s) for s in data["stacks"]),
        button=int(data["button"]),
        small_blind=int(data["small_blind"]),
        big_blind=int(data["big_blind"]),
        ante=int(data.get("ante", 0)),
        ante_mode=AnteMode(data.get("ante_mode", AnteMode.NONE.value)),
        structure=Structure(data.get("structure", Structure.NO_LIMIT.value)),
        small_bet=int(data.get("small_bet", 0)),
        big_bet=int(data.get("big_bet", 0)),
        raise_cap=None if raise_cap is None else int(raise_cap),
        allow_all_in=bool(data.get("allow_all_in", True)),
        burn=bool(data.get("burn", True)),
        burn_hole=bool(data.get("burn_hole", False)),
        posts=tuple(int(p) for p in data.get("posts", ())),
    )


def _seat_to_dict(seat: Seat | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    return {
        "player": seat.player,
        "stack": seat.stack,
        "status": seat.status.value,
        "waiting": seat.waiting,
        "leaving": seat.leaving,
    }


def _seat_from_dict(data: dict[str, Any] | None) -> Seat | None:
    if data is None:
        return None
    return Seat(
        player=data["player"],
        stack=data["stack"],
        status=SeatStatus(data["status"]),
        waiting=data["waiting"],
        leaving=data["leaving"],
    )


def _plan_to_dict(plan: Plan | None) -> dict[str, Any] | None:
    if plan is None:
        return None
    return {
        "seats": list(plan.seats),
        "button": plan.button,
        "big_blind": plan.big_blind,
        "posts": list(plan.posts),
    }


def _plan_from_dict(data: dict[str, Any] | None) -> Plan | None:
    if data is None:
        return None
    return Plan(
        seats=tuple(data["seats"]),
        button=data["button"],
        big_blind=data["big_blind"],
        posts=tuple(data["posts"]),
    )


_ROLE_FIELDS = tuple(f.name for f in dataclasses.fields(Roles))


def _roles_to_dict(roles: Roles) -> dict[str, Any]:
    return {name: getattr(roles, name) for name in _ROLE_FIELDS}


def table_to_dict(table: Table) -> dict[str, Any]:
    """Everything the next command needs, and nothing that grows with the hands played: the
    table's event log is left out (each command returns its events, and the application
    stores every hand in its own rows), so a save is as small after 10,000 hands as after
    10."""
    hand = table.hand
    stored_hand = None
    if hand is not None:
        stored_hand = {
            "config": config_to_dict(hand.config),
            "deck": list(table.hand_deck),
            "actions": [
                {"player": a.player, "kind": a.kind.value, "amount": a.amount} for a in hand.actions
            ],
            "seats": list(table.hand_seats),
            "plan": _plan_to_dict(table.hand_plan),
            "roles_before": _roles_to_dict(table.roles_before),
        }
    return {
        "rules": table.rules.to_dict(),
        "seats": [_seat_to_dict(s) for s in table.seats],
        "session": table.session,
        "hands_played": table.hands_played,
        "hands_total": table.hands_total,
        "level": table.level,
        "started_at": table.started_at,
        "ended": _event_to_dict(table.ended) if table.ended is not None else None,
        "left": dict(table.left),
        "roles": _roles_to_dict(table.roles),
        "redeal": _plan_to_dict(table.redeal),
        "hand": stored_hand,
        **({"directed": True} if table.directed else {}),
    }


def table_from_dict(data: dict[str, Any]) -> Table:
    """The inverse of :func:`table_to_dict`; a snapshot from before the button was kept
    (only ``bb_seat``) moves the big blind on for one hand, then the button moves as usual."""
    table = Table(HouseRules.from_dict(data["rules"]))
    table.seats = [_seat_from_dict(s) for s in data["seats"]]
    table.session = data["session"]
    table.hands_played = data["hands_played"]
    table.hands_total = data["hands_total"]
    table.level = data["level"]
    table.started_at = data["started_at"]
    ended = data["ended"]
    if ended is not None:
        event = _event_from_dict(ended)
        assert isinstance(event, SessionEnded)
        table.ended = event
    table.left = dict(data["left"])
    if "roles" in data:
        table.roles = Roles(**data["roles"])
    else:
        table.roles = Roles(big_blind=data.get("bb_seat"))
    table.redeal = _plan_from_dict(data.get("redeal"))
    table.directed = bool(data.get("directed", False))
    stored = data["hand"]
    if stored is not None:
        actions = [
            Action(player=a["player"], kind=ActionKind(a["kind"]), amount=a["amount"])
            for a in stored["actions"]
        ]
        table.hand = replay(config_from_dict(stored["config"]), stored["deck"], actions)
        table.hand_deck = tuple(stored["deck"])
        table.hand_seats = tuple(stored["seats"])
        table.hand_plan = _plan_from_dict(stored.get("plan"))
        if "roles_before" in stored:
            table.roles_before = Roles(**stored["roles_before"])
    return table
