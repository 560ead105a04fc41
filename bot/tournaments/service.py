"""Every event this process runs: creating them, the members' registrations, the tables'
reports, the restart. No Discord: the place the events are shown is an
:class:`~bot.tournaments.host.EventHost`.

An event is driven by one process: the one that runs its guild (and, with several processes
on PostgreSQL, holds the event's lease, ``event:<id>`` in the leases table, taken as the
store's fenced owner and renewed by the runner's clock).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.leases import claim_event
from bot.store.records import EventRecord
from bot.store.store import Store
from bot.tables.outcomes import Outcome, TableState
from bot.tables.service import TableService
from bot.tournaments.codec import config_from_dict, config_to_dict, input_from_dict
from bot.tournaments.errors import EventStarted, NoEvent
from bot.tournaments.host import EventHost
from bot.tournaments.runner import FIRST_DEAL_PAUSE, EventRunner
from engine.tournament import (
    Decision,
    EventConfig,
    Phase,
    Registered,
    Start,
    Unregistered,
    replay,
)

__all__ = ["MemberEvent", "Tournaments"]

log = logging.getLogger("holdem.tournament")


@dataclass(frozen=True, kw_only=True, slots=True)
class MemberEvent:
    """One event a member entered, as their history shows it: its ``status``; their
    ``place`` (best, worst) and ``prize`` once they finished, their ``chips`` while they play."""

    event_id: int
    name: str
    status: str
    entries: int
    place: tuple[int, int] | None = None
    prize: int = 0
    chips: int | None = None


class Tournaments:
    """The events of the guilds ``owns`` says this process runs."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        host: EventHost,
        *,
        clock: Callable[[], float],
        owns: Callable[[int], bool] = lambda guild: True,
        first_deal_pause: float = FIRST_DEAL_PAUSE,
    ) -> None:
        self.store = store
        self.service = service
        self.host = host
        self.clock = clock
        self.owns = owns
        self.first_deal_pause = first_deal_pause
        self.runners: dict[int, EventRunner] = {}

    # ----------------------------------------------------------------- lifecycle

    async def restore(self) -> list[int]:
        """Load and start every open event of the guilds run here (after the tables are
        restored, before the gateway connects); their ids."""
        started = []
        for record in await self.store.events.open():
            known = self.runners.get(record.event_id)
            if (known is not None and not known.closed) or not self.owns(record.guild_id):
                continue
            if not await claim_event(self.store, record.event_id, now=self.clock()):
                continue
            self._start(record)
            started.append(record.event_id)
        return started

    async def adopt_every(self, seconds: float) -> None:
        """With several processes: take over, as soon as their lease lapses, the events of
        this process's guilds that no process drives (their owner died: a restart within
        its lease window finds them still held). Until cancelled."""
        while True:
            await asyncio.sleep(seconds)
            try:
                adopted = await self.restore()
            except Exception as error:  # the database restarts: the next round tries again
                log.warning("could not look for events to drive", extra={"error": error})
                continue
            for event_id in adopted:
                log.info("event lease won", extra={"tournament": event_id})

    def _lease(self, event_id: int) -> Callable[[], Awaitable[bool]] | None:
        """How the event's runner renews its lease (``None``: the store runs no leases)."""
        if self.store.lease_owner is None:
            return None

        async def renew() -> bool:
            return await claim_event(self.store, event_id, now=self.clock())

        return renew

    def _start(self, record: EventRecord) -> EventRunner:
        runner = EventRunner.load(
            record, store=self.store, service=self.service, host=self.host, clock=self.clock,
            first_deal_pause=self.first_deal_pause,
            lease=self._lease(record.event_id),
        )  # fmt: skip
        self.runners[record.event_id] = runner
        runner.start()
        return runner

    async def aclose(self) -> None:
        for runner in list(self.runners.values()):
            await runner.stop()
        self.runners.clear()

    # ----------------------------------------------------------------- events

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        config: EventConfig,
        settings: Mapping[str, Any],
        computers: Sequence[tuple[str, str]] = (),
    ) -> EventRunner:
        """Open an event for registration; ``computers`` (``(player, name)``, practice
        events) are registered at once."""
        names = dict(settings.get("names") or {})
        names.update(dict(computers))
        stored = {**settings, "names": names, "starting_chips": config.starting_chips}
        now = self.clock()
        event_id = await self.store.events.create(
            guild_id=guild_id, channel_id=channel_id, name=name, config=config_to_dict(config),
            settings=stored, now=now,
        )  # fmt: skip
        record = await self.store.events.load(event_id)
        assert record is not None
        await claim_event(self.store, event_id, now=self.clock())
        runner = self._start(record)
        for player, _ in computers:
            await runner.submit(Registered(player=player))
        return runner

    def runner(self, event_id: int) -> EventRunner:
        runner = self.runners.get(event_id)
        if runner is None or runner.closed:
            raise NoEvent("no such event is open", event=event_id)
        return runner

    def in_channel(self, guild_id: int, channel_id: int) -> EventRunner:
        """The newest open event announced in the channel (or the event of the table thread
        it is asked in)."""
        found = [
            r
            for r in self.runners.values()
            if not r.closed
            and r.info.guild_id == guild_id
            and (
                r.info.channel_id == channel_id
                or channel_id in {int(t) for t in (r.info.settings.get("threads") or {}).values()}
            )
        ]
        if not found:
            raise NoEvent("no event is open in this channel", channel=channel_id)
        return max(found, key=lambda r: r.info.event_id)

    async def register(
        self, event_id: int, member: int, name: str | None = None
    ) -> tuple[Decision, ...]:
        """Register (or re-enter) the member: the buy-in leaves their wallet in the same
        transaction (InsufficientChips: nothing happens)."""
        runner = self.runner(event_id)
        if name:
            runner.info.settings.setdefault("names", {})[str(member)] = name
        return await runner.submit(Registered(player=str(member)))

    async def unregister(self, event_id: int, member: int) -> tuple[Decision, ...]:
        return await self.runner(event_id).submit(Unregistered(player=str(member)))

    async def start(self, event_id: int) -> tuple[Decision, ...]:
        return await self.runner(event_id).submit(Start())

    async def cancel(self, event_id: int) -> None:
        """Before play starts: every registration is refunded, the event is cancelled."""
        runner = self.runner(event_id)
        if runner.state.phase is not Phase.REGISTERING:
            raise EventStarted("the event has started", event=event_id)
        for player in runner.state.registered:
            await runner.submit(Unregistered(player=player))
        await runner.cancel()
        self.runners.pop(event_id, None)

    async def keep_message(self, runner: EventRunner, message_id: int) -> None:
        """The event message was posted: write down its id (its edits follow the event)."""
        runner.info.message_id = message_id
        await self.store.events.update(
            runner.info.event_id, now=self.clock(), message_id=message_id
        )

    async def standings(self, guild_id: int, event_id: int | None) -> EventRunner | None:
        """An event of the guild as it stands: one run here, else one from the store (a
        finished or cancelled event, loaded but not started); the newest when no number is
        given. ``None`` when the guild has no such event."""
        if event_id is not None:
            runner = self.runners.get(event_id)
            if runner is not None and runner.info.guild_id == guild_id:
                return runner
        records = await self.store.events.of_guild(guild_id)
        chosen = [r for r in records if event_id is None or r.event_id == event_id]
        if not chosen:
            return None
        if chosen[0].event_id in self.runners:
            return self.runners[chosen[0].event_id]
        record = await self.store.events.load(chosen[0].event_id)
        if record is None:
            return None
        return EventRunner.load(
            record, store=self.store, service=self.service, host=self.host, clock=self.clock
        )

    async def save_preset(self, guild_id: int, name: str, config: EventConfig, *, by: int) -> bool:
        """Keep ``config``'s structure (all of it but its seed) as the guild's ``name``;
        ``False`` when the guild keeps as many as it may already."""
        stored = {k: v for k, v in config_to_dict(config).items() if k != "seed"}
        return await self.store.events.save_preset(guild_id, name, stored, by=by, now=self.clock())

    async def preset(self, guild_id: int, name: str, *, seed: str) -> EventConfig | None:
        """The guild's saved structure ``name`` with a new ``seed``; ``None`` if it has none
        by that name."""
        stored = await self.store.events.preset(guild_id, name)
        return None if stored is None else config_from_dict({**stored, "seed": seed})

    async def history(self, guild_id: int, member: int, *, limit: int = 10) -> list[MemberEvent]:
        """The member's own events in the guild, newest first, each replayed from its log
        (an event run here is read as its runner has it)."""
        found = []
        for event_id in await self.store.events.of_member(guild_id, member, limit=limit):
            runner = self.runners.get(event_id)
            if runner is not None:
                state, name, status = runner.state, runner.info.name, runner.info.status
            else:
                record = await self.store.events.load(event_id)
                if record is None:
                    continue
                inputs = [input_from_dict(row.data) for row in record.inputs]
                state, _ = replay(config_from_dict(record.config), inputs)
                name, status = record.name, record.status
            me = str(member)
            place = next((p for p in reversed(state.places) if me in p.players), None)
            prize = 0
            if place is not None:
                prize = sum(p for x, p in zip(place.players, place.prizes, strict=True) if x == me)
            found.append(
                MemberEvent(
                    event_id=event_id,
                    name=name,
                    status=status,
                    entries=state.total_entries or len(state.registered),
                    place=None if place is None else (place.best, place.worst),
                    prize=prize,
                    chips=state.chips.get(me) if state.phase is Phase.RUNNING else None,
                )
            )
        return found

    # ----------------------------------------------------------------- the tables' side

    def receive(self, outcome: Outcome) -> None:
        """A table-service listener: a hand ended at an event's table."""
        event = outcome.state.event
        if event is None or not outcome.hand_over:
            return
        runner = self.runners.get(event)
        if runner is not None and not runner.closed:
            runner.hand_over(outcome)

    def wants_deal(self, state: TableState) -> bool:
        """An event table's loop is ready to deal: the director decides (``True``: the
        table is an event's, its loop does not deal by itself)."""
        if state.event is None:
            return False
        runner = self.runners.get(state.event)
        if runner is not None and not runner.closed and state.event_table is not None:
            runner.wants_deal(state.event_table)
        return True
