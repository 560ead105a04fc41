"""What members see of the stats: chart lines from a session's hands, replays that show a
hole card only once it was shown, the text summary, the stats in each language."""

from __future__ import annotations

import dataclasses

from bot.i18n import street_name
from bot.i18n.television import board_line
from bot.present.stats import (
    ACTION_MS,
    LAST_MS,
    STREET_MS,
    chart_alt,
    replay_lines,
    replay_view,
    session_chart_view,
    stats_lines,
)
from bot.stats.counters import Period, PlayerStats
from bot.store.records import HandRecord, SessionHand
from engine import Hand
from tests.engine.helpers import hand, play

NAMES = {1: "Ada", 2: "Bo", 3: "Cleo", 4: "Dag"}


def test_the_chart_follows_each_stack_and_holds_it_while_a_player_sits_out() -> None:
    hands = [
        SessionHand(hand_id=10, players=(1, 2), before=(100, 100), after=(110, 90)),
        SessionHand(hand_id=11, players=(1, 2, 3), before=(110, 90, 100), after=(80, 90, 130)),
        SessionHand(hand_id=12, players=(1, 3), before=(80, 130), after=(95, 115)),
    ]
    view = session_chart_view(hands, NAMES, "en", session=2)
    assert view is not None and view.hands == 3
    stacks = {line.name: line.stacks for line in view.lines}
    assert stacks == {
        "Ada": (100, 110, 80, 95),
        "Bo": (100, 90, 90, 90),  # sat out of the last hand
        "Cleo": (None, 100, 130, 115),  # sat down for the second
    }
    assert [(s.place, s.name, s.chips) for s in view.standings] == [
        (1, "Cleo", 115), (2, "Ada", 95), (3, "Bo", 90),
    ]  # fmt: skip
    assert all(view.lines[s.line].name == s.name for s in view.standings if s.line is not None)
    assert view.labels.title == "Session 2: 3 hands"
    alt = chart_alt("en", view)
    assert alt.startswith("Session 2: 3 hands:")
    assert "1. Cleo with 115; 2. Ada with 95; 3. Bo with 90" in alt
    assert session_chart_view([], NAMES, "en", session=1) is None


def test_the_sessions_own_standings_rank_and_the_ten_best_placed_have_lines() -> None:
    members = tuple(range(1, 13))
    hands = [SessionHand(hand_id=1, players=members, before=(50,) * 12, after=members)]
    standings = tuple((13 - m, str(m), m) for m in reversed(members))
    view = session_chart_view(hands, {}, "nb", session=1, standings=standings)
    assert view is not None and len(view.lines) == 10 and len(view.standings) == 12
    assert [line.name for line in view.lines] == [str(m) for m in range(12, 2, -1)]
    assert [s.line for s in view.standings[-2:]] == [None, None]
    assert view.labels.title == "Økt 1: 1 hånd" and view.labels.thousands_sep == "\u00a0"


def record_of(h: Hand, hand_id: int = 42) -> HandRecord:
    return HandRecord(
        hand_id=hand_id, table_id="t", guild_id=1, config=h.config,
        deck=[int(c) for c in h.deck], players=(1, 2, 3, 4), actions=list(h.actions),
        started_at=0.0, deadline=None, finished=True, result=None,
    )  # fmt: skip


def showdown_with_a_muck() -> Hand:
    """Bo leads the river and shows kings; Cleo calls with a worse hand and mucks."""
    h = hand([100] * 4, ["5c6c", "KsKd", "QhQd", "8d8s"], "2c7d9hJs3c")
    play(h, "p3 call", "p4 fold", "p1 fold", "p2 check")
    play(h, "p2 check", "p3 check", "p2 check", "p3 check", "p2 bet 4", "p3 call")
    assert h.is_over and h.shown == [False, True, False, False]
    return h


def test_a_replay_shows_hole_cards_only_where_they_were_shown() -> None:
    h = showdown_with_a_muck()
    view = replay_view(record_of(h), NAMES, "en")
    assert len(view.frames) == len(h.actions) + 1
    for frame in view.frames[:-1]:
        assert all(seat.cards is None for seat in frame.table.seats)
    last = view.frames[-1].table
    assert [seat.cards for seat in last.seats] == [None, ("Ks", "Kd"), None, None]
    assert [seat.stack for seat in last.seats] == list(h.stacks)
    assert last.board == ("2c", "7d", "9h", "Js", "3c")
    durations = [f.duration_ms for f in view.frames]
    assert durations[-1] == LAST_MS and durations.count(STREET_MS) == 4  # deal, flop, turn, river
    assert set(durations[:-1]) == {ACTION_MS, STREET_MS}


def test_the_summary_tells_the_hand_without_an_unshown_card() -> None:
    h = showdown_with_a_muck()
    lines = replay_lines(record_of(h, 7), NAMES, "en")
    text = "\n".join(lines)
    assert lines[0] == "Hand #7, replayed:"
    assert "Bo shows K♠ K♦" in text and "Cleo mucks" in text.replace("mucks.", "mucks")
    for unseen in ("Q♥", "Q♦", "5♣", "6♣", "8♦", "8♠"):
        assert unseen not in text, unseen


def test_stats_lines_in_english_and_danish() -> None:
    stats = PlayerStats(
        hands=40, vpip_chances=40, vpip=10, pfr=7, three_bet_chances=3, three_bets=1,
        aggressive=9, calls=4, saw_flop=12, showdowns=5, showdowns_won=3, net=-1234,
        biggest_pot=2500,
    )  # fmt: skip
    en = stats_lines("en", stats, name="Ada", period=Period.WEEK)
    assert en[0] == "Ada's stats for the last 7 days"
    assert "VPIP (put chips in voluntarily before the flop): 25.0%" in en
    assert "3-bet (re-raised an open raise): 33.3%" in en
    assert "Aggression factor (bets and raises per call after the flop): 2.3" in en
    assert "Net chips: -1,234" in en and "Biggest pot won: 2,500" in en
    da = stats_lines("da", stats, name="Ada", period=Period.ALL)
    assert "PFR (raiset før floppet): 17,5 %" in da and "Netto jetoner: -1.234" in da
    winner = stats_lines("en", PlayerStats(hands=1, net=5), name="Bo", period=Period.SESSION)
    assert "Net chips: +5" in winner and "Won at showdown: none yet" in winner
    assert stats_lines("nb", PlayerStats(), name="Bo", period=Period.SESSION) == [
        "Bo har ikke spilt noen hender i denne økten."
    ]


def test_a_replay_of_a_hand_run_twice_shows_both_boards_and_the_split_stacks() -> None:
    h = hand([100, 100], ["AsAh", "KdKc"], "2c 7d 9h Jc 3s")
    h.hold_run_out = True
    play(h, "p2 allin", "p1 call")
    h.run_out(2)
    record = dataclasses.replace(record_of(h), players=(1, 2), run_count=2)
    view = replay_view(record, NAMES, "en")
    boards = [frame.table.board for frame in view.frames]
    first, second = tuple(map(str, h.board)), tuple(map(str, h.second_board))
    assert boards[-2:] == [first, second]
    street = street_name("en", h.street)
    assert [frame.table.street for frame in view.frames[-2:]] == [
        f"{street}, board 1", f"{street}, board 2",
    ]  # fmt: skip
    assert [seat.stack for seat in view.frames[-1].table.seats] == list(h.stacks)
    assert sum(h.stacks) == 200
    assert view.frames[-1].duration_ms == LAST_MS and view.frames[-2].duration_ms == STREET_MS


def test_the_summary_of_a_hand_run_twice_names_each_board_before_its_awards() -> None:
    h = hand([100, 100], ["AsAh", "KdKc"], "2c 7d 9h Jc 3s")
    h.hold_run_out = True
    play(h, "p2 allin", "p1 call")
    h.run_out(2)
    record = dataclasses.replace(record_of(h), players=(1, 2), run_count=2)
    lines = replay_lines(record, NAMES, "en")
    first = board_line("en", 1, h.board)
    second = board_line("en", 2, h.second_board)
    assert first in lines and second in lines
    awards = [k for k, line in enumerate(lines) if " wins " in line or " splits " in line]
    assert len(awards) == 2
    assert lines.index(first) < awards[0] < lines.index(second) < awards[1]
    assert lines.index(first) > max(k for k, line in enumerate(lines) if line.startswith("River"))


def test_each_replay_frame_says_what_just_happened() -> None:
    h = showdown_with_a_muck()
    record = record_of(h, 7)
    view = replay_view(record, NAMES, "en")
    captions = [frame.caption for frame in view.frames]
    assert captions[0] == "Hand #7: Dag has the button"
    assert captions[1:3] == ["Cleo calls 2", "Dag folds"]  # one frame per action, in order
    assert captions[-2:] == ["Bo bets 4", "Cleo calls 4"]
    log = replay_lines(record, NAMES, "en")
    assert all(f"{caption}." in log for caption in captions[1:])  # the log's own words
    nb = replay_view(record, NAMES, "nb")
    assert nb.frames[1].caption == "Cleo syner 2"


def test_the_last_frame_names_the_winner_and_the_hand() -> None:
    record = record_of(showdown_with_a_muck())
    assert replay_view(record, NAMES, "en").result == "Bo wins 13 with pair of kings"
    assert replay_view(record, NAMES, "da").result == "Bo vinder 13 med et par konger"
    folded = hand([100] * 4, ["5c6c", "KsKd", "QhQd", "8d8s"], "2c7d9hJs3c")
    play(folded, "p3 fold", "p4 fold", "p1 fold")
    result = replay_view(record_of(folded), NAMES, "en").result
    assert result == "Bo wins 2"  # no hand named; 1 of his 2 came back uncalled


def test_every_replay_frame_has_the_blind_level_line() -> None:
    record = record_of(showdown_with_a_muck())
    known = replay_view(record, NAMES, "en", level=2)
    assert {frame.table.blind_level for frame in known.frames} == {"Level 3 · 1/2"}
    unknown = replay_view(record, NAMES, "nb")
    assert {frame.table.blind_level for frame in unknown.frames} == {"Blinds: 1/2"}


def test_a_replay_run_twice_captions_each_board_and_sums_the_winners_take() -> None:
    h = hand([100, 100], ["AsAh", "KdKc"], "2c 7d 9h Jc 3s")
    h.hold_run_out = True
    play(h, "p2 allin", "p1 call")
    h.run_out(2)
    record = dataclasses.replace(record_of(h), players=(1, 2), run_count=2)
    view = replay_view(record, NAMES, "en")
    assert [frame.caption for frame in view.frames[-2:]] == [
        board_line("en", 1, h.board).rstrip("."),
        board_line("en", 2, h.second_board).rstrip("."),
    ]
    assert view.result.startswith("Ada wins 200 with ")  # both halves of the pot
