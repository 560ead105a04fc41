"""Example views: the documentation picture, the benchmarks and the tests draw the same tables.

``HOLDEM_FONT_DIRS=tests/bot/pictures/fonts python -m tests.bot.pictures.examples docs`` writes
the README's example pictures (with the test fonts, so that every name shows in its script).
``--check`` draws a table of its own (:mod:`bot.pictures.check`): these stay out of the product.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from bot.pictures.stats_views import (
    ChartLabels,
    ChartLine,
    ChartView,
    ReplayFrame,
    ReplayView,
    Standing,
)
from bot.pictures.table import render_table
from bot.pictures.views import (
    Blind,
    HoleCardsView,
    PotView,
    PotWin,
    SeatOdds,
    SeatState,
    SeatView,
    ShowdownHandView,
    ShowdownView,
    TableView,
)

__all__ = [
    "example_chart",
    "example_hole_cards",
    "example_replay",
    "example_runout",
    "example_showdown",
    "example_table",
    "main",
]

NAMES = (
    "Alice",
    "Bartholomew Maximilian Fitzgerald",  # 33 characters: longer than Discord's 32
    "李小龍",
    "🃏 Joker 🎲",
    "מרים",
    "Dana",
    "Évariste",
    "Frank",
    "Grace Hopper",
    "Ōkami",
)
_STATES = {1: SeatState.FOLDED, 3: SeatState.ALL_IN, 4: SeatState.SITTING_OUT}


def example_table(
    seat_count: int = 10,
    *,
    board: tuple[str, ...] = ("As", "Kh", "7c"),
    four_colour: bool = False,
    names: tuple[str, ...] = NAMES,
    street: str = "Flop",
) -> TableView:
    """A busy flop: bets, blinds, the button, a fold, an all-in, someone sitting out."""
    seats = []
    for index in range(seat_count):
        state = _STATES.get(index, SeatState.ACTIVE) if seat_count > 4 else SeatState.ACTIVE
        seats.append(
            SeatView(
                name=names[index % len(names)],
                stack=[12450, 980, 5000, 0, 3300, 8120, 150, 2200, 1000000, 61][index],
                bet=[200, 0, 600, 1500, 0, 0, 100, 0, 600, 0][index],
                is_button=index == seat_count - 1,
                blind=Blind.SMALL if index == 0 else Blind.BIG if index == 1 else None,
                state=state,
                is_turn=index == 2 % seat_count,
                in_hand=state is not SeatState.SITTING_OUT,
            )
        )
    return TableView(
        seats=tuple(seats),
        board=board,
        pots=(PotView(label="Pot", amount=4350), PotView(label="Side pot 1", amount=1200)),
        street=street,
        blind_level="Level 3 · Blinds 50/100",
        next_level="Next level in 4:32",
        four_colour=four_colour,
    )


def example_hole_cards(*, four_colour: bool = False) -> HoleCardsView:
    """Three kings on the flop, facing a bet."""
    return HoleCardsView(
        cards=("Kh", "Kc"),
        hand_name="Three of a kind, kings",
        four_colour=four_colour,
        board=("As", "Kd", "7c"),
        to_call=2150,
    )


def example_showdown(*, four_colour: bool = False) -> ShowdownView:
    """Three hands shown down; aces full win the main pot, kings full the side pot."""
    return ShowdownView(
        title="Showdown · Pot 5,550",
        board=("As", "Kh", "7c", "7d", "2s"),
        hands=(
            ShowdownHandView(
                name="Bartholomew Maximilian Fitzgerald",
                cards=("Kd", "Ks"),
                hand_name="Full house, kings full of sevens",
                best_five=("Kd", "Ks", "Kh", "7c", "7d"),
                won=1200,
                is_winner=True,
                pots=(PotWin(label="Side pot 1", amount=1200),),
            ),
            ShowdownHandView(
                name="Alice",
                cards=("Ah", "Ad"),
                hand_name="Full house, aces full of sevens",
                best_five=("Ah", "Ad", "As", "7c", "7d"),
                won=4350,
                is_winner=True,
                pots=(PotWin(label="Pot", amount=4350),),
            ),
            ShowdownHandView(
                name="Grace Hopper",
                cards=("Qs", "Jh"),
                hand_name="Two pair, aces and sevens",
                best_five=("As", "Kh", "7c", "7d", "Qs"),
            ),
        ),
        four_colour=four_colour,
    )


def example_runout(*, twice: bool = False, four_colour: bool = False) -> TableView:
    """Three players all in on the flop at a ten-seat table, a side pot between two of them;
    ``twice``: the same hand run twice, the second board on the turn and the first paid out."""
    figures = (
        SeatOdds(win=0.6249, tie=0.0316),
        SeatOdds(win=0.2101, tie=0.0316, side=((1, 0.71),)),
        SeatOdds(win=0.1334, side=((1, 0.29),)),
    )
    players = (
        ("Alice", 0, ("As", "Ah")),
        ("Bartholomew Maximilian", 0, ("Kd", "Kc")),
        ("Cecilie", 140, ("7h", "6h")),
    )
    seats = tuple(
        SeatView(
            name=name,
            stack=stack,
            state=SeatState.ALL_IN if stack == 0 else SeatState.ACTIVE,
            cards=cards,
            odds=odds,
        )
        for (name, stack, cards), odds in zip(players, figures, strict=True)
    ) + tuple(SeatView(state=SeatState.EMPTY, in_hand=False) for _ in range(7))
    pots = (PotView(label="Main pot", amount=150), PotView(label="Side pot 1", amount=80))
    if twice:
        return TableView(
            seats=seats,
            board=("Qs", "8h", "2c", "9c"),
            first_board=("Qs", "8h", "2c", "Td", "4h"),
            board_results=("Alice wins 75 · Bartholomew wins 40",),
            pots=pots,
            street="Run it twice · board 2",
            four_colour=four_colour,
        )
    return TableView(
        seats=seats,
        board=("Qs", "8h", "2c"),
        pots=pots,
        street="All-in · Flop",
        odds_error=0.008,
        four_colour=four_colour,
    )


def example_replay() -> ReplayView:
    """A six-handed hand in four pictures: the deal, the flop, the turn and the showdown,
    where Alice shows and the others' cards are mucked."""
    streets = (((), "Pre-flop"), (("As", "Kh", "7c"), "Flop"), (("As", "Kh", "7c", "Td"), "Turn"))
    captions = ("Alice posts 50 · Bartholomew posts 100", "Zoë calls 2,150", "Dana bets 600")
    frames = [
        ReplayFrame(
            table=example_table(6, board=board, street=street), duration_ms=900, caption=caption
        )
        for (board, street), caption in zip(streets, captions, strict=True)
    ]
    end = example_table(6, board=("As", "Kh", "7c", "Td", "2s"), street="Showdown")
    seats = list(end.seats)
    seats[0] = dataclasses.replace(seats[0], cards=("Ah", "Ad"), bet=0)
    end = dataclasses.replace(end, seats=tuple(seats))
    frames.append(ReplayFrame(table=end, duration_ms=4000, caption="Alice shows Ah Ad"))
    return ReplayView(frames=tuple(frames), result="Alice wins 4,350 with three of a kind, aces")


def example_chart() -> ChartView:
    """Four players over forty hands: one busts, one doubles up."""
    stacks = {
        "Alice": [1000 + 40 * k for k in range(41)],
        "Bartholomew Maximilian": [1000 - 25 * k for k in range(41)],
        "李小龍": [None] * 10 + [1000 + (k % 7) * 30 for k in range(31)],
        "Dana": [max(0, 1000 - 60 * k) for k in range(41)],
    }
    lines = tuple(ChartLine(name=name, stacks=tuple(s)) for name, s in stacks.items())
    ranked = sorted(range(len(lines)), key=lambda i: -(lines[i].stacks[-1] or 0))
    standings = tuple(
        Standing(place=k + 1, name=lines[i].name, chips=lines[i].stacks[-1] or 0, line=i)
        for k, i in enumerate(ranked)
    )
    return ChartView(lines=lines, standings=standings, labels=ChartLabels(title="Session 12"))


def main(argv: list[str] | None = None) -> int:
    """Write the README's example pictures into the folder given (default ``docs``): the
    table, the all-in run-out and the showdown."""
    from bot.pictures import render_runout, render_showdown

    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    pictures = {
        "table-example.png": render_table(
            example_table(board=("As", "Kh", "7c", "Td"), street="Turn")
        ),
        "runout-example.png": render_runout(example_runout()),
        "showdown-example.png": render_showdown(example_showdown()),
    }
    for name, data in pictures.items():
        (folder / name).write_bytes(data)
        print(f"wrote {folder / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
