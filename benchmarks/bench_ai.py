"""Computer players: how strong each level is, how each plays, and how long a decision takes.

Strength: seeded matches reported as big blinds won per 100 hands (one seat) with 95 %
confidence intervals. Every deck is dealt once per seating, the players moved one seat along
each time (heads-up: twice, seats swapped; six-handed: six times), so each kind of player
holds each set of cards in each position and most of the luck of the cards cancels (duplicate
poker). The unit of an interval is the deck, as the hands of one deck are not independent.
Stacks are 100 big blinds at the start of every hand.

Claims, each difference's interval clear of zero: hard beats normal, normal beats easy, easy
beats a calling station and a random player, heads-up (20,000 hands a pair) and six-handed
(three of each kind at the table, 20,004 hands a pair); a missed claim fails the run. Every
preset is also played heads-up, hard against easy (2,000 hands each, for information). Style:
VPIP, PFR and aggression of each kind over the six-handed matches. Speed: the p99 of a decision
(building the view and choosing) at most 50 ms of CPU time, over every decision of every
match; the wall-clock figures are printed beside it, with the machine's load.

The full run plays the matches in two processes; ``--smoke`` plays a few hundred hands in one
and judges nothing; ``--scale 0.25`` plays a quarter of the full run's decks.

    .venv/bin/python benchmarks/bench_ai.py [--smoke | --scale SHARE]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from _common import table

from bot.computers import (
    CallingStation,
    Level,
    RandomPlayer,
    Strategy,
    decision_rng,
    observe,
    player_for,
)
from engine.actions import ActionKind, Street
from engine.config import HandConfig
from engine.events import PlayerActed
from engine.hand import Hand
from engine.rules import PRESETS, BlindSchedule

SEED = 20261201
TARGET_P99_MS = 50.0
BIG_BLIND = 2
STACK = 100 * BIG_BLIND
KINDS = ("easy", "normal", "hard", "calling-station", "random")
PAIRS = [("hard", "normal"), ("normal", "easy"), ("easy", "calling-station"), ("easy", "random")]
"""Each pair is a claim: the first beats the second, heads-up and six-handed (three of each)."""


@dataclass(kw_only=True)
class Times:
    """Decision times of one kind of player, and how it played (for the style table)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    dealt: int = 0
    voluntary: int = 0  # hands with chips put in by choice before the flop
    raised: int = 0  # hands raised before the flop
    aggressive: int = 0  # bets and raises after the flop
    calls: int = 0  # calls after the flop


@dataclass(kw_only=True)
class Result:
    """Chips won per deck by one seat of each kind of player (its seats averaged), over the
    deck's seatings."""

    kinds: tuple[str, ...]
    per_deck: dict[str, list[float]] = field(default_factory=dict)
    hands: int = 0
    rotations: int = 1


def kind_of(label: str) -> str:
    """``normal#2`` is a second normal player."""
    return label.split("#")[0]


def make(kind: str) -> Strategy:
    if kind == "calling-station":
        return CallingStation()
    if kind == "random":
        return RandomPlayer()
    return player_for(Level(kind))


STRATEGIES = {kind: make(kind) for kind in KINDS}


def play_timed(
    config: HandConfig,
    deck: Sequence[int],
    seated: Sequence[str],
    seed: str,
    times: dict[str, Times],
) -> Hand:
    """:func:`tests.bot.computers.match.play_hand`, timing each decision as the table would see it.

    The time covers the view and the choice."""
    hand = Hand(config, deck)
    decision = 0
    while hand.to_act is not None:
        p = hand.to_act
        kind = seated[p]
        wall, cpu = time.perf_counter(), time.thread_time()
        action = STRATEGIES[kind].decide(observe(hand, p), decision_rng(seed, decision))
        sample = times.setdefault(kind, Times())
        sample.wall.append(time.perf_counter() - wall)
        sample.cpu.append(time.thread_time() - cpu)
        hand.act(action)
        decision += 1
    for p, kind in enumerate(seated):
        tally(times.setdefault(kind, Times()), hand, p)
    return hand


def tally(sample: Times, hand: Hand, player: int) -> None:
    """Count one hand of ``player`` into the style figures."""
    moves = [e for e in hand.events if isinstance(e, PlayerActed) and e.player == player]
    before = [m.kind for m in moves if m.street is Street.PREFLOP]
    after = [m.kind for m in moves if m.street is not Street.PREFLOP]
    sample.dealt += 1
    sample.voluntary += any(
        k in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) for k in before
    )
    sample.raised += any(k in (ActionKind.BET, ActionKind.RAISE) for k in before)
    sample.aggressive += sum(k in (ActionKind.BET, ActionKind.RAISE) for k in after)
    sample.calls += sum(k is ActionKind.CALL for k in after)


def config_for(preset: str, players: int, hand_number: int) -> HandConfig:
    """100 big blinds each for the main matches; a preset's own stacks otherwise, with the
    blind level of a schedule rising 0, 1, 2, 3 (50 down to 6 big blinds deep)."""
    if preset == "cash":
        return HandConfig(
            stacks=(STACK,) * players, button=0, small_blind=BIG_BLIND // 2, big_blind=BIG_BLIND
        )
    rules = PRESETS[preset]
    level = hand_number % 4 if rules.schedule is not BlindSchedule.FIXED else 0
    stacks = (rules.starting_stack,) * players
    return rules.hand_config(stacks=stacks, button=0, hand_number=hand_number, level=level)


def play_match(
    lineup: Sequence[str], decks: int, times: dict[str, Times], *, preset: str = "cash"
) -> Result:
    """Deal ``decks`` seeded decks, each once per rotation of ``lineup`` round the table."""
    n = len(lineup)
    kinds = tuple(dict.fromkeys(kind_of(label) for label in lineup))
    seats = {kind: sum(kind_of(label) == kind for label in lineup) for kind in kinds}
    result = Result(kinds=kinds, per_deck={kind: [] for kind in kinds}, rotations=n)
    deck_rng = random.Random(f"{SEED}:{preset}:{','.join(lineup)}")
    for d in range(decks):
        deck = list(range(52))
        deck_rng.shuffle(deck)
        won = dict.fromkeys(kinds, 0)
        config = config_for(preset, n, d)
        for shift in range(n):
            seated = [kind_of(lineup[(k + shift) % n]) for k in range(n)]
            hand = play_timed(config, deck, seated, f"{SEED}:{preset}:{d}:{shift}", times)
            for k, kind in enumerate(seated):
                won[kind] += hand.stacks[k] - config.stacks[k]
            result.hands += 1
        for kind in kinds:
            result.per_deck[kind].append(won[kind] / seats[kind])
    return result


def interval(samples: Sequence[float], hands: int, unit: int) -> tuple[float, float]:
    """Mean big blinds per 100 hands and the half-width of its 95 % interval, from chips won
    per deck (``hands`` hands a deck)."""
    k = len(samples)
    mean = statistics.fmean(samples)
    sd = statistics.stdev(samples) if k > 1 else 0.0
    scale = 100 / hands / unit
    return mean * scale, 1.96 * sd / math.sqrt(k) * scale


@dataclass(frozen=True, kw_only=True)
class Claim:
    winner: str
    loser: str


def report(
    title: str, result: Result, claims: Sequence[Claim], unit: int, smoke: bool
) -> list[str]:
    """Print the rates and the claims; return the claims that missed."""
    print(f"\n### {title}: {result.hands:,} hands\n")
    rows: list[list[object]] = []
    for kind in result.kinds:
        mean, half = interval(result.per_deck[kind], result.rotations, unit)
        rows.append([kind, f"{mean:+.1f} ± {half:.1f}"])
    print(table(["player (one seat)", "bb/100 (95 % interval)"], rows))
    missed: list[str] = []
    rows = []
    for claim in claims:
        pairs = zip(result.per_deck[claim.winner], result.per_deck[claim.loser])
        mean, half = interval([w - lose for w, lose in pairs], result.rotations, unit)
        ok = mean - half > 0
        verdict = "yes" if ok else ("(smoke: not judged)" if smoke else "NO")
        if not ok and not smoke:
            missed.append(f"{title}: {claim.winner} over {claim.loser}")
        rows.append([f"{claim.winner} - {claim.loser}", f"{mean:+.1f} ± {half:.1f}", verdict])
    print()
    print(table(["difference", "bb/100 (95 % interval)", "clear of zero"], rows))
    return missed


def percentile(samples: Sequence[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


@dataclass(frozen=True, kw_only=True)
class Match:
    """One seeded match: a table's lineup, a preset, decks, and the claims it tests."""

    section: str
    title: str
    lineup: tuple[str, ...]
    claims: tuple[Claim, ...]
    decks: int
    preset: str = "cash"
    required: bool = True
    """Whether a claim that misses fails the run (the preset matches are for information)."""


def matches(smoke: bool, scale: float = 1.0) -> list[Match]:
    full = (10_000, 3_334, 1_000)
    heads_up, six, presets = (60, 10, 10) if smoke else (max(1, int(n * scale)) for n in full)
    out = []
    for a, b in PAIRS:
        claim = (Claim(winner=a, loser=b),)
        out.append(
            Match(
                section="heads-up", title=f"{a} v {b}", lineup=(a, b), claims=claim, decks=heads_up
            )
        )
    for a, b in PAIRS:
        claim = (Claim(winner=a, loser=b),)
        lineup = (a, b, f"{a}#2", f"{b}#2", f"{a}#3", f"{b}#3")
        title = f"three {a} v three {b}"
        out.append(Match(section="six-handed", title=title, lineup=lineup, claims=claim, decks=six))
    for preset in PRESETS:
        claim = (Claim(winner="hard", loser="easy"),)
        out.append(
            Match(
                section="presets",
                title=f"{preset}: hard v easy",
                lineup=("hard", "easy"),
                claims=claim,
                decks=presets,
                preset=preset,
                required=False,
            )
        )
    return out


SECTIONS = {
    "heads-up": "Heads-up, no-limit, 100 big blinds, each deck dealt twice (seats swapped)",
    "six-handed": "Six-handed, no-limit, 100 big blinds, each deck dealt six times (seats rotated)",
    "presets": "Every preset heads-up (its own stacks and blinds), each deck dealt twice",
}


def run(match: Match) -> tuple[Match, Result, dict[str, Times]]:
    times: dict[str, Times] = {}
    return match, play_match(match.lineup, match.decks, times, preset=match.preset), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="a few hundred hands, no verdicts")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="a share of the full run's decks (0.1: a tenth)"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    todo = matches(args.smoke, args.scale)
    jobs = 1 if args.smoke else 2
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(run, todo, chunksize=1)
    else:
        done = [run(m) for m in todo]
    rows: list[list[object]]
    times: dict[str, Times] = {}
    styles: dict[str, Times] = {}
    missed: list[str] = []
    section = ""
    for match, result, match_times in done:
        if match.section != section:
            section = match.section
            print(f"\n## {SECTIONS[section]}")
        unit = BIG_BLIND if match.preset == "cash" else PRESETS[match.preset].big_blind
        missing = report(match.title, result, match.claims, unit, args.smoke)
        missed += missing if match.required else []
        for kind, sample in match_times.items():
            mine = times.setdefault(kind, Times())
            mine.wall += sample.wall
            mine.cpu += sample.cpu
            if match.section == "six-handed":
                styles.setdefault(kind, Times())
                for name in ("dealt", "voluntary", "raised", "aggressive", "calls"):
                    value = getattr(styles[kind], name) + getattr(sample, name)
                    setattr(styles[kind], name, value)

    print("\n## How each plays, six-handed\n")
    rows = []
    for kind, sample in sorted(styles.items()):
        vpip = 100 * sample.voluntary / max(sample.dealt, 1)
        pfr = 100 * sample.raised / max(sample.dealt, 1)
        factor = sample.aggressive / max(sample.calls, 1)
        rows.append([kind, f"{sample.dealt:,}", f"{vpip:.0f} %", f"{pfr:.0f} %", f"{factor:.2f}"])
    print(table(["player", "hands", "VPIP", "PFR", "aggression (bets+raises)/calls"], rows))

    print("\n## Decision time\n")
    rows = []
    worst = 0.0
    for kind, sample in sorted(times.items()):
        cpu99 = percentile(sample.cpu, 0.99) * 1000
        worst = max(worst, cpu99)
        rows.append(
            [
                kind,
                f"{len(sample.wall):,}",
                f"{percentile(sample.wall, 0.5) * 1000:.2f}",
                f"{percentile(sample.wall, 0.99) * 1000:.2f}",
                f"{cpu99:.2f}",
                f"{max(sample.wall) * 1000:.1f}",
            ]
        )
    header = ["player", "decisions", "p50 ms", "p99 ms", "p99 CPU ms", "max ms"]
    print(table(header, rows))
    # The wall clock counts the time other processes held the two cores; the decision's own
    # cost is its CPU time, which is what the target is about.
    verdict = "ok" if worst <= TARGET_P99_MS else "MISSED"
    load = os.getloadavg()[0]
    print(
        f"\nworst p99 {worst:.2f} ms of CPU time, target {TARGET_P99_MS:.0f} ms: {verdict} "
        f"(load average {load:.1f} on {os.cpu_count()} cores)"
    )
    if verdict != "ok" and not args.smoke:
        missed.append("decision p99")
    hands = sum(result.hands for _, result, _ in done)
    seconds = time.perf_counter() - started
    print(f"\n{hands:,} hands in {seconds:.0f} s ({jobs} processes)")
    if missed:
        print("\nMISSED: " + "; ".join(missed))
        sys.exit(1)


if __name__ == "__main__":
    main()
