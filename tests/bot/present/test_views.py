"""bot.present.views: the views the renderers draw and the alt texts read, from the application's
frozen table state, without Discord."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.i18n import CATALOGUE, LOCALES, Lang, format_number, pot_label, t
from bot.pictures.views import Blind, SeatState, format_amount
from bot.present import hole_cards_view, rules_lines, showdown_view, table_view, to_call_of
from bot.present.alt import hole_cards_alt, table_alt
from bot.tables.outcomes import TableState
from bot.tables.snapshot import private_cards, showdown_of, table_state
from engine import CARDS, PRESETS, ActionKind, parse_cards, preset
from engine.actions import Action
from engine.table import Table

NAMES = {"1": "alice", "2": "bob", "3": "carol"}
SETTINGS = {"names": NAMES}
MEMBERS = (1, 2, 3)


def _deck(holes: list[str], board: str) -> list[int]:
    """Three players dealt from seat 1 (left of the button on seat 0), then the board."""
    cards = [parse_cards(h) for h in holes]
    first = [cards[1], cards[2], cards[0]]
    used = {c for pair in cards for c in pair} | set(parse_cards(board))
    spare = [c for c in CARDS if c not in used]
    deck = [spare.pop()]  # burnt before the hole cards
    deck += [pair[k] for k in range(2) for pair in first]
    flop_turn_river = list(parse_cards(board))
    for size in (3, 1, 1):
        deck.append(spare.pop())  # burn
        deck.extend(flop_turn_river[:size])
        del flop_turn_river[:size]
    return deck + spare


def _table(
    holes: list[str] | None = None, board: str = "", stacks: tuple[int, ...] = (100, 100, 100)
) -> Table:
    table = Table(preset("no-limit"))
    for player, stack in zip(NAMES, stacks, strict=True):
        table.sit(player, stack=stack)  # seats 0, 1, 2: alice, bob, carol
    if holes is None:
        deck = list(CARDS)
        random.Random(3).shuffle(deck)
    else:
        deck = _deck(holes, board)
    table.start_hand(deck, 0.0, button=0)
    return table


def _state(table: Table) -> TableState:
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    return table_state(
        table, table_id="9:9", guild_id=9, channel_id=9, settings=SETTINGS, hand_id=1,
        members=members, deadline=None,
    )  # fmt: skip


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
    view = table_view(_state(table), lang)
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
    view = table_view(_state(table), "en")
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
    shown = showdown_of(hand, hand_id=1, members=MEMBERS, settings=SETTINGS)
    assert shown is not None
    cards = {h.name: h.cards for h in shown.hands}
    assert "alice" not in cards  # she folded
    assert cards["bob"] == ("As", "Ah")  # the winner shows
    assert hand.shown[1] and not hand.shown[0]
    assert cards.get("carol") == (("Ks", "Kh") if hand.shown[2] else None)  # may muck
    view = showdown_view(shown, "en")
    best = view.hands[0]
    assert (best.name, best.is_winner) == ("bob", True)
    assert "alice" not in [h.name for h in view.hands]
    assert not private_cards(hand, hand_id=1, members=MEMBERS)  # nothing private once over


@pytest.mark.parametrize("lang", LOCALES)
def test_showdown_says_what_each_winner_took_from_which_pot(lang: Lang) -> None:
    # bob (aces, 50 chips) is all in pre-flop; carol (kings) bets 20 on the flop and alice
    # (seven high) calls: bob takes the main pot of 150, carol the side pot of 40.
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h", stacks=(300, 50, 300))
    hand = table.hand
    assert hand is not None

    def act(kind: ActionKind, amount: int | None = None) -> None:
        hand.act(Action(player=hand.legal_actions().player, kind=kind, amount=amount))

    act(ActionKind.CALL)  # alice
    act(ActionKind.ALL_IN)  # bob
    act(ActionKind.CALL)  # carol
    act(ActionKind.CALL)  # alice
    act(ActionKind.BET, 20)  # carol, first after the button on the flop
    act(ActionKind.CALL)  # alice
    _check_or_call_down(table)
    shown = showdown_of(hand, hand_id=1, members=MEMBERS, settings=SETTINGS)
    assert shown is not None and shown.pot_count == 2
    view = showdown_view(shown, lang)
    pots = {h.name: [(p.label, p.amount) for p in h.pots] for h in view.hands}
    main, side = pot_label(lang, 0, pots=2), pot_label(lang, 1, pots=2)
    assert pots["bob"] == [(main, 150)]
    assert pots["carol"] == [(side, 40)]
    assert pots.get("alice", []) == []  # she lost both: nothing to name
    for hand_view in view.hands:
        assert hand_view.won == sum(p.amount for p in hand_view.pots)


def test_showdown_of_a_lone_pot_names_it_the_pot() -> None:
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h")
    _check_or_call_down(table)
    assert table.hand is not None
    shown = showdown_of(table.hand, hand_id=1, members=MEMBERS, settings=SETTINGS)
    assert shown is not None
    winner = showdown_view(shown, "en").hands
    bob = next(h for h in winner if h.name == "bob")
    assert [(p.label, p.amount) for p in bob.pots] == [(t("en", "pot.pot"), 6)]


@pytest.mark.parametrize("lang", LOCALES)
def test_hole_cards_view_names_the_hand_after_the_flop(lang: Lang) -> None:
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h")
    hand = table.hand
    assert hand is not None

    def mine() -> tuple[str, ...]:
        return private_cards(hand, hand_id=1, members=MEMBERS)[1].cards

    board = tuple(str(c) for c in hand.board)
    before = hole_cards_view(mine(), board, lang)
    assert before.cards == ("As", "Ah") and before.hand_name is None
    while len(hand.board) < 3:
        legal = hand.legal_actions()
        kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
        hand.act(Action(player=legal.player, kind=kind))
    after = hole_cards_view(mine(), tuple(str(c) for c in hand.board), lang)
    assert after.hand_name is not None
    assert after.hand_name.startswith(t(lang, "category.three_of_a_kind").split()[0])


@pytest.mark.parametrize("lang", LOCALES)
def test_hole_cards_carry_the_amount_to_call_on_the_owners_turn(lang: Lang) -> None:
    table = _table(["2c 7d", "As Ah", "Ks Kh"], "Ad Kd 5s 9c 3h")
    hand = table.hand
    assert hand is not None
    state = _state(table)
    alice, bob, _ = private_cards(hand, hand_id=1, members=MEMBERS)
    assert state.turn is not None and state.turn.member == alice.member  # first to act
    assert to_call_of(state, alice) == 2  # the big blind
    assert to_call_of(state, bob) == 0  # not his turn: no figure that may change
    assert to_call_of(None, alice) == 0
    assert to_call_of(state, replace(alice, hand_id=2)) == 0  # another hand's cards
    view = hole_cards_view(alice.cards, (), lang, to_call=to_call_of(state, alice))
    assert view.to_call == 2
    assert view.to_call_label == CATALOGUE.raw(lang, "label.to_call")
    assert "{amount}" in view.to_call_label
    assert (lang == "en") == (view.to_call_label == "To call {amount}")  # translated
    assert t(lang, "label.to_call", amount=2) in hole_cards_alt(lang, view)
    big = hole_cards_view(alice.cards, (), lang, to_call=12_345)
    grouped = format_number(lang, 12_345)
    assert big.to_call_label.replace("{amount}", format_amount(12_345, big.thousands_sep)) == t(
        lang, "label.to_call", amount=12_345
    )
    assert grouped in t(lang, "label.to_call", amount=12_345)
    quiet = hole_cards_view(bob.cards, (), lang, to_call=to_call_of(state, bob))
    assert quiet.to_call == 0 and t(lang, "label.to_call", amount=0) not in hole_cards_alt(
        lang, quiet
    )


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
