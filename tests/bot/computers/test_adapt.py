"""Hard adapts to the habits it has seen: it bluffs a player who folds to bets, stops
bluffing a calling station and value-bets it bigger and thinner, and plays its balanced game
while the sample is small. The habits come from public moves only (the notebook)."""

from __future__ import annotations

import random

from bot.computers import Level, Notebook, Tendencies, observe, player_for
from bot.computers.adapt import MIN_HANDS
from bot.computers.view import history_of
from bot.store.store import Store
from bot.tables.computers import ComputerPlayers
from bot.tables.service import TableService
from engine import ActionKind, Hand, HouseRules
from tests.bot.conftest import Clock
from tests.bot.tables.test_practice_tables import CHANNEL, GUILD, HOST, _decks
from tests.engine.helpers import hand, play

HARD, NORMAL = player_for(Level.HARD), player_for(Level.NORMAL)
SEEDS = range(300)

FOLDER = Tendencies(
    hands=200, voluntary=30, raised=20, faced_raise=80, folded_raise=78, faced_bet=90,
    folded_bet=88, flops=40, showdowns=2, aggressive=5, calls=2,
)  # fmt: skip
"""Folds to nearly every bet and raise."""
STATION = Tendencies(
    hands=200, voluntary=185, raised=0, faced_raise=90, folded_raise=0, faced_bet=300,
    folded_bet=0, flops=180, showdowns=170, aggressive=0, calls=300,
)  # fmt: skip
"""Calls everything, never raises."""


def _river(holes: str, board: str) -> Hand:
    """Heads-up, p2 (the big blind) checks the river to the button p1."""
    h = hand((200, 200), holes=[holes, "Qd Qc"], board=board, button=0)
    play(h, "p1 call", "p2 check")
    for _ in range(3):
        play(h, "p2 check", "p1 check") if h.street < 3 else play(h, "p2 check")
    return h


def _decisions(
    player: object, h: Hand, habits: Tendencies | None
) -> list[tuple[ActionKind, int | None]]:
    p = h.to_act
    assert p is not None
    reads = () if habits is None else tuple(habits if q != p else Tendencies() for q in range(2))
    view = observe(h, p, reads=reads)
    return [
        (a.kind, a.amount)
        for a in (player.decide(view, random.Random(s)) for s in SEEDS)  # type: ignore[attr-defined]
    ]


def _bets(decisions: list[tuple[ActionKind, int | None]]) -> int:
    return sum(kind in (ActionKind.BET, ActionKind.ALL_IN) for kind, _ in decisions)


AIR = ("7h 2c", "Ks Jd 9s 4h 3c")
NUTS = ("Ah Kh", "Qh Jh Th 4c 3d")
THIN = ("8c 5d", "Ks Jd 8s 4h 2c")  # third pair


def test_hard_bluffs_a_player_who_folds_to_bets_and_never_a_calling_station() -> None:
    h = _river(*AIR)
    balanced = _bets(_decisions(HARD, h, None))
    assert _bets(_decisions(HARD, h, FOLDER)) > 2 * balanced > 0
    assert _bets(_decisions(HARD, h, STATION)) == 0


def test_hard_bets_a_calling_station_bigger_and_thinner() -> None:
    h = _river(*NUTS)
    sizes = {
        name: [
            amount or 400
            for kind, amount in _decisions(HARD, h, habits)
            if kind.name in ("BET", "ALL_IN")
        ]
        for name, habits in (("balanced", None), ("station", STATION))
    }
    assert sum(sizes["station"]) / len(sizes["station"]) > 1.5 * (
        sum(sizes["balanced"]) / len(sizes["balanced"])
    )
    thin = _river(*THIN)
    assert _bets(_decisions(HARD, thin, STATION)) > _bets(_decisions(HARD, thin, None))


MANIAC = Tendencies(
    hands=200, voluntary=150, raised=110, faced_raise=60, folded_raise=20, faced_bet=60,
    folded_bet=18, flops=120, showdowns=60, aggressive=180, calls=15,
)  # fmt: skip
"""Plays most hands, bets and raises far more than it calls."""


def test_hard_lets_a_maniac_bet_its_strong_hands_for_it() -> None:
    """Flopped a set, first to act: hard bets it against an unknown, and mostly checks it to a
    player who bets whenever checked to."""
    h = hand((200, 200), holes=["Qd Qc", "9h 9c"], board="9s 5d 2c 7h 3s", button=0)
    play(h, "p1 call", "p2 check")
    balanced = _bets(_decisions(HARD, h, None))
    against = _bets(_decisions(HARD, h, MANIAC))
    assert balanced > 0.9 * len(SEEDS)
    assert against < 0.5 * len(SEEDS)


def test_a_small_sample_changes_nothing() -> None:
    few = Tendencies(hands=MIN_HANDS - 1, faced_bet=MIN_HANDS - 1, folded_bet=MIN_HANDS - 1)
    for holes, board in (AIR, NUTS, THIN):
        h = _river(holes, board)
        assert _decisions(HARD, h, few) == _decisions(HARD, h, None)


def test_normal_does_not_exploit_folds() -> None:
    """Only hard shifts its bluffs against a folder; normal reads ranges, not folds."""
    h = _river(*AIR)
    assert _bets(_decisions(NORMAL, h, FOLDER)) == _bets(_decisions(NORMAL, h, None))


def test_the_notebook_counts_public_moves() -> None:
    """Two hands: p2 folds to a bet after the flop, then calls a raise and goes to a showdown."""
    book = Notebook()
    first = hand((200, 200), holes=["As Ks", "7c 2d"], board="Ah 9d 4c 5s 6h", button=0)
    play(first, "p1 raise 6", "p2 call", "p2 check", "p1 bet 8", "p2 fold")
    book.record(history_of(first), ["hero", "villain"])
    second = hand((200, 200), holes=["7c 2d", "As Ks"], board="Ah 9d 4c 5s 6h", button=0)
    play(second, "p1 call", "p2 raise 6", "p1 call")
    for _ in range(3):
        play(second, "p2 check", "p1 check")
    book.record(history_of(second), ["villain", "hero"])
    seen = book.of("villain")
    assert (seen.hands, seen.voluntary, seen.raised) == (2, 2, 0)
    assert (seen.faced_raise, seen.folded_raise) == (2, 0)
    assert (seen.faced_bet, seen.folded_bet, seen.fold_to_bet) == (1, 1, 1.0)
    assert (seen.flops, seen.showdowns) == (2, 1)
    hero = book.of("hero")
    assert (hero.raised, hero.aggressive, hero.showdowns) == (2, 1, 1)
    assert book.reads(["villain", "nobody"]) == (seen, Tendencies())


def test_reads_are_copied_into_the_view_as_values() -> None:
    h = _river(*AIR)
    view = observe(h, 0, reads=[STATION, FOLDER])
    assert view.reads == (STATION, FOLDER)
    assert observe(h, 0).reads == ()


async def test_a_practice_table_keeps_a_notebook_of_its_players(store: Store) -> None:
    """At a table the computer players' notebook counts each finished hand they played, the
    member's calls included, and the next view carries the counts."""
    service = TableService(store, clock=Clock(), deck_source=_decks(5), rng=random.Random(5))
    await service.seats.open_table(GUILD, CHANNEL, HOST, HouseRules(), 100, name="Host")
    computers = ComputerPlayers(service.hands, service.computers.view_of, pause=0)
    service.tables.subscribe(computers.receive)
    await service.computers.add_computer(GUILD, CHANNEL, Level.HARD, name_of=str)
    table_id = f"{GUILD}:{CHANNEL}"
    dealt = 0
    for _ in range(200):
        state = service.tables.state(table_id)
        if state.turn is None:
            if dealt == 8:
                break
            await service.hands.deal(GUILD, CHANNEL)
            dealt += 1
        elif state.turn.member == HOST:
            kind = ActionKind.CHECK if state.turn.legal.can_check else ActionKind.CALL
            await service.hands.act(GUILD, CHANNEL, HOST, kind, seq=state.turn.seq)
        await computers.idle()
    notebook = service.computers.notebooks[table_id]  # the table's, as the views read it
    seen = notebook.of(str(HOST))
    assert 3 <= seen.hands < dealt  # the hand in play is not counted until it is over
    assert seen.folded_bet == seen.folded_raise == 0 and seen.aggressive == 0
    assert seen.calls + seen.voluntary > 0
