"""Player statistics: hand-counted facts on fixed hands, and VPIP/PFR on the Pluribus hands
against a second, independent count read straight from the PHH action strings."""

from __future__ import annotations

import os
import tarfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.stats.counters import HandFacts, PlayerStats, hand_facts
from engine import replay
from engine.phh import History, parse_history, replay_history
from tests.engine.helpers import hand, play

ROOT = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"


def three_bet_pot() -> tuple[HandFacts, ...]:
    """Four players, 1/2: p3 opens, p4 3-bets, p2 and p3 call; p2 leads the flop, p3 raises,
    p4 folds, p2 calls; checked down, p3's aces beat p2's kings."""
    h = hand([100] * 4, ["5c6c", "KsKd", "AsAh", "8d8s"], "2c7d9hJs3c")
    play(h, "p3 raise 6", "p4 raise 18", "p1 fold", "p2 call", "p3 call")
    play(h, "p2 bet 20", "p3 raise 60", "p4 fold", "p2 call")
    play(h, "p2 check", "p3 check", "p2 check", "p3 check")
    assert h.is_over
    return hand_facts(h)


def test_a_three_bet_pot_counted_by_hand() -> None:
    sb, bb, opener, three_bettor = three_bet_pot()
    assert sb == HandFacts(vpip_chance=True, net=-1)
    assert bb == HandFacts(
        vpip_chance=True, vpip=True, aggressive=1, calls=1, saw_flop=True, showdown=True, net=-78
    )
    assert opener == HandFacts(
        vpip_chance=True, vpip=True, pfr=True, aggressive=1, saw_flop=True, showdown=True,
        won_at_showdown=True, net=97, collected=175,
    )  # fmt: skip
    assert three_bettor == HandFacts(
        vpip_chance=True, vpip=True, pfr=True, three_bet_chance=True, three_bet=True,
        saw_flop=True, net=-18,
    )  # fmt: skip


def test_a_walk_gives_the_big_blind_no_decision() -> None:
    h = hand([50] * 3)
    play(h, "p3 fold", "p1 fold")
    sb, bb, button = hand_facts(h)
    # No VPIP chance, no showdown; the unmatched half of the blind comes back, not won.
    assert bb == HandFacts(net=1, collected=2)
    assert sb == HandFacts(vpip_chance=True, net=-1)
    assert button == HandFacts(vpip_chance=True)


def test_completing_the_small_blind_is_voluntary_and_checking_the_big_blind_is_not() -> None:
    h = hand([50] * 3, ["AsKs", "QdQc", "2h3h"], "Ah7d9c4s5d")
    play(h, "p3 fold", "p1 call", "p2 check")
    play(h, "p1 check", "p2 bet 4", "p1 call", "p1 check", "p2 check", "p1 check", "p2 check")
    sb, bb, _ = hand_facts(h)
    assert sb == HandFacts(
        vpip_chance=True, vpip=True, calls=1, saw_flop=True, showdown=True,
        won_at_showdown=True, net=6, collected=12,
    )  # fmt: skip
    assert bb == HandFacts(vpip_chance=True, aggressive=1, saw_flop=True, showdown=True, net=-6)


def test_calling_an_all_in_is_a_three_bet_chance_not_taken() -> None:
    # Heads-up: player 2 has the button and the small blind.
    h = hand([40, 40], ["AsAd", "KhKc"], "2c7d9hJs3c")
    play(h, "p2 allin", "p1 call")
    bb, button = hand_facts(h)
    assert button.pfr and button.vpip and not button.three_bet_chance
    assert bb.three_bet_chance and not bb.three_bet and bb.vpip and not bb.pfr
    assert bb.saw_flop and bb.showdown and bb.won_at_showdown and bb.collected == 80
    assert button.showdown and not button.won_at_showdown and button.net == -40


def test_a_voided_hand_has_no_facts_and_a_replay_has_the_same_ones() -> None:
    h = hand([100] * 3)
    play(h, "p3 raise 6")
    assert hand_facts(h) == ()  # not over
    h.void("misdeal")
    assert hand_facts(h) == ()
    live = hand([100] * 4, ["5c6c", "KsKd", "AsAh", "8d8s"], "2c7d9hJs3c")
    play(live, "p3 raise 6", "p4 fold", "p1 fold", "p2 call", "p2 check", "p3 bet 8", "p2 fold")
    assert hand_facts(replay(live.config, [int(c) for c in live.deck], live.actions)) == (
        hand_facts(live)
    )


def test_counters_add_up_and_give_the_ratios() -> None:
    stats = PlayerStats.total(PlayerStats.of_hand(f) for f in three_bet_pot())
    assert stats == PlayerStats(
        hands=4, vpip_chances=4, vpip=3, pfr=2, three_bet_chances=1, three_bets=1,
        aggressive=2, calls=1, saw_flop=3, showdowns=2, showdowns_won=1, net=0, biggest_pot=175,
    )  # fmt: skip
    assert (stats.vpip_rate, stats.pfr_rate, stats.three_bet_rate) == (0.75, 0.5, 1.0)
    assert (stats.aggression_factor, stats.showdown_rate, stats.showdown_win_rate) == (
        2.0, 2 / 3, 0.5,
    )  # fmt: skip
    assert PlayerStats().vpip_rate is None and PlayerStats().aggression_factor is None
    assert (PlayerStats(biggest_pot=9) + PlayerStats(biggest_pot=4)).biggest_pot == 9


# ------------------------------------------------------------------ the Pluribus hands


EVERY = 4
"""One Pluribus hand in four (2,500; every player is in hundreds): the whole corpus already
replays in tests/engine/test_phh.py, and replaying it again here would add 5 s to the run."""


def pluribus_hands() -> Iterator[History]:
    with tarfile.open(CORPUS) as archive:
        members = [m for m in archive if m.isfile() and m.name.startswith("pluribus/")]
        assert len(members) == 10_000
        for member in members[::EVERY]:
            handle = archive.extractfile(member)
            assert handle is not None
            yield parse_history(handle.read().decode("utf-8"))


def counted_from_the_text(history: History) -> Iterator[tuple[str, str]]:
    """``(player, what)`` for each pre-flop decision, VPIP and PFR, read from the action
    strings alone: ``cc`` is voluntary when the player had put in less than the top bet."""
    names = history.players
    assert names is not None
    put_in = [int(b) for b in history.blinds_or_straddles]
    top = max(put_in)
    decided: set[int] = set()
    for line in history.actions:
        words = line.split()
        if words[:2] == ["d", "db"]:
            break  # the flop: pre-flop is over
        if words[0] == "d" or words[1] == "sm":
            continue
        seat = int(words[0].removeprefix("p")) - 1
        if seat not in decided:
            decided.add(seat)
            yield names[seat], "chance"
        if words[1] == "cbr":
            top = put_in[seat] = int(words[2])
            yield names[seat], "vpip"
            yield names[seat], "pfr"
        elif words[1] == "cc" and put_in[seat] < top:
            put_in[seat] = top
            yield names[seat], "vpip"


@pytest.mark.skipif(
    not CORPUS.exists(),
    reason=f"needs the PHH corpus {CORPUS} (../shared beside the clone, or HOLDEM_SHARED: README)",
)
def test_vpip_and_pfr_of_every_pluribus_player_match_an_independent_count() -> None:
    theirs: Counter[tuple[str, str]] = Counter()
    ours: Counter[tuple[str, str]] = Counter()
    hands = 0
    for history in pluribus_hands():
        hands += 1
        theirs.update(set(counted_from_the_text(history)))
        assert history.players is not None
        for name, facts in zip(history.players, hand_facts(replay_history(history)), strict=True):
            for what, flag in (("chance", facts.vpip_chance), ("vpip", facts.vpip),
                               ("pfr", facts.pfr)):  # fmt: skip
                if flag:
                    ours[name, what] += 1
    assert hands == 10_000 // EVERY
    players = {name for name, _ in theirs}
    assert len(players) >= 6 and "Pluribus" in players
    for name in sorted(players):
        got = tuple(ours[name, w] for w in ("chance", "vpip", "pfr"))
        want = tuple(theirs[name, w] for w in ("chance", "vpip", "pfr"))
        assert got == want, name
        assert 0 < want[2] < want[1] < want[0]  # some raise, more play, fewer than all
