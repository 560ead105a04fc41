"""Properties of the session layer under random seating, sitting out, leaving and play.

- chips are conserved across hands (only rebuys and a leader's adjustments add chips);
- with nobody coming or going, the button visits every dealt-in seat once per orbit;
- the big blind never passes over a player who is dealt in (so nobody skips it, let alone
  twice); a newcomer's first hand is as the big blind unless only two could play;
- a snapshot taken between any two steps round-trips exactly.
"""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EmptyStackPolicy, HouseRules, SessionError, Table
from engine.events import StackAdjusted
from engine.simulate import random_action, random_deck
from engine.table import HandDealt, Rebought

POLICIES = list(EmptyStackPolicy)


def clockwise_between(a: int, b: int, k: int, size: int) -> bool:
    """Seat k lies strictly between a and b going clockwise."""
    return 0 < (k - a) % size < (b - a) % size


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(POLICIES),
    seats=st.integers(2, 10),
)
def test_random_sessions_keep_the_invariants(
    seed: int, policy: EmptyStackPolicy, seats: int
) -> None:
    rng = random.Random(seed)
    rules = HouseRules(empty_stack=policy, max_seats=seats, starting_stack=40)
    table = Table(rules)
    names = [f"p{k}" for k in range(14)]
    for name in names[: rng.randint(2, seats)]:
        table.sit(name)
    previous_bb: int | None = None
    now = 0.0
    for _ in range(40):
        roll = rng.random()
        present = table.players()
        try:
            if roll < 0.1:
                free = [n for n in names if n not in present]
                table.sit(rng.choice(free))
            elif roll < 0.16 and present:
                table.leave(rng.choice(present))
            elif roll < 0.22 and present:
                table.sit_out(rng.choice(present))
            elif roll < 0.3 and present:
                table.sit_in(rng.choice(present))
            elif roll < 0.33 and present:
                table.adjust_stack(rng.choice(present), delta=5, reason="test", by="host")
        except SessionError:
            pass
        if table.ended is not None:
            table.new_session()
        seated_before = {s.player for s in table.seats if s is not None}
        waiting = {s.player for s in table.seats if s is not None and s.waiting}
        try:
            hand = table.start_hand(random_deck(rng), now, rng=rng)
        except SessionError as error:
            assert error.code in ("too_few", "session_over")
            continue
        dealt = table.log[-1]
        assert isinstance(dealt, HandDealt)
        bb = dealt.seats[hand.config.big_blind_player]
        # the big blind never passes over a dealt-in seat
        if previous_bb is not None:
            passed = [k for k in dealt.seats if clockwise_between(previous_bb, bb, k, seats)]
            assert passed == [], (previous_bb, bb, dealt.seats)
        # a waiting player is dealt in only as the big blind, or when only two could play
        players = [table.seats[k].player for k in dealt.seats]  # type: ignore[union-attr]
        regular = sum(1 for p in players if p not in waiting)
        for k, p in zip(dealt.seats, players):
            assert p not in waiting or k == bb or regular <= 1
        assert seated_before >= set(players)
        total = sum(table.chips().values())
        while hand.to_act is not None:
            hand.act(random_action(hand, rng))
        mark = len(table.log)
        table.finish_hand(now)
        added = sum(e.added for e in table.log[mark:] if isinstance(e, Rebought))
        assert sum(table.chips().values()) == total + added
        assert all(s.stack >= 0 for s in table.seats if s is not None)
        previous_bb = bb
        now += 30.0
    data = json.loads(json.dumps(table.to_dict()))
    assert Table.from_dict(data).to_dict() == table.to_dict()
    adjusted = sum(e.after - e.before for e in table.log if isinstance(e, StackAdjusted))
    assert adjusted >= 0


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    occupied=st.sets(st.integers(0, 9), min_size=2, max_size=10),
    out=st.sets(st.integers(0, 9), max_size=3),
)
def test_the_button_visits_every_dealt_in_seat(
    seed: int, occupied: set[int], out: set[int]
) -> None:
    rng = random.Random(seed)
    table = Table(HouseRules(empty_stack=EmptyStackPolicy.REBUY))
    for k in sorted(occupied):
        table.sit(f"p{k}", seat=k)
    sitting_out = sorted(out & occupied)[: len(occupied) - 2]
    for k in sitting_out:
        table.sit_out(f"p{k}")
    active = sorted(occupied - set(sitting_out))
    buttons: list[int] = []
    bigs: list[int] = []
    for _ in range(2 * len(active)):
        hand = table.start_hand(random_deck(rng), 0.0, rng=rng)
        dealt = table.log[-1]
        assert isinstance(dealt, HandDealt)
        assert list(dealt.seats) == active
        buttons.append(dealt.button_seat)
        bigs.append(dealt.seats[hand.config.big_blind_player])
        while hand.to_act is not None:
            hand.act(random_action(hand, rng))
        table.finish_hand(0.0)
    n = len(active)
    for orbit in (buttons[:n], buttons[n:], bigs[:n], bigs[n:]):
        assert sorted(orbit) == active
    # one seat clockwise each hand
    for a, b in itertools.pairwise(buttons):
        assert active.index(b) == (active.index(a) + 1) % n
