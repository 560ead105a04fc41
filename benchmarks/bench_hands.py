"""Random six-handed no-limit hands a second: ours against pokerkit, one policy for both.

Both engines are driven by the same decision procedure (:func:`decide`), written over an
abstract view of the legal options: may the player check, and the raise-to range if any. Each
engine has a small adapter that reads its own legal options into that view and turns the
decision back into its own action. Six players, stacks of 200, blinds 1/2 (100 big blinds),
button last (pokerkit's seating), burn cards on both sides.

- ours: the deck is :func:`tests.engine.simulate.random_deck` from the seeded generator;
  every hand is played to its end (events, showdown, pots) inside the timing.
- pokerkit: its fastest honest set-up, every automation on, cards dealt by its own dealing
  automation (it shuffles with the global generator, seeded here); nothing it verifies is
  switched off. Also timed: pokerkit dealt our exact cards by hand, as a second figure.

Before a rate is reported, a check run deals the same cards to both engines with the same
per-hand seed, and every hand must finish with the same stacks, unless it is one of the
situations where pokerkit knowingly departs from RULES.md (``tests/engine/pokerkit_peer.py``).

    .venv/bin/python benchmarks/bench_hands.py [--smoke]
"""

from __future__ import annotations

import random
import sys
import warnings
from collections.abc import Callable, Sequence

from _common import median_time, parse_args, table

from engine.actions import Action, ActionKind
from engine.cards import CARDS
from engine.config import HandConfig
from engine.hand import Hand
from tests.engine.simulate import random_deck

PLAYERS = 6
STACK = 200
SMALL, BIG = 1, 2
OURS_HANDS = 20_000
POKERKIT_HANDS = 1_000  # pokerkit plays a few hundred a second
CHECK_HANDS = 500
REPEATS = 5
SEED = 20261129

FOLD, CALL, RAISE = 0, 1, 2


def decide(
    rng: random.Random, can_check: bool, low: int | None, high: int | None
) -> tuple[int, int]:
    """The policy: (FOLD | CALL | RAISE, raise-to amount); CALL means check or call.

    ``low``/``high`` is the raise-to range, ``None`` when the player may not raise. A player
    whose only option is to check checks without a draw, so that an engine asking for a move
    that cannot matter (pokerkit does, in some run-outs) does not shift the random sequence.
    """
    if can_check and low is None:
        return CALL, 0
    roll = rng.random()
    if roll < 0.15 and not can_check:
        return FOLD, 0
    if roll < 0.70 or low is None or high is None:
        return CALL, 0
    if roll < 0.80:
        return RAISE, high  # all-in in no-limit
    return RAISE, rng.randint(low, high)


# ---------------------------------------------------------------------- ours


CONFIG = HandConfig(stacks=(STACK,) * PLAYERS, button=PLAYERS - 1, small_blind=SMALL, big_blind=BIG)
_FOLD = ActionKind.FOLD
_CALL = ActionKind.CALL
_RAISE = ActionKind.RAISE


def ours_hand(deck: Sequence[int], rng: random.Random) -> Hand:
    hand = Hand(CONFIG, deck)
    while hand.to_act is not None:
        legal = hand.legal_actions()
        what, amount = decide(rng, legal.can_check, legal.min_raise_to, legal.max_raise_to)
        p = legal.player
        if what == FOLD:
            hand.act(Action(player=p, kind=_FOLD))
        elif what == CALL:
            hand.act(Action(player=p, kind=_CALL))
        else:
            hand.act(Action(player=p, kind=_RAISE, amount=amount))
    return hand


def ours_run(hands: int) -> Callable[[], list[int]]:
    def run() -> list[int]:
        rng = random.Random(SEED)
        total = [0] * PLAYERS
        for _ in range(hands):
            hand = ours_hand(random_deck(rng), rng)
            for p, s in enumerate(hand.stacks):
                total[p] += s
        return total

    return run


# ---------------------------------------------------------------------- pokerkit


def pokerkit_setup() -> tuple[Callable[..., object], tuple[object, ...], dict[str, object]] | None:
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    dealing = (Automation.HOLE_DEALING, Automation.BOARD_DEALING)
    common: dict[str, object] = {
        "ante_trimming_status": True,
        "raw_antes": 0,
        "raw_blinds_or_straddles": (SMALL, BIG),
        "min_bet": BIG,
        "raw_starting_stacks": STACK,
        "player_count": PLAYERS,
    }
    return NoLimitTexasHoldem.create_state, (automations, dealing), common


def pokerkit_play(state: object, rng: random.Random, board: Sequence[object] | None) -> None:
    """Drive one pokerkit state to its end; ``board`` is given when we deal the cards."""
    s: object = state
    dealt = 0
    while s.status:  # type: ignore[attr-defined]
        if s.actor_index is not None:  # type: ignore[attr-defined]
            can_check = s.checking_or_calling_amount == 0  # type: ignore[attr-defined]
            if s.can_complete_bet_or_raise_to():  # type: ignore[attr-defined]
                low = s.min_completion_betting_or_raising_to_amount  # type: ignore[attr-defined]
                high = s.max_completion_betting_or_raising_to_amount  # type: ignore[attr-defined]
            else:
                low = high = None
            what, amount = decide(rng, can_check, low, high)
            if what == FOLD:
                s.fold()  # type: ignore[attr-defined]
            elif what == CALL:
                s.check_or_call()  # type: ignore[attr-defined]
            else:
                s.complete_bet_or_raise_to(amount)  # type: ignore[attr-defined]
        elif board is not None and s.can_deal_board():  # type: ignore[attr-defined]
            count = 3 if dealt == 0 else 1
            s.deal_board(board[dealt : dealt + count])  # type: ignore[attr-defined]
            dealt += count
        else:
            raise RuntimeError("pokerkit waits for something the benchmark does not do")


def pokerkit_run(hands: int, *, same_cards: bool) -> Callable[[], list[int]] | None:
    setup = pokerkit_setup()
    if setup is None:
        return None
    create, (automations, dealing), common = setup
    from pokerkit import Card

    as_pk = [next(iter(Card.parse(str(c)))) for c in CARDS]

    def run() -> list[int]:
        rng = random.Random(SEED)
        random.seed(SEED)  # pokerkit shuffles its deck with the global generator
        total = [0] * PLAYERS
        for _ in range(hands):
            if same_cards:
                deck = random_deck(rng)
                state = create(automations, **common)  # type: ignore[arg-type]
                for p in range(PLAYERS):
                    state.deal_hole((as_pk[deck[1 + p]], as_pk[deck[1 + PLAYERS + p]]))  # type: ignore[attr-defined]
                board = [as_pk[deck[k]] for k in (14, 15, 16, 18, 20)]
                pokerkit_play(state, rng, board)
            else:
                state = create(automations + dealing, **common)  # type: ignore[arg-type]
                pokerkit_play(state, rng, None)
            for p, s in enumerate(state.stacks):  # type: ignore[attr-defined]
                total[p] += s
        return total

    return run


def check_agreement(hands: int) -> tuple[int, int, list[int]]:
    """Same cards, same per-hand seed: (agreeing, excused by pokerkit's departures, failing)."""
    setup = pokerkit_setup()
    assert setup is not None
    create, (automations, _), common = setup
    from pokerkit import Card

    from tests.engine.pokerkit_peer import compare

    as_pk = [next(iter(Card.parse(str(c)))) for c in CARDS]
    agree = excused = 0
    failing: list[int] = []
    for k in range(hands):
        deck = random_deck(random.Random(k))
        ours = ours_hand(deck, random.Random(SEED + k))
        state = create(automations, **common)  # type: ignore[arg-type]
        with warnings.catch_warnings():
            # pokerkit burns from its own deck, then warns when we deal a card it burnt
            warnings.simplefilter("ignore")
            for p in range(PLAYERS):
                state.deal_hole((as_pk[deck[1 + p]], as_pk[deck[1 + PLAYERS + p]]))  # type: ignore[attr-defined]
            board = [as_pk[deck[i]] for i in (14, 15, 16, 18, 20)]
            pokerkit_play(state, random.Random(SEED + k), board)
        if list(state.stacks) == ours.stacks:  # type: ignore[attr-defined]
            agree += 1
        elif compare(ours).departure is not None:  # a named departure from RULES.md
            excused += 1
        else:
            failing.append(k)
    return agree, excused, failing


def main() -> None:
    args = parse_args(__doc__ or "")
    ours_count = 300 if args.smoke else OURS_HANDS
    pk_count = 20 if args.smoke else POKERKIT_HANDS
    check_count = 40 if args.smoke else CHECK_HANDS
    repeats = 1 if args.smoke else REPEATS

    ours_time, ours_total = median_time(ours_run(ours_count), repeats)
    if sum(ours_total) != ours_count * PLAYERS * STACK:
        sys.exit("our chips were created or lost")
    ours_rate = ours_count / ours_time
    rows: list[list[object]] = [
        ["ours (engine.hand.Hand)", f"{ours_count:,}", f"{ours_rate:,.0f}", "1.00"]
    ]
    best_peer = None
    for label, same in (
        ("pokerkit 0.7.7, its own dealing automation", False),
        ("pokerkit 0.7.7, our cards dealt by hand", True),
    ):
        run = pokerkit_run(pk_count, same_cards=same)
        if run is None:
            print("pokerkit is not installed: ours only")
            break
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            seconds, total = median_time(run, repeats)
        if sum(total) != pk_count * PLAYERS * STACK:
            sys.exit(f"{label}: chips were created or lost")
        rate = pk_count / seconds
        best_peer = rate if best_peer is None else max(best_peer, rate)
        rows.append([label, f"{pk_count:,}", f"{rate:,.0f}", f"{ours_rate / rate:.1f}"])

    print(
        f"random {PLAYERS}-handed no-limit hands, stacks {STACK}, blinds {SMALL}/{BIG}, "
        f"seed {SEED}, median of {repeats} run(s)\n"
    )
    print(table(["engine", "hands", "hands/s", "ours / theirs"], rows))
    if best_peer is None:
        return
    print(f"\nours / fastest pokerkit set-up: {ours_rate / best_peer:.1f}x (target 20x)")
    agree, excused, failing = check_agreement(check_count)
    print(
        f"same cards and seeds, {check_count} hands: {agree} end with equal stacks, "
        f"{excused} differ where pokerkit departs from RULES.md, {len(failing)} disagree"
    )
    if failing:
        sys.exit(f"DISAGREEMENT with pokerkit on hands {failing[:10]}")


if __name__ == "__main__":
    main()
