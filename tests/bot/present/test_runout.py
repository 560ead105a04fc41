"""bot.present.runout: the table at each street of an all-in run-out, with the odds drawn in the
face-up seats and the same figures in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import CATALOGUE, LOCALES, Lang
from bot.i18n.television import odds_lines
from bot.pictures.seats import odds_text
from bot.pictures.views import SeatState as Look
from bot.pictures.views import format_percent
from bot.present import rules_lines, showdown_view
from bot.present.runout import runout_frames, runout_lines, runout_view
from bot.tables.outcomes import Outcome, OutcomeKind, Showdown, ShownHand
from bot.tables.runouts import spot_odds, spot_of
from bot.tables.snapshot import showdown_of, table_state
from engine import ActionKind, Hand, preset
from engine.actions import Action
from engine.events import Event, PotAwarded
from engine.odds import street_odds
from engine.rules import RunItTwice
from engine.table import Table
from tests.bot.present.test_views import SETTINGS, _deck
from tests.engine.helpers import hand, play

HOLES = ["7c 2d", "As Ah", "Ks Kh"]  # alice (button), bob, carol
BOARD = "Qd 8c 3s 9h 4d"


@pytest.fixture(autouse=True)
def _strict() -> None:
    CATALOGUE.strict = True


def _run_out() -> tuple[Table, tuple[int, ...]]:
    table = Table(preset("no-limit"))
    for player, stack in (("1", 100), ("2", 100), ("3", 60)):
        table.sit(player, stack=stack)
    table.start_hand(_deck(HOLES, BOARD), 0.0, button=0)
    hand = table.hand
    assert hand is not None
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    hand.act(Action(player=hand.to_act or 0, kind=ActionKind.FOLD))  # alice
    while not hand.is_over:
        hand.act(Action(player=hand.to_act or 0, kind=ActionKind.ALL_IN))
    return table, members


@pytest.mark.parametrize("lang", LOCALES)
def test_each_street_shows_the_board_so_far_and_the_odds_of_the_hands_in(lang: Lang) -> None:
    table, members = _run_out()
    hand = table.hand
    assert hand is not None
    state = table_state(
        table, table_id="9:9", guild_id=9, channel_id=9, settings=SETTINGS, hand_id=1,
        members=members, deadline=None,
    )  # fmt: skip
    stages = street_odds(hand)
    assert [len(s.board) for s in stages] == [0, 3, 4]
    for odds in stages:
        view = runout_view(state, lang, odds, members, events=hand.events)
        stacks = {s.name: s.stack for s in view.seats if s.odds is not None}
        assert stacks == {"bob": 40, "carol": 0}  # before the awards (40 of bob's came back)
        assert view.board == tuple(str(c) for c in odds.board)
        with_odds = {s.name: s.odds for s in view.seats if s.odds is not None}
        assert set(with_odds) == {"bob", "carol"}  # alice folded: no odds
        assert [p.amount for p in view.pots] == [c.amount for c in odds.pots]
        lines = runout_lines(lang, state, odds, members)
        for name, seat in with_odds.items():
            assert seat is not None
            line = next(x for x in lines if x.startswith(f"{name}:"))
            assert format_percent(seat.win) in line
            assert odds_text(seat, view.labels).split(" ")[0].rstrip("%") in line
    bob = members.index(2)
    assert stages[0].pots[0].of(bob) is not None
    assert stages[0].pots[0].of(members.index(1)) is None  # a folded hand has no chances


def _flop_all_in() -> tuple[Table, tuple[int, ...], tuple[Event, ...]]:
    """alice folds, bob and carol see the flop, then bob is all in and carol calls: the turn
    gives carol three kings. The last move's events, as its outcome carries them."""
    table = Table(preset("no-limit"))
    for player in ("1", "2", "3"):
        table.sit(player, stack=100)
    table.start_hand(_deck(HOLES, "Qd 8c 3s Kd 4d"), 0.0, button=0)
    hand = table.hand
    assert hand is not None
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    for kind in (ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK, ActionKind.ALL_IN):
        hand.act(Action(player=hand.to_act or 0, kind=kind))
    return table, members, tuple(hand.act(Action(player=hand.to_act or 0, kind=ActionKind.CALL)))


def test_the_frames_tell_each_street_without_giving_the_result_away() -> None:
    table, members, events = _flop_all_in()
    hand = table.hand
    assert hand is not None and hand.is_over
    spot = spot_of(hand, 4)
    assert spot is not None
    stages = street_odds(hand, seed=4)
    table.finish_hand(1.0)  # the outcome's state is the table after the hand, between hands
    state = table_state(
        table, table_id="9:9", guild_id=9, channel_id=9, settings=SETTINGS, hand_id=None,
        members=(), deadline=None,
    )  # fmt: skip
    outcome = Outcome(
        kind=OutcomeKind.ACTED, table_id="9:9", serial=1, state=state, hand_id=4,
        hand_members=members, events=events, hand_over=True, runout=spot,
    )  # fmt: skip
    frames = runout_frames("en", outcome, spot_odds(spot))
    assert len(frames) == 3  # the flop face up, the turn, then the river and the result
    names = {members.index(m): n for m, n in ((2, "bob"), (3, "carol"))}
    for frame, odds in zip(frames, stages, strict=False):
        assert frame.view is not None and frame.view.board == tuple(map(str, odds.board))
        assert frame.odds == tuple(odds_lines("en", odds, names))
        assert frame.lines[-len(frame.odds) :] == frame.odds
    assert frames[0].view is not None
    seats = {seat.name: seat for seat in frames[0].view.seats}
    assert seats["bob"].cards == ("As", "Ah") and seats["carol"].cards == ("Ks", "Kh")
    assert seats["bob"].state is Look.ALL_IN and seats["carol"].state is Look.ALL_IN
    assert seats["bob"].stack == seats["carol"].stack == 0
    assert seats["alice"].state is Look.FOLDED and seats["alice"].odds is None
    head = "\n".join(frames[0].lines)
    assert "carol calls" in head and "carol shows K♠ K♥: Pair of kings" in head
    assert frames[0].view is not None and frames[0].view.street == "Flop"
    assert frames[1].lines[0].startswith("Turn: K♦") and frames[1].view is not None
    assert frames[1].view.street == "Turn"
    result = frames[2]
    assert result.view is None and result.lines[0].startswith("River: 4♦")
    assert any(x.startswith("carol wins") for x in result.lines)


@pytest.mark.parametrize("lang", LOCALES)
def test_the_house_rules_say_when_the_board_runs_twice(lang: Lang) -> None:
    plain = preset("no-limit")
    lines = rules_lines(lang, plain, preset="no-limit", buy_in=100)
    for mode in (RunItTwice.ASK, RunItTwice.ALWAYS):
        changed = rules_lines(
            lang, replace(plain, run_it_twice=mode), preset="no-limit", buy_in=100
        )
        assert changed == [*lines, CATALOGUE.t(lang, f"tv.run_twice.mode.{mode.value}")]


def test_a_board_run_twice_has_a_showdown_picture_for_each_board() -> None:
    shown = (
        ShownHand(member=1, name="alice", cards=("As", "Ah"), won=101, won_by_board=(101, 0)),
        ShownHand(member=2, name="bob", cards=("7c", "2d"), won=100, won_by_board=(0, 100)),
    )
    showdown = Showdown(
        hand_id=9, board=("Kd", "Qs", "3h", "4c", "9s"), hands=shown,
        second_board=("Kd", "7h", "7s", "2c", "5d"),
    )  # fmt: skip
    once = showdown_view(showdown, "en")
    assert once.board == showdown.board and [h.won for h in once.hands] == [101, 100]
    first, second = (showdown_view(showdown, "en", run=run) for run in (1, 2))
    assert first.board == showdown.board and second.board == showdown.second_board
    assert [h.won for h in first.hands] == [101, 0] and [h.won for h in second.hands] == [0, 100]
    assert [h.is_winner for h in second.hands] == [False, True]
    assert second.hands[1].hand_name.startswith("Full house")
    assert second.title == "Showdown, hand #9, board 2"


def _run_twice() -> tuple[Hand, tuple[int, ...]]:
    """alice (aces) and bob (kings) all in pre-flop, the board run twice: the aces hold on
    both boards."""
    h = hand([100, 100], ["AsAh", "KdKc"], "2c 7d 9h Jc 3s")
    h.hold_run_out = True
    play(h, "p2 allin", "p1 call")
    h.run_out(2)
    return h, (1, 2)


def test_a_board_run_twice_names_the_pot_each_board_paid() -> None:
    h, members = _run_twice()
    shown = showdown_of(h, hand_id=5, members=members, settings={"names": {"1": "alice"}})
    assert shown is not None
    for run in (1, 2):
        view = showdown_view(shown, "en", run=run)
        pots = {v.name: [(p.label, p.amount) for p in v.pots] for v in view.hands}
        assert pots["alice"] == [("Pot", 100)]  # this board's half, not the whole pot
        assert len(pots) == 2 and all(not won for name, won in pots.items() if name != "alice")
    both = showdown_view(shown, "en")
    assert [sum(p.amount for p in v.pots) for v in both.hands] == [v.won for v in both.hands]
    assert sum(v.won for v in both.hands) == 200
    alice = next(v for v in both.hands if v.name == "alice")
    assert [(p.label, p.amount) for p in alice.pots] == [("Pot", 200)]  # halves told as one


def test_the_second_board_is_drawn_beside_the_first_with_what_the_first_paid() -> None:
    # alice (40) and bob (aces, 100) all in, carol (60) calls: a main pot of 120 and a side
    # pot of 40 (bob's last 40 come back), each run twice.
    table = Table(preset("no-limit"))
    for player, stack in (("1", 40), ("2", 100), ("3", 60)):
        table.sit(player, stack=stack)
    table.start_hand(_deck(HOLES, BOARD), 0.0, button=0)
    hand = table.hand
    assert hand is not None
    hand.hold_run_out = True
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    for _ in range(2):
        hand.act(Action(player=hand.to_act or 0, kind=ActionKind.ALL_IN))
    events = (*hand.act(Action(player=hand.to_act or 0, kind=ActionKind.CALL)), *hand.run_out(2))
    spot = spot_of(hand, 4)
    assert spot is not None and spot.runs == 2
    table.finish_hand(1.0)
    state = table_state(
        table, table_id="9:9", guild_id=9, channel_id=9, settings=SETTINGS, hand_id=None,
        members=(), deadline=None,
    )  # fmt: skip
    outcome = Outcome(
        kind=OutcomeKind.ACTED, table_id="9:9", serial=1, state=state, hand_id=4,
        hand_members=members, events=events, hand_over=True, runout=spot, runs=2,
    )  # fmt: skip
    odds = spot_odds(spot)
    frames = runout_frames("nb", outcome, odds)
    views = [f.view for f in frames[:-1]]
    assert len(views) == len(spot.steps) and all(v is not None for v in views)
    first = tuple(str(c) for c in hand.board)
    for step, chances, view in zip(spot.steps, odds, views, strict=True):
        assert view is not None
        assert view.odds_error == (None if chances.exact else chances.std_error)
        if step.run == 1:
            assert (view.first_board, view.board_results) == ((), ())
        else:
            assert view.first_board == first and view.board == tuple(map(str, step.board))
            assert view.board_results == ("bob vinner 80",)  # aces hold on Qd 8c 3s 9h 4d
            assert view.labels.board_n == "Bord {n}"
    assert [s.run for s in spot.steps] == [1, 1, 1, 2, 2]
    assert any(v is not None and v.odds_error is None for v in views)  # the turn is counted
    assert views[0] is not None and views[0].odds_error  # two pots before the flop: sampled
    closing = frames[-1].view  # the hand's end: both boards and what each paid
    assert closing is not None and closing.first_board == first
    assert closing.board == tuple(str(c) for c in hand.second_board)
    paid = {p: 0 for p in range(3)}
    for event in events:
        if isinstance(event, PotAwarded) and event.run == 2:
            for p, share in zip(event.winners, event.shares, strict=True):
                paid[p] += share
    names = {members.index(m): n for m, n in ((1, "alice"), (2, "bob"), (3, "carol"))}
    second = {f"{names[p]} vinner {won}" for p, won in paid.items() if won}
    assert len(second) == 2  # alice's deuces take the main pot on board 2, bob the side pot
    assert closing.board_results[0] == "bob vinner 80"
    assert set(closing.board_results[1].split(", ")) == second
    assert all(seat.odds is None for seat in closing.seats) and closing.odds_error is None
    assert [(p.label, p.amount) for p in closing.pots] == [("Hovedpott", 120), ("Sidepott 1", 40)]
