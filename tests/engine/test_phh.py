"""PHH: the real-hand corpus replays exactly, our hands round-trip, strictness holds."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import tarfile
from dataclasses import replace
from pathlib import Path

import pytest

from engine import AnteMode, HandConfig, Structure
from engine.phh import (
    ReplayFailure,
    history_from_hand,
    parse_history,
    replay_history,
    verify_history,
    write_history,
)
from engine.phh.__main__ import verify
from engine.phh.replay import config_from_history
from tests.engine.simulate import play_random_hand

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"

DWAN_IVEY = """
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h",
  "d db Jh",
]
"""


@pytest.mark.skipif(
    not CORPUS.exists(),
    reason=f"needs the PHH corpus {CORPUS} (../shared beside the clone, or HOLDEM_SHARED: README)",
)
def test_the_whole_corpus_replays(capsys: pytest.CaptureFixture[str]) -> None:
    passed, failed, skipped = verify([CORPUS])
    out = capsys.readouterr().out
    assert failed == 0, out
    assert passed == 10_001
    # the four classics that are not Texas hold'em (Omaha, draw, badugi, short deck)
    assert skipped == 4
    assert out.splitlines()[-1] == "10001 passed, 0 failed, 4 skipped"


def test_a_famous_hand_with_antes_and_unknown_cards() -> None:
    hand = verify_history(parse_history(DWAN_IVEY))
    # Dwan's seven-high straight beats Ivey's wheel: the pot of 1,109,500 is his
    assert hand.stacks == [1125600 - 553500, 2000000 - 2500, 1109500]
    assert sum(hand.stacks) == 1125600 + 2000000 + 553500


def test_missing_action_is_a_failure_that_names_it() -> None:
    text = DWAN_IVEY.replace('"p1 cbr 35000", "p3 cc"', '"p1 cbr 35000"')
    with pytest.raises(ReplayFailure, match="p3 is still to act on the FLOP"):
        replay_history(parse_history(text))


def test_illegal_action_is_a_failure_that_names_it() -> None:
    text = DWAN_IVEY.replace('"p1 cbr 23000"', '"p1 cbr 8000"')
    with pytest.raises(ReplayFailure, match="'p1 cbr 8000' is illegal: the minimum raise"):
        replay_history(parse_history(text))


@pytest.mark.parametrize(
    ("old", "new", "failure"),
    [
        # an action out of turn, and one after the hand is over
        ('"p2 f", "p3 cc"', '"p3 cc", "p2 f"', "'p3 cc' is illegal: it is not your turn"),
        ('"d db Jh",', '"d db Jh", "p1 f",', "'p1 f' is illegal: the hand is over"),
        # a street the history does not deal, or deals before the betting ends
        ('"d db 4h", ', "", "'p1 cbr 90000': the engine dealt a street the history did not"),
        ('"p3 cc",\n  "d db 4h"', '"d db 4h",\n  "p3 cc"', "'d db 4h': p3 is still to act"),
        # cards shown before the showdown, a player who is not at the table
        ('"p3 cc",\n  "d db 4h"', '"p3 sm 7h6h", "p3 cc",\n  "d db 4h"', "before the showdown"),
        ('"p2 f"', '"p4 f"', "no such player in 'p4 f'"),
        # the first problem is the one named, however many follow
        ('"p1 cbr 23000", "p2 f"', '"p1 cbr 8000", "p2 zz"', "'p1 cbr 8000' is illegal"),
        ('"p1 cbr 23000", "p2 f"', '"p1 cbr 23000", "p2 cbr 1.5"', "not a whole number"),
    ],
)
def test_every_departure_from_the_rules_fails(old: str, new: str, failure: str) -> None:
    assert old in DWAN_IVEY
    with pytest.raises(ReplayFailure, match=failure):
        replay_history(parse_history(DWAN_IVEY.replace(old, new)))


def test_wrong_finishing_stack_fails() -> None:
    text = DWAN_IVEY + "finishing_stacks = [1, 1998500, 0]\n"
    with pytest.raises(ReplayFailure, match="p1 finishes with"):
        verify_history(parse_history(text))


# A hand whose recorded stacks carry half chips (one more each way), the total conserved.
HALF_CHIP = (
    'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
    "starting_stacks = [10, 10, 10]\n"
    'actions = ["d dh p1 2c3d", "d dh p2 4h5s", "d dh p3 2d3c", "p3 cc", "p1 cc", "p2 f",'
    ' "d db AsKsQh", "p1 cc", "p3 cc", "d db Jd", "p1 cc", "p3 cc", "d db 9c",'
    ' "p1 cc", "p3 cc"]\n'
    "finishing_stacks = [10.5, 8, 11.5]\n"
)


def test_half_chip_matches_floor_or_ceiling() -> None:
    hand = verify_history(parse_history(HALF_CHIP))
    assert hand.stacks == [11, 8, 11]


@pytest.mark.parametrize(
    "recorded",
    [
        "[10.5, 8, 11]",  # each within floor and ceiling of ours, 0.5 missing
        "[10.9, 8, 11.9]",  # each within floor and ceiling of ours, 0.8 too many
        "[11, 8, 11.5]",  # half a chip created from nothing
    ],
)
def test_finishing_stacks_that_do_not_add_up_fail(recorded: str) -> None:
    text = HALF_CHIP.replace("[10.5, 8, 11.5]", recorded)
    with pytest.raises(ReplayFailure, match=r"finishing_stacks add up to [0-9.]+, not 30"):
        verify_history(parse_history(text))


@pytest.mark.parametrize("structure", list(Structure))
def test_our_hands_round_trip_through_phh(structure: Structure) -> None:
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 10)
        mode = rng.choice(list(AnteMode))
        config = HandConfig(
            stacks=tuple(rng.randint(1, 300) for _ in range(n)),
            button=rng.randrange(n),
            small_blind=1,
            big_blind=2,
            ante=1 if mode is not AnteMode.NONE else 0,
            ante_mode=mode,
            structure=structure,
        )
        hand = play_random_hand(config, rng)
        text = write_history(history_from_hand(hand))
        again = verify_history(parse_history(text))
        first = (config.button + 1) % n
        assert again.stacks == [hand.stacks[(first + k) % n] for k in range(n)]


def test_hidden_cards_are_written_unknown() -> None:
    hand = play_random_hand(
        HandConfig(stacks=(50, 50, 50), button=2, small_blind=1, big_blind=2), random.Random(3)
    )
    history = history_from_hand(hand, players=["a", "b", "c"], hidden={0, 1})
    assert history.actions[:2] == ("d dh p1 ????", "d dh p2 ????")
    assert history.players == ("a", "b", "c")
    assert parse_history(write_history(history)).actions == history.actions


def test_cli_exit_status_and_last_line(tmp_path: Path) -> None:
    good = tmp_path / "good.phh"
    good.write_text(DWAN_IVEY)
    bad = tmp_path / "sub" / "bad.phh"
    bad.parent.mkdir()
    bad.write_text(DWAN_IVEY.replace('"p1 cbr 23000"', '"p1 cbr 8000"'))
    run = subprocess.run(
        [sys.executable, "-m", "engine.phh", "verify", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    lines = run.stdout.splitlines()
    assert run.returncode == 1
    assert lines[0].startswith(f"FAIL {bad}: ")
    assert lines[-1] == "1 passed, 1 failed"
    bad.unlink()
    run = subprocess.run(
        [sys.executable, "-m", "engine.phh", "verify", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "1 passed, 0 failed"


def test_cli_reads_one_folder_of_an_archive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = tmp_path / "hands.tar.xz"
    bad = DWAN_IVEY.replace('"p1 cbr 23000"', '"p1 cbr 8000"').encode()
    with tarfile.open(archive, "w:xz") as out:
        for name, data in [
            ("good/1.phh", DWAN_IVEY.encode()),
            ("good/deeper/2.phh", DWAN_IVEY.encode()),
            ("goodish/3.phh", bad),
            ("4.phh", bad),
        ]:
            member = tarfile.TarInfo(name)
            member.size = len(data)
            out.addfile(member, io.BytesIO(data))
    assert verify([Path(f"{archive}:good")]) == (2, 0, 0)
    assert verify([Path(f"{archive}:good/deeper/")]) == (1, 0, 0)
    assert verify([archive]) == (2, 2, 0)
    capsys.readouterr()
    assert verify([Path(f"{archive}:bad")]) == (0, 1, 0)
    assert capsys.readouterr().out.startswith(f"FAIL {archive}:bad: no .phh files")


def test_hands_of_one_setup_share_it_but_not_with_lookalike_numbers() -> None:
    history = parse_history(HALF_CHIP)
    assert config_from_history(history) is config_from_history(parse_history(HALF_CHIP))
    # True equals 1 and a float 10.0 equals 10, but only the float is a whole number of chips
    floats = replace(history, starting_stacks=(10.0, 10.0, 10.0))
    assert config_from_history(floats) == config_from_history(history)
    bools = replace(history, blinds_or_straddles=(True, 2, 0))
    with pytest.raises(ReplayFailure, match="cannot set up the hand: chips and seats are whole"):
        config_from_history(bools)
