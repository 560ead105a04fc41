"""Event views for the tests of the event's texts and layouts: a made-up 14-player event on
three tables in each of its phases, and fields of any size."""

from __future__ import annotations

from dataclasses import replace

from bot.present.event import EventPlace, EventTableLine, EventView

STARTS_AT = 1_764_703_800
LEVEL_ENDS_AT = 1_764_708_000
NEXT_BREAK_AT = 1_764_709_800
NAMES = (
    "Ada", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max",
    "Nia",
)  # fmt: skip
THREADS = (1_180_000_000_000_000_001, 1_180_000_000_000_000_002, 1_180_000_000_000_000_003)

REGISTERING = EventView(
    event_id=7, name="Friday Night Hold'em", status="registering", practice=False,
    starts_at=float(STARTS_AT), start_when=None, registered=NAMES, entries=len(NAMES),
    seats_per_table=6, starting_chips=10_000, clock="minutes",
    levels=(
        (25, 50, 0, 15), (50, 100, 0, 15), (75, 150, 0, 15), (100, 200, 25, 15),
        (150, 300, 25, 15), (200, 400, 50, 15),
    ),
    breaks=tuple((n, 10) for n in range(4, 61, 4)), late_registration_until=2, re_entries=1,
    buy_in=100, pool=1400,
    prizes=(), payouts="50/30/20", level=1, small_blind=25, big_blind=50, ante=0,
    level_ends_at=None, hands_left=None, on_break=False, next_break_at=None,
    players_left=len(NAMES), average_stack=10_000, largest_stack=10_000, largest_name=None,
    hand_for_hand=False, tables=(), places=(), winner=None,
)  # fmt: skip

RUNNING = replace(
    REGISTERING, status="running", registered=(), prizes=(700, 420, 280), level=3,
    small_blind=75, big_blind=150, level_ends_at=float(LEVEL_ENDS_AT),
    next_break_at=float(NEXT_BREAK_AT), players_left=11, average_stack=12_727,
    largest_stack=31_250, largest_name="Ivy",
    tables=(
        EventTableLine(number=1, thread_id=THREADS[0], players=4, chips=45_200),
        EventTableLine(number=2, thread_id=THREADS[1], players=4, chips=52_800),
        EventTableLine(number=3, thread_id=THREADS[2], players=3, chips=42_000),
    ),
    places=(
        EventPlace(best=12, worst=12, names=("Lou",), prizes=()),
        EventPlace(best=13, worst=13, names=("Bo",), prizes=()),
        EventPlace(best=14, worst=14, names=("Hal",), prizes=()),
    ),
)  # fmt: skip

FINISHED = replace(
    RUNNING, status="finished", players_left=1, tables=(), winner="Ivy", next_break_at=None,
    places=(
        EventPlace(best=1, worst=1, names=("Ivy",), prizes=(700,)),
        EventPlace(best=2, worst=3, names=("Ada", "Kim"), prizes=(350, 350)),
        *(
            EventPlace(best=n, worst=n, names=(name,), prizes=())
            for n, name in enumerate(("Cai", "Nia", "Max", "Dee", "Eli", "Fay", "Gus", "Jon"), 4)
        ),
        *RUNNING.places,
    ),
)  # fmt: skip


def long_names(count: int) -> tuple[str, ...]:
    """``count`` different display names of Discord's longest, 32 characters."""
    return tuple(f"Player {n:03d} " + "x" * 21 for n in range(count))


def big_field(count: int = 300) -> EventView:
    """A field of ``count`` registered under the longest names."""
    return replace(REGISTERING, registered=long_names(count), entries=count)


def big_running(count: int = 300, tables: int = 34, out: int = 250) -> EventView:
    """A large event in play: ``tables`` tables and ``out`` players already out."""
    names = long_names(count)
    return replace(
        RUNNING, entries=count, players_left=count - out, largest_name=names[0],
        prizes=tuple(range(45_000, 0, -1000)),
        tables=tuple(
            EventTableLine(number=n, thread_id=THREADS[0] + n, players=9, chips=90_000)
            for n in range(1, tables + 1)
        ),
        places=tuple(
            EventPlace(best=count - out + 1 + i, worst=count - out + 1 + i, names=(name,),
                       prizes=())
            for i, name in enumerate(names[:out])
        ),
    )  # fmt: skip


def big_finished(count: int = 300) -> EventView:
    """A finished event of ``count`` entries, every place known, 45 of them paid."""
    names = long_names(count)
    return replace(
        FINISHED, entries=count, pool=count * 100, winner=names[0],
        places=tuple(
            EventPlace(best=n, worst=n, names=(names[n - 1],),
                       prizes=(1000 - n,) if n <= 45 else ())
            for n in range(1, count + 1)
        ),
    )  # fmt: skip
