"""The director's rulings on a running event: pause and resume play, remove (disqualify) a
player, correct a stack, move a player to another seat, stop the event and settle it. Each is
one input of the event's log (:data:`~engine.tournament.records.Ruling`), applied by
:func:`rule` to the director's working state, so a restart replays it exactly as it was
first applied.

A ruling on a player dealt in the hand being played at their table waits for that hand's
end (a hand's chips are never changed while it is played): the director keeps it in
``pending`` and applies it when the table reports the hand, before balancing. The rules are
published in RULES.md ("The director's tools").
"""

from __future__ import annotations

from typing import Protocol

from engine.errors import SessionError
from engine.tournament.config import EventConfig
from engine.tournament.payouts import in_proportion
from engine.tournament.places import Out
from engine.tournament.records import (
    CorrectStack,
    Decision,
    EventStopped,
    MovePlayer,
    MoveReason,
    Pause,
    PlaceFinished,
    PlayerRemoved,
    PlayPaused,
    Remove,
    Resume,
    Ruling,
    Settlement,
    StackSet,
)

# The seating's own move, so a director's move follows the same rule for waiting for the
# big blind as a balance or a break does.
from engine.tournament.seating import _move as move
from engine.tournament.tables import TableState

__all__ = ["Floor", "Pending", "apply_pending", "edit", "rule"]

Pending = tuple[str, int | None, str]
"""A ruling waiting for a hand's end: ``(player, chips, reason)``; ``chips`` ``None`` is a
removal."""


class Floor(Protocol):
    """What a ruling changes of the director's working state (the director's own copy of
    one input's state, :class:`engine.tournament.director.EventState` while it works)."""

    config: EventConfig
    paused: bool
    seconds: float
    pending: list[Pending]
    chips: dict[str, int]
    tables: dict[int, TableState]
    entries: dict[str, int]
    total_entries: int
    registration_open: bool
    prizes: tuple[int, ...]
    places: list[PlaceFinished]
    placed: int
    round_outs: list[Out]
    unplaced: list[tuple[Out, ...]]
    ready: set[int]
    out: list[Decision]

    def settle(self) -> None: ...

    def _bust(self, outs: tuple[Out, ...]) -> None: ...

    def _place(self, outs: tuple[Out, ...]) -> None: ...


def _error(message: str, code: str) -> SessionError:
    return SessionError(message, code=code)


def edit(work: Floor, config: EventConfig, *, registered: int) -> None:
    """Before the start: the event's settings become ``config``, the ``registered`` players
    still fitting it. The seed (the draws) and the buy-in (already paid) cannot change, nor
    can a cap or a sit-and-go's size come down to the players already registered (a replay
    of the log would then refuse a registration, or start earlier than play did)."""
    old = work.config
    if config.seed != old.seed or config.buy_in != old.buy_in:
        raise _error("the seed and the buy-in stay as they were", "tournament_edit_fixed")
    if (config.max_entries is not None and config.max_entries < registered) or (
        config.start_when is not None and config.start_when <= registered
    ):
        raise _error("the field is already past that", "tournament_edit_field")
    work.config = config


def rule(work: Floor, ruling: Ruling) -> bool:
    """Apply ``ruling`` to a running event's ``work``; whether it ended the event. Raises
    :class:`SessionError` (nothing changes) when it cannot be made now."""
    if isinstance(ruling, Pause):
        if work.paused:
            raise _error("play is already paused", "tournament_paused")
        work.paused = True
        work.seconds = max(work.seconds, ruling.seconds)
        work.out.append(PlayPaused(on=True, seconds=work.seconds))
    elif isinstance(ruling, Resume):
        if not work.paused:
            raise _error("play is not paused", "tournament_not_paused")
        work.paused = False
        work.out.append(PlayPaused(on=False, seconds=work.seconds))
    elif isinstance(ruling, Remove):
        _player_ruling(work, (ruling.player, None, ruling.reason))
    elif isinstance(ruling, MovePlayer):
        _move_player(work, ruling)
    elif isinstance(ruling, CorrectStack):
        if ruling.chips < 1:
            raise _error("a corrected stack is at least 1 chip", "tournament_bad_stack")
        _player_ruling(work, (ruling.player, ruling.chips, ruling.reason))
    else:
        _stop(work, ruling.settlement)
        return True
    work.settle()
    return False


def _player_ruling(work: Floor, pending: Pending) -> None:
    player = pending[0]
    if player not in work.chips:
        raise _error(f"{player} is not playing in the event", "tournament_not_playing")
    table = next(t for t in work.tables.values() if player in t.seats)
    if table.in_hand and player in table.hand_players:
        work.pending = [p for p in work.pending if p[0] != player] + [pending]
        return
    _apply(work, pending, table.number)


def _move_player(work: Floor, ruling: MovePlayer) -> None:
    player = ruling.player
    if player not in work.chips:
        raise _error(f"{player} is not playing in the event", "tournament_not_playing")
    source = next(t for t in work.tables.values() if player in t.seats)
    if source.in_hand and player in source.hand_players:
        raise _error(f"{player} is in a hand", "tournament_in_hand")
    target = work.tables.get(ruling.table)
    if target is None:
        raise _error(f"no table {ruling.table}", "tournament_no_table")
    if not 0 <= ruling.seat < len(target.seats) or target.seats[ruling.seat] is not None:
        raise _error(f"seat {ruling.seat} is not free", "tournament_seat_taken")
    work.out.append(move(work.tables, player, source.number, target.number, ruling.seat,
                         MoveReason.DIRECTOR))  # fmt: skip


def apply_pending(work: Floor, number: int) -> None:
    """The hand at table ``number`` is over: apply the rulings that waited for it (those
    on a player who busted in it lapse)."""
    waiting, work.pending = work.pending, []
    for pending in waiting:
        table = work.tables.get(number)
        if pending[0] not in work.chips:
            continue
        if table is not None and pending[0] in table.seats:
            _apply(work, pending, number)
        else:
            work.pending.append(pending)


def _apply(work: Floor, pending: Pending, number: int) -> None:
    player, chips, reason = pending
    before = work.chips[player]
    if chips is not None:
        work.chips[player] = chips
        work.out.append(
            StackSet(player=player, table=number, before=before, after=chips, reason=reason)
        )
        return
    table = work.tables[number]
    work.tables[number] = table.with_player(table.seat_of(player), None)
    del work.chips[player]
    work.out.append(PlayerRemoved(player=player, table=number, chips=before, reason=reason))
    work._bust((Out(player=player, table=number, started=before),))


def _stop(work: Floor, settlement: Settlement) -> None:
    """End the event now: every bust placed, the players still in placed by their chips."""
    if any(t.in_hand for t in work.tables.values()):
        raise _error("hands are still being played: pause first", "tournament_hands_running")
    if settlement is Settlement.REFUND and any(sum(p.prizes) for p in work.places):
        raise _error("prizes have been paid: settle by chip count", "tournament_prizes_paid")
    if settlement is Settlement.REFUND or work.registration_open:
        work.prizes = ()  # nothing is paid by place: refunds, or the chip count's shares
    outs = [*work.round_outs, *(o for group in work.unplaced for o in group)]
    work.unplaced, work.round_outs = [], []
    work.registration_open = False
    if outs:
        work._place(tuple(outs))
    paid = sum(sum(p.prizes) for p in work.places)
    remaining = work.config.buy_in * work.total_entries - paid
    standing = sorted(work.chips.items(), key=lambda pc: (-pc[1], pc[0]))
    shares = (
        in_proportion(remaining, [c for _, c in standing])
        if settlement is Settlement.CHIP_COUNT and remaining > 0
        else (0,) * len(standing)
    )
    for k, ((player, _), share) in enumerate(zip(standing, shares, strict=True)):
        finished = PlaceFinished(best=k + 1, worst=k + 1, players=(player,), prizes=(share,))
        work.places.append(finished)
        work.out.append(finished)
    work.placed += len(standing)
    refunds: tuple[tuple[str, int], ...] = ()
    if settlement is Settlement.REFUND and work.config.buy_in:
        refunds = tuple(
            (player, count * work.config.buy_in) for player, count in sorted(work.entries.items())
        )
    work.out.append(EventStopped(settlement=settlement, refunds=refunds))
    work.paused = False
    work.pending = []
    work.ready = set()
