"""The stand-in's guild scheduled events, modelled on Discord's documentation ("Guild
Scheduled Event", "Permissions", the JSON error codes):

- ``POST /guilds/{guild}/scheduled-events`` needs Create Events (``1 << 44``) in the bot's
  guild permissions, else 403 with code 50013; an EXTERNAL event (entity type 3) needs
  ``entity_metadata.location`` and ``scheduled_end_time`` (else 400, 50035), as does a start
  in the past; a guild holds at most 100 scheduled or active events (code 30038).
- ``GET`` lists the guild's scheduled and active ones, or one by id; ``PATCH`` and ``DELETE``
  act on an event the bot made with Create Events (or Manage Events, ``1 << 33``; someone
  else's needs Manage Events); an unknown id is 404, code 10070.
- ``GET /guilds/{guild}/scheduled-events/{event}/users``: the members who marked it
  Interested (at most ``limit``, 100 by default, after the id ``after``).
- Status by Discord's clock (:attr:`StandIn.clock`): an EXTERNAL event is active from its
  start and completed at its end by itself.
- Gateway: GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE for each change and
  GUILD_SCHEDULED_EVENT_USER_ADD when a member marks one Interested (:meth:`interest`),
  which need the GUILD_SCHEDULED_EVENTS intent (``1 << 16``: in discord.py's default
  intents); a new connection gets them with GUILD_CREATE.

Not modelled: recurrence rules, images, voice and stage events, the cancellation of an event
still scheduled hours after its start. :class:`ScheduledEventRoutes` is a part of
:class:`~tests.wire.standin.StandIn` (one of its bases).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import payloads
from .clock import Clock
from .payloads import Person, snowflake
from .records import ENTRY
from .records import json_response as _json

__all__ = ["CREATE_EVENTS", "MANAGE_EVENTS", "ScheduledEventRoutes"]

CREATE_EVENTS = 1 << 44
MANAGE_EVENTS = 1 << 33
EXTERNAL = 3
SCHEDULED, ACTIVE, COMPLETED = 1, 2, 3
LIMIT = 100
INTENT = 1 << 16


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"message": message, "code": code}, status)


def _seconds(iso: str) -> float:
    return dt.datetime.fromisoformat(iso).timestamp()


class ScheduledEventRoutes:
    """The guild's scheduled events, for the bot (REST, gateway) and for tests."""

    guild_id: int
    bot: Person
    clock: Clock
    people: list[Person]
    scheduled: dict[str, dict[str, Any]]
    interested: dict[str, list[int]]
    bot_permissions: int

    gateway: Any

    async def _tell(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch to a bot that identified with the GUILD_SCHEDULED_EVENTS intent, as
        Discord does (and to nobody when none is connected)."""
        identified = [f for f in self.gateway.frames if f.get("op") == 2]
        if identified and int(identified[-1]["d"].get("intents", 0)) & INTENT:
            await self.gateway.dispatch(event, data)

    # ------------------------------------------------------------------ for tests
    def now_epoch(self) -> float:
        """Discord's wall-clock now: the machine's, moved as far as the test moved
        :attr:`clock`."""
        return time.time() + self.clock.offset

    def scheduled_events(self) -> list[dict[str, Any]]:
        """Every event the guild holds now (its status by Discord's clock), oldest first."""
        return [self._current(e) for e in self.scheduled.values()]

    async def interest(self, event_id: str, person: Person) -> None:
        """``person`` marks the event Interested (Discord tells the bot on the gateway)."""
        self.interested.setdefault(event_id, []).append(person.id)
        self.scheduled[event_id]["user_count"] = len(self.interested[event_id])
        data = {
            "guild_scheduled_event_id": event_id, "user_id": str(person.id),
            "guild_id": str(self.guild_id),
        }  # fmt: skip
        await self._tell("GUILD_SCHEDULED_EVENT_USER_ADD", data)

    def scheduled_event_routes(self) -> list[tuple[str, str, Callable[[web.Request], Any]]]:
        base = "/guilds/{guild}/scheduled-events"
        return [
            ("GET", base, self._list_events),
            ("POST", base, self._create_event),
            ("GET", base + "/{event}", self._one_event),
            ("PATCH", base + "/{event}", self._one_event),
            ("DELETE", base + "/{event}", self._one_event),
            ("GET", base + "/{event}/users", self._event_users),
        ]

    # ------------------------------------------------------------------ the parts
    def _current(self, event: dict[str, Any]) -> dict[str, Any]:
        now = self.now_epoch()
        if event["status"] in (SCHEDULED, ACTIVE) and event["entity_type"] == EXTERNAL:
            end = event.get("scheduled_end_time")
            if end is not None and now >= _seconds(end):
                event["status"] = COMPLETED
            elif now >= _seconds(event["scheduled_start_time"]):
                event["status"] = ACTIVE
        return event

    def _may(self, event: dict[str, Any] | None) -> bool:
        if self.bot_permissions & MANAGE_EVENTS:
            return True
        own = event is None or event["creator_id"] == str(self.bot.id)
        return own and bool(self.bot_permissions & CREATE_EVENTS)

    def _invalid(self, body: dict[str, Any]) -> str | None:
        """Why Discord would refuse this event's fields, if it would."""
        if not str(body.get("name") or "").strip():
            return "name"
        start = body.get("scheduled_start_time")
        if not start or _seconds(start) < self.now_epoch():
            return "scheduled_start_time"
        if body.get("entity_type") == EXTERNAL:
            location = (body.get("entity_metadata") or {}).get("location")
            if not location or len(location) > 100:
                return "entity_metadata.location"
            end = body.get("scheduled_end_time")
            if not end or _seconds(end) <= _seconds(start):
                return "scheduled_end_time"
        if len(str(body.get("description") or "")) > 1000:
            return "description"
        return None

    async def _list_events(self, request: web.Request) -> Any:
        return [e for e in self.scheduled_events() if e["status"] in (SCHEDULED, ACTIVE)]

    async def _create_event(self, request: web.Request) -> Any:
        if not self._may(None):
            return _error(403, 50013, "Missing Permissions")
        body = dict(request[ENTRY].body or {})
        invalid = self._invalid(body)
        if invalid is not None:
            return _error(400, 50035, f"Invalid Form Body: {invalid}")
        live = [e for e in self.scheduled_events() if e["status"] in (SCHEDULED, ACTIVE)]
        if len(live) >= LIMIT:
            return _error(400, 30038, "Maximum number of guild scheduled events reached")
        event_id = snowflake()
        event = {
            "id": event_id, "guild_id": str(self.guild_id), "channel_id": None,
            "creator_id": str(self.bot.id), "creator": payloads.user(self.bot),
            "name": body["name"], "description": body.get("description"),
            "scheduled_start_time": body["scheduled_start_time"],
            "scheduled_end_time": body.get("scheduled_end_time"),
            "privacy_level": body.get("privacy_level", 2), "status": SCHEDULED,
            "entity_type": body.get("entity_type", EXTERNAL), "entity_id": None,
            "entity_metadata": body.get("entity_metadata"), "user_count": 0, "image": None,
            "recurrence_rule": body.get("recurrence_rule"),
        }  # fmt: skip
        self.scheduled[event_id] = event
        await self._tell("GUILD_SCHEDULED_EVENT_CREATE", event)
        return event

    async def _one_event(self, request: web.Request) -> Any:
        event = self.scheduled.get(request.match_info["event"])
        if event is None or event["status"] not in (SCHEDULED, ACTIVE):
            return _error(404, 10070, "Unknown Guild Scheduled Event")
        if request.method == "GET":
            return self._current(event)
        if not self._may(event):
            return _error(403, 50013, "Missing Permissions")
        if request.method == "DELETE":
            del self.scheduled[event["id"]]
            await self._tell("GUILD_SCHEDULED_EVENT_DELETE", event)
            return web.Response(status=204)
        changes = dict(request[ENTRY].body or {})
        merged = {**event, **{k: v for k, v in changes.items() if k in event}}
        invalid = self._invalid(merged)
        if invalid is not None:
            return _error(400, 50035, f"Invalid Form Body: {invalid}")
        event.update(merged)
        await self._tell("GUILD_SCHEDULED_EVENT_UPDATE", event)
        return event

    async def _event_users(self, request: web.Request) -> Any:
        event_id = request.match_info["event"]
        if event_id not in self.scheduled:
            return _error(404, 10070, "Unknown Guild Scheduled Event")
        limit = min(100, int(request.query.get("limit", "100")))
        after = int(request.query.get("after", "0"))
        people = {p.id: p for p in self.people}
        ids = sorted(m for m in self.interested.get(event_id, []) if m > after)[:limit]
        return [
            {"guild_scheduled_event_id": event_id, "user": payloads.user(people[m])} for m in ids
        ]
