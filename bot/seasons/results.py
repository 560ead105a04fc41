"""A finished tournament's result as the league reads it: who finished where, in how big a
field, for what buy-in, rebuilt from the event's stored log alone.

The event's truth is its config and its log of the director's inputs
(:mod:`bot.tournaments.codec`); replaying them gives the places exactly as the director
decided them, so every table of points and every rating built from these results can be
rebuilt the same way at any time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from bot.store.records import EventRecord
from bot.tables.computers import is_computer
from bot.tournaments.codec import config_from_dict, input_from_dict
from engine.tournament import replay

__all__ = ["EventResult", "Finish", "result_of"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Finish:
    """``player`` (a member id) finished in places ``best`` to ``worst`` (shared places
    when several busted together and tied; one place: ``best == worst``)."""

    player: int
    best: int
    worst: int


@dataclass(frozen=True, kw_only=True, slots=True)
class EventResult:
    """A finished event: its ``field`` (entries, re-entries counted), its ``buy_in`` in
    chips, when it ended, and its members' finishes, best first (computer players hold their
    places, so the members keep theirs, but have no finish of their own)."""

    event_id: int
    guild_id: int
    name: str
    ended_at: float
    practice: bool
    field: int
    buy_in: int
    finishes: tuple[Finish, ...]
    names: Mapping[int, str] = dataclasses.field(default_factory=dict)
    """The members' names as they registered (the league shows them where the server no
    longer knows the member)."""


def result_of(record: EventRecord) -> EventResult | None:
    """The event's result, replayed from its stored log (``None``: not finished)."""
    if record.status != "finished":
        return None
    config = config_from_dict(record.config)
    names = record.settings.get("names") or {}
    state, _ = replay(config, (input_from_dict(row.data) for row in record.inputs))
    best: dict[int, Finish] = {}  # a player who re-entered keeps their best finish
    for place in state.places:
        for player in place.players:
            if not player.isdigit() or is_computer(int(player)):
                continue
            known = best.get(int(player))
            if known is None or place.best < known.best:
                best[int(player)] = Finish(player=int(player), best=place.best, worst=place.worst)
    finishes = sorted(best.values(), key=lambda f: (f.best, f.player))
    return EventResult(
        event_id=record.event_id, guild_id=record.guild_id, name=record.name,
        ended_at=record.updated_at, practice=bool(record.settings.get("practice")),
        field=state.total_entries, buy_in=config.buy_in, finishes=tuple(finishes),
        names={f.player: str(names[str(f.player)]) for f in finishes if str(f.player) in names},
    )  # fmt: skip
