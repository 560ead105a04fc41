"""bot.present: the views the renderers draw and the alt texts read, without Discord."""

from __future__ import annotations

import random

import pytest

from bot.present import hole_cards_view, rules_lines, showdown_view, table_view
from engine import CARDS, PRESETS, ActionKind, parse_cards, preset
from engine.actions import Action
from engine.table import Table
from i18n import CATALOGUE, LOCALES, Lang, t
from i18n.describe import table_alt
from render.views import Blind, SeatState

NAMES = {"a": "alice", "b": "bob", "c": "carol"}


def _deck(holes: list[str], board: str) -> list[int]:
    """Three players dealt from seat 1 (left of the button on seat 0), then the board."""
    cards = [parse_cards(h) for h in holes]
    first = [cards[1], cards[2], cards[0]]
    used = {c for pair in cards for c in pair} | set(parse_cards(board))
    spare = [c for c in CARDS if c not in used]
    deck = [pair[k] for k in range(2) for pair in first]
    flop_turn_river = list(parse_cards(board))
    for size in (3, 1, 1):
        deck.append(spare.pop())  # burn
        deck.extend(flop_turn_river[:size])
        del flop_turn_river[:size]
    return deck + spare


def _table(holes: list[str] | None = None, board: str = "") -> Table:
    table = Table(preset("no-limit"))
    for player in NAMES:
        table.sit(player, stack=100)
    if holes is None:
        deck = list(CARDS)
        random.Random(3).shuffle(deck)
    else:
        deck = _deck(holes, board)
    table.start_hand(deck, 0.0, button=0)
    return table


def _check_or_call_down(table: Table) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
        hand.act(Action(player=legal.player, kind=kind))


@pytest.fixture(autouse=True)
def _strict() -> None:
    CATALOGUE.strict = True


@pytest.mark.parametrize("lang", LOCALES)
def test_table_view_hides_every_hole_card_during_the_hand(lang: Lang) -> None:
    table = _table()
    hand = table.hand
    assert hand is not None
    view = table_view(table, NAMES, lang)
    assert all(seat.cards is None for seat in view.seats)
    hidden = {str(c) for hole in hand.hole for c in hole}
    alt = table_alt(lang, view)
    assert not any(card in alt for card in hidden)
    assert view.street == t(lang, "street.preflop")
    assert view.board == ()


def test_blinds_button_and_turn_flags() -> None:
    table = _table()
    hand = table.hand
    assert hand is not None
    view = table_view(table, NAMES, "en")
    by_name = {seat.name: seat for seat in view.seats if seat.state is not SeatState.EMPTY}
    button = [s.name for s in by_name.values() if s.is_button]
    small = [s.name for s in by_name.values() if s.blind is Blind.SMALL]
    big = [s.name for s in by_name.values() if s.blind is Blind.BIG]
    assert (button, small, big) == (["alice"], ["bob"], ["carol"])
    assert (by_name["bob"].bet, by_name["carol"].bet) == (1, 2)
    assert [s.name for s in by_name.values() if s.is_turn] == ["alice"]
    assert "alice" in table_alt("en", view)


def test_shown_hands_appear_at_showdown_folded_ones_never() -> None:
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h")
    hand = table.hand
    assert hand is not None
    hand.act(Action(player=hand.to_act or 0, kind=ActionKind.FOLD))  # alice folds 2c 7d
    _check_or_call_down(table)
    view = table_view(table, NAMES, "en")
    cards = {seat.name: seat.cards for seat in view.seats if seat.name}
    assert cards["alice"] is None
    assert cards["bob"] == ("As", "Ah")  # the winner shows
    assert hand.shown[1] and not hand.shown[0]
    assert cards["carol"] == (("Ks", "Kh") if hand.shown[2] else None)  # may muck
    assert "2♣" not in table_alt("en", view) and "7♦" not in table_alt("en", view)
    names = {p: NAMES[m] for p, m in enumerate(("a", "b", "c"))}
    showdown = showdown_view(hand, names, "en", number=1)
    assert showdown is not None
    best = showdown.hands[0]
    assert (best.name, best.is_winner) == ("bob", True)
    assert "alice" not in [h.name for h in showdown.hands]


@pytest.mark.parametrize("lang", LOCALES)
def test_hole_cards_view_names_the_hand_after_the_flop(lang: Lang) -> None:
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h")
    hand = table.hand
    assert hand is not None
    before = hole_cards_view(hand, 1, lang)
    assert before.cards == ("As", "Ah") and before.hand_name is None
    while len(hand.board) < 3:
        legal = hand.legal_actions()
        kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
        hand.act(Action(player=legal.player, kind=kind))
    after = hole_cards_view(hand, 1, lang)
    assert after.hand_name is not None
    assert after.hand_name.startswith(t(lang, "category.three_of_a_kind").split()[0])


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_lines_for_every_preset_and_language(lang: Lang, name: str) -> None:
    rules = PRESETS[name]
    lines = rules_lines(lang, rules, preset=name, buy_in=rules.starting_stack)
    assert lines[0] == t(
        lang, "rules.title", preset=t(lang, f"preset.{name.replace('-', '_')}.name")
    )
    assert len(lines) >= 9
    assert not any("{" in line or "}" in line for line in lines)
    small, big, _ = rules.blinds_at(0)
    assert t(lang, "rules.blinds", small_blind=small, big_blind=big) in lines
