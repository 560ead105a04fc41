"""Properties of the session layer under random seating, sitting out, leaving and play.

- chips are conserved across hands (only rebuys and a leader's adjustments add chips);
- with nobody coming or going, the button visits every dealt-in seat once per orbit;
- nobody gains blind-free hands by sitting out or (re)joining: a player not dealt in the last
  hand comes in posting a big blind (as the big blind, or posting one under
  ``ReturnRule.POST``) unless fewer than two others could play;
- nobody posts the same blind twice in a row because someone else came or went (under the
  dead-button rule: the big blind; the small blind may be posted again by the same player
  when the big blind leaves, the price of never skipping the big blind), and under the
  dead-button rule the big blind never passes over a player who is dealt in;
- a snapshot taken between any two steps round-trips exactly.
"""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ButtonRule, EmptyStackPolicy, Hand, HouseRules, ReturnRule, SessionError, Table
from engine.codec import table_from_dict, table_to_dict
from engine.table import HandDealt, Rebought
from tests.engine.simulate import random_action, random_deck

POLICIES = list(EmptyStackPolicy)


def clockwise_between(a: int, b: int, k: int, size: int) -> bool:
    """Seat k lies strictly between a and b going clockwise."""
    return 0 < (k - a) % size < (b - a) % size


def shuffle_seating(table: Table, names: list[str], rng: random.Random) -> None:
    """One random seating change (or none): sit down, leave, sit out, sit in, adjust."""
    roll = rng.random()
    present = table.players()
    try:
        if roll < 0.1:
            table.sit(rng.choice([n for n in names if n not in present]))
        elif roll < 0.18 and present:
            table.leave(rng.choice(present))
        elif roll < 0.28 and present:
            table.sit_out(rng.choice(present))
        elif roll < 0.4 and present:
            table.sit_in(rng.choice(present))
        elif roll < 0.43 and present:
            table.adjust_stack(rng.choice(present), delta=5, reason="test", by="host")
    except SessionError:
        pass


def blinds(table: Table, hand: Hand) -> tuple[str, str, set[str]]:
    """The small blind's player, the big blind's, and the players posting a big blind."""
    config = hand.config
    names = [table.seats[k].player for k in table.hand_seats]  # type: ignore[union-attr]
    posts = {names[p] for p in config.posts} | {names[config.big_blind_player]}
    return names[config.small_blind_player], names[config.big_blind_player], posts


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(POLICIES),
    button=st.sampled_from(list(ButtonRule)),
    returning=st.sampled_from(list(ReturnRule)),
    seats=st.integers(2, 10),
)
def test_random_sessions_keep_the_invariants(
    seed: int, policy: EmptyStackPolicy, button: ButtonRule, returning: ReturnRule, seats: int
) -> None:
    rng = random.Random(seed)
    rules = HouseRules(
        empty_stack=policy,
        max_seats=seats,
        starting_stack=40,
        button=button,
        returning=returning,
    )
    table = Table(rules)
    names = [f"p{k}" for k in range(14)]
    for name in names[: rng.randint(2, seats)]:
        table.sit(name)
    last: tuple[str, str, set[str]] | None = None  # small blind, big blind, dealt in
    previous_bb: int | None = None
    adjusted = 0
    now = 0.0
    for _ in range(60):
        shuffle_seating(table, names, rng)
        if table.ended is not None:
            table.new_session()
            last = None
        seated_before = {s.player for s in table.seats if s is not None}
        try:
            hand = table.start_hand(random_deck(rng), now, rng=rng)
        except SessionError as error:
            assert error.code in ("too_few", "session_over")
            last = None  # a hand not dealt: the next one follows no "last hand"
            continue
        dealt = table.log[-1]
        assert isinstance(dealt, HandDealt)
        players = [table.seats[k].player for k in dealt.seats]  # type: ignore[union-attr]
        assert seated_before >= set(players)
        sb, bb, posting = blinds(table, hand)
        bb_seat = dealt.seats[hand.config.big_blind_player]
        if last is not None:
            last_sb, last_bb, last_dealt = last
            regular = [p for p in players if p in last_dealt]
            for p in players:
                if p not in last_dealt and len(regular) >= 2:
                    assert p in posting, ("a blind-free hand for", p, sb, bb)
            if bb in last_dealt:
                assert bb != last_bb, ("the big blind twice", bb)
            if button is ButtonRule.MOVING and sb in last_dealt and len(players) > 2:
                assert sb != last_sb, ("the small blind twice", sb)
            if button is ButtonRule.DEAD and previous_bb is not None:
                passed = [
                    k
                    for k in dealt.seats
                    if clockwise_between(previous_bb, bb_seat, k, seats)
                    and table.seats[k].player in last_dealt  # type: ignore[union-attr]
                ]
                assert passed == [], (previous_bb, bb_seat, dealt.seats)
        total = sum(table.chips().values())
        while hand.to_act is not None:
            hand.act(random_action(hand, rng))
        events = table.finish_hand(now)
        added = sum(e.added for e in events if isinstance(e, Rebought))
        assert sum(table.chips().values()) == total + added
        assert all(s.stack >= 0 for s in table.seats if s is not None)
        last = (sb, bb, set(players))
        previous_bb = bb_seat
        now += 30.0
        data = json.loads(json.dumps(table_to_dict(table)))
        assert table_to_dict(table_from_dict(data)) == table_to_dict(table)
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
