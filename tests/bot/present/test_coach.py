"""bot.present.coach: the learning panel reads seed 002's two sums in every language, states how
exact its equity is, and takes its figures from the member's own turn only."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n.catalogue import LOCALES, Lang
from bot.present.coach import coach_spot, coach_text, spot_advice
from bot.tables.outcomes import TableState
from bot.tables.snapshot import private_cards, table_state
from engine import CARDS, parse_cards, preset
from engine.coach import advise
from engine.table import Table
from tests.bot.i18n.seed002 import SEED_OUTS, SEED_POT_ODDS

ESTIMATE = {
    "en": "Estimated from 4,000 random deals, give or take about ",
    "nb": "Anslått fra 4\u00a0000 tilfeldige utdelinger, med en usikkerhet på omtrent ",
    "da": "Anslået ud fra 4.000 tilfældige uddelinger, med en usikkerhed på omkring ",
}
MEMBERS = (101, 202, 303)


@pytest.mark.parametrize("lang", LOCALES)
def test_the_panel_says_seed_002s_pot_odds_and_outs(lang: Lang) -> None:
    """A flush draw on the flop, 10 to call into 40: seed 002's two examples, word for word."""
    advice = advise(parse_cards("Ah 7h"), parse_cards("Kh 9h 2c"), pot=40, to_call=10, opponents=1)
    lines = coach_text(lang, advice).splitlines()
    assert lines[0].startswith("**") and lines[0].endswith("**")
    assert lines[1].startswith(SEED_POT_ODDS[lang])
    assert SEED_OUTS[lang] in lines[2]
    error = f"{advice.equity_error * 100:.1f}"
    assert lines[-1].startswith(ESTIMATE[lang])
    assert (error if lang == "en" else error.replace(".", ",")) in lines[-1]
    assert 0 < advice.equity_error < 0.01


def test_the_panel_says_when_its_equity_is_exact() -> None:
    advice = advise(
        parse_cards("Ah 7h"), parse_cards("Kh 9h 2c 3s 4d"), pot=30, to_call=0, opponents=1
    )
    assert advice.exact and advice.equity_error == 0.0
    text = coach_text("en", advice)
    assert text.splitlines()[-1] == "Counted exactly over every hand an opponent can hold."
    assert "The pot is" not in text  # nothing to call: no pot odds


def _table() -> tuple[Table, tuple[int, ...]]:
    table = Table(preset("no-limit"))
    for member in MEMBERS:
        table.sit(str(member), stack=100)
    deck = list(CARDS)
    table.start_hand(deck, 0.0, button=0)
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    return table, members


def _state(table: Table, members: tuple[int, ...], **settings: object) -> TableState:
    return table_state(
        table, table_id="9:9", guild_id=9, channel_id=9, settings=settings, hand_id=4,
        members=members, deadline=None,
    )  # fmt: skip


def test_the_spot_is_the_members_own_turn_as_they_see_it() -> None:
    table, members = _table()
    hand = table.hand
    assert hand is not None
    state = _state(table, members)
    turn = state.turn
    assert turn is not None
    everyone = {p.member: p for p in private_cards(hand, hand_id=4, members=members)}
    spot = coach_spot(state, everyone[turn.member])
    assert spot is not None
    assert spot.hole == tuple(parse_cards(" ".join(everyone[turn.member].cards)))
    assert spot.board == ()
    assert spot.pot == hand.pot_total == 3  # the blinds, 1 and 2
    assert spot.to_call == 2 and spot.opponents == 2
    assert spot.decision == (4, turn.seq)
    others = [m for m in members if m != turn.member]
    assert all(coach_spot(state, everyone[m]) is None for m in others)
    # The same decision always gets the same figures; the next one its own seed.
    assert spot_advice(spot, samples=300) == spot_advice(spot, samples=300)
    hand.check_or_call()
    after = _state(table, members)
    assert after.turn is not None
    nxt = coach_spot(after, everyone[after.turn.member])
    assert nxt is not None and nxt.seed != spot.seed and nxt.pot == 5


def test_no_spot_where_the_house_rules_forbid_the_helper() -> None:
    table, members = _table()
    table.rules = dataclasses.replace(table.rules, coach=False)
    state = _state(table, members)
    turn = state.turn
    hand = table.hand
    assert hand is not None and turn is not None
    mine = next(
        p for p in private_cards(hand, hand_id=4, members=members) if p.member == turn.member
    )
    assert coach_spot(state, mine) is None


def test_a_call_that_puts_the_caller_all_in_counts_only_the_pot_it_can_win() -> None:
    """The button raises to 40; the small blind has 10 in all: calling 9 more puts them all
    in, and 30 of the raise goes to a side pot they cannot win."""
    table = Table(preset("no-limit"))
    for member, stack in zip(MEMBERS, (100, 10, 100), strict=True):
        table.sit(str(member), stack=stack)
    table.start_hand(list(CARDS), 0.0, button=0)
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    hand = table.hand
    assert hand is not None
    before = _state(table, members)
    assert before.turn is not None and before.turn.member == MEMBERS[0]
    hand.raise_to(40)
    state = _state(table, members)
    turn = state.turn
    assert turn is not None and turn.member == MEMBERS[1]
    assert turn.legal.call_is_all_in and turn.legal.to_call == 9 and turn.pot_total == 43
    mine = next(
        p for p in private_cards(hand, hand_id=4, members=members) if p.member == MEMBERS[1]
    )
    spot = coach_spot(state, mine)
    assert spot is not None
    assert (spot.pot, spot.to_call) == (13, 9)  # 1 + 2 + 10 of the raise
    odds = spot_advice(spot, samples=100).pot_odds
    assert odds is not None and odds.needed == pytest.approx(9 / 22)
