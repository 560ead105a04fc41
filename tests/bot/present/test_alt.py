"""Alt text says what the image shows, in the reader's language."""

from __future__ import annotations

import pytest

from bot.i18n import Catalogue
from bot.pictures.views import (
    HoleCardsView,
    PotView,
    SeatState,
    SeatView,
    ShowdownHandView,
    ShowdownView,
    TableView,
)
from bot.present.alt import ALT_TEXT_LIMIT, fit, hole_cards_alt, showdown_alt, table_alt

CAT = Catalogue.load(strict=True)


def table() -> TableView:
    return TableView(
        seats=(
            SeatView(name="Alice", stack=1500, bet=20, is_button=True),
            SeatView(name="Bo", stack=0, bet=100, state=SeatState.ALL_IN),
            SeatView(state=SeatState.EMPTY),
            SeatView(name="Cai", stack=300, state=SeatState.FOLDED),
            SeatView(name="Dag", stack=880, bet=20, is_turn=True),
        ),
        board=("As", "Kd", "Tc"),
        pots=(PotView(label="Pot", amount=240),),
        street="Flop",
    )


def test_table_alt_names_every_fact_in_seat_order() -> None:
    text = table_alt("en", table(), cat=CAT)
    assert text.startswith("Poker table, Flop. Board: A♠ K♦ 10♣. Pot 240.")
    for fact in (
        "Alice, 1,500 chips, bet 20",
        "Bo, all-in for 100",
        "Cai, 300 chips, folded",
        "Dag, 880 chips, bet 20, to act",
        "Alice has the button",
    ):
        assert fact in text
    assert text.index("Seat 1: Alice") < text.index("Seat 2: Bo") < text.index("Seat 4: Cai")
    assert "Seat 3" not in text  # empty seats are left out


@pytest.mark.parametrize("lang", ["nb", "da"])
def test_table_alt_is_translated(lang: str) -> None:
    english = table_alt("en", table(), cat=CAT)
    text = table_alt(lang, table(), cat=CAT)  # type: ignore[arg-type]
    assert text != english and "Alice" in text and "A♠ K♦ 10♣" in text


def test_hole_cards_alt_with_and_without_a_hand_name() -> None:
    assert hole_cards_alt("en", HoleCardsView(cards=("Kh", "Ks")), cat=CAT) == (
        "Your hole cards: K♥ K♠."
    )
    named = HoleCardsView(cards=("Kh", "Ks"), hand_name="Pair of kings")
    assert hole_cards_alt("en", named, cat=CAT).endswith("You have Pair of kings.")


def test_showdown_alt_lists_hands_then_winners() -> None:
    view = ShowdownView(
        board=("As", "Kd", "Tc", "7h", "2s"),
        hands=(
            ShowdownHandView(
                name="Alice",
                cards=("Ah", "Ac"),
                hand_name="Three of a kind, aces",
                best_five=("Ah", "Ac", "As", "Kd", "Tc"),
                won=300,
                is_winner=True,
            ),
            ShowdownHandView(
                name="Bo",
                cards=("Kh", "Ks"),
                hand_name="Three of a kind, kings",
                best_five=("Kh", "Ks", "Kd", "As", "Tc"),
            ),
        ),
    )
    text = showdown_alt("en", view, cat=CAT)
    assert "Alice shows A♥ A♣: Three of a kind, aces." in text
    assert text.endswith("Alice wins 300.")
    assert "Bo wins" not in text


def test_fit_respects_discords_limit_and_words() -> None:
    long = " ".join(["word"] * 400)
    cut = fit(long)
    assert len(cut) <= ALT_TEXT_LIMIT and cut.endswith("word…")
    assert fit("short") == "short"
