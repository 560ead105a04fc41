"""The blind structure an event gets from a few numbers (the first big blind, the length of
a level, antes or not) or written out level by level, and its breaks.

The big blinds climb as most card rooms' do (about a third more each level, in round
numbers: 1, 1.5, 2, 3, 4, 5, 6, 8, 10 … times the first), the small blind is half the big
blind, and with antes a big blind ante of one big blind is paid from the third level on
(WSOP 2024 rule 85: the big blind ante). Past the last level the director doubles the last.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.tournament import Break, Clock, EventConfig, Level, PayoutStructure

__all__ = [
    "MAX_LEVELS",
    "STEPS",
    "breaks_every",
    "edited_config",
    "event_config",
    "parse_levels",
    "parse_payouts",
    "standard_levels",
]

MAX_LEVELS = 40
"""Levels a structure may write out (past the last, the director doubles it)."""
_LEVEL = re.compile(r"(\d{1,9})/(\d{1,9})(?:/(\d{1,9}))?")

STEPS = (2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 40, 50, 60, 80, 100, 120, 160, 200)
"""The big blinds in halves of the first big blind, level by level."""


def standard_levels(first_big_blind: int, length: int, *, antes: bool = False) -> tuple[Level, ...]:
    """The levels of an event whose first big blind is ``first_big_blind`` (rounded up to
    an even number so the small blind is whole), each ``length`` minutes or hands long.

    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in standard_levels(20, 15)[:4]]
    [(10, 20, 0), (15, 30, 0), (20, 40, 0), (30, 60, 0)]
    """
    half = max(1, (first_big_blind + 1) // 2)
    levels = []
    for number, step in enumerate(STEPS, start=1):
        big = half * step
        small = big // 2
        ante = big if antes and number >= 3 else 0
        levels.append(Level(small_blind=small, big_blind=big, ante=ante, length=length))
    return tuple(levels)


def parse_levels(text: str, length: int) -> tuple[Level, ...]:
    """Levels written out as ``small/big`` or ``small/big/ante``, separated by spaces or
    commas, each ``length`` minutes or hands long. Raises ValueError for anything else
    (the director checks the blinds themselves).

    >>> [(lv.small_blind, lv.big_blind, lv.ante) for lv in parse_levels("25/50, 100/200/25", 15)]
    [(25, 50, 0), (100, 200, 25)]
    """
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts or len(parts) > MAX_LEVELS:
        raise ValueError(text)
    levels = []
    for part in parts:
        match = _LEVEL.fullmatch(part)
        if match is None:
            raise ValueError(part)
        small, big, ante = (int(g) if g else 0 for g in match.groups())
        levels.append(Level(small_blind=small, big_blind=big, ante=ante, length=length))
    return tuple(levels)


def breaks_every(levels: int, minutes: int, *, until: int = 60) -> tuple[Break, ...]:
    """A break of ``minutes`` after every ``levels`` levels, up to level ``until``.

    >>> [(b.after_level, b.minutes) for b in breaks_every(20, 10)]
    [(20, 10), (40, 10), (60, 10)]
    """
    return tuple(Break(after_level=n, minutes=minutes) for n in range(levels, until + 1, levels))


def event_config(
    *,
    seats: int = 9,
    chips: int = 10_000,
    big_blind: int | None = None,
    levels: str | None = None,
    level_minutes: int | None = None,
    level_hands: int | None = None,
    antes: bool = False,
    break_every: int | None = None,
    break_minutes: int = 5,
    sit_and_go: int | None = None,
    max_players: int | None = None,
    min_players: int = 2,
    late_registration: int = 0,
    re_entries: int = 0,
    buy_in: int = 0,
    payouts: tuple[int, ...] = (),
    structure: PayoutStructure = PayoutStructure.STANDARD,
    redraw: bool = False,
    seed: str = "0",
) -> EventConfig:
    """The event ``/holdem tournament create``'s options describe (their names, their
    defaults): levels of 15 minutes unless told, written out (``levels``) or built from the
    first big blind (by default a hundredth of the chips), breaks after every
    ``break_every`` levels. Raises ValueError for levels that cannot be read and
    :class:`~engine.errors.InvalidSetup` for an event the director refuses (both changing
    nothing)."""
    clock = Clock.HANDS if level_hands is not None else Clock.MINUTES
    length = level_hands if level_hands is not None else (level_minutes or 15)
    first = big_blind if big_blind is not None else max(2, chips // 100)
    written = parse_levels(levels, length) if levels else None
    return EventConfig(
        seats_per_table=seats, starting_chips=chips,
        levels=written or standard_levels(first, length, antes=antes),
        clock=clock, breaks=breaks_every(break_every, break_minutes) if break_every else (),
        start_when=sit_and_go, max_entries=max_players, min_entries=min_players,
        late_registration_until=late_registration, re_entries=re_entries,
        buy_in=buy_in, payouts=payouts, structure=structure,
        redraw_at=(3, 2) if redraw else (), seed=seed,
    )  # fmt: skip


def edited_config(
    config: EventConfig,
    *,
    seats: int | None = None,
    chips: int | None = None,
    big_blind: int | None = None,
    levels: str | None = None,
    level_minutes: int | None = None,
    level_hands: int | None = None,
    antes: bool | None = None,
    break_every: int | None = None,
    break_minutes: int | None = None,
    late_registration: int | None = None,
    re_entries: int | None = None,
    payouts: tuple[tuple[int, ...], PayoutStructure] | None = None,
    max_players: int | None = None,
    min_players: int | None = None,
) -> EventConfig:
    """``config`` with the options given changed and the rest kept, as ``/holdem tournament
    edit`` changes an event before it starts: new levels are built as
    :func:`event_config` builds them (a new length alone keeps the blinds), new break options
    respace or lengthen the breaks. Raises as :func:`event_config` does."""
    clock = Clock.HANDS if level_hands is not None else config.clock
    clock = Clock.MINUTES if level_minutes is not None else clock
    length = level_hands or level_minutes or config.levels[0].length
    new_levels = tuple(replace(lv, length=length) for lv in config.levels)
    if levels is not None:
        new_levels = parse_levels(levels, length)
    elif big_blind is not None or antes is not None:
        first = big_blind if big_blind is not None else config.levels[0].big_blind
        ante = antes if antes is not None else any(lv.ante for lv in config.levels)
        new_levels = standard_levels(first, length, antes=ante)
    breaks = config.breaks
    every = break_every or (breaks[0].after_level if breaks else None)
    if every is not None and (break_every is not None or break_minutes is not None):
        breaks = breaks_every(every, break_minutes or (breaks[0].minutes if breaks else 5))
    shares, structure = payouts if payouts is not None else (config.payouts, config.structure)
    return replace(
        config,
        seats_per_table=seats or config.seats_per_table,
        starting_chips=chips or config.starting_chips,
        levels=new_levels, clock=clock, breaks=breaks,
        late_registration_until=(
            config.late_registration_until if late_registration is None else late_registration
        ),
        re_entries=config.re_entries if re_entries is None else re_entries,
        payouts=shares, structure=structure,
        max_entries=max_players if max_players is not None else config.max_entries,
        min_entries=min_players or config.min_entries,
    )  # fmt: skip


def parse_payouts(text: str | None) -> tuple[tuple[int, ...], PayoutStructure]:
    """``"50/30/20"`` (percentages, best first), ``"standard"`` or ``"winner-takes-all"``.
    Raises ValueError for anything else.

    >>> parse_payouts("50/30/20"), parse_payouts(None)[1].value
    (((50, 30, 20), <PayoutStructure.STANDARD: 'standard'>), 'standard')
    """
    if text is None or not text.strip():
        return (), PayoutStructure.STANDARD
    cleaned = text.strip().lower()
    for structure in PayoutStructure:
        if cleaned == structure.value:
            return (), structure
    if not re.fullmatch(r"\d{1,3}(\s*/\s*\d{1,3}){0,19}", cleaned):
        raise ValueError(text)
    return tuple(int(p) for p in cleaned.split("/")), PayoutStructure.STANDARD
