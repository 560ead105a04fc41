"""Plain views of the session chart and of a hand's replay, as :mod:`bot.pictures.views` has them
for the table: frozen values, every word already translated, checked when built.

The bot builds them from the application's data (``bot.present.stats``) and hands them to the
render worker; the same value gives the attachment's alt text, so picture and words agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.pictures.views import TableView

__all__ = [
    "MAX_LINES",
    "ChartLabels",
    "ChartLine",
    "ChartView",
    "ReplayFrame",
    "ReplayView",
    "Standing",
]

MAX_LINES = 10
"""One line per player of a table: ten seats at most."""


@dataclass(frozen=True, kw_only=True)
class ChartLine:
    """One player's stack over the session: ``stacks[k]`` after hand ``k`` (``stacks[0]`` is
    the start); ``None`` before the player sat down."""

    name: str
    stacks: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if any(s is not None and s < 0 for s in self.stacks):
            raise ValueError(f"a stack of {self.name!r} is negative")
        if all(s is None for s in self.stacks):
            raise ValueError(f"{self.name!r} has no stack to draw")


@dataclass(frozen=True, kw_only=True)
class Standing:
    """One row of the standings: equal chips share a place. ``line`` is the index of the
    player's :class:`ChartLine`, whose style the row repeats (``None``: no line)."""

    place: int
    name: str
    chips: int
    line: int | None = None


@dataclass(frozen=True, kw_only=True)
class ChartLabels:
    """The chart's words, translated by the bot; English by default."""

    title: str = "Session"
    hands: str = "Hands"
    chips: str = "Chips"
    standings: str = "Standings"
    thousands_sep: str = ","


@dataclass(frozen=True, kw_only=True)
class ChartView:
    """Every player's stack over the hands of a session, with the standings beside it.

    ``lines[i]`` and the legend row for ``lines[i]`` share a colour, a line style and a
    marker, so the lines stay apart for colour-blind members too.
    """

    lines: tuple[ChartLine, ...]
    standings: tuple[Standing, ...]
    labels: ChartLabels = field(default_factory=ChartLabels)

    def __post_init__(self) -> None:
        if not 1 <= len(self.lines) <= MAX_LINES:
            raise ValueError(f"a chart has 1 to {MAX_LINES} lines, got {len(self.lines)}")
        if len({len(line.stacks) for line in self.lines}) != 1:
            raise ValueError("every line needs one stack per hand")
        if len(self.lines[0].stacks) < 2:
            raise ValueError("a chart needs at least one hand")
        for row in self.standings:
            if row.line is not None and not 0 <= row.line < len(self.lines):
                raise ValueError(f"standing of {row.name!r} names no line")

    @property
    def hands(self) -> int:
        return len(self.lines[0].stacks) - 1


@dataclass(frozen=True, kw_only=True)
class ReplayFrame:
    """One picture of a replay and how long it stays, in milliseconds; ``caption`` says what
    just happened ("Zoë calls 2,150"), translated by the bot."""

    table: TableView
    duration_ms: int
    caption: str = ""

    def __post_init__(self) -> None:
        if not 20 <= self.duration_ms <= 60_000:
            raise ValueError(f"a frame lasts 20 ms to 60 s, got {self.duration_ms}")


@dataclass(frozen=True, kw_only=True)
class ReplayView:
    """A stored hand street by street; hole cards appear only in the frames where they were
    shown (the bot builds the tables from the public state only). A hand that ends with cards
    shown drops, on its last frame, the backs of the hands that were not shown (mucked)."""

    frames: tuple[ReplayFrame, ...]
    result: str = ""
    """What the hand ended in, drawn large on the last frame ("Alice wins 4,350 with a full
    house, aces full of sevens"), translated by the bot."""

    def __post_init__(self) -> None:
        if not self.frames:
            raise ValueError("a replay needs at least one frame")
        if len({len(f.table.seats) for f in self.frames}) != 1:
            raise ValueError("every frame of a replay has the same seats")
