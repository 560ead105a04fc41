"""The PokerStars text format: our hands written and read back exactly, real files read and
replayed to their own amounts, and bad hands refused one by one with their line and reason."""

from __future__ import annotations

import io
import lzma
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.config import AnteMode, HandConfig, Structure
from engine.hand import Hand
from engine.phh import (
    History,
    history_from_hand,
    parse_history,
    replay_history,
    verify_history,
    write_history,
)
from engine.phh.__main__ import main
from engine.phh.archive import plain_members
from engine.phh.pokerstars import Refusal, pokerstars_from_hand, read_pokerstars
from engine.phh.pokerstars.writer import known_hole_cards, write_pokerstars
from engine.phh.replay import UnsupportedHistory
from tests.engine.helpers import hand as make_hand
from tests.engine.helpers import play
from tests.engine.simulate import random_action, random_deck

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("HOLDEM_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "phh" / "pluribus-and-classics.tar.xz"
SAMPLES = Path(__file__).parent / "pokerstars_samples"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed: 2nd", "Flø [x]", "Gus", "Hal", "Ida", "Jo"]


def _core(h: History) -> tuple[object, ...]:
    """What a round trip must keep: the game, the stakes, the stacks, every action and card,
    the finishing stacks, the names and a board run twice."""
    return (
        h.variant,
        h.antes,
        h.blinds_or_straddles,
        h.small_bet,
        h.big_bet,
        h.starting_stacks,
        h.actions,
        h.finishing_stacks,
        h.players,
        h.extra.get("_run_count"),
    )


def _read_one(text: str) -> History:
    (back,) = read_pokerstars(text)
    assert not isinstance(back, Refusal), f"{back}\n{text}"
    return back


def _round_trip(hand: Hand, players: list[str]) -> None:
    n = hand.player_count
    text = pokerstars_from_hand(hand, players=players, known=range(n))
    back = _read_one(text)
    assert _core(back) == _core(history_from_hand(hand, players=players))
    verify_history(back)


# ----------------------------------------------------------------- our own hands


def test_side_pots_uncalled_bets_and_antes_round_trip() -> None:
    h = make_hand(
        [40, 100, 250, 250],
        ["AsAd", "KsKd", "QsQd", "2c7h"],
        "Ah Kh 3c 9d 5s",
        ante=5,
        ante_mode=AnteMode.PER_PLAYER,
        small_blind=5,
        big_blind=10,
        button=3,
    )
    play(h, "p3 allin", "p4 fold", "p1 allin", "p2 allin")
    text = pokerstars_from_hand(h, players=NAMES[:4], known=range(4))
    assert "Ann: posts the ante 5" in text
    assert "Uncalled bet (150) returned to Cy" in text
    assert re.search(r"Total pot \d+ Main pot \d+\. Side pot \d+\. \| Rake 0", text)
    assert "(Play Money)" in text and "$" not in text
    _round_trip(h, NAMES[:4])


def test_a_board_run_twice_is_written_as_pokerstars_writes_it() -> None:
    h = make_hand([100, 100, 100], ["AsAd", "KsKd", "7c2h"], button=2)
    h.hold_run_out = True
    play(h, "p3 fold", "p1 allin", "p2 call")
    assert h.held
    h.run_out(2)
    text = pokerstars_from_hand(h, players=NAMES[:3], known=range(3))
    for marker in ("*** FIRST FLOP ***", "*** SECOND RIVER ***", "*** FIRST SHOW DOWN ***",
                   "*** SECOND SHOW DOWN ***", "Hand was run twice", "FIRST Board [",
                   "SECOND Board ["):  # fmt: skip
        assert marker in text
    _round_trip(h, NAMES[:3])


def test_the_odd_chip_and_a_split_pot_round_trip() -> None:
    h = make_hand([101, 101, 101], ["As2d", "Ac2h", "7c8h"], "Kd Qh Js 3c 4s", button=2)
    play(h, "p3 raise 21", "p1 call", "p2 call")  # 63 chips in: p3 folds later
    play(h, "p1 bet 10", "p2 call", "p3 fold")
    play(h, "p1 check", "p2 check", "p1 check", "p2 check")
    text = pokerstars_from_hand(h, players=NAMES[:3], known=range(3))
    assert "collected 42 from pot" in text and "collected 41 from pot" in text
    _round_trip(h, NAMES[:3])


@pytest.mark.parametrize("structure", list(Structure))
@pytest.mark.parametrize("ante_mode", list(AnteMode))
def test_random_hands_of_every_structure_round_trip(
    structure: Structure, ante_mode: AnteMode
) -> None:
    rng = random.Random(f"{structure.value}-{ante_mode.value}")
    for _ in range(40):
        n = rng.randint(2, 9)
        config = HandConfig(
            stacks=tuple(rng.choice([30, 80, 200, 500, 1000]) for _ in range(n)),
            button=rng.randrange(n),
            small_blind=5,
            big_blind=10,
            ante=0 if ante_mode is AnteMode.NONE else 2,
            ante_mode=ante_mode,
            structure=structure,
        )
        h = Hand(config, random_deck(rng))
        h.hold_run_out = rng.random() < 0.5
        while not h.is_over:
            if h.held:
                h.run_out(rng.choice([1, 2]))
            else:
                h.act(random_action(h, rng))
        _round_trip(h, NAMES[:n])


def test_only_known_hole_cards_are_written() -> None:
    h = make_hand([100, 100, 100], ["AsAd", "KsKd", "7c2h"], button=2)
    play(h, "p3 fold", "p1 raise 10", "p2 fold")
    mine = pokerstars_from_hand(h, players=NAMES[:3], known=[1], hero=1)
    assert "Dealt to Bo [Ks Kd]" in mine
    assert "As Ad" not in mine and "7c 2h" not in mine
    public = pokerstars_from_hand(h, players=NAMES[:3], known=[])
    assert "Dealt to" not in public
    back = _read_one(mine)
    assert [a for a in back.actions if a.startswith("d dh")] == [
        "d dh p1 ????",
        "d dh p2 KsKd",
        "d dh p3 ????",
    ]


def test_a_hand_mucked_unseen_concedes_in_both_formats() -> None:
    # Ann shows ace high; Bo mucks jack high, unseen: a pair of deuces, the first cards
    # nobody saw, must not be dealt to him in the replay and take the pot.
    h = make_hand([100, 100, 100], ["Ah4c", "Jh6c", "7c8h"], "Kd Qh 9s 5c 3d", button=2)
    play(h, "p3 fold", "p1 call", "p2 check")
    for _ in range(3):
        play(h, "p1 check", "p2 check")
    assert h.shown == [True, False, False] and h.stacks[0] > 100
    public = history_from_hand(h, players=NAMES[:3], hidden=[1, 2])
    verify_history(public)  # the PHH replays to Ann's pot
    text = pokerstars_from_hand(h, players=NAMES[:3], known=[0])
    assert "Bo: mucks hand" in text and "Dealt to" not in text
    back = _read_one(text)
    assert _core(back) == _core(public)
    verify_history(back)


# ----------------------------------------------------------------- the shared corpus


def _corpus(every: int) -> Iterator[tuple[str, History]]:
    data = lzma.decompress(CORPUS.read_bytes())
    hands = (m for m in plain_members(io.BytesIO(data)) if m[0].endswith(".phh"))
    for k, (name, raw) in enumerate(hands):
        if k % every == 0:
            yield name, parse_history(raw.decode())


def _unshown(actions: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(a.split(" sm")[0] + " sm" if " sm" in a else a for a in actions)


def _corpus_round_trip(every: int) -> int:
    checked = 0
    for name, original in _corpus(every):
        try:
            hand = replay_history(original)
        except UnsupportedHistory:
            continue
        back = _read_one(write_pokerstars(original))
        hidden = [p for p in range(hand.player_count) if p not in known_hole_cards(original)]
        canonical = history_from_hand(hand, players=original.players, hidden=hidden)
        assert _core(back) == _core(canonical), name
        # and that is the original itself, up to who showed a losing hand the dealt cards
        # already record: our dealer mucks it, some of the corpus's players showed it
        assert _unshown(back.actions) == _unshown(original.actions), name
        assert back.starting_stacks == original.starting_stacks, name
        if original.finishing_stacks is not None and not any(
            isinstance(s, float) for s in original.finishing_stacks
        ):
            assert back.finishing_stacks == original.finishing_stacks, name
        checked += 1
    return checked


@pytest.mark.skipif(not CORPUS.exists(), reason="needs ../shared/phh beside the clone")
def test_every_fiftieth_corpus_hand_round_trips() -> None:
    assert _corpus_round_trip(50) == 200


@pytest.mark.slow  # about 30 s: all 10,001 hold'em hands written and read back
@pytest.mark.skipif(not CORPUS.exists(), reason="needs ../shared/phh beside the clone")
def test_the_whole_corpus_round_trips() -> None:
    assert _corpus_round_trip(1) == 10_001


# ----------------------------------------------------------------- real PokerStars files

_PUT_IN = re.compile(
    r"^(?P<name>.+?): (?:posts (?:the ante|small blind|big blind) (?P<post>\S+)|calls (?P<call>\S+)"
    r"|bets (?P<bet>\S+)|raises \S+ to (?P<to>\S+))"
)
_STREET_MARK = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*")


def _chips(text: str) -> int:
    return round(float(text.lstrip("$").replace(",", "")) * (100 if text[0] == "$" else 1))


def _text_finishing_stacks(lines: list[str], names: tuple[str, ...]) -> dict[str, int]:
    """Each player's stack at the end, from the text alone: the seat line's stack, less what
    the post, call, bet and raise lines put in (a raise is to a street total), plus the
    uncalled bet returned and what the summary says they won."""
    stacks: dict[str, int] = {}
    for line in lines:
        if seat := re.match(r"^Seat \d+: (.+?) \((\S+) in chips", line):
            stacks.setdefault(seat[1], _chips(seat[2]))
    by_length = sorted(stacks, key=len, reverse=True)
    street: dict[str, int] = {}
    in_summary = False
    for line in lines:
        if line.startswith("*** SUMMARY"):
            in_summary = True
        if in_summary:
            seat = re.match(r"^Seat \d+: (.*)$", line)
            owner = seat and next((n for n in by_length if seat[1].startswith(n + " ")), None)
            if seat and owner:
                for won in re.findall(r"(?:collected|won) \(([^)]+)\)", seat[1]):
                    stacks[owner] += _chips(won)
            continue
        if _STREET_MARK.match(line):
            street = {}
        if m := _PUT_IN.match(line):
            name = m["name"]
            if m["to"]:
                add = _chips(m["to"]) - street.get(name, 0)
            else:
                add = _chips(m["post"] or m["call"] or m["bet"])
            stacks[name] -= add
            if "ante" not in line:
                street[name] = street.get(name, 0) + add
        elif back := re.match(r"^Uncalled bet \((\S+)\) returned to (.+)$", line):
            stacks[back[2]] += _chips(back[1])
    return {name: stacks[name] for name in names}


def _hands_by_first_line(text: str) -> dict[str, list[str]]:
    hands: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.lstrip("\ufeff").splitlines():
        if re.match(r"^\ufeff?PokerStars (?:Zoom )?Hand #", line):
            current = []
            hands[re.findall(r"#(\d+)", line)[0]] = current
        current.append(line.strip())
    return hands


@pytest.mark.parametrize(
    ("sample", "read", "refused"),
    [
        ("tournament-2013.txt", 5, 0),
        ("cash-kepler-ii.txt", 4, 13),
        ("zoom-mcnaught.txt", 3, 3),
        ("cash-genoveva-iii.txt", 51, 34),
    ],
)
def test_real_hands_replay_to_the_stacks_their_text_gives(
    sample: str, read: int, refused: int
) -> None:
    text = (SAMPLES / sample).read_text(encoding="utf-8-sig")
    results = read_pokerstars(text)
    histories = [r for r in results if isinstance(r, History)]
    refusals = [r for r in results if isinstance(r, Refusal)]
    assert (len(histories), len(refusals)) == (read, refused), refusals
    by_number = _hands_by_first_line(text)
    lines = text.splitlines()
    for refusal in refusals:  # what these files hold that is not dealt here, at its line
        line = lines[refusal.line - 1].lstrip("\ufeff")
        if refusal.reason.startswith("a rake of"):
            assert line.startswith("Total pot") and "Rake $0 " not in line + " "
        elif "out of turn" in refusal.reason:
            assert line.startswith(refusal.reason.split(" posts ")[0] + ": posts ")
        elif refusal.reason.startswith("a dead blind"):
            assert "posts small & big blinds" in line
        else:
            assert refusal.reason == f"a line this reader does not know: {line!r}"
            assert "cashed out" in line
    for history in histories:
        assert history.players is not None
        hand = verify_history(history)  # the engine replays it to the stacks it records
        expected = _text_finishing_stacks(by_number[str(history.extra["hand"])], history.players)
        assert dict(zip(history.players, hand.stacks)) == expected


# ----------------------------------------------------------------- bad files


def _tournament_hands() -> list[str]:
    text = (SAMPLES / "tournament-2013.txt").read_text(encoding="utf-8")
    return [h.strip() for h in text.split("\n\n\n")]


def test_bad_hands_are_refused_one_line_each_and_the_rest_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _tournament_hands()
    truncated = good[1].split("*** SHOW DOWN ***")[0]
    omaha = good[2].replace("Hold'em No Limit", "Omaha Pot Limit", 1)
    wrong_total = good[3].replace("collected 1300 from pot", "collected 1400 from pot")
    wrong_call = good[4].replace("calls 20", "calls 25", 1)
    assert wrong_total != good[3] and wrong_call != good[4]
    hands = [good[0], truncated, omaha, wrong_total, wrong_call, good[1]]
    file = tmp_path / "mixed.txt"
    file.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["from-pokerstars", str(file), "--out", str(out)]) == 1
    printed = capsys.readouterr().out.splitlines()
    lines = file.read_text(encoding="utf-8").splitlines()
    fails = [line for line in printed if line.startswith("FAIL ")]
    assert len(fails) == 4
    where = [int(f.split(":")[1]) for f in fails]
    assert lines[where[0] - 1] == truncated.splitlines()[-1]
    assert "the hand stops" in fails[0]
    assert "unknown game 'Omaha Pot Limit'" in fails[1]
    assert lines[where[1] - 1].startswith("PokerStars Hand #")
    assert "collects 1400 in the text, 1300 by the rules" in fails[2]
    assert "the call is 20 by the rules, not 25" in fails[3]
    assert lines[where[3] - 1].endswith(": calls 25")
    assert printed[-1] == "2 passed, 4 failed"
    written = sorted(p.name for p in out.iterdir())
    assert written == ["105024000105.phh", "105034215446.phh"]
    for path in out.iterdir():
        verify_history(parse_history(path.read_text(encoding="utf-8")))


def test_to_pokerstars_writes_every_hand_of_the_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    histories = [r for r in read_pokerstars("\n\n".join(_tournament_hands()))]
    folder = tmp_path / "hands"
    folder.mkdir()
    for k, history in enumerate(histories):
        assert isinstance(history, History)
        (folder / f"{k}.phh").write_text(write_history(history), encoding="utf-8")
    assert main(["to-pokerstars", str(folder)]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1] == "5 passed, 0 failed"
    again = read_pokerstars(captured.out)
    assert [_core(h) for h in again if isinstance(h, History)] == [
        _core(h) for h in histories if isinstance(h, History)
    ]
    assert len(again) == 5


def test_a_history_that_hides_cards_it_shows_is_not_written() -> None:
    h = make_hand([100, 100, 100], ["AsAd", "KsKd", "7c2h"], button=2)
    play(h, "p3 fold", "p1 allin", "p2 call")  # both hands are tabled for the run-out
    hidden = history_from_hand(h, players=NAMES[:3], hidden=[1])  # Bo's are not known
    with pytest.raises(ValueError, match="p2 shows cards the history does not know"):
        write_pokerstars(hidden)
