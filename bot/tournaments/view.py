"""An event as its message shows it: the runner's state copied out as the presentation's
:class:`~bot.present.event.EventView` (values only; nothing of the runner leaks)."""

from __future__ import annotations

from bot.present.event import EventPlace, EventRuling, EventTableLine, EventView
from bot.tournaments.host import EventInfo
from bot.tournaments.runner import EventRunner
from engine.tournament import (
    Clock,
    Decision,
    EventStopped,
    MoveReason,
    Phase,
    PlayerMoved,
    PlayerRemoved,
    PlayPaused,
    RegistrationClosed,
    Settlement,
    StackSet,
)

__all__ = ["event_view", "payouts_label"]


def payouts_label(runner: EventRunner) -> str:
    """``"50/30/20"`` for explicit shares, else the structure's name."""
    config = runner.config
    if config.payouts:
        return "/".join(str(p) for p in config.payouts)
    return config.structure.value


def _hands_left(runner: EventRunner) -> int | None:
    config = runner.config
    if config.clock is not Clock.HANDS:
        return None
    _, left = config.hands_level(max((t.hands for t in runner.state.tables.values()), default=0))
    return left


def _level_ends_at(runner: EventRunner) -> tuple[float | None, float | None]:
    """When the level ends (on a break: when play resumes) and when the next break starts,
    in epoch seconds (with levels by hands, only when play resumes)."""
    config = runner.config
    state = runner.state
    if state.phase is not Phase.RUNNING or state.paused:
        return None, None  # paused: the clock stands, so no countdown is shown
    now = runner.clock()
    start = now - runner.seconds()  # when the event's clock read 0, as of now
    if config.clock is Clock.HANDS:  # levels by hands: only a break is timed
        if not state.on_break:
            return None, None
        until = state.break_until
        pause = 60.0 * config.pause_after(state.level)
        return (now + pause if until is None else max(now, start + until)), None
    ends = config.level_ends(state.level)
    if state.on_break:
        ends += 60.0 * config.pause_after(state.level)
    after = [b.after_level for b in config.breaks if b.after_level >= state.level]
    if state.on_break:
        after = [n for n in after if n > state.level]
    next_break = max(now, start + config.level_ends(min(after))) if after else None
    return max(now, start + ends), next_break


def ruling_of(info: EventInfo, decision: Decision) -> EventRuling | None:
    """The history line of a director's ruling among the decisions (``None``: not one)."""
    if isinstance(decision, PlayPaused):
        return EventRuling(kind="paused" if decision.on else "resumed")
    if isinstance(decision, PlayerMoved) and decision.reason is MoveReason.DIRECTOR:
        return EventRuling(
            kind="moved", name=info.name_of(decision.player), before=decision.from_table,
            after=decision.to_table,
        )  # fmt: skip
    if isinstance(decision, PlayerRemoved):
        return EventRuling(
            kind="removed", name=info.name_of(decision.player), before=decision.chips,
            reason=decision.reason,
        )  # fmt: skip
    if isinstance(decision, StackSet):
        return EventRuling(
            kind="corrected", name=info.name_of(decision.player), before=decision.before,
            after=decision.after, reason=decision.reason,
        )  # fmt: skip
    if isinstance(decision, EventStopped):
        refund = decision.settlement is Settlement.REFUND
        return EventRuling(kind="refunded" if refund else "chip_count")
    return None


def event_view(runner: EventRunner) -> EventView:
    info = runner.info
    state = runner.state
    config = runner.config
    chips = state.chips
    largest = max(chips.items(), key=lambda kv: (kv[1], kv[0]), default=None)
    blinds = config.level(state.level)
    ends, next_break = _level_ends_at(runner)
    names = info.name_of
    places = tuple(
        EventPlace(
            best=p.best, worst=p.worst, names=tuple(names(x) for x in p.players), prizes=p.prizes
        )
        for p in sorted(state.places, key=lambda p: p.best)
    )
    tables = tuple(
        EventTableLine(
            number=n,
            thread_id=info.thread_of(n),
            players=t.count,
            chips=sum(chips.get(p, 0) for p in t.players),
        )
        for n, t in sorted(state.tables.items())
    )
    closed = [d for d in runner.decisions if isinstance(d, RegistrationClosed)]
    winner = next((p.players[0] for p in state.places if p.best == 1), None)
    starts_at = info.settings.get("starts_at")
    return EventView(
        event_id=info.event_id,
        name=info.name,
        status=info.status,
        practice=info.practice,
        starts_at=float(starts_at) if isinstance(starts_at, (int, float)) else None,
        start_when=config.start_when,
        registered=tuple(names(p) for p in state.registered),
        entries=state.total_entries or len(state.registered),
        seats_per_table=config.seats_per_table,
        starting_chips=config.starting_chips,
        clock=config.clock.value,
        levels=tuple((lv.small_blind, lv.big_blind, lv.ante, lv.length) for lv in config.levels),
        breaks=tuple((b.after_level, b.minutes) for b in config.breaks),
        late_registration_until=config.late_registration_until,
        re_entries=config.re_entries,
        buy_in=config.buy_in,
        pool=config.buy_in * (state.total_entries or len(state.registered)),  # so far
        prizes=closed[-1].prizes if closed else (),
        payouts=payouts_label(runner),
        level=state.level,
        small_blind=blinds.small_blind,
        big_blind=blinds.big_blind,
        ante=blinds.ante,
        level_ends_at=ends,
        hands_left=_hands_left(runner),
        on_break=state.on_break,
        next_break_at=next_break,
        players_left=len(chips),
        average_stack=sum(chips.values()) // len(chips) if chips else 0,
        largest_stack=largest[1] if largest else 0,
        largest_name=names(largest[0]) if largest else None,
        hand_for_hand=state.hand_for_hand,
        tables=tables,
        places=places,
        winner=None if winner is None else names(winner),
        paused=state.paused,
        max_entries=config.max_entries,
        min_entries=config.min_entries,
        rulings=tuple(r for d in runner.decisions if (r := ruling_of(info, d)) is not None),
    )


def moves_of(runner: EventRunner) -> tuple[PlayerMoved, ...]:
    """Every move so far (for the operators' tools and tests)."""
    return tuple(d for d in runner.decisions if isinstance(d, PlayerMoved))
