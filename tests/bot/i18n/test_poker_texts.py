"""Poker texts in three languages: hand names, actions, streets, labels and a whole hand's log."""

from __future__ import annotations

import random

import pytest

from bot.i18n.catalogue import LOCALES, Catalogue
from bot.i18n.poker import (
    action_text,
    cards_text,
    event_lines,
    hand_name,
    showdown_labels,
    street_name,
    table_labels,
)
from bot.pictures.views import ShowdownLabels, TableLabels
from engine import CARDS, Action, ActionKind, Hand, HandConfig, Street, parse_cards
from engine.evaluator import HandCategory, best_hand
from engine.events import CardsShown
from tests.engine.helpers import stacked_deck

CAT = Catalogue.load(strict=True)

HANDS = {
    HandCategory.STRAIGHT_FLUSH: "9h8h7h6h5h 2c3d",
    HandCategory.FOUR_OF_A_KIND: "6c6d6h6sKc 2d3h",
    HandCategory.FULL_HOUSE: "9c9d9hKsKc 2d3h",
    HandCategory.FLUSH: "AdJd8d4d2d KcQh",
    HandCategory.STRAIGHT: "5s4d3h2cAs 9c9d",
    HandCategory.THREE_OF_A_KIND: "QcQdQh7s2c 3d4h",
    HandCategory.TWO_PAIR: "KsKd9c9h2d 3s4h",
    HandCategory.ONE_PAIR: "AsAd7c5h3d 2s9h",
    HandCategory.HIGH_CARD: "AsJd8c5h3d 2s9h",
}
EXPECTED = {
    "nb": {
        HandCategory.STRAIGHT_FLUSH: "Straight flush til nier",
        HandCategory.FOUR_OF_A_KIND: "Fire like, seksere",
        HandCategory.FULL_HOUSE: "Hus, tre niere og to konger",
        HandCategory.FLUSH: "Flush, ess høyest",
        HandCategory.STRAIGHT: "Straight til femmer",
        HandCategory.THREE_OF_A_KIND: "Tre like, damer",
        HandCategory.TWO_PAIR: "To par, konger og niere",
        HandCategory.ONE_PAIR: "Par i ess",
        HandCategory.HIGH_CARD: "Høyt kort, ess",
    },
    "da": {
        HandCategory.STRAIGHT_FLUSH: "Straight flush, nier højest",
        HandCategory.FOUR_OF_A_KIND: "Fire ens, seksere",
        HandCategory.FULL_HOUSE: "Fuldt hus, tre niere og to konger",
        HandCategory.FLUSH: "Flush, es højest",
        HandCategory.STRAIGHT: "Straight, femmer højest",
        HandCategory.THREE_OF_A_KIND: "Tre ens, damer",
        HandCategory.TWO_PAIR: "To par, konger og niere",
        HandCategory.ONE_PAIR: "Et par esser",
        HandCategory.HIGH_CARD: "Højt kort, es",
    },
}


@pytest.mark.parametrize("category", list(HandCategory))
def test_english_hand_names_match_the_engine(category: HandCategory) -> None:
    value = best_hand(parse_cards(HANDS[category]))
    assert value.category is category
    assert hand_name("en", value, cat=CAT) == value.name


@pytest.mark.parametrize("lang", ["nb", "da"])
@pytest.mark.parametrize("category", list(HandCategory))
def test_hand_names(lang: str, category: HandCategory) -> None:
    value = best_hand(parse_cards(HANDS[category]))
    assert hand_name(lang, value, cat=CAT) == EXPECTED[lang][category]  # type: ignore[arg-type]
    assert hand_name(lang, value.category, value.ranks, cat=CAT) == EXPECTED[lang][category]  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LOCALES)
def test_royal_flush(lang: str) -> None:
    name = hand_name(lang, best_hand(parse_cards("AsKsQsJsTs 2c3d")), cat=CAT)
    assert "flush" in name.lower()


def test_english_names_for_many_hands_match_the_engine() -> None:
    deck = [str(c) for c in parse_cards("2c3d4h5s6c7d8h9sTcJdQhKsAc2d3h4s5c6d7h8s9cTdJhQsKcAd")]
    for start in range(0, len(deck) - 7):
        value = best_hand(parse_cards("".join(deck[start : start + 7])))
        assert hand_name("en", value, cat=CAT) == value.name


def test_actions_and_streets() -> None:
    assert action_text("en", ActionKind.RAISE, 1500, cat=CAT) == "Raise to 1,500"
    assert action_text("nb", ActionKind.CALL, 20, cat=CAT) == "Syner 20"
    assert action_text("nb", ActionKind.FOLD, cat=CAT) == "Kaster seg"
    assert action_text("da", ActionKind.CHECK, cat=CAT) == "Check"
    assert street_name("nb", Street.FLOP, cat=CAT) == "Flopp"
    assert street_name("da", Street.PREFLOP, cat=CAT) == "Preflop"
    assert cards_text(parse_cards("AsTd")) == "A♠ 10♦"


def test_labels_for_the_renderers() -> None:
    assert table_labels("en", cat=CAT) == TableLabels()
    assert showdown_labels("en", cat=CAT) == ShowdownLabels()
    nb = table_labels("nb", cat=CAT)
    assert nb.folded == "Kastet" and nb.thousands_sep == "\u00a0"
    assert nb.board_n.format(n=2) == "Bord 2"  # run it twice: each board named
    assert table_labels("da", cat=CAT).board_n.format(n=1) == "Bord 1"
    da = showdown_labels("da", cat=CAT)
    assert da.wins.format(amount="1.500") == "vinder 1.500" and da.thousands_sep == "."


def _played_hand() -> Hand:
    """Three players; Ada raises, Bo folds, Cy calls; checked down; Cy's nines full win."""
    config = HandConfig(stacks=(1000, 1000, 1000), button=0, small_blind=5, big_blind=10)
    deck = stacked_deck(config, ["AsKs", "7d2c", "9h9d"], "Kh9s4dKc2h")
    hand = Hand(config, deck)
    hand.act(Action(player=0, kind=ActionKind.RAISE, amount=30))
    hand.act(Action(player=1, kind=ActionKind.FOLD))
    hand.act(Action(player=2, kind=ActionKind.CALL))
    for _ in range(3):
        hand.act(Action(player=2, kind=ActionKind.CHECK))
        hand.act(Action(player=0, kind=ActionKind.CHECK))
    return hand


def test_a_hand_with_a_norwegian_and_a_danish_player() -> None:
    """Each player reads their own language in private, the table reads the guild's."""
    hand = _played_hand()
    assert hand.is_over
    names = ["Ada", "Bjørn", "Cecilie"]
    board = parse_cards("Kh9s4dKc2h")
    guild_lang = "nb"
    public = [
        line
        for event in hand.events
        for line in event_lines(guild_lang, event, names, board=board, number=7, cat=CAT)
    ]
    text = "\n".join(public)
    assert "Bjørn kaster seg." in text
    assert "Ada høyner til 30." in text
    assert "Floppen: K♥ 9♠ 4♦" in text
    assert "Hus, tre niere og to konger" in text
    assert "hovedpotten" not in text and "vinner potten" in text
    # Private replies: Bjørn (Discord locale "no") and Cecilie ("da") each in their own.
    cecilie = hand_name("da", best_hand([*parse_cards("9h9d"), *board]), cat=CAT)
    assert CAT.t("da", "cards.yours_hand", cards="9♥ 9♦", hand=cecilie).endswith(
        "Fuldt hus, tre niere og to konger"
    )
    assert CAT.t("nb", "turn.to_call", mention="@Bjørn", to_call=20) == (
        "@Bjørn, det er din tur: 20 å syne."
    )
    danish_public = [
        line for event in hand.events for line in event_lines("da", event, names, cat=CAT)
    ]
    assert any(line == "Bjørn folder." for line in danish_public)


def test_a_shown_hand_is_named_as_its_best_five_cards_name_it() -> None:
    """The line of a shown hand names what :func:`best_hand` finds in its cards and the
    board, in every language: 1,000 random hands with a flop, a turn or a river out."""
    rng = random.Random(43)
    deck = list(CARDS)
    for n in range(1_000):
        dealt = rng.sample(deck, 2 + 3 + n % 3)
        cards, board = tuple(dealt[:2]), dealt[2:]
        for lang in LOCALES:
            named = hand_name(lang, best_hand(dealt), cat=CAT)
            wanted = CAT.t(lang, "event.shows", name="Ada", cards=cards_text(cards), hand=named)
            shown = CardsShown(player=0, cards=cards)
            assert event_lines(lang, shown, ["Ada"], board=board, cat=CAT) == [wanted]


def test_every_card_is_written_as_players_read_it() -> None:
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    for card in CARDS:
        rank, suit = str(card)
        assert cards_text([card]) == ("10" if rank == "T" else rank) + suits[suit]
